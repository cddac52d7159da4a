package sim

import "fmt"

// Time is a point on the simulator's virtual clock, in nanoseconds since the
// start of the run. It is the only clock in the model: nothing in sim/ reads
// the wall clock.
type Time int64

// Duration is a span of virtual time in nanoseconds.
type Duration int64

// Common durations, named like the standard library's so that scenario code
// reads naturally (3*sim.Millisecond) without importing package time.
const (
	Nanosecond  Duration = 1
	Microsecond          = 1000 * Nanosecond
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
)

// Never is a time later than any the simulator reaches.
const Never Time = 1<<63 - 1

// Add returns t+d.
func (t Time) Add(d Duration) Time { return t + Time(d) }

// Sub returns t-u as a Duration.
func (t Time) Sub(u Time) Duration { return Duration(t - u) }

// Seconds returns t in seconds (for reports only; the model never uses it).
func (t Time) Seconds() float64 { return float64(t) / 1e9 }

func (t Time) String() string { return Duration(t).String() }

// Seconds returns d in seconds (for reports only).
func (d Duration) Seconds() float64 { return float64(d) / 1e9 }

// Milliseconds returns d in milliseconds as a float (for reports only).
func (d Duration) Milliseconds() float64 { return float64(d) / 1e6 }

func (d Duration) String() string {
	switch {
	case d == 0:
		return "0s"
	case d%Second == 0:
		return fmt.Sprintf("%ds", d/Second)
	case d >= Second || d <= -Second:
		return fmt.Sprintf("%.3fs", d.Seconds())
	case d%Millisecond == 0:
		return fmt.Sprintf("%dms", d/Millisecond)
	case d >= Millisecond || d <= -Millisecond:
		return fmt.Sprintf("%.3fms", float64(d)/1e6)
	case d%Microsecond == 0:
		return fmt.Sprintf("%dµs", d/Microsecond)
	case d >= Microsecond || d <= -Microsecond:
		return fmt.Sprintf("%.3fµs", float64(d)/1e3)
	default:
		return fmt.Sprintf("%dns", int64(d))
	}
}

// Bytes counts heap or native memory.
type Bytes int64

// Byte sizes.
const (
	KB Bytes = 1024
	MB       = 1024 * KB
	GB       = 1024 * MB
)

// MiB returns b in mebibytes (for reports only).
func (b Bytes) MiB() float64 { return float64(b) / float64(MB) }

func (b Bytes) String() string {
	switch {
	case b >= GB || b <= -GB:
		return fmt.Sprintf("%.2fGB", float64(b)/float64(GB))
	case b >= MB || b <= -MB:
		return fmt.Sprintf("%.1fMB", float64(b)/float64(MB))
	case b >= KB || b <= -KB:
		return fmt.Sprintf("%.1fKB", float64(b)/float64(KB))
	default:
		return fmt.Sprintf("%dB", int64(b))
	}
}

// Words counts 8-byte machine words, the unit of stack frames and StackChunk
// capacity in HotSpot.
type Words int64

// WordBytes is the size of a machine word on the 64-bit JVMs the articles ran.
const WordBytes Bytes = 8

// Bytes returns the size of w words.
func (w Words) Bytes() Bytes { return Bytes(w) * WordBytes }

func (w Words) String() string { return fmt.Sprintf("%dw", int64(w)) }

// ThreadID names a Java thread (platform or virtual) for display. IDs are
// handed out in creation order starting at 1, like Thread.threadId(); the
// zero value means "no thread".
type ThreadID int64

func (id ThreadID) String() string {
	if id == 0 {
		return "-"
	}
	return fmt.Sprintf("#%d", int64(id))
}

// CarrierID names a carrier thread of the virtual-thread scheduler, counted
// from 1 like ForkJoinPool-1-worker-N.
type CarrierID int32

func (id CarrierID) String() string {
	if id == 0 {
		return "-"
	}
	return fmt.Sprintf("ForkJoinPool-1-worker-%d", int32(id))
}

// ChunkID names a StackChunk for display, in allocation order from 1.
type ChunkID int64

func (id ChunkID) String() string { return fmt.Sprintf("chunk#%d", int64(id)) }
