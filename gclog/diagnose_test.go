package gclog

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readRealLog(t *testing.T, name string) *Log {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "gclog", name))
	require.NoError(t, err)
	defer f.Close()
	l, err := Parse(f)
	require.NoError(t, err)
	return l
}

func ruleNames(fs []Finding) []string {
	names := []string{}
	for _, f := range fs {
		names = append(names, f.Rule)
	}
	return names
}

// TestDiagnoseRealLogs: which rules fire on each real JDK 17 log, all of them and nothing else. The
// machine that wrote them was heavily loaded, so long pauses are a true finding on most.
func TestDiagnoseRealLogs(t *testing.T) {
	for log, want := range map[string][]string{
		"parallel-100m-nr8-pooled.log": {"live-set-fills-old-gen", "gc-time-high", "young-gcs-frequent", "premature-promotion"},
		"parallel-100m-nr8-fresh.log":  {"gc-time-high", "young-gcs-frequent", "premature-promotion"},
		"parallel-100m-plain.log":      {"live-set-fills-old-gen", "gc-time-high", "pauses-long", "no-heap-lines"},
		"parallel-256m-pooled.log":     {"pauses-long"},
		"serial-64m-pooled.log":        {"live-set-fills-old-gen", "gc-time-high", "pauses-long"},
		"serial-64m-fresh-tags.log":    {},
		"g1-64m-pooled.log":            {"gc-time-high", "to-space-exhausted", "g1-full-gc", "young-gcs-frequent", "premature-promotion", "pauses-long"},
		"g1-256m-pooled.log":           {"gc-time-high", "pauses-long"},
		"zgc-128m-pooled.log":          {"allocation-stalls"},
		"shenandoah-128m-pooled.log":   {"degenerated-cycles", "pauses-long"},
	} {
		t.Run(log, func(t *testing.T) {
			fs := Diagnose(readRealLog(t, log))
			assert.Equal(t, want, ruleNames(fs))
			for _, f := range fs {
				assert.NotContains(t, f.Text, "%!", "a formatting slip")
				assert.NotContains(t, f.Text, "e+", "a number in exponent form")
				assert.True(t, strings.HasSuffix(f.Text, "."), f.Text)
			}
		})
	}
}

func TestDiagnoseSentencesCarryTheLogsNumbers(t *testing.T) {
	fs := Diagnose(readRealLog(t, "parallel-100m-nr8-pooled.log"))
	require.NotEmpty(t, fs)
	assert.Equal(t, "The old gen right after a Full GC still holds 75.2 MB, 84 % of the old gen (89 MB): the data that "+
		"stays alive nearly fills it, so young GCs' promotions find little room and the collector falls back on Full GCs — "+
		"7 here, by Ergonomics (7) — each of which frees little. A larger heap (or old gen), or less data kept alive "+
		"(fewer threads, smaller caches, per-thread state that is not pooled), gives the promotions room.", fs[0].Text)
	serial := Diagnose(readRealLog(t, "serial-64m-pooled.log"))
	assert.Contains(t, serial[0].Text, "by Allocation Failure (8)")
	fresh := Diagnose(readRealLog(t, "parallel-100m-nr8-fresh.log"))
	assert.Contains(t, fresh[2].Text, "most promoted objects died in the old gen", "fresh: Full GCs free what was promoted")
	g1 := Diagnose(readRealLog(t, "g1-64m-pooled.log"))
	assert.NotContains(t, g1[4].Text, "died in the old gen", "one Full GC freed little of what was promoted")
}

func f64(x float64) *float64 { return &x }

