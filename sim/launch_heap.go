package sim

// The JVM's start before the workload. A `java File.java` run loads classes
// and compiles the source file before main runs: it allocates tens of MB,
// keeps the JVM's own live heap (HeapConfig.AppBytes) and, while the
// compile runs, a working set of objects that die when it is done with
// them. Its young collections come before the workload (a GC log shows
// them before the twin's measured window), at the heap's own eden size, and
// they seed the collector's adaptive state: the averages of what survived
// and was promoted, the tenuring threshold, the count of collections the
// adaptive policy waits for. The model runs that start at time zero, before
// the first event: the collector collects as it would, but the collections
// take no time and are not counted in the run's statistics.

// LaunchConfig describes the allocation of the JVM's start
// (HeapConfig.Launch). The zero value: no start is modelled, and AppBytes
// starts in the old generation (startup_heap.go).
type LaunchConfig struct {
	// Alloc is what the start allocates in all. AppBytes of it stays live,
	// allocated evenly over the start.
	Alloc Bytes
	// Working is the start's working set: bytes live at any moment that
	// die Lifetime bytes of allocation after their own.
	Working, Lifetime Bytes
}

// launchStep is the grain of the start's allocation: one permanent object,
// one working-set object and the garbage between them per step.
const launchStep = 64 * KB

// runLaunch allocates the JVM's start into the heap (see the file's
// comment). The statistics are those of before it: the run counts from its
// first event, as the twin's window begins after the start.
func (s *Sim) runLaunch() {
	h := &s.heap
	cfg := &s.cfg.Heap
	l := cfg.Launch
	saved := s.stats
	type working struct {
		i    int32
		dies Bytes // the start's allocation after which it dies
	}
	var live []working
	var perm Bytes
	for done := Bytes(0); done < l.Alloc; {
		n := min(launchStep, l.Alloc-done)
		done += n
		p := Bytes(int64(cfg.AppBytes) * int64(done) / int64(l.Alloc))
		p, perm = p-perm, p
		w := Bytes(0)
		if l.Lifetime > 0 {
			w = Bytes(int64(l.Working) * int64(n) / int64(l.Lifetime))
		}
		g := max(0, n-p-w)
		for len(live) > 0 && live[0].dies <= done {
			h.kill(live[0].i)
			live = live[1:]
		}
		if need := p + w + g; need > h.edenFree() {
			// No thread runs yet and no time passes: the collections
			// the allocation would run, without a pause.
			if s.collections(need); s.oom {
				break
			}
		}
		if p > 0 {
			h.newBlob(p, CatApp)
		}
		if w > 0 {
			live = append(live, working{h.newBlob(w, CatApp), done + l.Lifetime})
		}
		h.garbage(g)
	}
	// What the compile still held when it ended dies with it.
	for _, o := range live {
		h.kill(o.i)
	}
	// The run starts from here: its statistics, its allocation counts
	// (the start-up data allocated and live, as if placed) and the clock
	// of its collections' intervals (the start took no time).
	s.stats = saved
	for c := range h.allocated {
		h.allocated[c] -= h.freed[c]
		h.freed[c] = 0
	}
	h.lastMinorEnd, h.lastMajorEnd = 0, 0
	if s.oom {
		// The heap cannot hold the JVM's own start: the run ends before
		// its first event, as the JVM would before main.
		s.finish("OutOfMemoryError: " + s.oomMessage)
	}
}
