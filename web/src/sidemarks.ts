// How the charts tell compared sides apart. The picture's colours each
// mean one thing (game/view/meaning.go: sky blue a virtual thread, green
// on a CPU, vermillion interpreted code ...), and every hue family is taken,
// so a side is never drawn in a hue: side A is the strong neutral ink and a
// solid line, side B a mid grey and a dashed line, side C a light grey and
// a dotted line, and each line carries its side's letter at its end. The
// letters follow the picture's order (A is the leftmost side).

import type uPlot from "uplot";
import { chartInks } from "./charttheme";

export interface SideMark {
  letter: string;
  stroke: string;
  /** Canvas dash pattern; undefined for a solid line. */
  dash: number[] | undefined;
  /** The same pattern in CSS words (the side key's sample line). */
  css: "solid" | "dashed" | "dotted";
}

const letters = ["A", "B", "C"];

/** The mark of side i (0-based) under the current theme. */
export function sideMark(i: number): SideMark {
  const c = chartInks();
  const k = i % letters.length;
  return [
    { letter: "A", stroke: c.strong, dash: undefined, css: "solid" as const },
    { letter: "B", stroke: c.mid, dash: [9, 5], css: "dashed" as const },
    { letter: "C", stroke: c.light, dash: [2, 4], css: "dotted" as const },
  ][k];
}

/** "A: name" — how a side is named in legends and keys. */
export function sideName(i: number, name: string): string {
  return `${letters[i % letters.length]}: ${name}`;
}

/** The colour series si is stroked in (its stroke may be a function of the chart). */
export function seriesInk(u: uPlot, si: number): string {
  const s = u.series[si];
  return typeof s.stroke === "function" ? String(s.stroke(u, si)) : String(s.stroke ?? "#000");
}

/**
 * A uPlot draw hook writing a side's letter at the last point of each
 * series marked in letterOf (series index → letter), on a plate of the
 * chart's background so that it stays readable over the lines.
 */
export function sideLetters(letterOf: Map<number, string>): (u: uPlot) => void {
  return (u) => {
    if (letterOf.size === 0) return;
    const ctx = u.ctx;
    const px = devicePixelRatio || 1;
    ctx.save();
    ctx.font = `600 ${Math.round(11 * px)}px system-ui, sans-serif`;
    ctx.textBaseline = "middle";
    const xs = u.data[0];
    const h = 13 * px;
    const top = u.bbox.top + h / 2;
    const bottom = u.bbox.top + u.bbox.height - h / 2;
    const labels: { letter: string; ink: string; x: number; y: number; w: number }[] = [];
    for (const [si, letter] of letterOf) {
      const s = u.series[si];
      const ys = u.data[si];
      if (!s || !s.show || !ys) continue;
      let j = ys.length - 1;
      while (j >= 0 && (ys[j] === null || ys[j] === undefined)) j--;
      if (j < 0) continue;
      const x = u.valToPos(xs[j], "x", true);
      const y = u.valToPos(ys[j] as number, s.scale ?? "y", true);
      const w = ctx.measureText(letter).width + 4 * px;
      const ink = seriesInk(u, si);
      // Clear of the point's dot, inside the plotting area.
      labels.push({ letter, ink, x: Math.min(x + 8 * px, u.bbox.left + u.bbox.width - w), y: Math.max(top, Math.min(y, bottom)), w });
    }
    // Lines that end together (two sides both at zero) get their letters
    // stacked, not drawn over each other: from the top down each letter
    // keeps below the one above it in its column, and a stack that would
    // run out at the bottom moves up as a whole.
    labels.sort((a, b) => a.y - b.y);
    const column = (a: (typeof labels)[0], b: (typeof labels)[0]) => Math.abs(a.x - b.x) < Math.max(a.w, b.w);
    labels.forEach((l, i) => {
      for (const above of labels.slice(0, i)) if (column(above, l) && l.y < above.y + h) l.y = above.y + h;
    });
    for (const l of labels) {
      const stack = labels.filter((o) => column(o, l));
      const over = Math.max(...stack.map((o) => o.y)) - bottom;
      if (over > 0) {
        const room = Math.min(...stack.map((o) => o.y)) - top;
        for (const o of stack) o.y -= Math.min(over, Math.max(0, room));
      }
    }
    for (const l of labels) {
      ctx.fillStyle = chartInks().plate;
      ctx.fillRect(l.x, l.y - h / 2, l.w, h);
      ctx.fillStyle = l.ink;
      ctx.fillText(l.letter, l.x + 2 * px, l.y);
    }
    ctx.restore();
  };
}
