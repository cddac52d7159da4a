package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/loomlab/loomlab/gclog"
	"github.com/stretchr/testify/require"
)

// readTwinLog reads one of the Java twin's committed GC logs (a path under testdata/) and checks
// it was written by the collector gc. It returns the raw text too, for lines gclog does not keep
// (G1's Copied Bytes). The calibration tests share it.
func readTwinLog(t *testing.T, name, gc string) ([]byte, *gclog.Log) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	require.NoError(t, err)
	l, err := gclog.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	require.Equal(t, gc, l.Collector.String(), name)
	return b, l
}

// twinGCThreads is how many GC threads the log's JVM ran its pauses on: ParallelGCThreads is every
// CPU up to 8 (Parallel, G1); Serial has one.
func twinGCThreads(t *testing.T, l *gclog.Log, gc, name string) int {
	t.Helper()
	require.True(t, l.CPUs >= 1 && l.CPUs <= 8, "%s: %d CPUs", name, l.CPUs)
	if gc == "serial" {
		return 1
	}
	return l.CPUs
}
