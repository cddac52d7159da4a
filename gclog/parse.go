package gclog

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxLineBytes bounds the length of one line. HotSpot's GC lines are a few hundred bytes; a longer
// line means the input is not a GC log, and the bound keeps memory small whatever the input.
const MaxLineBytes = 64 << 10

// MaxEvents bounds how many events one log may hold, so memory stays bounded (a few hundred bytes
// per event) whatever the input's size, in the browser too. It is a month of one young GC every
// 13 seconds; a longer log is better read a piece at a time.
const MaxEvents = 200_000

// maxUnknownExamples is how many unrecognised lines the Log keeps to show; the rest are counted.
const maxUnknownExamples = 8

// maxPending bounds how many GC ids may wait for their summary line at once; a real log has one
// or two (a G1 concurrent cycle spans young GCs). Hostile input cannot grow the map beyond this.
const maxPending = 64

// Log is everything read from one GC log.
type Log struct {
	Collector   Collector `json:"collector"`
	Version     string    `json:"jvm_version,omitempty"` // "17.0.15+6-Debian-1deb12u1 (release)"
	CPUs        int       `json:"cpus,omitempty"`
	HeapInitial Bytes     `json:"heap_initial,omitempty"`
	HeapMax     Bytes     `json:"heap_max,omitempty"` // from the gc+init line; 0 when the log has none
	RegionSize  Bytes     `json:"region_size,omitempty"`
	// Clock says what the times are measured from: "uptime" (JVM start), "wall" (the first line's
	// wall-clock time) or "none" (the log has no time decorations: times are all 0).
	Clock string `json:"clock"`
	// First and Last are the times of the first and last line that had one.
	First Nanos `json:"first_ns"`
	Last  Nanos `json:"last_ns"`
	// Events in time order (the order of their completing lines).
	Events []Event `json:"events"`
	// ToSpaceExhausted counts G1's evacuation failures; CancelledCycles the Shenandoah cycles given
	// up before they finished (not among the events); AllocationStalls and StallTime ZGC's
	// "Allocation Stall" lines (a thread waited for memory).
	ToSpaceExhausted int   `json:"to_space_exhausted,omitempty"`
	CancelledCycles  int   `json:"cancelled_cycles,omitempty"` // Shenandoah's "Cancelling GC"
	AllocationStalls int   `json:"allocation_stalls,omitempty"`
	StallTime        Nanos `json:"allocation_stall_ns,omitempty"`
	// Lines counts every line; Skipped the recognised lines whose content the reader does not use
	// (phases, CPU times, metaspace ...); Unknown the lines it did not recognise at all.
	Lines           int           `json:"lines"`
	Skipped         int           `json:"skipped_lines"`
	Unknown         int           `json:"unknown_lines"`
	UnknownExamples []UnknownLine `json:"unknown_examples,omitempty"`
}

// UnknownLine is one unrecognised line, kept so a reader can see what was not understood.
type UnknownLine struct {
	Line int    `json:"line"`
	Text string `json:"text"` // at most 120 bytes
}

// pendingGC gathers the lines of one GC id until its summary line arrives.
type pendingGC struct {
	first      Nanos
	gens       []Generation
	toSpaceExh bool
	// A Shenandoah cycle has no summary line of its own: it is made from these when the next id
	// starts or the log ends.
	cycle    bool
	cycleCut bool // a degenerated or Full GC finished the cycle instead
	before   Bytes
	after    Bytes
	commit   Bytes
	hasHeap  bool
	last     Nanos
	lastLine int
	trigger  string
}

// Parser reads a log line by line: call Line for each line (without its newline), then Finish.
// It keeps no more than a few GCs' worth of lines, so a log of any length streams through it.
type Parser struct {
	log        Log
	pending    map[int]*pendingGC
	recognised int // lines that are unified logging of a collector
	nonBlank   int
	clockSet   bool
	wallOrigin Nanos
	now        Nanos
	hasNow     bool
	trigger    string // Shenandoah's last "Trigger:" reason, the cause of the next cycle
	maxID      int
}

// NewParser returns a parser for one log.
func NewParser() *Parser {
	return &Parser{pending: map[int]*pendingGC{}, maxID: -1}
}

// Parse reads a whole log from r.
func Parse(r io.Reader) (*Log, error) {
	p := NewParser()
	sc := bufio.NewScanner(r)
	// Room for a line of MaxLineBytes and its "\r\n": Line judges the
	// length, as Stream's lines are judged (the scanner's own bound is the
	// buffer's, line ending included, and refused a line of exactly
	// MaxLineBytes).
	sc.Buffer(make([]byte, 0, 4096), MaxLineBytes+2)
	for sc.Scan() {
		if err := p.Line(sc.Bytes()); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, lineErr(p.log.Lines+1, ErrLineTooLong,
				"longer than %d KiB; a HotSpot GC log's lines are a few hundred bytes", MaxLineBytes>>10)
		}
		return nil, err
	}
	return p.Finish()
}

