package scenario

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/require"
)

// Golden traces: small runs whose every observable event is recorded in
// testdata/golden. A change to the model that changes a trace fails here;
// refresh them with `go test ./sim/scenario -run Golden -update` and commit
// them only if you understand what caused the difference. The same test runs
// under GOOS=js GOARCH=wasm, so native and wasm must produce the same bytes
// (and the same trace hash on the last line).
var update = flag.Bool("update", false, "rewrite the golden traces")

var goldens = []struct {
	name, ref string
	set       map[string]string
	until     sim.Duration
}{
	{"request-load-virtual", "request-load/virtual-per-request", map[string]string{"requests": "6", "sleep_ms": "1", "cores": "2"}, 10 * sim.Millisecond},
	{"request-load-pinned", "request-load/virtual-per-request", map[string]string{"requests": "6", "sleep_ms": "1", "cores": "2", "pin": "true"}, 10 * sim.Millisecond},
	{"request-load-pool", "request-load/pool-200", map[string]string{"requests": "6", "sleep_ms": "1", "pool_size": "2"}, 10 * sim.Millisecond},
	{"vt-basics-create-virtual", "vt-basics/create-virtual", map[string]string{"threads": "8", "cores": "2"}, 5 * sim.Millisecond},
	{"llm-router-virtual", "llm-router/virtual", map[string]string{"requests": "6", "concurrency": "3", "cores": "2"}, 3 * sim.Second},
	{"vt-pooling-1g-pool", "vt-pooling/1g-pool", map[string]string{"connections": "3", "pool_size": "3", "heap_mb": "64", "cores": "2", "warmup_s": "0", "measure_s": "0.2"}, 200 * sim.Millisecond},
}

func TestGoldenTraces(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			sc, c, err := ParseRef(g.ref)
			require.NoError(t, err)
			sm, _, err := sc.NewSim(c, g.set, 1)
			require.NoError(t, err)
			var buf bytes.Buffer
			require.NoError(t, WriteTrace(&buf, sm, sim.Time(g.until)))
			path := filepath.Join("testdata", "golden", g.name+".trace")
			if *update {
				require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "missing golden trace; run with -update to create it")
			if !bytes.Equal(want, buf.Bytes()) {
				gotLines := strings.Split(buf.String(), "\n")
				wantLines := strings.Split(string(want), "\n")
				for i := range wantLines {
					if i >= len(gotLines) || gotLines[i] != wantLines[i] {
						got := "<end>"
						if i < len(gotLines) {
							got = gotLines[i]
						}
						t.Fatalf("trace differs at line %d:\nwant %s\ngot  %s", i+1, wantLines[i], got)
					}
				}
				t.Fatalf("trace has %d extra lines", len(gotLines)-len(wantLines))
			}
		})
	}
}