// healthy is a made-up summary of a log where nothing is wrong: a Parallel heap of 1 GB, a young GC
// a second, 5 % promoted, short pauses.
func healthy() facts {
	return facts{s: Summary{
		Collector: "parallel", HeapMaxMB: f64(1024), DurationS: f64(100), Events: 102, YoungGCs: 100, FullGCs: 2,
		YoungGCsPerS: f64(1), Pauses: 102, PauseTotalMS: 1500, PauseMaxMS: 200, PauseP95MS: 30, GCTimePct: f64(1.5),
		AllocationRateMBs: f64(200), PromotedMB: f64(1000), PromotionRateMBs: f64(10),
		OldAfterFullMB: f64(300), OldAfterFullLastMB: f64(310), OldAfterFullSource: "old_gen", OldCapacityMB: f64(680),
		Causes: []CauseCount{{Kind: Young, Cause: "Allocation Failure", Count: 100}, {Kind: Full, Cause: "Ergonomics", Count: 2}},
	}, edenMB: f64(200), fullFreedMB: f64(400)}
}

// TestRulesOnMadeUpSummaries: each rule just below its threshold does not fire, just above it
// does, and a healthy log fires none.
func TestRulesOnMadeUpSummaries(t *testing.T) {
	assert.Empty(t, diagnose(healthy()))
	for _, c := range []struct {
		rule        string
		quiet, fire func(f *facts)
	}{
		{"live-set-fills-old-gen",
			func(f *facts) { f.s.OldAfterFullLastMB = f64(0.69 * 680) },
			func(f *facts) { f.s.OldAfterFullLastMB = f64(0.71 * 680) }},
		{"live-set-fills-old-gen", // one Full GC is not a pattern
			func(f *facts) { f.s.OldAfterFullLastMB = f64(600); f.s.FullGCs = 1 },
			func(f *facts) { f.s.OldAfterFullLastMB = f64(600); f.s.FullGCs = 2 }},
		{"live-set-fills-old-gen", // without gc+heap lines, against the whole heap
			func(f *facts) {
				f.s.OldAfterFullSource, f.s.OldCapacityMB, f.s.OldAfterFullLastMB = "heap", nil, f64(0.59*1024)
			},
			func(f *facts) {
				f.s.OldAfterFullSource, f.s.OldCapacityMB, f.s.OldAfterFullLastMB = "heap", nil, f64(0.61*1024)
			}},
		{"gc-time-high",
			func(f *facts) { f.s.GCTimePct = f64(9.9) },
			func(f *facts) { f.s.GCTimePct = f64(10) }},
		{"young-gcs-frequent",
			func(f *facts) { f.s.YoungGCsPerS = f64(4.9) },
			func(f *facts) { f.s.YoungGCsPerS = f64(5) }},
		{"young-gcs-frequent", // a handful of young GCs in a short log is not a rate
			func(f *facts) { f.s.YoungGCsPerS, f.s.YoungGCs = f64(50), 9 },
			func(f *facts) { f.s.YoungGCsPerS, f.s.YoungGCs = f64(50), 10 }},
		{"premature-promotion",
			func(f *facts) { f.s.PromotionRateMBs = f64(39) },
			func(f *facts) { f.s.PromotionRateMBs = f64(40) }},
		{"pauses-long",
			func(f *facts) { f.s.PauseP95MS = 1000 },
			func(f *facts) { f.s.PauseP95MS = 1030 }},
		{"pauses-long", // a concurrent collector's pauses are judged on their own scale
			func(f *facts) { f.s.Collector, f.s.PauseP95MS = "z", 9 },
			func(f *facts) { f.s.Collector, f.s.PauseP95MS = "z", 11 }},
		{"system-gc",
			func(f *facts) { f.s.Causes = append(f.s.Causes, CauseCount{Kind: Full, Cause: "Ergonomics", Count: 1}) },
			func(f *facts) {
				f.s.Causes = append(f.s.Causes, CauseCount{Kind: Full, Cause: "System.gc()", Count: 1})
			}},
		{"to-space-exhausted",
			func(f *facts) { f.s.Collector = "g1" },
			func(f *facts) { f.s.Collector, f.s.ToSpaceExhausted = "g1", 1 }},
		{"g1-full-gc",
			func(f *facts) { f.s.Collector, f.s.FullGCs = "g1", 0 },
			func(f *facts) { f.s.Collector = "g1" }},
		{"humongous",
			func(f *facts) { f.s.Collector, f.humongousMaxMB = "g1", f64(50) },
			func(f *facts) { f.s.Collector, f.humongousMaxMB = "g1", f64(52) }},
		{"humongous",
			func(f *facts) { f.s.Collector = "g1" },
			func(f *facts) {
				f.s.Collector = "g1"
				f.s.Causes = append(f.s.Causes, CauseCount{Kind: Young, Cause: "G1 Humongous Allocation", Count: 3})
			}},
		{"allocation-stalls",
			func(f *facts) { f.s.Collector = "z" },
			func(f *facts) { f.s.Collector, f.s.AllocationStalls = "z", 1 }},
		{"degenerated-cycles",
			func(f *facts) { f.s.Collector, f.s.FullGCs = "shenandoah", 0 },
			func(f *facts) { f.s.Collector, f.s.FullGCs, f.s.DegeneratedGCs = "shenandoah", 0, 1 }},
		{"no-heap-lines",
			func(f *facts) {},
			func(f *facts) { f.s.PromotedMB, f.s.PromotionRateMBs = nil, nil }},
	} {
		quiet, fire := healthy(), healthy()
		c.quiet(&quiet)
		c.fire(&fire)
		assert.NotContains(t, ruleNames(diagnose(quiet)), c.rule, "%s fired below its threshold", c.rule)
		assert.Contains(t, ruleNames(diagnose(fire)), c.rule, "%s did not fire above its threshold", c.rule)
	}
}

