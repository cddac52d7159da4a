package gclog

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the reader. Properties: it never panics; it either refuses
// with a *LineError of a known kind or returns a log whose summary is consistent with its events.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"",
		"[1.719s][info][gc] GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 101.380ms\n",
		"[2812ms][info][gc,heap] GC(1) PSYoungGen: 16384K(18944K)->2544K(18944K) Eden: 16384K(16384K)->0K(16384K)\n" +
			"[2812ms][info][gc] GC(1) Pause Young (Allocation Failure) 20M->6M(61M) 52.382ms\n",
		"[0.004s][info][gc,init] Heap Region Size: 1M\n[1s][gc,heap] GC(2) Eden regions: 6->0(5)\n[1s][gc] GC(2) Pause Young (Mixed) (G1 Evacuation Pause) 45M->44M(64M) 4.6ms\n",
		"[1s][gc] GC(3) Pause Remark 4M->4M(6M) 1ms\n[1s][gc] GC(3) Pause Cleanup 4M->4M(6M) 1ms\n[2s][gc] GC(3) Concurrent Mark Cycle 1000.5ms\n",
		"[0.1s][gc] Using Shenandoah\n[1s][gc] Trigger: x\n[1s][gc] GC(0) Concurrent reset 1ms\n[1s][gc] GC(0) Pause Init Mark 0.1ms\n[2s][gc] GC(0) Concurrent cleanup 9M->1M(9M) 1ms\n",
		"[1s][gc] GC(0) Garbage Collection (Warmup) 14M(11%)->12M(9%)\n",
		"2.345: [GC (Allocation Failure) [PSYoungGen: 16384K->2544K(18944K)] 16384K->4000K(62976K), 0.0101 secs]\n",
		"[2026-12-01T08:36:31.123+0000][gc] GC(0) Pause Full (System.gc()) 5M->3M(61M) 12.3ms\n",
		// A degenerated cycle, two Full GCs of different sizes (the old gen's min, mean and max
		// differ) and a ZGC cycle whose end is stamped before its start.
		"[0.1s][gc] Using Shenandoah\n[1s][gc] GC(4) Pause Degenerated GC (Mark) 9M->1M(9M) 1ms\n",
		"[1s][gc] GC(0) Pause Full (Ergonomics) 50M->20M(61M) 9ms\n[2s][gc] GC(1) Pause Full (Ergonomics) 55M->30M(61M) 9ms\n",
		"[2.0s][info][gc] GC(0) Garbage Collection (Warmup)\n[1.9s][info][gc] GC(0) Garbage Collection (Warmup) 14M(11%)->12M(9%)\n",
	} {
		f.Add([]byte(seed))
	}
	// The committed real logs' first lines, so mutations start from HotSpot's own text.
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "gclog", "*.log"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b[:min(len(b), 4000)])
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse(bytes.NewReader(data))
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("error %v is not a *LineError", err)
			}
			known := []error{ErrEmpty, ErrNotGCLog, ErrLegacyFormat, ErrBinary, ErrLineTooLong, ErrMalformed, ErrTooLarge}
			if !slices.ContainsFunc(known, func(k error) bool { return errors.Is(err, k) }) {
				t.Fatalf("error %v is of no known kind", err)
			}
			return
		}
		checkLog(t, l)
	})
}

