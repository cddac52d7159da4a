package scenario

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// Calibration helpers: LOOMDEBUG runs cases and prints raw metrics;
// LOOMPROFILE overrides fields of the vt-pooling profile (Field=value,...).
// Both are for the people fitting a profile; they are skipped in normal runs.

func applyProfile(spec string) {
	if spec == "" {
		return
	}
	v := reflect.ValueOf(&vtPoolingProfile).Elem()
	for _, kv := range strings.Split(spec, ",") {
		k, val, _ := strings.Cut(kv, "=")
		f := v.FieldByName(k)
		if !f.IsValid() {
			panic("no profile field " + k)
		}
		switch f.Kind() {
		case reflect.Float64:
			x, _ := strconv.ParseFloat(val, 64)
			f.SetFloat(x)
		case reflect.Int, reflect.Int64:
			x, _ := strconv.ParseInt(val, 10, 64)
			f.SetInt(x)
		}
	}
}

func TestDebugRun(t *testing.T) {
	spec := os.Getenv("LOOMDEBUG")
	if spec == "" {
		t.Skip("set LOOMDEBUG=scenario/case[,knob=value...][;scenario/case...]")
	}
	applyProfile(os.Getenv("LOOMPROFILE"))
	var wg sync.WaitGroup
	out := make([]string, len(strings.Split(spec, ";")))
	for i, one := range strings.Split(spec, ";") {
		wg.Add(1)
		go func() {
			defer wg.Done()
			parts := strings.Split(one, ",")
			s, c, err := ParseRef(parts[0])
			if err != nil {
				panic(err)
			}
			set := map[string]string{}
			for _, kv := range parts[1:] {
				k, v, _ := strings.Cut(kv, "=")
				set[k] = v
			}
			sm, _, err := s.NewSim(c, set, 1)
			if err != nil {
				panic(err)
			}
			sm.RunToEnd()
			m := sm.Metrics()
			var snap sim.Snapshot
			sm.Fill(&snap)
			out[i] = fmt.Sprintf("%-18s rps %6.0f yg %4d fg %4d pause %5.1fs prom/yg %5.1fMB tenure %d live %4.0f..%4.0f chunks %5.2fGB cap %4d frz %4d eden %5.1f surv %4.1f %s",
				c, m.ThroughputRPS, m.YoungGCs, m.FullGCs, m.GCPauseTotal.Seconds(), m.Promoted.MiB()/float64(m.YoungGCs+1),
				m.TenuringThreshold, m.OldLiveAfterFullLo.MiB(), m.OldLiveAfterFullHi.MiB(), float64(m.StackChunkAllocBytes)/1e9,
				m.StackChunkCapacityP50, m.StackChunkFrozenP50, snap.Heap.EdenCap.MiB(), snap.Heap.SurvivorCap.MiB(), m.OOM)
		}()
	}
	wg.Wait()
	for _, o := range out {
		fmt.Println(o)
	}
}
