package scenario

import (
	"flag"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// Calibration: a tool for whoever fits vt-pooling's physical constants
// (vtPoolingProfile) to the article, not a test of the model; it runs only
// when asked for:
//
//	go test ./sim/scenario -run TestCalibrate -v \
//	    -calibrate 'vt-pooling/1g-pool,measure_s=2;vt-pooling/4g-pool' \
//	    -profile 'YoungFixed=3.0,CopyRate=1048576'
//
// -calibrate lists runs (scenario/case, then knob=value pairs, runs separated
// by ';'); each is run to its end and its raw GC and chunk figures printed,
// including ones `loomsim run --json` does not report (promoted bytes per
// young GC, the tenuring threshold, eden and survivor sizes, the range of
// old-generation live bytes after full GCs). -profile overrides fields of the
// private profile by name for this process only, which no command can do
// without exporting the profile. It stays here, behind the flag, because
// that override needs the package's unexported profile.
var (
	calibrateRuns    = flag.String("calibrate", "", "TestCalibrate: runs to print, scenario/case[,knob=value...][;...]")
	calibrateProfile = flag.String("profile", "", "TestCalibrate: vt-pooling profile overrides, Field=value[,...]")
)

// overrideProfile sets fields of p by name ("Field=value,..."); an unknown
// field, a field that is not a number or a value that does not parse is an
// error naming it.
func overrideProfile(p *vtPoolingProfileT, spec string) error {
	v := reflect.ValueOf(p).Elem()
	for _, kv := range strings.Split(spec, ",") {
		k, val, ok := strings.Cut(kv, "=")
		f := v.FieldByName(k)
		if !ok || !f.IsValid() {
			return fmt.Errorf("profile override %q: expected Field=value with a field of vtPoolingProfileT", kv)
		}
		switch f.Kind() {
		case reflect.Float64:
			x, err := strconv.ParseFloat(val, 64)
			if err != nil {
				return fmt.Errorf("profile override %s=%q: not a number", k, val)
			}
			f.SetFloat(x)
		case reflect.Int, reflect.Int64:
			x, err := strconv.ParseInt(val, 10, 64)
			if err != nil {
				return fmt.Errorf("profile override %s=%q: not an integer", k, val)
			}
			f.SetInt(x)
		default:
			return fmt.Errorf("profile override %s: a %s field cannot be set", k, f.Kind())
		}
	}
	return nil
}

func TestCalibrate(t *testing.T) {
	if *calibrateRuns == "" {
		t.Skip("a calibration tool: go test ./sim/scenario -run TestCalibrate -v -calibrate 'scenario/case[,knob=value...][;...]' [-profile 'Field=value,...']")
	}
	if *calibrateProfile != "" {
		saved := vtPoolingProfile
		t.Cleanup(func() { vtPoolingProfile = saved })
		if err := overrideProfile(&vtPoolingProfile, *calibrateProfile); err != nil {
			t.Fatal(err)
		}
		if vtPoolingProfile == saved {
			t.Fatalf("-profile %q changed nothing: every value equals the profile's own", *calibrateProfile)
		}
		t.Logf("profile: %+v", vtPoolingProfile)
	}
	for _, one := range strings.Split(*calibrateRuns, ";") {
		parts := strings.Split(one, ",")
		s, c, err := ParseRef(parts[0])
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]string{}
		for _, kv := range parts[1:] {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("%s: %q is not knob=value", parts[0], kv)
			}
			set[k] = v
		}
		sm, _, err := s.NewSim(c, set, 1)
		if err != nil {
			t.Fatal(err)
		}
		sm.RunToEnd()
		if !sm.Done() {
			t.Fatalf("%s did not run to its end", one)
		}
		m := sm.Metrics()
		var snap sim.Snapshot
		sm.Fill(&snap)
		t.Logf("%-18s rps %6.0f yg %4d fg %4d pause %5.1fs prom/yg %5.1fMB tenure %d live %4.0f..%4.0f chunks %5.2fGB cap %4d frz %4d eden %5.1f surv %4.1f %s",
			c, m.ThroughputRPS, m.YoungGCs, m.FullGCs, m.GCPauseTotal.Seconds(), m.Promoted.MiB()/float64(m.YoungGCs+1),
			m.TenuringThreshold, m.OldLiveAfterFullLo.MiB(), m.OldLiveAfterFullHi.MiB(), float64(m.StackChunkAllocBytes)/1e9,
			m.StackChunkCapacityP50, m.StackChunkFrozenP50, snap.Heap.EdenCap.MiB(), snap.Heap.SurvivorCap.MiB(), m.OOM)
	}
}

// The override the calibration relies on sets the named field and refuses
// what it cannot set, instead of silently writing a zero.
func TestOverrideProfile(t *testing.T) {
	p := vtPoolingProfile
	if err := overrideProfile(&p, "YoungFixed=2.5,DeadWood=9,CopyRate=1000"); err != nil {
		t.Fatal(err)
	}
	if p.YoungFixed != 2.5 || p.DeadWood != 9 || p.CopyRate != 1000 {
		t.Fatalf("override not applied: %+v", p)
	}
	for _, bad := range []string{"Nope=1", "YoungFixed", "YoungFixed=fast", "DeadWood=1.5", ""} {
		if err := overrideProfile(&p, bad); err == nil {
			t.Errorf("override %q accepted", bad)
		}
	}
}
