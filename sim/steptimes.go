package sim

// A request's step times, as the Java twin (jvm/GcLab.java) times its own
// requests with System.nanoTime: the whole request, its allocations before
// the sleep, the sleep with the wait for a CPU after it, and what follows
// the sleep (the allocations after it, with any wait on the heap lock).
// How long a request takes, and where, decides how many young collections
// the objects it holds live through, so set beside the twin's these say
// where the model's requests spend their time differently from the JVM's.
// Recorded only for programs with Program.TimeSteps, so the other
// scenarios pay nothing.

// StepTimeNames are the steps timed, in the twin's order and names.
var StepTimeNames = [stepTimeKinds]string{"request", "alloc_before_sleep", "sleep", "alloc_after_sleep"}

const (
	stepRequest = iota
	stepBeforeSleep
	stepSleep
	stepAfterSleep
	stepTimeKinds
)

// stepMarks are a running task's boundaries between the timed steps; zero
// until reached.
type stepMarks struct {
	allocated Time // its first step that is not an allocation began
	slept     Time // its sleep began
	woke      Time // its first step after the sleep began: the thread ran again
}

// stepTimes accumulates the timed steps of the requests completed in the
// measurement window.
type stepTimes struct {
	marks []stepMarks // by task index
	hist  [stepTimeKinds]histogram
	total [stepTimeKinds]Duration
	// Steps over a millisecond, counted and summed apart: at the
	// allocations after the sleep, the requests that waited.
	over      [stepTimeKinds]int64
	overTotal [stepTimeKinds]Duration
}

// StepTime is one timed step over the measured requests.
type StepTime struct {
	Name               string
	P50, P75, P90, P99 Duration
	Total              Duration
	Over1ms            int64
	Over1msTotal       Duration
}

// stepMark returns task tk's marks, or nil when steps are not timed.
func (s *Sim) stepMark(tk int32) *stepMarks {
	st := s.steps
	if st == nil {
		return nil
	}
	for int(tk) >= len(st.marks) {
		st.marks = append(st.marks, stepMarks{})
	}
	return &st.marks[tk]
}

// markStep notes that task tk reached a step of kind k now: the end of its
// allocations before the sleep, the sleep, or the first step after it.
func (s *Sim) markStep(tk int32, k StepKind) {
	m := s.stepMark(tk)
	if m == nil {
		return
	}
	switch {
	case m.slept != 0:
		if m.woke == 0 {
			m.woke = s.now
		}
	case k == StepGarbage || k == StepLive || k == StepThreadLocal:
	default:
		if m.allocated == 0 {
			m.allocated = s.now
		}
		if k == StepSleep {
			m.slept = s.now
		}
	}
}

// stepsDone records task tk's timed steps as its request ends now, sent at
// sent, and clears its marks. A request without a sleep has none but its
// whole time.
func (s *Sim) stepsDone(tk int32, sent Time) {
	m := s.stepMark(tk)
	if m == nil {
		return
	}
	marks := *m
	*m = stepMarks{}
	if !s.measuring() {
		return
	}
	st := s.steps
	st.add(stepRequest, s.now.Sub(sent))
	if marks.allocated != 0 {
		st.add(stepBeforeSleep, marks.allocated.Sub(sent))
	}
	if marks.slept != 0 && marks.woke != 0 {
		st.add(stepSleep, marks.woke.Sub(marks.slept))
		st.add(stepAfterSleep, s.now.Sub(marks.woke))
	}
}

func (st *stepTimes) add(k int, d Duration) {
	st.hist[k].add(d)
	st.total[k] += d
	if d > Millisecond {
		st.over[k]++
		st.overTotal[k] += d
	}
}

// results are the timed steps for Metrics; nil when steps are not timed.
func (st *stepTimes) results() []StepTime {
	if st == nil {
		return nil
	}
	out := make([]StepTime, stepTimeKinds)
	for k := range out {
		h := &st.hist[k]
		out[k] = StepTime{Name: StepTimeNames[k], P50: h.quantile(0.5), P75: h.quantile(0.75), P90: h.quantile(0.9),
			P99: h.quantile(0.99), Total: st.total[k], Over1ms: st.over[k], Over1msTotal: st.overTotal[k]}
	}
	return out
}

func (st *stepTimes) clone() *stepTimes {
	if st == nil {
		return nil
	}
	c := *st
	c.marks = cloneSlice(st.marks)
	return &c
}
