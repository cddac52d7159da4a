package sim

// placeStartupData puts the application data allocated before the workload
// starts into the heap. With HeapConfig.Launch set, the JVM's start
// allocates it, collecting as it goes (launch_heap.go); without, it has all
// been tenured by then and goes straight into the old generation.
func (s *Sim) placeStartupData() {
	if s.cfg.Heap.Launch.Alloc > 0 {
		s.runLaunch()
		return
	}
	if app := s.cfg.Heap.AppBytes; app > 0 {
		s.promote(s.heap.record(app, CatApp))
	}
}