func TestEveryRuleIsTested(t *testing.T) {
	assert.Len(t, RuleNames(), 12)
}

func TestDescribeIsPlainWords(t *testing.T) {
	lines := Describe(readRealLog(t, "parallel-100m-nr8-pooled.log").Summary())
	text := strings.Join(lines, "\n")
	for _, want := range []string{
		"Parallel collector, JVM 17.0.15+6-Debian-1deb12u1 (release), 2 CPUs.",
		"Heap: 100 MB at most (100 MB at start); the log covers 18.7 s.",
		"Collections: 238 young, 7 Full (12.7 young a second, 0.37 Full a second).",
		"Causes: young Allocation Failure ×238; full Ergonomics ×7.",
		"Old gen after a Full GC: 64 MB on average (42.3 to 75.2 MB, the last 75.2 MB), of an old gen of 89 MB.",
		"Lines: 1565 read",
	} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, "%!")
	z := strings.Join(Describe(readRealLog(t, "zgc-128m-pooled.log").Summary()), "\n")
	assert.Contains(t, z, "ZGC collector")
	assert.Contains(t, z, "848 allocation stalls")
}

// below is the largest float64 under x: a figure that misses a threshold by as little as a
// number can.
func below(x float64) float64 { return math.Nextafter(x, math.Inf(-1)) }

// times multiplies at run time, in float64 as the rules do (a constant product is exact).
func times(a, b float64) float64 { return a * b }

