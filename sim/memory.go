package sim

// Memory outside the heap and the process's resident set (RSS).
//
// RSS = BaselineRSS (the JVM itself: metaspace, code cache, its own
// threads, the libraries mapped) + the collector's side tables (gcTables:
// they grow with the heap they cover) + the heap's resident part +
// PlatformRSS for every platform thread the workload or the scheduler
// started (carriers, pool threads, event loops). The heap's resident part
// is the collector's (residentHeap), counted as touched pages (touched.go):
// for Serial and Parallel the young generation as far as allocation has
// reached (all of it once eden has filled) plus the old generation's
// high-water mark; for G1 (simplified) the most the heap has held, at most
// the committed heap. Pages, once touched, stay resident (no uncommit is
// modelled).

// rss returns the resident set size now.
func (s *Sim) rss() Bytes {
	jvm, heap, threads := s.rssParts()
	return jvm + heap + threads
}

// rssParts returns the resident set's three parts: the JVM itself
// (BaselineRSS and the collector's side tables), the heap's resident part
// and the started platform
// threads' stacks; all zero where the scenario does not model memory
// outside the heap (no BaselineRSS).
func (s *Sim) rssParts() (jvm, heap, threads Bytes) {
	if s.cfg.JVM.BaselineRSS == 0 {
		return 0, 0, 0
	}
	threads = Bytes(s.liveOS-s.cfg.JVM.BaseThreads) * s.cfg.JVM.PlatformRSS
	if threads < 0 {
		threads = 0
	}
	return s.cfg.JVM.BaselineRSS + s.gc.gcTables(&s.heap), s.gc.residentHeap(&s.heap), threads
}

// noteRSS updates the peak RSS.
func (s *Sim) noteRSS() {
	if r := s.rss(); r > s.rssPeak {
		s.rssPeak = r
	}
}
