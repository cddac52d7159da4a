package gclog

import (
	"slices"
	"strconv"
	"strings"
)

// lineUse is what the parser made of a line's message.
type lineUse int

const (
	notRecognised lineUse = iota // not a collector's message the parser knows
	used                         // read into the Log
	skipped                      // a collector's message the summary does not need
)

// message reads one line's message (the text after the decorations).
func (p *Parser) message(n int, msg string) (lineUse, error) {
	msg = strings.TrimRight(msg, " \t")
	if c, ok := usingLine(msg); ok {
		p.log.Collector = c
		return used, nil
	}
	if p.initLine(msg) {
		return used, nil
	}
	if reason, ok := strings.CutPrefix(msg, "Trigger: "); ok {
		p.trigger = shortTrigger(reason)
		return used, nil
	}
	if strings.HasPrefix(msg, "Cancelling GC: ") {
		// Shenandoah gives up the running cycle (out of memory, or the VM stops); a degenerated or
		// Full GC finishes the work, so the cycle does not count as a concurrent one.
		for _, pg := range p.pending {
			if pg.cycle && !pg.cycleCut {
				pg.cycleCut = true
				p.log.CancelledCycles++
			}
		}
		return used, nil
	}
	id, rest, hasID := gcID(msg)
	if stall, ok := strings.CutPrefix(rest, "Allocation Stall ("); ok {
		fields := strings.Fields(stall)
		if len(fields) == 0 {
			return notRecognised, nil
		}
		if d, ok := parseDuration(fields[len(fields)-1]); ok {
			p.log.AllocationStalls++
			p.log.StallTime += d
			return used, nil
		}
	}
	if !hasID {
		return notRecognised, nil
	}
	return p.gcLine(n, id, rest)
}

// usingLine reads the line naming the collector, "Using G1" and the like.
func usingLine(msg string) (Collector, bool) {
	switch msg {
	case "Using Serial":
		return Serial, true
	case "Using Parallel":
		return Parallel, true
	case "Using G1":
		return G1, true
	case "Using The Z Garbage Collector":
		return ZGC, true
	case "Using Shenandoah":
		return Shenandoah, true
	}
	return 0, false
}

// initLine reads the gc+init lines the summary uses: version, CPUs, heap sizes, region size.
// G1, Parallel and Serial say "Heap Max Capacity", ZGC "Max Capacity".
func (p *Parser) initLine(msg string) bool {
	key, value, ok := strings.Cut(msg, ": ")
	if !ok {
		return false
	}
	switch key {
	case "Version":
		p.log.Version = value
		return true
	case "CPUs":
		if total, _, ok := strings.Cut(value, " "); ok && allDigits(total) && len(total) < 7 {
			p.log.CPUs, _ = strconv.Atoi(total)
			return true
		}
	case "Heap Max Capacity", "Max Capacity":
		return setSize(&p.log.HeapMax, value)
	case "Heap Initial Capacity", "Initial Capacity":
		return setSize(&p.log.HeapInitial, value)
	case "Heap Region Size":
		if v, ok := parseSize(value); ok && v <= maxRegionSize {
			p.log.RegionSize = v
			return true
		}
	case "Heap Min Capacity", "Min Capacity":
		_, ok := parseSize(value)
		return ok
	}
	return false
}

func setSize(dst *Bytes, s string) bool {
	v, ok := parseSize(s)
	if ok {
		*dst = v
	}
	return ok
}

// shortTrigger keeps the reason of a Shenandoah trigger without its numbers:
// "Learning 1 of 5. Free (91648K) is below ..." → "Learning 1 of 5";
// "Average GC time (12.3 ms) is above ..." → "Average GC time".
func shortTrigger(reason string) string {
	if i := strings.IndexAny(reason, ".("); i > 0 {
		reason = reason[:i]
	}
	return clip(strings.TrimSpace(reason), 80)
}

