package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A point's misses that share a reason are one item: FIDELITY.md printed
// the Full GC count's long reason again for the same count by its cause.
// Misses with different reasons, or of different points, stay apart.
func TestMissesSharingAReasonAreOneItem(t *testing.T) {
	reasons := []missReason{
		{Point: "p-100", Metric: "Full GCs", Reason: "the buffers live too long"},
		{Point: "p-100", Metric: "young GCs", Reason: "eden sized otherwise"},
	}
	misses := []miss{
		{"p-100", "Full GCs per 1,000 requests", "JVM 0.059, model 0.147"},
		{"p-100", "Full GCs (Ergonomics) per 1,000", "JVM 0.059, model 0.147"},
		{"p-100", "young GCs per 1,000 requests", "JVM 1, model 2"},
		{"p-200", "Full GCs per 1,000 requests", "JVM 3, model 5"},
	}
	var b strings.Builder
	writeMisses(&b, misses, reasons)
	got := strings.Split(strings.TrimSpace(b.String()), "\n")
	assert.Equal(t, []string{
		"- **p-100, Full GCs per 1,000 requests; Full GCs (Ergonomics) per 1,000** (JVM 0.059, model 0.147): the buffers live too long",
		"- **p-100, young GCs per 1,000 requests** (JVM 1, model 2): eden sized otherwise",
		"- **p-200, Full GCs per 1,000 requests** (JVM 3, model 5): " + reasonFor(reasons, "p-200", "Full GCs per 1,000 requests"),
	}, got)
}