// checkLog asserts what holds for every log the reader accepts.
func checkLog(t *testing.T, l *Log) {
	t.Helper()
	s := l.Summary()
	kinds := s.YoungGCs + s.MixedGCs + s.FullGCs + s.Remarks + s.Cleanups + s.ConcurrentCycles + s.ConcurrentPauses + s.DegeneratedGCs
	if kinds != len(l.Events) || s.Events != len(l.Events) {
		t.Fatalf("counts by kind sum to %d, summary says %d events, log has %d", kinds, s.Events, len(l.Events))
	}
	byCause := 0
	for _, c := range s.Causes {
		byCause += c.Count
	}
	if byCause != len(l.Events) {
		t.Fatalf("counts by cause sum to %d, want %d", byCause, len(l.Events))
	}
	if s.PauseMaxMS > s.PauseTotalMS || s.PauseP95MS > s.PauseMaxMS || s.PauseMeanMS > s.PauseMaxMS {
		t.Fatalf("pause max %v, p95 %v, mean %v, total %v out of order", s.PauseMaxMS, s.PauseP95MS, s.PauseMeanMS, s.PauseTotalMS)
	}
	if l.Skipped+l.Unknown > l.Lines {
		t.Fatalf("skipped %d + unknown %d > lines %d", l.Skipped, l.Unknown, l.Lines)
	}
	for i, e := range l.Events {
		if e.Kind.String() == "invalid" {
			t.Fatalf("event %d has invalid kind %d", i, e.Kind)
		}
		if i > 0 && e.Time < l.Events[i-1].Time {
			t.Fatalf("event %d at %d before event %d at %d", i, e.Time, i-1, l.Events[i-1].Time)
		}
		if e.Line < 1 || e.Line > l.Lines {
			t.Fatalf("event %d names line %d of %d", i, e.Line, l.Lines)
		}
		if e.Pause < 0 || e.Duration < 0 || e.Before < 0 || e.After < 0 || e.Commit < 0 {
			t.Fatalf("event %d has a negative number: %+v", i, e)
		}
	}
	if s.DurationS != nil && *s.DurationS < 0 {
		t.Fatalf("negative duration %v", *s.DurationS)
	}
	if s.OldAfterFullMB != nil && (*s.OldAfterFullMinMB > *s.OldAfterFullMB || *s.OldAfterFullMB > *s.OldAfterFullMaxMB) {
		t.Fatalf("old after Full GC: min %v, mean %v, max %v out of order", *s.OldAfterFullMinMB, *s.OldAfterFullMB, *s.OldAfterFullMaxMB)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Fatalf("summary does not marshal: %v", err)
	}
}

// eventCauses and the other lists below are the vocabulary FuzzRoundTrip builds events from.
var (
	eventCauses = []string{"Allocation Failure", "Ergonomics", "G1 Evacuation Pause", "G1 Humongous Allocation",
		"G1 Preventive Collection", "System.gc()", "Metadata GC Threshold", "G1 Compaction Pause"}
	youngPhases = []string{"", "Normal", "Concurrent Start", "Prepare Mixed"}
	pauseNames  = []string{"Mark Start", "Mark End", "Relocate Start", "Init Mark", "Final Mark", "Init Update Refs"}
	degenPhases = []string{"Mark", "Evacuation", "Update Refs", "Outside of Cycle"}
	genNames    = []string{"PSYoungGen", "ParOldGen", "DefNew", "Tenured", "Eden", "From",
		"Eden regions", "Survivor regions", "Old regions", "Humongous regions", "Archive regions"}
)

// roundTripInput is one input of FuzzRoundTrip, comparable so that a seed can be recognised.
type roundTripInput struct {
	kind, causeIx, phaseIx   uint8
	id                       int32
	at, pause, before, after int64
	commit                   int64
	genBits                  uint16
	genSize                  int64
}

// roundTripSeeds are events a log can hold: the writer must write every one of them, so a writer
// that refuses them fails the seeds instead of leaving nothing to compare.
var roundTripSeeds = []roundTripInput{
	{1, 0, 0, 7, 1719000000, 101380000, 16 << 20, 4 << 20, 61 << 20, 0x31, 16384 << 10},
	{2, 2, 1, 14, 7269000000, 6282000, 38 << 20, 33 << 20, 64 << 20, 0x86, 6},
	{6, 0, 0, 156, 10274000000, 235448000, 0, 0, 0, 0, 0},
	// Numbers whose last digits are not zero: a writer that rounds one of them is caught by the seeds.
	{2, 5, 0, 999, 123456789, 1234567, 16<<20 + 1023, 4<<20 + 1, 61<<20 + 7, 0x43, 1<<20 + 3},
	// The fuzzer's kind byte k is Kind(k%8 + 1), so the seeds above are a Mixed, a Full and a Pause:
	// one seed of each other kind, a Young with G1's phase among them (the writer's order of phase
	// and cause is otherwise reached by no seed).
	{uint8(Young - 1), 0, 0, 3, 2812000000, 52382000, 20 << 20, 6 << 20, 61 << 20, 0x31, 16384 << 10},
	{uint8(Young - 1), 2, 1, 4, 3000000000, 4600000, 45 << 20, 44 << 20, 64 << 20, 0, 0},
	{uint8(Remark - 1), 0, 0, 5, 4000000000, 1000000, 4 << 20, 4 << 20, 6 << 20, 0, 0},
	{uint8(Cleanup - 1), 0, 0, 5, 4100000000, 1000000, 4 << 20, 4 << 20, 6 << 20, 0, 0},
	{uint8(Concurrent - 1), 0, 0, 5, 5000000000, 1000500000, 0, 0, 0, 0, 0},
	{uint8(Degenerated - 1), 0, 1, 6, 6000000000, 1000000, 9 << 20, 1 << 20, 9 << 20, 0, 0},
}

