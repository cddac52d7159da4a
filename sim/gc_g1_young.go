package sim

import "math"

// G1's young generation size. G1 does not fix eden and survivor sizes: after
// every pause it picks a number of young regions for the next one
// (G1Policy::young_list_target_lengths), and the next pause comes when eden
// has used them. The rules the model keeps for JDK 17, all on whole regions
// (JDK 20 changed three of them, below):
//   - Bounds: at least G1NewSizePercent (5 %) of the heap's regions and at
//     least one eden region beyond the survivors; at most G1MaxNewSizePercent
//     (60 %), and never more than the free regions left at the end of the
//     pause minus the reserve (G1ReservePercent, 10 % of the regions, kept
//     free for evacuation). When the two bounds clash, the lower one wins.
//   - During the mixed phase (after the marking's garbage is known, until it
//     is reclaimed) young stays at its lower bound, so that mixed pauses come
//     often and each takes some old regions.
//   - Otherwise, between the bounds, the largest eden that fits: its
//     predicted pause (the pause cost model over the bytes predicted to
//     survive plus the survivors and the old gen's cards) within the pause
//     goal, MaxGCPauseMillis, and the bytes predicted to survive, times a
//     safety factor of 2.2 (100 / G1ConfidencePercent 50, times
//     TargetPLABWastePct 10 % of copying waste), within the free regions
//     left after eden (G1YoungLengthPredictor::will_fit).
//   - The fraction of eden that survives is predicted from the young
//     collections so far: a decaying average (each new sample weighs 30 %)
//     plus half its decaying standard deviation (G1ConfidencePercent 50), the
//     deviation never below a share of the average while there are fewer than
//     five samples, capped at 1 (G1Predictions); the sequence is seeded
//     with 40 % before the first pause (G1SurvRateGroup::reset).
//   - The survivor space for the next pause is young / SurvivorRatio regions,
//     rounded up (G1Policy::update_survivors_policy); the tenuring threshold
//     is computed against half of it (TargetSurvivorRatio).
//   - JDK 17 (G1UsePreventiveGC, on by default there; JDK 21 no longer has
//     it) also collects before eden reaches its target: whenever eden asks
//     for another region, if the regions needed for what eden and the
//     survivor space are predicted to leave (their surviving bytes plus
//     TargetPLABWastePct, 10 %, rounded up to whole regions) are more than
//     the free regions left after that one, a young collection runs
//     instead ("G1 Preventive Collection", G1Policy::
//     preventive_collection_required), so that evacuation does not fail.
//     The model caps eden at the region where that happens (g1PreventiveEden).
// With -XX:NewRatio on the command line (HeapConfig.NewRatioGiven) the
// bounds and the largest eden that fits do not apply: young is fixed at
// 1/(NewRatio+1) of the heap's regions, at least one eden region beyond
// the survivors, in young and mixed phases alike (G1YoungGenSizer's
// SizerNewRatio turns the adaptive sizing off); the survivor space and the
// preventive cap on eden still do.
// JDK 20 and later (the model's JDK 21 and 25: heap.jdk) size young in two
// steps (g1YoungTargetSince20). The desired length judges the largest eden
// against all the free regions, the reserve included; in the mixed phase it
// is the largest eden whose pause, with one mixed step's old regions added,
// fits the goal, no longer the minimum. The target then takes what is free
// beyond the reserve and, when that is short of the desired length, at most
// min(G1NewSizePercent's regions, half the reserve) more from the reserve,
// and no more than is free: below the 5 % minimum when the heap is nearly
// full. A length fixed by NewRatio is trimmed the same way (its own length
// stands for the 5 %). JDK 21 counts that trim in young regions, JDK 25 in
// eden regions, with at least one.
// Not modelled: the MMU goal (GCPauseIntervalMillis makes it almost inert by
// default), remembered-set and pending-card costs (the model's pause cost has
// no such part), and per-age survival rates (one rate for all of eden).
// docs/model.md lists the sources.

