package sim

// placeStartupData puts the application data allocated before the workload
// starts into the heap. Most of it has been tenured by then and goes
// straight into the old generation. A real JVM's start (class loading, the
// source launcher's compile) also leaves objects that are still young when
// the workload begins: HeapConfig.AppYoungBytes of them start in the
// survivor space at age 1, as if one young GC had copied them, and age
// through the survivors like any other object. While they are there the
// workload's survivals overflow into old and the adaptive survivor average
// (gc_parallel.go: tenure) remembers the larger survivals, which shrinks
// eden for the collections that follow. What the survivor space has no room
// for starts in old.
func (s *Sim) placeStartupData() {
	h := s.heap
	cfg := &s.cfg.Heap
	young := min(cfg.AppYoungBytes, h.survCap)
	if old := cfg.AppBytes - young; old > 0 {
		s.promote(h.record(old, CatApp))
	}
	if young <= 0 {
		return
	}
	i := h.record(young, CatApp)
	b := &h.blobs[i]
	b.sp, b.age = SpaceSurvivor, 1
	// The first cohort's id: copied before anything the workload allocates.
	b.cohort = h.cohortBase
	h.young = append(h.young, i)
	h.survUsed += young
	h.survHigh = max(h.survHigh, h.survUsed)
}