// Line reads one line (its trailing newline, and a carriage return, removed or not).
func (p *Parser) Line(b []byte) error {
	p.log.Lines++
	n := p.log.Lines
	b = bytes.TrimSuffix(bytes.TrimSuffix(b, []byte("\n")), []byte("\r"))
	if len(b) > MaxLineBytes {
		return lineErr(n, ErrLineTooLong, "longer than %d KiB; a HotSpot GC log's lines are a few hundred bytes", MaxLineBytes>>10)
	}
	if i := binaryAt(b); i >= 0 {
		return lineErr(n, ErrBinary, "byte 0x%02x at column %d; a GC log is text", b[i], i+1)
	}
	line := string(b)
	if strings.TrimSpace(line) == "" {
		return nil
	}
	p.nonBlank++
	if isLegacyLine(line) {
		return lineErr(n, ErrLegacyFormat, "this is JDK 8's -XX:+PrintGCDetails format, which is not read; "+
			"run the JVM (JDK 9 or later) with -Xlog:gc* (e.g. -Xlog:gc*:file=gc.log) to write the unified logging this reads")
	}
	d, msg := parseDecorations(line)
	p.tick(d)
	known, err := p.message(n, msg)
	if err != nil {
		return err
	}
	if len(p.log.Events) > MaxEvents {
		return lineErr(n, ErrTooLarge, "more than %d GC events; give a shorter part of the log (the last day, say)", MaxEvents)
	}
	switch {
	case known == used:
		p.recognised++
	case known == skipped || d.tags != "" && isGCTagSet(d.tags):
		p.recognised++
		p.log.Skipped++
	default:
		p.log.Unknown++
		if len(p.log.UnknownExamples) < maxUnknownExamples {
			p.log.UnknownExamples = append(p.log.UnknownExamples, UnknownLine{Line: n, Text: clip(line, 120)})
		}
	}
	return nil
}

// binaryAt returns the index of the first byte no text log holds (NUL and other control
// characters but tab, or invalid UTF-8), or -1.
func binaryAt(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}

// clip shortens s to at most n bytes without splitting a UTF-8 sequence.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// isGCTagSet: a tag set written by a collector's logging (gc, gc+heap, safepoint ...).
func isGCTagSet(tags string) bool {
	first, _, _ := strings.Cut(tags, ",")
	return first == "gc" || first == "safepoint"
}

// tick moves the parser's clock to the line's time. Uptime is preferred; a log with wall-clock
// decorations only is measured from its first line. A line without a time keeps the last one.
func (p *Parser) tick(d decorations) {
	if !p.clockSet {
		switch {
		case d.hasUp:
			p.log.Clock, p.clockSet = "uptime", true
		case d.hasWall:
			p.log.Clock, p.clockSet, p.wallOrigin = "wall", true, d.wall
		default:
			return
		}
	}
	var t Nanos
	switch {
	case p.log.Clock == "uptime" && d.hasUp:
		t = d.uptime
	case p.log.Clock == "wall" && d.hasWall:
		t = d.wall - p.wallOrigin
	default:
		return
	}
	if !p.hasNow {
		p.log.First, p.hasNow = t, true
	}
	p.now = t
	if t > p.log.Last {
		p.log.Last = t
	}
}

// Finish ends the log: it closes Shenandoah cycles still open, fills in G1's region sizes, infers
// the collector when no "Using" line named it, and orders the events by time.
func (p *Parser) Finish() (*Log, error) {
	if p.nonBlank == 0 {
		return nil, lineErr(0, ErrEmpty, "no lines; expected a HotSpot GC log written with -Xlog:gc or -Xlog:gc* (JDK 9 or later)")
	}
	if p.recognised == 0 {
		return nil, lineErr(0, ErrNotGCLog, "none of the %d lines is HotSpot unified logging of a collector "+
			"(such as \"[0.512s][info][gc] GC(0) Pause Young (Allocation Failure) 24M->3M(256M) 3.456ms\"); "+
			"run the JVM (JDK 9 or later) with -Xlog:gc* to write one", p.log.Lines)
	}
	p.closeCycles(-1)
	if p.log.Clock == "" {
		p.log.Clock = "none"
	}
	l := &p.log
	if l.RegionSize > 0 {
		for i := range l.Events {
			for j := range l.Events[i].Gens {
				g := &l.Events[i].Gens[j]
				if g.Name != "" && strings.HasSuffix(g.Name, "regions") {
					g.Before = Bytes(g.RegionsBefore) * l.RegionSize
					g.After = Bytes(g.RegionsAfter) * l.RegionSize
					g.CapacityAfter = Bytes(g.RegionsTarget) * l.RegionSize
				}
			}
		}
	}
	if l.Collector == 0 {
		l.Collector = inferCollector(l.Events)
	}
	// Lines are written in time order but HotSpot stamps a line before it takes the output lock,
	// so two threads' lines can land a millisecond out of order; a stable sort keeps line order
	// among equal times.
	slices.SortStableFunc(l.Events, func(a, b Event) int {
		switch {
		case a.Time < b.Time:
			return -1
		case a.Time > b.Time:
			return 1
		}
		return 0
	})
	return l, nil
}

// inferCollector names the collector from what its events look like, for a log whose start (with
// the "Using ..." line) was cut off.
func inferCollector(events []Event) Collector {
	for _, e := range events {
		for _, g := range e.Gens {
			switch g.Name {
			case "PSYoungGen", "ParOldGen", "PSOldGen":
				return Parallel
			case "DefNew", "Tenured":
				return Serial
			case "Eden regions", "Survivor regions", "Old regions", "Humongous regions", "Archive regions":
				return G1
			}
		}
		switch {
		case e.Kind == Mixed || e.Kind == Remark || e.Kind == Cleanup || e.Cause == "G1 Evacuation Pause":
			return G1
		case e.Kind == Concurrent && e.Phase == "Garbage Collection":
			return ZGC
		case e.Kind == Degenerated || e.Kind == Concurrent && e.Phase == "Cycle":
			return Shenandoah
		}
	}
	return 0
}
