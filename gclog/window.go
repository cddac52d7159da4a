package gclog

// Between returns the part of the log from time from to time to (inclusive): the events that
// completed in that span, with First and Last set to its ends, so the Summary's counts, rates and
// duration describe only that span. A workload's measured window is how it is used: the JVM's
// own start (compiling, warming up) and shutdown are left out. Line counts stay the whole log's.
func (l *Log) Between(from, to Nanos) *Log {
	w := *l
	w.Events = nil
	for _, e := range l.Events {
		if e.Time >= from && e.Time <= to {
			w.Events = append(w.Events, e)
		}
	}
	w.First, w.Last = from, to
	return &w
}
