package sim

import "fmt"

// CheckInvariants verifies the model's bookkeeping. Tests call it while a
// run advances; it is O(threads + objects), too slow for every event.
//
//   - a carrier runs at most one virtual thread, and that thread says so;
//   - every live thread is counted, and every counted thread is live;
//   - a runnable virtual thread waits in exactly one scheduler queue;
//   - CPU time used is at most cores × elapsed;
//   - per allocation category: allocated = freed + live;
//   - the heap's spaces hold what their objects say, and the old gen's
//     garbage at least the abandoned chunks;
//   - until an OutOfMemoryError, each space within its capacity, and the
//     collector's own bounds (checkHeap).
func (s *Sim) CheckInvariants() error {
	var os, vt int
	mountedOn := map[int32]int32{}
	for i := range s.th {
		t := &s.th[i]
		if t.state == StateTerminated || t.state == stateInvalid {
			continue
		}
		if t.task >= 0 && s.tasks[t.task].pc < 0 {
			// step takes a negative pc for the end of the program.
			return fmt.Errorf("thread %v's task %d has pc %d", t.id, t.task, s.tasks[t.task].pc)
		}
		if t.virtual {
			vt++
			if t.carrier >= 0 {
				c := &s.th[t.carrier]
				if c.role != RoleCarrier || c.mounted != int32(i) {
					return fmt.Errorf("virtual thread %v says it is on carrier slot %d, which runs %d", t.id, t.carrier, c.mounted)
				}
				if t.state != StateRunning && t.state != StatePinned {
					return fmt.Errorf("virtual thread %v is mounted in state %v", t.id, t.state)
				}
			} else if t.state == StateRunning || t.state == StatePinned {
				return fmt.Errorf("virtual thread %v is %v but not mounted", t.id, t.state)
			}
			if t.resident < 0 || t.frames < 0 {
				return fmt.Errorf("virtual thread %v has negative frames", t.id)
			}
		} else {
			os++
			if t.role == RoleCarrier && t.mounted >= 0 {
				if prev, dup := mountedOn[t.mounted]; dup {
					return fmt.Errorf("virtual slot %d is mounted on carriers %d and %d", t.mounted, prev, i)
				}
				mountedOn[t.mounted] = int32(i)
				if s.th[t.mounted].carrier != int32(i) {
					return fmt.Errorf("carrier %v runs slot %d, which is not on it", t.cid, t.mounted)
				}
			}
		}
	}
	if os != s.liveOS {
		return fmt.Errorf("%d live platform threads counted, %d found", s.liveOS, os)
	}
	if vt != s.liveVT {
		return fmt.Errorf("%d live virtual threads counted, %d found", s.liveVT, vt)
	}
	queued := 0
	seen := map[int32]bool{}
	check := func(f *fifo) error {
		for i := 0; i < f.len(); i++ {
			v := f.at(i)
			if seen[v] {
				return fmt.Errorf("virtual slot %d queued twice", v)
			}
			seen[v] = true
			if s.th[v].state != StateRunnable {
				return fmt.Errorf("queued virtual thread %v is %v", s.th[v].id, s.th[v].state)
			}
			queued++
		}
		return nil
	}
	if err := check(&s.sched.external); err != nil {
		return err
	}
	for i := range s.sched.local {
		if err := check(&s.sched.local[i]); err != nil {
			return err
		}
	}
	if queued != s.sched.queued {
		return fmt.Errorf("scheduler counts %d queued, holds %d", s.sched.queued, queued)
	}
	for c := range s.cores {
		if r := s.cores[c].running; r >= 0 && s.th[r].core != int32(c) {
			return fmt.Errorf("core %d runs slot %d, which thinks it is on core %d", c, r, s.th[r].core)
		}
	}
	if limit := Duration(len(s.cores)) * Duration(s.now); s.stats.cpuBusy > limit {
		return fmt.Errorf("CPU used %v exceeds cores × elapsed %v", s.stats.cpuBusy, limit)
	}
	if err := s.heap.check(); err != nil {
		return err
	}
	// An OutOfMemoryError ends the run after its event, whose remaining
	// allocations go into eden beyond its capacity (collect): the spaces'
	// bounds hold only while the run lives.
	if !s.oom {
		if err := s.heap.checkCapacity(s.gc); err != nil {
			return err
		}
	}
	if err := s.checkShortLived(); err != nil {
		return err
	}
	return s.checkAbandoned()
}