const (
	g1NewSizePercent    = 5   // G1NewSizePercent
	g1MaxNewSizePercent = 60  // G1MaxNewSizePercent
	g1ReservePercent    = 10  // G1ReservePercent
	g1HeapWastePercent  = 5   // G1HeapWastePercent (gc_g1.go, g1Mixed)
	g1InitialSurvival   = 0.4 // the survival rate G1SurvRateGroup seeds its prediction with
	g1Confidence        = 0.5 // G1ConfidencePercent / 100
	g1CopySafety        = 2.2 // (100 / G1ConfidencePercent) * (100 + TargetPLABWastePct) / 100
	g1PLABWaste         = 1.1 // (100 + TargetPLABWastePct) / 100
	g1SeqAlpha          = 0.7 // TruncatedSeq's weight of the past
	// g1PauseGoal is MaxGCPauseMillis' default; no scenario changes it.
	g1PauseGoal = 200 * Millisecond
)

// g1Seq is HotSpot's decaying sequence (AbsSeq): an average and a variance
// in which each new sample weighs 1 - g1SeqAlpha.
type g1Seq struct {
	num       int
	davg, dv  float64
	predicted float64 // the last prediction, for tests and the picture
}

func (q *g1Seq) add(v float64) {
	if q.num == 0 {
		q.davg, q.dv = v, 0
	} else {
		q.davg = float64(float64((1-g1SeqAlpha)*v) + float64(g1SeqAlpha*q.davg))
		d := float64(v - q.davg)
		q.dv = float64(float64(float64((1-g1SeqAlpha)*d)*d) + float64(g1SeqAlpha*q.dv))
	}
	q.num++
}

// predictUnit is G1Predictions::predict_in_unit_interval: the average plus
// g1Confidence standard deviations, the deviation at least
// davg * (5 - samples) / 2 while there are fewer than five samples, within
// [0, 1]. Without samples it is dflt.
func (q *g1Seq) predictUnit(dflt float64) float64 {
	if q.num == 0 {
		return dflt
	}
	return min(1, max(0, q.predict()))
}

// predict is G1Predictions::predict: the average plus g1Confidence standard
// deviations, the deviation at least davg * (5 - samples) / 2 while there
// are fewer than five samples.
func (q *g1Seq) predict() float64 {
	sd := math.Sqrt(q.dv)
	if q.num < 5 {
		sd = max(sd, float64(float64(q.davg*float64(5-q.num))/2))
	}
	return float64(q.davg + float64(g1Confidence*sd))
}

// g1CopyTime is how long G1 expects copying n bytes to take. G1 predicts it
// from the cost per byte its past pauses measured (G1Analytics'
// copy cost per byte). Where first touches are priced (FirstTouchRate) that
// cost changes from pause to pause, and the model learns it as G1 does;
// without them it is CopyRate's, a constant.
func (h *heap) g1CopyTime(n, thr Bytes) Duration {
	if h.cfg.FirstTouchRate <= 0 || h.g1.copyCost.num == 0 {
		return bytesAt(n, h.cfg.CopyRate*thr)
	}
	return Duration(float64(float64(n) * h.g1.copyCost.predict()))
}

// g1SampleCopyCost records a young pause's copying time per byte copied.
func (h *heap) g1SampleCopyCost(y *youngResult) {
	if n := y.copied + y.promoted - y.inPlace; n > 0 && h.cfg.FirstTouchRate > 0 {
		h.g1.copyCost.add(float64(float64(y.copyTime) / float64(n)))
	}
}

// g1RegionSize is the heap region size G1 picks from -Xmx: 1/2048 of the
// heap, a power of two, between 1 MB and 32 MB.
func g1RegionSize(maxHeap Bytes) Bytes {
	want := max(maxHeap/2048, MB)
	r := MB
	for r < want && r < 32*MB {
		r *= 2
	}
	return r
}

// regionsFor is the number of whole regions n bytes occupy.
func regionsFor(n, region Bytes) Bytes { return (n + region - 1) / region }

// g1FreeRegions is the committed regions that old and the survivors leave
// free, none if they hold more (an evacuation failure can leave that);
// eden's regions are free again at the end of a pause.
func (h *heap) g1FreeRegions() Bytes {
	r := h.g1.region
	return max(h.g1.committed/r-regionsFor(h.oldUsed, r)-regionsFor(h.survUsed, r), 0)
}

