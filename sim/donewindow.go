package sim

// doneWindow counts the requests done in tenths of a second, the ten
// before the current one kept, so that a snapshot can say how fast the
// run has gone lately, not only since its start: a run whose Full GCs pile
// up slows down over seconds, and its rate so far lags behind what it
// does now (vt-pooling's 1 GB pooled run: 106,000 requests a second in its
// first second, 77,000 in its fourth). A fixed array, so a clone copies it
// with the rest of the stats.
type doneWindow struct {
	start Time              // the current tenth's start
	cur   int64             // done in it so far
	prev  [doneTenths]int64 // the tenths before it, prev[0] the latest
}

const (
	doneTenth  = Duration(100 * Millisecond)
	doneTenths = 10
)

// add counts a request done at now (a run's times never go back).
func (w *doneWindow) add(now Time) {
	if now >= w.start.Add(doneTenth) {
		w.roll(now)
	}
	w.cur++
}

// roll moves the window on to the tenth that holds now.
func (w *doneWindow) roll(now Time) {
	n := int(now.Sub(w.start) / doneTenth)
	if n > doneTenths {
		n = doneTenths + 1
	}
	for range n {
		copy(w.prev[1:], w.prev[:doneTenths-1])
		w.prev[0], w.cur = w.cur, 0
	}
	w.start = Time(int64(now) / int64(doneTenth) * int64(doneTenth))
}

// lately gives the requests done from the start of the tenth a second
// before now's to now, and that span: between one second and 1.1 s, or
// the run's whole time while it is younger.
func (w *doneWindow) lately(now Time) (done int64, span Duration) {
	if now <= 0 {
		return 0, 0
	}
	if now >= w.start.Add(doneTenth) {
		c := *w
		c.roll(now)
		return c.lately(now)
	}
	done = w.cur
	for _, n := range w.prev {
		done += n
	}
	from := w.start.Add(-doneTenth * doneTenths)
	if from < 0 {
		from = 0
	}
	return done, now.Sub(from)
}
