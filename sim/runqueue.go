package sim

// Which runnable thread a freed core takes. Round robin (the default)
// takes the one that has waited longest, so a thousand threads sharing two
// cores each wait about as long as the others before every turn, and they
// progress in step. Linux's scheduler does not keep that order: it picks
// the thread that has had the least CPU lately, and a thread woken from a
// sleep is placed near the front, so on a loaded machine some wake-ups run
// at once and others wait many times the mean (a scheduler trace of the
// twin: a quarter of its workers' wake-ups ran within 0.06 ms, the median
// waited 3.1 ms, a tenth over 11.2 ms, at a mean of 4.9 ms — the shape of
// an exponential wait above the quick ones, not of a queue served in
// order). Machine.RandomRunQueue stands for that: a freed core takes a
// runnable thread at random, so each wait is geometric in the number of
// turns with the queue's length as its mean, and the threads drift apart.

// nextRunnable removes the thread a freed core runs next from the run
// queue, which must not be empty. Without RandomRunQueue it draws nothing
// from the random source.
func (s *Sim) nextRunnable() int32 {
	if !s.cfg.Machine.RandomRunQueue || s.runq.len() == 1 || (s.cfg.Heap.HeapLock && s.th[*s.runq.front()].heapWoken) {
		return s.runq.pop()
	}
	return s.runq.take(int(s.rng.Uint64N(uint64(s.runq.len()))))
}
