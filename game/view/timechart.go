package view

// Time charts: a panel whose marks are lengths on a time axis (the
// request-load bars of how long the pool's batch and the compared run's
// take). Its marks are times, so they take the time group's meanings
// (a run's length, stopped for GC), never a thing's: the pool's bar once
// took the platform threads' pink because platform threads ran it, and
// read as a thread beside the platform threads drawn in that pink. The
// frame notes where its time charts are so a test can hold their marks
// to that.

// timeGroup is the legend heading of the meanings that are time.
const timeGroup = "time"

// isTime reports whether meaning m is a kind of time (its legend group).
func (m Meaning) isTime() bool {
	return m > MeanNone && m < meaningCount && meanings[m].group == timeGroup
}

// timeChart notes that r is a time chart: every mark drawn in it is a
// time.
func (l *List) timeChart(r Rect) {
	if !r.Empty() {
		l.timeCharts = append(l.timeCharts, r)
	}
}