// TestRulesAtTheirExactThresholds: a figure exactly at a rule's threshold fires it (the rules say
// "at least"), the next number down does not; and the guards that keep a rule from reading a
// missing or zero figure hold at zero.
func TestRulesAtTheirExactThresholds(t *testing.T) {
	for _, c := range []struct {
		rule        string
		quiet, fire func(f *facts)
	}{
		{"live-set-fills-old-gen",
			func(f *facts) { f.s.OldAfterFullLastMB = f64(below(times(liveSetOldShare, 680))) },
			func(f *facts) { f.s.OldAfterFullLastMB = f64(times(liveSetOldShare, 680)) }},
		{"live-set-fills-old-gen", // without gc+heap lines: the whole heap
			func(f *facts) {
				f.s.OldAfterFullSource, f.s.OldCapacityMB, f.s.OldAfterFullLastMB = "heap", nil, f64(below(times(liveSetHeapShare, 1024)))
			},
			func(f *facts) {
				f.s.OldAfterFullSource, f.s.OldCapacityMB, f.s.OldAfterFullLastMB = "heap", nil, f64(times(liveSetHeapShare, 1024))
			}},
		{"live-set-fills-old-gen", // G1: old regions but no old capacity, against the heap
			func(f *facts) {
				f.s.OldCapacityMB, f.s.OldAfterFullLastMB = nil, f64(below(times(liveSetHeapShare, 1024)))
			},
			func(f *facts) { f.s.OldCapacityMB, f.s.OldAfterFullLastMB = nil, f64(times(liveSetHeapShare, 1024)) }},
		{"live-set-fills-old-gen", // an old capacity of 0 is none: the heap is the measure
			func(f *facts) {
				f.s.OldCapacityMB, f.s.OldAfterFullLastMB = f64(0), f64(below(times(liveSetHeapShare, 1024)))
			},
			func(f *facts) { f.s.OldCapacityMB, f.s.OldAfterFullLastMB = f64(0), f64(times(liveSetHeapShare, 1024)) }},
		{"live-set-fills-old-gen", // no capacity of any kind: nothing to compare with
			func(f *facts) { f.s.OldCapacityMB, f.s.HeapMaxMB, f.s.OldAfterFullLastMB = f64(0), f64(0), f64(600) },
			func(f *facts) { f.s.OldCapacityMB, f.s.HeapMaxMB, f.s.OldAfterFullLastMB = f64(680), f64(0), f64(600) }},
		{"live-set-fills-old-gen", // without gc+heap lines and no heap size: nothing to compare with
			func(f *facts) {
				f.s.OldAfterFullSource, f.s.HeapMaxMB, f.s.OldAfterFullLastMB = "heap", f64(0), f64(600)
			},
			func(f *facts) {
				f.s.OldAfterFullSource, f.s.HeapMaxMB, f.s.OldAfterFullLastMB = "heap", f64(700), f64(600)
			}},
		{"premature-promotion", // no allocation measured: no share of it
			func(f *facts) { f.s.PromotionRateMBs, f.s.AllocationRateMBs = f64(40), f64(0) },
			func(f *facts) { f.s.PromotionRateMBs, f.s.AllocationRateMBs = f64(40), f64(200) }},
		{"premature-promotion", // ten young GCs at least
			func(f *facts) { f.s.PromotionRateMBs, f.s.YoungGCs = f64(40), 9 },
			func(f *facts) { f.s.PromotionRateMBs, f.s.YoungGCs = f64(40), 10 }},
		{"pauses-long", // five pauses at least
			func(f *facts) { f.s.PauseP95MS, f.s.Pauses = 2000, 4 },
			func(f *facts) { f.s.PauseP95MS, f.s.Pauses = 2000, 5 }},
		{"pauses-long",
			func(f *facts) { f.s.PauseP95MS = below(times(pauseMSPerHeapMBHigh, 1024)) },
			func(f *facts) { f.s.PauseP95MS = times(pauseMSPerHeapMBHigh, 1024) }},
		{"pauses-long", // no heap size: no measure of long
			func(f *facts) { f.s.PauseP95MS, f.s.HeapMaxMB = 2000, f64(0) },
			func(f *facts) { f.s.PauseP95MS, f.s.HeapMaxMB = 2000, f64(1024) }},
		{"pauses-long",
			func(f *facts) { f.s.Collector, f.s.PauseP95MS = "shenandoah", below(concurrentPauseMSHigh) },
			func(f *facts) { f.s.Collector, f.s.PauseP95MS = "shenandoah", concurrentPauseMSHigh }},
		{"humongous",
			func(f *facts) { f.s.Collector, f.humongousMaxMB = "g1", f64(below(times(humongousHeapShare, 1024))) },
			func(f *facts) { f.s.Collector, f.humongousMaxMB = "g1", f64(times(humongousHeapShare, 1024)) }},
		{"degenerated-cycles", // Shenandoah's Full GCs count too
			func(f *facts) { f.s.Collector, f.s.FullGCs = "parallel", 2 },
			func(f *facts) { f.s.Collector, f.s.FullGCs = "shenandoah", 2 }},
		{"no-heap-lines", // ZGC and Shenandoah log no promotion at all
			func(f *facts) { f.s.Collector, f.s.PromotedMB = "z", nil },
			func(f *facts) { f.s.Collector, f.s.PromotedMB = "g1", nil }},
		{"no-heap-lines",
			func(f *facts) { f.s.Collector, f.s.PromotedMB = "shenandoah", nil },
			func(f *facts) { f.s.Collector, f.s.PromotedMB = "serial", nil }},
		{"no-heap-lines", // no events: nothing to read
			func(f *facts) { f.s.Events, f.s.PromotedMB = 0, nil },
			func(f *facts) { f.s.Events, f.s.PromotedMB = 1, nil }},
	} {
		quiet, fire := healthy(), healthy()
		c.quiet(&quiet)
		c.fire(&fire)
		assert.NotContains(t, ruleNames(diagnose(quiet)), c.rule, "%s fired below its threshold", c.rule)
		assert.Contains(t, ruleNames(diagnose(fire)), c.rule, "%s did not fire at its threshold", c.rule)
	}
}

