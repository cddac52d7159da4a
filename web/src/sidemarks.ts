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

/** A letter to write on a chart, its left edge at x and its middle at y, in canvas pixels. */
export interface ChartLetter {
  letter: string;
  ink: string;
  x: number;
  y: number;
}

/** The letters' font, set on ctx. */
function letterFont(ctx: CanvasRenderingContext2D): void {
  ctx.font = `600 ${Math.round(11 * (devicePixelRatio || 1))}px system-ui, sans-serif`;
}

/** The height of a letter's plate, in canvas pixels. */
export function plateHeight(): number {
  return 13 * (devicePixelRatio || 1);
}

/** The width of text's plate, in canvas pixels, as writeLetters draws it. */
export function plateWidth(ctx: CanvasRenderingContext2D, text: string): number {
  ctx.save();
  letterFont(ctx);
  const w = ctx.measureText(text).width + 4 * (devicePixelRatio || 1);
  ctx.restore();
  return w;
}

/**
 * Writes letters on plates of the chart's background, so that they stay
 * readable over the lines, each kept inside the plotting area. Letters that
 * would overlap (two lines ending together, two sides stopping at the same
 * point) are stacked: in each column of overlapping letters, from the top
 * down each keeps below the one above it, then from the bottom up each
 * keeps inside the plot and above the one below it; only a column taller
 * than the plot overlaps at its top.
 */
export function writeLetters(u: uPlot, labels: ChartLetter[]): void {
  if (labels.length === 0) return;
  const ctx = u.ctx;
  const px = devicePixelRatio || 1;
  const h = plateHeight();
  ctx.save();
  letterFont(ctx);
  ctx.textBaseline = "middle";
  // uPlot leaves the alignment of its last axis labels (right, for the y axis).
  ctx.textAlign = "left";
  const top = u.bbox.top + h / 2;
  const bottom = u.bbox.top + u.bbox.height - h / 2;
  const ls = labels
    .map((l) => {
      const w = plateWidth(ctx, l.letter);
      return { ...l, w, x: Math.min(l.x, u.bbox.left + u.bbox.width - w), y: Math.max(top, Math.min(l.y, bottom)) };
    })
    .sort((a, b) => a.y - b.y);
  const column = (a: (typeof ls)[0], b: (typeof ls)[0]) => Math.abs(a.x - b.x) < Math.max(a.w, b.w);
  ls.forEach((l, i) => {
    for (const above of ls.slice(0, i)) if (column(above, l) && l.y < above.y + h) l.y = above.y + h;
  });
  for (let i = ls.length - 1; i >= 0; i--) {
    const l = ls[i];
    l.y = Math.min(l.y, bottom);
    for (const below of ls.slice(i + 1)) if (column(below, l) && l.y > below.y - h) l.y = below.y - h;
    l.y = Math.max(l.y, top);
  }
  for (const l of ls) {
    ctx.fillStyle = chartInks().plate;
    ctx.fillRect(l.x, l.y - h / 2, l.w, h);
    ctx.fillStyle = l.ink;
    ctx.fillText(l.letter, l.x + 2 * px, l.y);
  }
  ctx.restore();
}

/**
 * A uPlot draw hook writing a side's letter at the last point of each
 * series marked in letterOf (series index → letter).
 */
export function sideLetters(letterOf: Map<number, string>): (u: uPlot) => void {
  return (u) => {
    const px = devicePixelRatio || 1;
    const xs = u.data[0];
    const labels: ChartLetter[] = [];
    for (const [si, letter] of letterOf) {
      const s = u.series[si];
      const ys = u.data[si];
      if (!s || !s.show || !ys) continue;
      let j = ys.length - 1;
      while (j >= 0 && (ys[j] === null || ys[j] === undefined)) j--;
      if (j < 0) continue;
      // Clear of the point's dot.
      const x = u.valToPos(xs[j], "x", true) + 8 * px;
      labels.push({ letter, ink: seriesInk(u, si), x, y: u.valToPos(ys[j] as number, s.scale ?? "y", true) });
    }
    writeLetters(u, labels);
  };
}