// checkAbandoned verifies that the chunks abandoned in the old gen are
// within its garbage (their bytes are counted there, not in any record).
func (s *Sim) checkAbandoned() error {
	a := &s.abandoned
	if garbage := s.heap.oldUsed - s.heap.oldLiveTotal(); a.bytes > garbage {
		return fmt.Errorf("abandoned chunks hold %v, more than the old gen's %v of garbage", a.bytes, garbage)
	}
	stride := max(a.stride, 1)
	if want := (a.n + stride - 1) / stride; len(a.sample) != want || len(a.sample) > abandonedSample {
		return fmt.Errorf("abandoned chunks: %d sampled of %d at stride %d", len(a.sample), a.n, a.stride)
	}
	return nil
}

// checkCapacity checks that the spaces hold no more than their capacity:
// eden within its own, and the collector's bounds (checkHeap).
func (h *heap) checkCapacity(c collector) error {
	if h.edenUsed > h.edenCap {
		return fmt.Errorf("eden holds %v, beyond its capacity %v", h.edenUsed, h.edenCap)
	}
	return c.checkHeap(h)
}

// check is the heap's own accounting check: a simple reference model
// recomputed from the objects.
func (h *heap) check() error {
	var live, oldLive [catCount]Bytes
	var young, old Bytes
	for _, i := range h.young {
		b := &h.blobs[i]
		if b.sp != SpaceEden && b.sp != SpaceSurvivor {
			return fmt.Errorf("young list holds an object in %v", b.sp)
		}
		if !b.dead {
			live[b.cat] += b.size
			young += b.size
		}
	}
	// Counted bytes (cohort.go): young in the cohorts, old in shortOld.
	for k := shortKind(0); k < shortKinds; k++ {
		cat := shortCat[k]
		for i := range h.cohorts {
			live[cat] += h.cohorts[i].young[k]
			young += h.cohorts[i].young[k]
		}
		live[cat] += h.shortOld[k]
		oldLive[cat] += h.shortOld[k]
		old += h.shortOld[k]
	}
	for i := range h.blobs {
		b := &h.blobs[i]
		if b.sp != SpaceOld {
			continue
		}
		if !b.dead {
			live[b.cat] += b.size
			oldLive[b.cat] += b.size
			old += b.size
		}
	}
	for c := AllocCat(1); c < catCount; c++ {
		if c == CatGarbage {
			continue
		}
		if live[c] != h.live[c] {
			return fmt.Errorf("%v: %v live by the objects, %v by the counters", c, live[c], h.live[c])
		}
		if oldLive[c] != h.oldLive[c] {
			return fmt.Errorf("%v: %v live in old by the objects, %v by the counters", c, oldLive[c], h.oldLive[c])
		}
		if h.allocated[c] != h.freed[c]+h.live[c] {
			return fmt.Errorf("%v: allocated %v != freed %v + live %v", c, h.allocated[c], h.freed[c], h.live[c])
		}
	}
	if h.allocated[CatGarbage] != h.freed[CatGarbage] {
		return fmt.Errorf("garbage: allocated %v != freed %v", h.allocated[CatGarbage], h.freed[CatGarbage])
	}
	if old > h.oldUsed {
		return fmt.Errorf("old gen live %v exceeds its used %v", old, h.oldUsed)
	}
	if young > h.edenUsed+h.survUsed {
		return fmt.Errorf("young live %v exceeds eden+survivor used %v", young, h.edenUsed+h.survUsed)
	}
	held := 0
	for _, i := range h.young {
		if b := &h.blobs[i]; !b.dead && b.held() {
			held++
		}
	}
	if held != h.heldCount {
		return fmt.Errorf("%d young objects held by dead old ones, counted %d", held, h.heldCount)
	}
	// A slot is free once: a slot listed twice would be given to two
	// objects.
	listed := make([]bool, len(h.blobs))
	for _, i := range h.free {
		if listed[i] || h.blobs[i].sp != SpaceFree {
			return fmt.Errorf("free slot %d listed twice or in use (%v)", i, h.blobs[i].sp)
		}
		listed[i] = true
	}
	return nil
}
