package sim

// doneWindow keeps the run's count of requests done at the start of each
// of its last tenths of a second, so that a snapshot can say how fast the
// run has gone lately, not only since its start: a run whose Full GCs pile
// up slows down over seconds, and its rate so far lags behind what it
// does now (vt-pooling's 1 GB pooled run: 106,000 requests a second in its
// first second, 77,000 in its fourth). The counts in a tenth are the
// differences of the run's own count (stats.allDone), so a request done
// costs a comparison here, not a count of its own. A fixed array, so a
// clone copies it with the rest of the stats.
type doneWindow struct {
	start Time // the current tenth's start
	// before[k]: requests done before the start of the tenth k back
	// (before[0] the current one's); zero before the run began.
	before [doneTenths + 1]int64
}

const (
	doneTenth  = Duration(100 * Millisecond)
	doneTenths = 10
)

// add notes a request done at now (a run's times never go back), done
// being the requests done before it.
func (w *doneWindow) add(now Time, done int64) {
	if now >= w.start.Add(doneTenth) {
		w.roll(now, done)
	}
}

// roll moves the window on to the tenth that holds now; done requests were
// done before it, none since the current tenth's end.
func (w *doneWindow) roll(now Time, done int64) {
	n := min(int(now.Sub(w.start)/doneTenth), doneTenths+1)
	copy(w.before[n:], w.before[:doneTenths+1-n])
	for k := range n {
		w.before[k] = done
	}
	w.start = Time(int64(now) / int64(doneTenth) * int64(doneTenth))
}

// lately gives the requests done from the start of the tenth a second
// before now's to now, done being the run's count at now, and that span:
// between one second and 1.1 s, or the run's whole time while it is
// younger.
func (w *doneWindow) lately(now Time, done int64) (int64, Duration) {
	if now <= 0 {
		return 0, 0
	}
	if now >= w.start.Add(doneTenth) {
		c := *w
		c.roll(now, done)
		return c.lately(now, done)
	}
	from := max(w.start.Add(-doneTenth*doneTenths), 0)
	return done - w.before[doneTenths], now.Sub(from)
}
