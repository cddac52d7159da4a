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
    const placed: { x: number; y: number; w: number; h: number }[] = [];
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
      const h = 13 * px;
      const lx = Math.min(x + 3 * px, u.bbox.left + u.bbox.width - w);
      let ly = Math.max(u.bbox.top + h / 2, Math.min(y, u.bbox.top + u.bbox.height - h / 2));
      // Lines that end together (two sides both at zero) get their letters stacked, not drawn over each other.
      const hits = (y: number) => placed.some((p) => Math.abs(p.x - lx) < Math.max(p.w, w) && Math.abs(p.y - y) < h);
      for (let k = 1; k <= letterOf.size && hits(ly); k++) {
        const up = ly - h;
        ly = up - h / 2 >= u.bbox.top && !hits(up) ? up : ly + h;
      }
      placed.push({ x: lx, y: ly, w, h });
      ctx.fillStyle = chartInks().plate;
      ctx.fillRect(lx, ly - h / 2, w, h);
      ctx.fillStyle = typeof s.stroke === "function" ? String(s.stroke(u, si)) : String(s.stroke ?? "#000");
      ctx.fillText(letter, lx + 2 * px, ly);
    }
    ctx.restore();
  };
}