// g1YoungTarget is the number of young regions (survivors included) for the
// next pause, and the survivor space's regions. mixed says the mixed phase
// is on; thr is the number of GC threads the pause would use.
func (h *heap) g1YoungTarget(mixed bool, thr Bytes) (young, surv Bytes) {
	if h.jdk >= 20 {
		young = h.g1YoungTargetSince20(mixed, thr)
	} else {
		young = h.g1YoungTarget17(mixed, thr)
	}
	surv = (young + Bytes(h.cfg.SurvivorRatio) - 1) / Bytes(h.cfg.SurvivorRatio)
	return young, surv
}

// g1YoungTarget17 is JDK 17's young length (G1Policy::
// young_list_target_lengths): a fixed length as it is; otherwise within the
// sizer's bounds and never into the reserve, the largest eden that fits in
// the young-only phase, the lower bound in the mixed phase.
func (h *heap) g1YoungTarget17(mixed bool, thr Bytes) Bytes {
	r := h.g1.region
	total := h.g1.committed / r
	survRegions := regionsFor(h.survUsed, r)
	minBySizer, maxBySizer := h.g1SizerBounds(total)
	if h.cfg.NewRatioGiven {
		return max(minBySizer, survRegions+1)
	}
	free := h.g1FreeRegions()
	reserve := g1Reserve(total)
	desiredMin := max(minBySizer, survRegions+1)
	desiredMax := min(maxBySizer, max(free-reserve, 0))
	young := desiredMin
	if !mixed && desiredMax > desiredMin {
		young = survRegions + h.g1LargestEden(desiredMin-survRegions, desiredMax-survRegions, max(free-reserve, 0), 0, thr)
	}
	return max(min(young, desiredMax), desiredMin)
}

// g1YoungTargetSince20 is the young length of JDK 20 and later
// (JDK-8253413), in two steps. The desired length (G1Policy::
// calculate_young_desired_length): a fixed length as it is; otherwise the
// largest eden that fits between the sizer's bounds, judged against all
// the free regions, reserve included, and in the mixed phase with the
// pause's minimum share of old regions added to its predicted time
// (calculate_desired_eden_length_before_mixed: one mixed step's copying,
// g1MixedStep). Then the target (calculate_young_target_length): what is
// free beyond the reserve, and into the reserve at most half of it or the
// sizer's minimum, whichever is less. JDK 21's release counts these in
// young regions, survivors included, so when the heap is nearly full the
// survivors can take the whole target and leave eden none; JDK 25 counts
// them in eden regions and grants at least one (JDK-8352765, which later
// JDK 21 updates also carry; the model's JDK 21 builds keep the release's
// rule).
func (h *heap) g1YoungTargetSince20(mixed bool, thr Bytes) Bytes {
	r := h.g1.region
	total := h.g1.committed / r
	survivors := regionsFor(h.survUsed, r) // at the end of a pause, all of young
	minBySizer, maxBySizer := h.g1SizerBounds(total)
	absMin := max(minBySizer, survivors+1)
	absMax := max(maxBySizer, absMin)
	free := h.g1FreeRegions()
	desired := minBySizer
	if !h.cfg.NewRatioGiven {
		var oldTime Duration
		if mixed {
			_, copied := h.g1MixedStep()
			oldTime = bytesAt(copied, h.cfg.G1MixedCopyRate*thr)
		}
		desired = survivors + h.g1LargestEden(absMin-survivors, absMax-survivors, free, oldTime, thr)
	}
	desired = min(max(desired, absMin), absMax)

	reserve := g1Reserve(total)
	maxEat := min(minBySizer, (reserve+1)/2)
	// want and have: the length wanted and the regions already allocated,
	// in young regions (JDK 21) or eden regions (JDK 25).
	want, have := desired, survivors
	if h.jdk >= 25 {
		want, have = desired-survivors, 0
	}
	var receiving Bytes
	switch {
	case free <= reserve:
		receiving = min(free, want, maxEat)
		if h.jdk >= 25 {
			receiving = max(receiving, 1)
		}
	case free < want+reserve:
		beyond := free - reserve
		receiving = beyond + min(want-beyond, maxEat)
	default:
		receiving = want
	}
	return survivors - have + max(receiving, have)
}

