package main

// Reading a uPlot chart's ink in the browser: how many pixels of a colour a
// chart drew inside its plotting area (uPlot's .u-over box; the axes'
// labels and ticks around it are left out, so that an axis in a colour near
// a series' cannot pass for the series). Colours are named as the page's
// CSS variables (palette.css, theme.css), read under the current theme, so
// the tests follow the page's colours instead of copying them.

import (
	"encoding/json"
	"fmt"
	"testing"
)

// chartInkJS is a function (selector of the chart's figure, colours) →
// pixel count per colour; a colour is a CSS variable's name or #rrggbb.
const chartInkJS = `((sel, vars) => {
	const rgb = (v) => {
		const s = v.startsWith("#") ? v : getComputedStyle(document.documentElement).getPropertyValue("--" + v).trim();
		const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(s);
		if (!m) throw new Error(v + " is not a #rrggbb colour: " + JSON.stringify(s));
		return [1, 2, 3].map(i => parseInt(m[i], 16));
	};
	const fig = document.querySelector(sel);
	const c = fig && fig.querySelector("canvas");
	const over = fig && fig.querySelector(".u-over");
	if (!c || !over) return null;
	const k = c.width / c.getBoundingClientRect().width;
	const cr = c.getBoundingClientRect(), or = over.getBoundingClientRect();
	const x0 = Math.round((or.left - cr.left) * k), y0 = Math.round((or.top - cr.top) * k);
	const w = Math.round(or.width * k), h = Math.round(or.height * k);
	const d = c.getContext("2d").getImageData(x0, y0, w, h).data;
	const out = {};
	for (const v of vars) {
		const [r, g, b] = rgb(v);
		let n = 0;
		for (let i = 0; i < d.length; i += 4)
			if (d[i + 3] > 200 && Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 24) n++;
		out[v] = n;
	}
	return out;
})`

// chartInk counts, in the chart figure sel, the pixels of each CSS
// colour variable inside the plotting area.
func (b *browser) chartInk(t *testing.T, sel string, vars ...string) map[string]int {
	t.Helper()
	args, _ := json.Marshal(vars)
	var out map[string]int
	b.eval(fmt.Sprintf(`%s(%q, %s)`, chartInkJS, sel, args), &out)
	if out == nil {
		t.Fatalf("no uPlot chart drawn in %s", sel)
	}
	return out
}

// chartInkOf counts the pixels of each #rrggbb colour, in order.
func (b *browser) chartInkOf(t *testing.T, sel string, colors []string) []int {
	t.Helper()
	m := b.chartInk(t, sel, colors...)
	out := make([]int, len(colors))
	for i, c := range colors {
		out[i] = m[c]
	}
	return out
}
