package sim

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// The read-ahead (warm.go: warmQueued) reads four fields of each queued
// thread's record so as to touch each 64-byte line of its hot and warm
// fields: that holds only while the fields sit where its comment says. A
// field added to the record moves them (and grows the record, 10,000 of
// which do not fit in the caches); this says so.
func TestThreadRecordLayout(t *testing.T) {
	var th thread
	assert.Equal(t, uintptr(232), unsafe.Sizeof(th), "a thread's record")
	assert.Equal(t, uintptr(144), unsafe.Offsetof(th.wakeNeed), "the last warm field")
	assert.Equal(t, uintptr(0), unsafe.Offsetof(th.since))
	assert.Equal(t, uintptr(48), unsafe.Offsetof(th.task))
	assert.Equal(t, uintptr(112), unsafe.Offsetof(th.cache)+unsafe.Offsetof(th.cache.total))
	assert.Equal(t, uintptr(176), unsafe.Offsetof(th.mounts))
}
