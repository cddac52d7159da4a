package play

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

func TestZZProbe(t *testing.T) {
	spec := os.Getenv("PROBE_SPEC")
	if spec == "" {
		t.Skip()
	}
	p := New()
	mustLoad(t, p, spec)
	require.NoError(t, p.Open(true, false))
	ticksUntilOpened(t, p)
	var w, h float32 = 1134, 464
	fmt.Sscanf(os.Getenv("PROBE_WH"), "%fx%f", &w, &h)
	var l view.List
	hdr := p.Header()
	view.Build(&l, w, h, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	fmt.Println(strings.ReplaceAll(frameText(&l), "\n", " | "))
}

func TestZZProbePhone(t *testing.T) {
	spec := os.Getenv("PROBE_SPEC")
	if spec == "" {
		t.Skip()
	}
	p := New()
	mustLoad(t, p, spec)
	require.NoError(t, p.Open(true, false))
	ticksUntilOpened(t, p)
	_, words := phoneFrame(p)
	fmt.Println(strings.ReplaceAll(words, "\n", " | "))
}

func TestZZProbeAt(t *testing.T) {
	spec := os.Getenv("PROBE_SPEC")
	if spec == "" {
		t.Skip()
	}
	var ms int64
	fmt.Sscan(os.Getenv("PROBE_MS"), &ms)
	p := pausedAt(t, spec, sim.Time(ms)*sim.Time(sim.Millisecond))
	if os.Getenv("PROBE_NOSYNC") == "" {
		p.SyncContrast(1 << 30)
	}
	var w, h float32 = 1134, 464
	fmt.Sscanf(os.Getenv("PROBE_WH"), "%fx%f", &w, &h)
	var l view.List
	hdr := p.Header()
	hdr.Running = os.Getenv("PROBE_RUN") != ""
	view.Build(&l, w, h, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	fmt.Println(strings.ReplaceAll(frameText(&l), "\n", " | "))
}