// gcID splits "GC(12) rest" into 12 and "rest".
func gcID(msg string) (int, string, bool) {
	num, ok := strings.CutPrefix(msg, "GC(")
	if !ok {
		return -1, msg, false
	}
	end := strings.IndexByte(num, ')')
	if end <= 0 || end > 9 || !allDigits(num[:end]) {
		return -1, msg, false
	}
	id, _ := strconv.Atoi(num[:end])
	return id, strings.TrimPrefix(num[end+1:], " "), true
}

// pendingFor returns the gathering state of a GC id, making it on the id's first line. A new,
// higher id closes the Shenandoah cycles still open: their lines have all been read.
func (p *Parser) pendingFor(id int) *pendingGC {
	if id > p.maxID {
		p.closeCycles(id)
		p.maxID = id
	}
	if pg, ok := p.pending[id]; ok {
		return pg
	}
	if len(p.pending) >= maxPending {
		// Only hostile input gets here; forget the oldest ids.
		for old := range p.pending {
			if old < id-maxPending/2 {
				delete(p.pending, old)
			}
		}
	}
	pg := &pendingGC{first: p.now, trigger: p.trigger}
	p.pending[id] = pg
	return pg
}

// gcLine reads a line of one GC: a heap line, a summary line that completes an event, or detail.
func (p *Parser) gcLine(n, id int, rest string) (lineUse, error) {
	if strings.HasPrefix(rest, "User=") {
		return p.cpuLine(n, id, rest)
	}
	pg := p.pendingFor(id)
	if rest == "To-space exhausted" {
		pg.toSpaceExh = true
		return used, nil
	}
	gens, isGen, err := parseGenLine(rest)
	if err != nil {
		return 0, lineErr(n, ErrMalformed, "%v in %q", err, clip(rest, 120))
	}
	if isGen {
		// A GC logs four or five spaces; more means repeated lines, which are not kept.
		if len(pg.gens)+len(gens) > maxGensPerGC {
			return skipped, nil
		}
		pg.gens = append(pg.gens, gens...)
		return used, nil
	}
	s := splitSummary(rest)
	if strings.HasPrefix(s.name, "Pause ") && strings.Contains(rest, "->") && !(s.hasSizes && s.hasDur) {
		return 0, lineErr(n, ErrMalformed, "expected \"Pause ... before->after(committed) 1.234ms\", got %q", clip(rest, 120))
	}
	e := Event{ID: id, Line: n, Time: p.now, HasHeap: s.hasSizes, Before: s.before, After: s.after, Commit: s.commit}
	consume := true
	switch {
	case !s.hasDur && !(s.hasSizes && isCycleName(s.name)):
		// A start line ("Pause Young (Allocation Failure)" under gc,start) or a phase without a time.
		if p.log.Collector == Shenandoah && strings.HasPrefix(s.name, "Concurrent ") {
			pg.cycle = true
		}
		return skipped, nil
	case s.name == "Pause Young" || s.name == "Pause Initial Mark":
		e.Kind = Young
		e.Cause = s.paren(len(s.parens) - 1)
		if len(s.parens) >= 2 {
			e.Phase = s.parens[0]
			if e.Phase == "Mixed" {
				e.Kind = Mixed
			}
		}
		if s.name == "Pause Initial Mark" {
			e.Phase = "Initial Mark"
		}
	case s.name == "Pause Mixed":
		e.Kind, e.Cause = Mixed, s.paren(0)
	case s.name == "Pause Full":
		e.Kind, e.Cause = Full, s.paren(0)
		pg.cycleCut = true
	case s.name == "Pause Degenerated GC":
		e.Kind, e.Phase = Degenerated, s.paren(0)
		pg.cycleCut = true
	case s.name == "Pause Remark":
		e.Kind, consume = Remark, false
	case s.name == "Pause Cleanup":
		e.Kind, consume = Cleanup, false
	case strings.HasPrefix(s.name, "Pause ") && !s.hasSizes:
		// ZGC's and Shenandoah's pauses; a Shenandoah "Pause Init Mark" names its collector.
		e.Kind, e.Phase, consume = Pause, strings.TrimPrefix(s.name, "Pause "), false
		if p.log.Collector == 0 && e.Phase == "Init Mark" {
			p.log.Collector = Shenandoah
		}
		if pg.cycle {
			pg.last, pg.lastLine = p.now, n
		}
	case s.name == "Concurrent Mark Cycle" || s.name == "Concurrent Undo Cycle":
		e.Kind, e.Phase, e.Duration = Concurrent, strings.TrimPrefix(s.name, "Concurrent "), s.dur
	case isCycleName(s.name) && s.hasSizes:
		// ZGC prints no duration for the cycle: it runs from the id's first line to this one.
		e.Kind, e.Phase, e.Cause, e.Duration = Concurrent, s.name, s.paren(0), max(0, p.now-pg.first)
	case p.log.Collector == Shenandoah && strings.HasPrefix(s.name, "Concurrent "):
		pg.cycle = true
		pg.last, pg.lastLine = p.now, n
		if s.hasSizes {
			if !pg.hasHeap {
				pg.before, pg.hasHeap = s.before, true
			}
			pg.after, pg.commit = s.after, s.commit
		}
		return used, nil
	default:
		return skipped, nil
	}
	if e.Kind != Concurrent {
		e.Pause = s.dur
	}
	if consume {
		e.Gens = pg.gens
		pg.gens = nil
		if pg.toSpaceExh {
			p.log.ToSpaceExhausted++
			pg.toSpaceExh = false
		}
		if !pg.cycle {
			delete(p.pending, id)
		}
	}
	p.log.Events = append(p.log.Events, e)
	return used, nil
}