// Premature promotion adds that Full GCs freed most of what was promoted when they freed at least
// half of it.
func TestPrematurePromotionSaysWhatFullGCsFreed(t *testing.T) {
	text := func(freed float64) string {
		f := healthy()
		f.s.PromotionRateMBs, f.fullFreedMB = f64(40), f64(freed)
		return prematurePromotion(f)
	}
	assert.Contains(t, text(500), "Here Full GCs freed 500 of the 1000 MB promoted and left 300 MB")
	assert.NotContains(t, text(below(500)), "Here Full GCs freed")
}

// Numbers in sentences: three significant digits at most, no trailing zeros, signs kept.
func TestWords(t *testing.T) {
	for x, want := range map[float64]string{
		123.456: "123", 100: "100", 99.94: "99.9", 12.345: "12.3", 10: "10", 9.994: "9.99", 1.5: "1.5", 0: "0",
		-123.456: "-123", -12.345: "-12.3", -1.234: "-1.23",
	} {
		assert.Equal(t, want, words(x), "words(%v)", x)
	}
}

// The facts the rules read beside the summary, from the real excerpts: the young gen's median
// occupancy when a young GC starts, what Full GCs freed in the old gen, the most humongous regions.
func TestReadFactsOfRealExcerpts(t *testing.T) {
	l, err := parseString(parallelExcerpt)
	require.NoError(t, err)
	f := readFacts(l)
	// Eden before GC(0), GC(1) and GC(74): 9216K, 9216K, 4095K; the median is 9216K. The Full
	// GC's eden (4096K) is no young GC's.
	require.NotNil(t, f.edenMB)
	assert.Equal(t, 9.0, *f.edenMB)
	// GC(75)'s ParOldGen: 89391K -> 43351K, 46040K freed.
	require.NotNil(t, f.fullFreedMB)
	assert.Equal(t, 44.961, *f.fullFreedMB)
	assert.Nil(t, f.humongousMaxMB, "Parallel has no humongous regions")

	l, err = parseString(`[0.077s][info][gc,init] Heap Region Size: 1M
[17.593s][info][gc,heap     ] GC(33) Eden regions: 2->0(7)
[17.593s][info][gc,heap     ] GC(33) Old regions: 37->38
[17.593s][info][gc,heap     ] GC(33) Humongous regions: 1->1
[17.593s][info][gc          ] GC(33) Pause Young (Mixed) (G1 Evacuation Pause) 41M->40M(64M) 5.230ms
`)
	require.NoError(t, err)
	f = readFacts(l)
	require.NotNil(t, f.humongousMaxMB)
	assert.Equal(t, 1.0, *f.humongousMaxMB)
	assert.Nil(t, f.fullFreedMB, "no Full GC: nothing freed is known, not 0")
	assert.Nil(t, f.edenMB, "a mixed GC is no young GC")
}

