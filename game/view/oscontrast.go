package view

import "github.com/loomlab/loomlab/sim"

// The OS threads of the shown run beside the compared one's.
//
// A program of platform threads draws each of them in the thread panels,
// so its OS panel has no grid (drawOS): its words left most of a
// desktop's panel empty, while the cost the comparison is about (a pool
// of 200 holds 206 OS threads, a virtual thread per task 18) was in no
// mark. Two bars to one scale, each cut into its kinds in the colours of
// the OS panel's cells, show it.

// osContrastRowH is one run's row: its words over its bar.
func osContrastRowH(sc float32) float32 { return CharH*sc + 2*sc + compactBarH(sc) + 4*sc }

// osContrastH is the height drawOSContrast needs: a title line and a
// row for each run.
func osContrastH(sc float32) float32 { return 4*sc + CharH*sc + 2*sc + 2*osContrastRowH(sc) }

// drawOSContrast draws in r the OS threads of the shown run and of the
// compared run c as two bars to one scale. It draws nothing where r is
// too low, there is no compared run, or both have as many OS threads.
func drawOSContrast(l *List, r Rect, shown *sim.Snapshot, c *Contrast, p *Palette, sc float32) bool {
	if !osContrasted(shown, c) || r.H < osContrastH(sc) {
		return false
	}
	most := max(shown.PlatformLive, c.Snap.PlatformLive)
	// The compared run is named by the threads that run its work, as
	// its time bar in the tasks' panel names it.
	other := "platform threads"
	if c.Snap.VirtualLive > 0 || c.Snap.Mounts > 0 {
		other = "virtual threads"
	}
	runs := [2]*sim.Snapshot{shown, c.Snap}
	var words [2][]string
	for i, s := range runs {
		n := Count(int64(s.PlatformLive))
		words[i] = []string{n + ": this run", n}
		if i == 1 {
			// The compared run's kinds in words (a reader asked how many
			// of its 18 were carriers); the shown run's are the panel's
			// title.
			kinds := " (" + osKindsWords(s) + ")"
			words[i] = []string{n + ": " + other + ", separate run" + kinds, n + ": " + other + kinds, n + ": " + other + ", separate run", n}
		}
	}
	rows := drawTwoRuns(l, r, []string{"OS threads of both runs, to scale", "both runs, to scale", "to scale"}, words, func(i int, row Rect) {
		row.W *= float32(runs[i].PlatformLive) / float32(most)
		drawOSKindsBar(l, row, runs[i], p, sc)
	}, p, sc)
	l.detail(rows, "OS threads of both runs",
		"Each bar is a run's live OS threads, drawn to one scale and cut into their kinds: "+
			"this run "+Count(int64(shown.PlatformLive))+" ("+osKindsWords(shown)+"), the "+other+" run "+
			Count(int64(c.Snap.PlatformLive))+" ("+osKindsWords(c.Snap)+"). A platform thread is an OS thread; "+
			"virtual threads run on a few carriers, each an OS thread."+unparkerSay(shown, c.Snap))
	return true
}

// drawTwoRuns draws in r, from its top, the longest of titles that fits
// (dim), then for each of two runs (the shown one first) the longest of
// its words that fits over a bar as wide as r, drawn by bar. It returns
// the rows' area (under the title), for their explanation.
func drawTwoRuns(l *List, r Rect, titles []string, words [2][]string, bar func(i int, row Rect), p *Palette, sc float32) Rect {
	y := r.Y + 4*sc
	line := func() Rect { return Rect{X: r.X, Y: y, W: r.W, H: CharH * sc} }
	l.TextFit(line(), sc, p.TextDim, titles...)
	y += CharH*sc + 2*sc
	top := y
	for i := range words {
		l.TextFit(line(), sc, p.Text, words[i]...)
		y += CharH*sc + 2*sc
		bar(i, Rect{X: r.X, Y: y, W: r.W, H: compactBarH(sc)})
		y += compactBarH(sc) + 4*sc
	}
	return Rect{X: r.X, Y: top, W: r.W, H: y - top}
}

// osContrasted reports whether a compared run c has other OS threads
// than the shown run to draw beside them.
func osContrasted(shown *sim.Snapshot, c *Contrast) bool {
	return c != nil && c.Snap != nil && shown.PlatformLive != c.Snap.PlatformLive && max(shown.PlatformLive, c.Snap.PlatformLive) > 0
}

// osKindsWords says a run's OS threads as a sum of their kinds ("200
// platform + 6 JVM", "11 carriers + 6 JVM + 1 sleep timer"). JDK 21's
// VirtualThread-unparker is named apart: "6 JVM" beside "7 JVM" in the
// other run read as a count that did not add up.
func osKindsWords(s *sim.Snapshot) string {
	carriers, app, jvm := osKinds(s)
	timer := 0
	if s.Unparker && jvm > 0 {
		timer, jvm = 1, jvm-1
	}
	out := ""
	add := func(n int, w string) {
		if n > 0 {
			if out != "" {
				out += " + "
			}
			out += Count(int64(n)) + " " + w
		}
	}
	add(carriers, plural(carriers, "carrier", "carriers"))
	add(app, "platform")
	add(jvm, "JVM")
	add(timer, "sleep timer")
	return out
}

// unparkerSay says what the sleep timer of osKindsWords is, where a run
// of the two has one.
func unparkerSay(a, b *sim.Snapshot) string {
	if !a.Unparker && !b.Unparker {
		return ""
	}
	return " The sleep timer is JDK 21's VirtualThread-unparker, a platform thread that wakes sleeping virtual threads when their time is up (JDK 25 leaves that to the scheduler's own threads)."
}

// drawOSKindsBar draws a run's OS threads in bar, a part per kind in the
// OS panel's marks (a carrier's an outline, as its cells are).
func drawOSKindsBar(l *List, bar Rect, s *sim.Snapshot, p *Palette, sc float32) {
	carriers, app, jvm := osKinds(s)
	total := carriers + app + jvm
	if total == 0 || bar.W <= 0 {
		return
	}
	kinds := []struct {
		n int
		m Meaning
		w float32
	}{{carriers, MeanCarrierOS, 0}, {app, MeanPlatform, 0}, {jvm, MeanJVMThread, 0}}
	// A kind of a few threads keeps a part a reader finds (3 px at
	// least); the largest part gives up what that adds.
	sum, largest := float32(0), 0
	for i := range kinds {
		if kinds[i].n > 0 {
			kinds[i].w = max(bar.W*float32(kinds[i].n)/float32(total), 3*sc)
		}
		sum += kinds[i].w
		if kinds[i].n > kinds[largest].n {
			largest = i
		}
	}
	kinds[largest].w = max(0, kinds[largest].w-(sum-bar.W))
	x := bar.X
	for _, k := range kinds {
		if k.n == 0 || k.w <= 0 {
			continue
		}
		part := Rect{X: x, Y: bar.Y, W: k.w, H: bar.H}
		if k.m == MeanCarrierOS {
			l.MarkFrame(part, max(1, sc), k.m, p)
		} else {
			l.Mark(part, k.m, p, 1)
		}
		x += k.w
	}
}
