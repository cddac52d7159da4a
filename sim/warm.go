package sim

// Warming records ahead of the events that need them.
//
// With thousands of threads, a request's records (its thread, task and tail
// StackChunk) are cold again each time one of its events comes round: a
// pooled virtual thread waits ~30 ms on its backend call and ~60 ms in the
// scheduler's queue. A handler then waits for one cache miss after another:
// the thread's record, then the chunk or task whose index is in it. Who
// comes next is already known, though: the scheduler's queue is a FIFO, and
// a lane of the event queue holds its events in time order. So every
// warmBatch takes (or wakes) the records of the next warmBatch in line are
// read together: the loads are independent of one another, so their misses
// are in flight at once and cost about one wait instead of one each, and
// the events that use the records find them in the cache.
//
// Reading is all this does. The values read are folded into Sim.warmSink
// only so that the compiler keeps the loads; nothing in the model reads
// it, so no result depends on it, and a count that is off (a queue changed
// in an unusual way) costs only speed.

// warmBatch is how many queued threads or lane events are read at once.
const warmBatch = 8

// warmQueued is called after a take from run queue f, whose first *warmed
// entries have been read already: when fewer than half a batch of them are
// left, it reads the next batch's thread records, tail chunks and tasks.
func (s *Sim) warmQueued(f *fifo, warmed *int32) {
	if *warmed > 0 {
		*warmed--
	}
	if *warmed > warmBatch/2 {
		return
	}
	from := int(*warmed)
	to := min(from+warmBatch, f.len())
	var sum uint64
	for i := from; i < to; i++ {
		t := &s.th[f.at(i)]
		// since, task, cache.total and mounts (offsets 0, 48, 112 and 176)
		// are never more than 64 bytes apart, so wherever the record
		// starts they touch every 64-byte line that holds its hot and
		// warm fields (up to wakeNeed, at 144); each such line holds
		// fields the request reads (cache.total's: the thread-local step
		// ending a reply). TestThreadRecordLayout holds the offsets.
		sum += uint64(t.since) + uint64(t.cache.total) + uint64(t.mounts)
		if t.tail >= 0 {
			ch := &s.chunks[t.tail]
			sum += uint64(ch.used)
			if ch.gcMode || ch.old {
				// A chunk the GC has seen is dropped when the thaw empties
				// it (takeFrames), which reads its heap object.
				b := &s.heap.blobs[ch.blob]
				sum += uint64(b.size) + uint64(b.sp)
			}
		}
		if t.task >= 0 {
			sum += s.warmTask(t.task)
			// The client connection the reply goes back to (requestDone).
			if ci := s.tasks[t.task].conn; ci >= 0 && int(ci) < len(s.conns) {
				c := &s.conns[ci]
				sum += uint64(c.load)
				if c.active {
					sum++
				}
			}
		}
	}
	*warmed = int32(max(to, from))
	s.warmSink += sum
}

// warmLane is called after an event left lane li: for wakes, it reads the
// thread and task records of the next batch of the lane's events in the
// same way.
func (s *Sim) warmLane(li int8) {
	l := &s.q.lanes[li]
	if l.warmed > 0 {
		l.warmed--
	}
	if l.warmed > warmBatch/2 {
		return
	}
	from := int(l.warmed)
	to := min(from+warmBatch, l.events.len())
	var sum uint64
	for i := from; i < to; i++ {
		e := l.events.at(i)
		if e.kind() != evWake {
			continue
		}
		t := &s.th[e.a]
		// token (offset 64) and state (80) can lie in different lines.
		sum += uint64(t.since) + uint64(t.token) + uint64(t.state)
		if t.task >= 0 {
			sum += s.warmTask(t.task)
		}
	}
	l.warmed = int32(max(to, from))
	s.warmSink += sum
}

// warmTask reads a task record's first, middle and last fields, so that all
// of the lines it spans are read whatever its alignment.
func (s *Sim) warmTask(tk int32) uint64 {
	k := &s.tasks[tk]
	sum := uint64(k.sent) + uint64(k.pc)
	if k.entered {
		sum++
	}
	return sum
}
