package scenario

import "github.com/loomlab/loomlab/sim"

// Shared building blocks. Values here are JVM or OS facts (docs/model.md) or
// estimates used by every article; each article's own constants live in its
// file.

// machine returns the OS model for a machine with the given cores.
func machine(cores int) sim.Machine {
	return sim.Machine{
		Cores: cores,
		// Round-robin slice of the order of CFS's scheduling granularity.
		Quantum: 4 * sim.Millisecond,
		// CPU to switch to a woken thread [est].
		ContextSwitch: 3 * sim.Microsecond,
		// Futex wake to running on an idle core [est]; also the delay before
		// a new thread runs.
		WakeLatency: 50 * sim.Microsecond,
	}
}

// jvmDefaults returns HotSpot thread and scheduler settings shared by all
// articles (docs/model.md).
func jvmDefaults(jdk int) sim.JVM {
	return sim.JVM{
		JDK:         jdk,
		MaxPoolSize: 256, // jdk.virtualThreadScheduler.maxPoolSize default
		Xss:         sim.MB,
		// Freeze/thaw: ~100–150 ns amortized per operation per the source's
		// comments [src], plus copying at ~4 GB/s (2 ns per word) [est].
		FreezeBase: 120, ThawBase: 120, FreezePerKWord: 2000, ThawPerKWord: 2000,
		ThawFastLimit: 500, // continuationFreezeThaw.cpp
		// Virtual thread + Continuation before the first park ≈ 250 B [est].
		VThreadBytes: 256,
		// Measured on JDK 17 (resident.go); a profile with its own
		// article figures fits its own.
		BaselineRSS: jvmBaselineRSS, PlatformRSS: platformThreadRSS,
	}
}

// newRatioFlag reads a new_ratio knob: 0 passes no -XX:NewRatio (the
// JVM's default 2 for Serial and Parallel; G1 sizes young itself), any other
// value is the flag, which G1 then follows too.
func newRatioFlag(v *Values) (ratio int, given bool) {
	if r := v.Int("new_ratio"); r > 0 {
		return r, true
	}
	return 2, false // NewRatio's default (gc_globals.hpp)
}

// heapDefaults returns the HotSpot defaults (gc_globals.hpp) for collector
// gc with the project's pause cost model; only Parallel uses the adaptive
// size policy.
func heapDefaults(gc sim.GCKind, max sim.Bytes, newRatio, survivorRatio int) sim.HeapConfig {
	return sim.HeapConfig{
		GC: gc, MaxBytes: max, NewRatio: newRatio, SurvivorRatio: survivorRatio,
		MaxTenuring: 15, InitialTenuring: 7, TargetSurvivorRatio: 50,
		Adaptive: gc == sim.GCParallel, MinSurvivorRatio: 3,
		ChunkHeader: 48,
		// A young GC takes dead old objects' references as roots (JDK 17
		// twin of gc-lab, docs/model.md "Nepotism").
		Nepotism: true,
		// Cost model defaults [est]; articles with GC figures calibrate them.
		YoungFixed: 500 * sim.Microsecond, CopyRate: 150 * sim.MB, CardRate: 4 * sim.GB,
		FullFixed: 2 * sim.Millisecond, MarkRate: 400 * sim.MB, SweepRate: 4 * sim.GB,
		// G1MarkRate is per marking thread per ms of its CPU [est from the
		// twin's JDK 17 G1 logs, docs/model.md]: concurrent marks of 30-50 MB
		// ran at about 0.9 MB per ms of wall time on a machine where the GC
		// threads got at most a fifth of a CPU.
		G1IHOP: 45, G1MarkRate: 4 * sim.MB, G1RemarkPause: 2 * sim.Millisecond,
		G1MixedCopyRate: 150 * sim.MB, G1OldLiveness: 30,
	}
}

func gcKind(name string) sim.GCKind {
	switch name {
	case "serial":
		return sim.GCSerial
	case "g1":
		return sim.GCG1
	}
	return sim.GCParallel
}

func ms64(v float64) sim.Duration { return sim.Duration(v * float64(sim.Millisecond)) }
func us64(v float64) sim.Duration { return sim.Duration(v * float64(sim.Microsecond)) }