// FuzzRoundTrip builds an event from fuzzed numbers, writes it with AppendEvent and reads it back:
// the reader must return the same event. Events the writer refuses are skipped, except the seeds.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range roundTripSeeds {
		f.Add(s.kind, s.causeIx, s.phaseIx, s.id, s.at, s.pause, s.before, s.after, s.commit, s.genBits, s.genSize)
	}
	f.Fuzz(func(t *testing.T, kind, causeIx, phaseIx uint8, id int32, at, pause, before, after, commit int64, genBits uint16, genSize int64) {
		e := Event{ID: int(id), Line: 0, Time: Nanos(at), Kind: Kind(kind%8 + 1), Pause: Nanos(pause)}
		e.Cause = eventCauses[int(causeIx)%len(eventCauses)]
		switch e.Kind {
		case Young:
			e.Phase = youngPhases[int(phaseIx)%len(youngPhases)]
		case Mixed:
			e.Phase = "Mixed"
		case Pause:
			e.Phase, e.Cause = pauseNames[int(phaseIx)%len(pauseNames)], ""
		case Degenerated:
			e.Phase, e.Cause = degenPhases[int(phaseIx)%len(degenPhases)], ""
		case Remark, Cleanup:
			e.Cause = ""
		case Concurrent:
			e.Phase, e.Cause, e.Duration, e.Pause = "Mark Cycle", "", Nanos(pause), 0
		}
		if e.Kind != Concurrent && e.Kind != Pause {
			e.HasHeap, e.Before, e.After, e.Commit = true, Bytes(before), Bytes(after), Bytes(commit)
		}
		for i, name := range genNames {
			if genBits&(1<<i) == 0 {
				continue
			}
			g := Generation{Space: generationNames[name], Name: name}
			if strings.HasSuffix(name, "regions") {
				g.RegionsBefore, g.RegionsAfter, g.RegionsTarget = int(genSize%1000), int(genSize%777), int(genSize%3)
			} else {
				g.Before, g.After, g.CapacityBefore, g.CapacityAfter = Bytes(genSize), Bytes(genSize/3), Bytes(genSize)*2, Bytes(genSize%5)
			}
			e.Gens = append(e.Gens, g)
		}
		text, err := AppendEvent(nil, &e)
		if err != nil {
			in := roundTripInput{kind, causeIx, phaseIx, id, at, pause, before, after, commit, genBits, genSize}
			if slices.Contains(roundTripSeeds, in) {
				t.Fatalf("the writer refuses the seed event %+v: %v", e, err)
			}
			return
		}
		l, err := Parse(bytes.NewReader(text))
		if err != nil {
			t.Fatalf("reading back\n%s: %v", text, err)
		}
		if len(l.Events) != 1 {
			t.Fatalf("reading back\n%s gives %d events", text, len(l.Events))
		}
		got := l.Events[0]
		got.Line = 0
		if len(got.Gens) == 0 {
			got.Gens = nil
		}
		if !reflect.DeepEqual(got, e) {
			t.Fatalf("round trip of\n%s\n got %+v\nwant %+v", text, got, e)
		}
		checkLog(t, l)
	})
}