// maxGensPerGC bounds the generations kept for one GC (Parallel logs four, G1 five).
const maxGensPerGC = 16

// isCycleName: a concurrent collector's one-line cycle summary (ZGC; generational ZGC's two kinds).
func isCycleName(name string) bool {
	return name == "Garbage Collection" || name == "Major Collection" || name == "Minor Collection"
}

// closeCycles turns the open Shenandoah cycles, except keep's, into events, in id order.
func (p *Parser) closeCycles(keep int) {
	var ids []int
	for id, pg := range p.pending {
		if pg.cycle && id != keep {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		pg := p.pending[id]
		delete(p.pending, id)
		if pg.cycleCut || pg.lastLine == 0 {
			continue
		}
		p.log.Events = append(p.log.Events, Event{ID: id, Line: pg.lastLine, Time: pg.last, Kind: Concurrent,
			Phase: "Cycle", Cause: pg.trigger, HasHeap: pg.hasHeap, Before: pg.before, After: pg.after,
			Commit: pg.commit, Duration: max(0, pg.last-pg.first)})
	}
}

// cpuLine reads a gc+cpu line, "User=0.07s Sys=0.02s Real=0.29s", logged after its pause's summary
// line, and gives it to that pause: the last event of the same GC id. A line for a GC with no
// event yet (a concurrent phase's, or one whose summary was cut off) is skipped.
func (p *Parser) cpuLine(n, id int, rest string) (lineUse, error) {
	var cpu PauseCPU
	fields := strings.Fields(rest)
	dst := []*Nanos{&cpu.User, &cpu.Sys, &cpu.Real}
	names := []string{"User=", "Sys=", "Real="}
	if len(fields) != len(names) {
		return 0, lineErr(n, ErrMalformed, "expected \"User=0.07s Sys=0.02s Real=0.29s\", got %q", clip(rest, 120))
	}
	for i, f := range fields {
		v, ok := strings.CutPrefix(f, names[i])
		d, okD := parseDuration(v)
		if !ok || !okD {
			return 0, lineErr(n, ErrMalformed, "expected \"User=0.07s Sys=0.02s Real=0.29s\", got %q", clip(rest, 120))
		}
		*dst[i] = d
	}
	for i := len(p.log.Events) - 1; i >= 0 && i >= len(p.log.Events)-maxPending; i-- {
		e := &p.log.Events[i]
		if e.ID == id {
			if e.Kind == Concurrent || e.CPU != nil {
				return skipped, nil
			}
			e.CPU = &cpu
			return used, nil
		}
	}
	return skipped, nil
}