// g1SizerBounds are the young length's bounds in regions of total
// committed ones (G1YoungGenSizer): G1NewSizePercent and
// G1MaxNewSizePercent of them, or both 1/(NewRatio+1) of them when
// -XX:NewRatio is given; at least one.
func (h *heap) g1SizerBounds(total Bytes) (minLen, maxLen Bytes) {
	if h.cfg.NewRatioGiven {
		fixed := max(total/Bytes(h.cfg.NewRatio+1), 1)
		return fixed, fixed
	}
	return max(total*g1NewSizePercent/100, 1), max(total*g1MaxNewSizePercent/100, 1)
}

// g1Reserve is G1ReservePercent of the committed regions, rounded up
// (G1Policy::record_new_heap_size).
func g1Reserve(total Bytes) Bytes { return (total*g1ReservePercent + 99) / 100 }

// g1LargestEden is the largest number of eden regions in [lo, hi] that
// fits (g1EdenFits), found by bisection as G1 does; lo when none does.
// oldTime is what the pause spends on old regions besides eden.
func (h *heap) g1LargestEden(lo, hi, baseFree Bytes, oldTime Duration, thr Bytes) Bytes {
	rate := h.g1.survival.predictUnit(g1InitialSurvival)
	h.g1.survival.predicted = rate
	if !h.g1EdenFits(lo, baseFree, rate, oldTime, thr) {
		return lo
	}
	if h.g1EdenFits(hi, baseFree, rate, oldTime, thr) {
		return hi
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if h.g1EdenFits(mid, baseFree, rate, oldTime, thr) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// g1EdenFits says whether n eden regions leave room to evacuate them and
// keep the pause within the goal (G1YoungLengthPredictor::will_fit).
func (h *heap) g1EdenFits(n, baseFree Bytes, rate float64, oldTime Duration, thr Bytes) bool {
	if n >= baseFree {
		return false
	}
	r := h.g1.region
	toCopy := Bytes(float64(rate * float64(n*r)))
	cfg := &h.cfg
	pause := cfg.YoungFixed + h.g1CopyTime(toCopy+h.survUsed, thr) + bytesAt(h.oldUsed, cfg.CardRate*thr) + oldTime
	// G1 predicts from the pauses it measured, which took as long as the
	// JVM's share of the CPUs made them (cpushare.go).
	if stretch(pause, h.cpuShare) > g1PauseGoal {
		return false
	}
	return Bytes(float64(g1CopySafety*float64(toCopy))) <= (baseFree-n)*r
}

// g1PreventiveEden is the number of eden regions after which JDK 17's
// preventive check asks for a young collection, given the free regions
// after the pause (old and survivors left out): eden grows a region at a
// time while the regions needed to evacuate it and the survivors, with
// copying waste, fit in what stays free after the next one. Survivors and
// eden survive at the one predicted rate (the model keeps no rate per age).
// The mixed phase's old regions are left out (their predicted survivors
// are not modelled).
func (h *heap) g1PreventiveEden(free Bytes) Bytes {
	r := h.g1.region
	rate := h.g1.survival.predictUnit(g1InitialSurvival)
	regionsWithWaste := func(b Bytes) Bytes {
		return regionsFor(Bytes(float64(float64(b)*g1PLABWaste)), r)
	}
	fromSurvivors := Bytes(float64(rate * float64(h.survUsed)))
	var eden Bytes
	for eden < free {
		fromEden := Bytes(float64(rate * float64(eden*r)))
		if (eden > 0 || h.survUsed > 0) && regionsWithWaste(fromEden+fromSurvivors) > free-eden-1 {
			break
		}
		eden++
	}
	return eden
}

// g1SampleSurvival records what fraction of the eden a young collection
// found survived, after G1's seed of 40 % if it is the first.
func (h *heap) g1SampleSurvival(eden, fromEden Bytes) {
	if eden <= 0 {
		return
	}
	if h.g1.survival.num == 0 {
		h.g1.survival.add(g1InitialSurvival)
	}
	h.g1.survival.add(min(1, float64(float64(fromEden)/float64(eden))))
}