// Each rule's sentence carries the figures it is about, computed as the rule says: shares as
// whole percents, intervals from rates, milliseconds per MB.
func TestRuleSentencesCarryTheirFigures(t *testing.T) {
	for _, c := range []struct {
		rule string
		edit func(f *facts)
		says []string
	}{
		{"live-set-fills-old-gen", func(f *facts) { f.s.OldAfterFullLastMB = f64(612) },
			[]string{"still holds 612 MB, 90 % of the old gen (680 MB)", "2 here, by Ergonomics (2)"}},
		{"live-set-fills-old-gen", func(f *facts) {
			f.s.OldAfterFullLastMB = f64(612)
			f.s.Causes = append(f.s.Causes, CauseCount{Kind: Full, Count: 1})
		}, []string{"by Ergonomics (2), no cause given (1)"}},
		{"gc-time-high", func(f *facts) { f.s.GCTimePct = f64(12.4) },
			[]string{"took 12 % of the log's 100 s (1500 ms in 102 pauses)", "Above 10 %"}},
		{"young-gcs-frequent", func(f *facts) { f.s.YoungGCsPerS = f64(8) },
			[]string{"every 125 ms on average (8 a second): the application allocates 200 MB/s and the young gen holds about 200 MB"}},
		{"premature-promotion", func(f *facts) { f.s.PromotionRateMBs = f64(50) },
			[]string{"promote 25 % of what is allocated (50 of 200 MB/s)"}},
		{"pauses-long", func(f *facts) { f.s.PauseP95MS, f.s.PauseMaxMS = 2048, 3000 },
			[]string{"for a heap of 1024 MB: one in twenty takes 2048 ms or more (the longest 3000 ms), 2 ms per MB"}},
		{"pauses-long", func(f *facts) { f.s.Collector, f.s.PauseP95MS, f.s.PauseMaxMS = "z", 20, 50 },
			[]string{"One pause in twenty takes 20 ms or more (the longest 50 ms)"}},
		{"humongous", func(f *facts) {
			f.s.Collector, f.humongousMaxMB = "g1", f64(60)
			f.s.Causes = append(f.s.Causes, CauseCount{Kind: Young, Cause: "G1 Humongous Allocation", Count: 3})
		}, []string{"here they held up to 60 MB, and 3 GCs were started by such an allocation"}},
		{"allocation-stalls", func(f *facts) { f.s.AllocationStalls, f.s.AllocationStallsMS = 4, 12.5 },
			[]string{"stalled allocating threads 4 times (12.5 ms in all)"}},
		{"degenerated-cycles", func(f *facts) { f.s.Collector, f.s.DegeneratedGCs, f.s.CancelledCycles = "shenandoah", 1, 3 },
			[]string{"ran 1 degenerated cycles and 2 Full GCs (3 concurrent cycles were cancelled)"}},
		{"to-space-exhausted", func(f *facts) { f.s.ToSpaceExhausted = 2 }, []string{"copy into 2 times"}},
		{"g1-full-gc", func(f *facts) { f.s.Collector = "g1" }, []string{"fell back on Full GCs 2 times (Ergonomics (2))"}},
		{"system-gc", func(f *facts) {
			f.s.Causes = append(f.s.Causes, CauseCount{Kind: Full, Cause: "System.gc()", Count: 3})
		}, []string{"called System.gc() 3 times"}},
	} {
		f := healthy()
		c.edit(&f)
		var text string
		for _, finding := range diagnose(f) {
			if finding.Rule == c.rule {
				text = finding.Text
			}
		}
		require.NotEmpty(t, text, "%s did not fire", c.rule)
		for _, want := range c.says {
			assert.Contains(t, text, want, c.rule)
		}
	}
	// Without the young gen's size the frequent-young sentence leaves that part out.
	f := healthy()
	f.s.YoungGCsPerS, f.edenMB = f64(8), nil
	assert.NotContains(t, youngGCsFrequent(f), "the application allocates")
	f = healthy()
	f.s.YoungGCsPerS, f.s.AllocationRateMBs = f64(8), nil
	assert.NotContains(t, youngGCsFrequent(f), "the application allocates")
	assert.Equal(t, "?", secs(nil))
	// Humongous regions that fill the heap share, with no GC started by one: no count of such GCs.
	f = healthy()
	f.s.Collector, f.humongousMaxMB = "g1", f64(60)
	text := humongousAllocations(f)
	assert.Contains(t, text, "here they held up to 60 MB")
	assert.NotContains(t, text, "GCs were started")
}
