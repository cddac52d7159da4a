package scenario

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Native/wasm agreement: every case of every scenario, shortened, must give
// the same trace hash, event count and metrics wherever it runs. The
// expected values are in testdata/agreement.json, written natively with
// -update; `make test` runs this test natively and under GOOS=js
// GOARCH=wasm, so both must match the same file.
type agreed struct {
	Hash    string         `json:"hash"`
	Events  int            `json:"events"`
	Metrics map[string]any `json:"metrics"`
	Outcome string         `json:"outcome"`
}

func TestNativeAndWasmAgree(t *testing.T) {
	path := filepath.Join("testdata", "agreement.json")
	got := map[string]agreed{}
	for _, sc := range All() {
		for _, c := range sc.Cases {
			ref := sc.ID + "/" + c.ID
			sm, v, err := sc.NewSim(c.ID, sc.ShortSet(), 11)
			require.NoError(t, err, ref)
			loop := watchMainLoop(sm)
			h, n, err := TraceHash(sm, sim.Never)
			require.NoError(t, err, ref)
			r := sc.result(c.ID, 11, v, sm, loop)
			// Round-trip through JSON so numbers compare as the file holds them.
			raw, _ := json.Marshal(r.Metrics)
			var m map[string]any
			require.NoError(t, json.Unmarshal(raw, &m))
			got[ref] = agreed{Hash: formatHash(h), Events: n, Metrics: m, Outcome: r.Outcome}
		}
	}
	if *update {
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		raw, err := json.MarshalIndent(got, "", " ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, append(raw, '\n'), 0o644))
		return
	}
	raw, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to create %s", path)
	var want map[string]agreed
	require.NoError(t, json.Unmarshal(raw, &want))
	assert.Equal(t, len(want), len(got), "cases added or removed: run with -update")
	for ref, w := range want {
		assert.Equal(t, w, got[ref], ref)
	}
}

func formatHash(h uint64) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 16)
	for i := 15; i >= 0; i-- {
		b[i] = digits[h&15]
		h >>= 4
	}
	return string(b)
}
