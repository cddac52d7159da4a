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
//     gets an equal share (the Linux scheduler's fairness) of the moment. A
//     marking thread's share of a core is cores / (the application's
//     threads runnable at that moment + the marking threads), at most 1,
//     and its CPU is that share integrated over time (stats.markCPU, brought
//     up to date at every change in the number of runnable threads).
//     Moment by moment, not on average: the application's runnable threads
//     come in crowds (hundreds whose sleeps ended in a pause wake at its
//     end, and the crowd drains in a few milliseconds), and between crowds
//     few are runnable. The marking thread, runnable all along, gets a small
//     part of the cores in a crowd and most of a core between them; a fair
//     share of the average count would give it the crowd's share all along.
//     Measured on JDK 17 (the twin at gc-lab's 64 MB G1 point, 500 threads,
//     2 cores; its threads' /proc schedstat over the window): the workers
//     were about 11 runnable on average and each got 6 % of a core while
//     runnable, the marking thread ("G1 Conc#0") 31 %.
//   - Progress is counted at each young pause, where the model acts on the
//     marking's end (the remark, then mixed collections).
//   - On a machine shared with other work the JVM's threads get only its
//     share of each core (Machine.CPUShare, cpushare.go), the marking
//     threads' part of the cores as well.
//
// Not modelled: the CPU the marking threads take is not taken from the
// application's threads (their share is computed, not scheduled).
// docs/model.md gives the sources and how G1MarkRate was derived.

// g1MarkWork is a running marking's progress.
type g1MarkWork struct {
	start Time    // when the marking began
	left  Bytes   // live old bytes still to mark
	cpu   float64 // stats.markCPU when progress was last counted
}

// g1ConcThreads is G1's default ConcGCThreads for the GC threads a pause
// uses (ParallelGCThreads).
func g1ConcThreads(cfg *HeapConfig, cores int) int {
	return max((defaultGCThreads(cfg, cores)+2)/4, 1)
}

// g1MarkShare is the CPU the marking threads get per unit of time while
// `runnable` application threads want the cores beside them: each a fair
// share of the cores, at most a whole one, of the JVM's share of them.
func (s *Sim) g1MarkShare(runnable int) float64 {
	cores := float64(len(s.cores))
	conc := float64(g1ConcThreads(&s.cfg.Heap, len(s.cores)))
	share := min(1, float64(cores/float64(float64(runnable)+conc)))
	return float64(float64(conc*share) * s.cfg.Machine.cpuShare())
}

// g1StartMarkWork starts marking live bytes when the pause being computed
// ends (markCPU counts no time in pauses).
func (s *Sim) g1StartMarkWork(live Bytes) {
	s.noteRunq()
	s.heap.g1.mark = g1MarkWork{start: s.pauseStartTime(), left: live, cpu: s.stats.markCPU}
}

// g1MarkFinished counts the marking's progress since the last look and
// reports whether the marking has ended.
func (s *Sim) g1MarkFinished() bool {
	m := &s.heap.g1.mark
	s.noteRunq()
	st := &s.stats
	if m.left > 0 {
		cpuMs := float64(float64(st.markCPU-m.cpu) / float64(Millisecond))
		m.left -= Bytes(float64(cpuMs * float64(s.cfg.Heap.G1MarkRate)))
	}
	m.cpu = st.markCPU
	if m.left > 0 {
		return false
	}
	st.g1Marks++
	st.g1MarkWall += s.pauseStartTime().Sub(m.start)
	return true
}
