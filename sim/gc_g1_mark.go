package sim

// G1's concurrent marking takes time. A marking cycle traverses the live
// objects of the old generation as it was when the cycle started (its
// snapshot), on ConcGCThreads threads of its own that run beside the
// application; the mixed collections cannot start before it ends, and the
// old gen keeps filling meanwhile. How long it runs is what decides whether
// the old gen runs out of free regions first (an evacuation failure, then a
// Full GC: gc_g1.go).
//
// The rules:
//   - The work is the live old bytes at the start, marked at G1MarkRate per
//     marking thread per millisecond of CPU.
//   - ConcGCThreads is max((ParallelGCThreads + 2) / 4, 1)
//     (scale_concurrent_worker_threads, g1ConcurrentMark.cpp): one thread
//     up to 5 cores.
//   - The marking threads stop for every pause (they join the suspendible
//     thread set) and otherwise are OS threads like the application's: when
//     more threads are runnable than there are cores, each runnable thread
//     gets an equal share (the Linux scheduler's fairness). A marking
//     thread's share of a core is cores / (the application's runnable
//     threads + the marking threads), at most 1; the application's runnable
//     threads are counted on average since the last look, from the CPU it
//     used (threads running) and the run queue's length over time (threads
//     waiting).
//   - Progress is counted at each young pause, where the model acts on the
//     marking's end (the remark, then mixed collections).
//
//   - On a machine shared with other work the JVM's threads get only its
//     share of each core (Machine.CPUShare, cpushare.go), the marking
//     threads' part of the cores as well.
//
// Not modelled: the CPU the marking threads take is not taken from the
// application's threads (their share is computed, not scheduled).
// docs/model.md gives the sources and how G1MarkRate was derived.

// g1MarkWork is a running marking's progress.
type g1MarkWork struct {
	start  Time     // when the marking began
	left   Bytes    // live old bytes still to mark
	at     Time     // progress is counted up to here
	paused Duration // stats.pauseTotal at `at`
	cpu    Duration // stats.cpuBusy at `at`
	queued Duration // stats.runqArea at `at`
}

// g1ConcThreads is G1's default ConcGCThreads for the GC threads a pause
// uses (ParallelGCThreads).
func g1ConcThreads(cfg *HeapConfig, cores int) int {
	return max((defaultGCThreads(cfg, cores)+2)/4, 1)
}

// g1StartMarkWork starts marking live bytes when the pause being computed
// ends. Its progress is counted from that pause's start, and the pause
// itself (not yet in stats.pauseTotal) is taken out later with the others.
func (s *Sim) g1StartMarkWork(live Bytes) {
	s.noteRunq()
	st := &s.stats
	at := s.pauseStartTime()
	s.heap.g1.mark = g1MarkWork{start: at, left: live, at: at, paused: st.pauseTotal, cpu: st.cpuBusy, queued: st.runqArea}
}

// g1MarkFinished counts the marking's progress since the last look and
// reports whether the marking has ended.
func (s *Sim) g1MarkFinished() bool {
	m := &s.heap.g1.mark
	s.noteRunq()
	st := &s.stats
	now := s.pauseStartTime()
	wall := now.Sub(m.at)
	run := wall - (st.pauseTotal - m.paused)
	if run > 0 && m.left > 0 {
		cores := float64(len(s.cores))
		conc := float64(g1ConcThreads(&s.cfg.Heap, len(s.cores)))
		machine := s.cfg.Machine.cpuShare()
		// Running threads over the time the application ran (a core that
		// runs one for a time delivers the JVM's share of it in CPU);
		// waiting ones over the wall time (the run queue keeps its length
		// in a pause).
		runnable := float64(float64(st.cpuBusy-m.cpu)/float64(float64(run)*machine)) + float64(float64(st.runqArea-m.queued)/float64(max(wall, 1)))
		share := min(1, float64(cores/float64(runnable+conc)))
		// The marking threads' part of the cores, of which the JVM has
		// its share (cpushare.go).
		cpuMs := float64(float64(float64(float64(run)*conc)*share)*machine) / float64(Millisecond)
		m.left -= Bytes(float64(cpuMs * float64(s.cfg.Heap.G1MarkRate)))
	}
	m.at, m.paused, m.cpu, m.queued = now, st.pauseTotal, st.cpuBusy, st.runqArea
	if m.left > 0 {
		return false
	}
	st.g1Marks++
	st.g1MarkWall += now.Sub(m.start)
	return true
}
