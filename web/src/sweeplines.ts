// What one sweep chart draws for one metric: each side's line through the
// runs that completed, and apart from it, as a cross, each run that stopped
// early (an OutOfMemoryError). A stopped run's value covers only the time
// before it stopped, so joining it to its neighbours would draw a trend the
// model never showed (a pooled heap "rising" from 0 req/s at 512 MB). The
// axes: the y range runs from 0 to the lines' top (a stopped run's count
// over a few seconds would otherwise squash them), a cross beyond it sits
// on the chart's edge with an arrow, and every cross is labelled with its
// value, since one near the axis reads as 0; the x range has a margin so
// that a side's first or only point does not sit on the axis; with few
// points every swept value gets its tick. Where one side's line overtakes
// another's between two points, a ring marks where the drawn segments
// meet.

import uPlot from "uplot";
import { fmt } from "./dom";
import { ChartLetter, seriesInk, writeLetters } from "./sidemarks";
import type { SweepResult } from "./types";

/** A run that stopped early, where its cross goes. */
export interface StoppedRun {
  /** Index of the point (into r.points). */
  point: number;
  /** null: the run did not measure the metric (it stopped first); its label stands alone, with no cross. */
  value: number | null;
  /** Virtual seconds the run lasted. */
  after: number;
  /** Virtual seconds it was set to last (0: until its workload was done). */
  planned: number;
}

/** Whether a run's outcome says it stopped early ("" is a run not ended yet). */
export function stoppedEarly(outcome: string): boolean {
  return outcome !== "" && outcome !== "completed";
}

/** One side's marks on one metric's chart. */
export interface SideLine {
  /** The line's values: null where a run has not ended or did not complete. */
  line: (number | null)[];
  stopped: StoppedRun[];
}

/** Most points that each get a tick of their own on the knob's axis. */
const maxPointTicks = 8;

/** Each side's line and crosses for metric m. */
export function sweepLines(r: SweepResult, m: string): SideLine[] {
  return r.results.map((sr) => {
    const values = sr.values[m] ?? [];
    const stopped: StoppedRun[] = [];
    const line = values.map((v, i) => {
      if (sr.outcomes[i] === "completed") return v;
      if (stoppedEarly(sr.outcomes[i])) stopped.push({ point: i, value: v, after: sr.runs[i]?.sim_seconds ?? 0, planned: sr.runs[i]?.planned_seconds ?? 0 });
      return null;
    });
    return { line, stopped };
  });
}

/**
 * The y range, as [min, max]: from 0 (the metrics are counts, rates and
 * sizes, so heights compare as proportions) to the highest value a line
 * goes through, with uPlot's usual margin and some room above, so that a
 * mark at the top is not cut by the chart's edge. Crosses set it only
 * when no run has completed yet; otherwise one beyond it is drawn on the
 * edge (crossAt).
 */
export function yExtent(lines: SideLine[]): [number, number] {
  const done = lines.flatMap((l) => l.line.filter((v): v is number => v !== null));
  const all = done.length > 0 ? done : lines.flatMap((l) => l.stopped.flatMap((s) => (s.value === null ? [] : [s.value])));
  if (all.length === 0) return [0, 1];
  const lo = Math.min(0, ...all);
  const hi = Math.max(...all);
  const [min, max] = uPlot.rangeNum(lo, hi + 0.06 * (hi - lo), 0.1, true);
  return [min ?? lo, max ?? hi];
}

/** The y range of a chart (yExtent), for uPlot's scale. */
export function yRange(lines: SideLine[]): uPlot.Range.Function {
  const [min, max] = yExtent(lines);
  return () => [min, max];
}

/** Whether a stopped run's value lies beyond the y range: 1 above it, -1 below, 0 inside (or no value). */
export function beyond(value: number | null, [min, max]: [number, number]): -1 | 0 | 1 {
  return value === null ? 0 : value > max ? 1 : value < min ? -1 : 0;
}

/**
 * Where a stopped run's cross goes, in canvas pixels: at its value, or on
 * the plotting area's top or bottom edge (arm pixels inside it) when the
 * value lies beyond the y range; mark is false for a run with no value,
 * whose label alone is written, low in the plot (a cross there would read
 * as a value of 0).
 */
export function crossAt(u: uPlot, x: number, value: number | null, extent: [number, number], arm: number): { x: number; y: number; mark: boolean } {
  const bottom = u.bbox.top + u.bbox.height - arm;
  const at = u.valToPos(x, "x", true);
  if (value === null) return { x: at, y: bottom - 2 * arm, mark: false };
  const b = beyond(value, extent);
  const y = b > 0 ? u.bbox.top + arm : b < 0 ? bottom : u.valToPos(value, "y", true);
  return { x: at, y, mark: true };
}

/**
 * A stopped run's label: "A stopped after 4.24 of 60 s: 70 so far" (no
 * letter with one side), with an arrow first when the cross sits on an
 * edge for a value beyond the range ("↑ A stopped …"), or "A stopped: not
 * measured". The times and "so far" say the value covers only part of a
 * run: five newcomers read "after 4.24 s: 70" Full GCs beside whole runs'
 * 382 as the smaller heap doing better. The value is written because a
 * cross near the axis reads as 0, and one on the edge has no axis to read.
 * A label with no value stays short: it runs along the axis under the
 * next points.
 */
export function crossLabel(letter: string, st: StoppedRun, extent: [number, number]): string {
  const b = beyond(st.value, extent);
  const arrow = b > 0 ? "↑ " : b < 0 ? "↓ " : "";
  const who = letter ? `${letter} stopped` : "stopped";
  return st.value === null ? `${who}: not measured` : `${arrow}${who} after ${ranFor(st.after, st.planned)}: ${fmt(st.value)} so far`;
}

/** How long a stopped run ran: "4.24 of 60 s", or "4.24 s" for a run with no planned length. */
export function ranFor(after: number, planned: number): string {
  return planned > 0 ? `${fmt(after)} of ${fmt(planned)} s` : `${fmt(after)} s`;
}

/** The x range: the swept range with a margin of 7 % of it (of its logarithm on log spacing) each side. */
export function xRange(r: SweepResult): uPlot.Range.Function {
  const lo = Math.min(...r.points);
  const hi = Math.max(...r.points);
  return () => {
    if (!(hi > lo)) return [lo - 1, hi + 1];
    if (r.knob.spacing === "log" && lo > 0) {
      const f = Math.pow(hi / lo, 0.07);
      return [lo / f, hi * f];
    }
    const pad = (hi - lo) * 0.07;
    return [lo - pad, hi + pad];
  };
}

/** The knob axis's ticks: at the swept values when there are few of them, uPlot's own otherwise. */
export function xSplits(r: SweepResult): Pick<uPlot.Axis, "splits" | "filter"> {
  // On a log scale uPlot keeps only ticks whose value starts with 1, 2 or 5
  // unless the axis has a filter of its own: every swept value keeps its tick.
  return r.points.length <= maxPointTicks ? { splits: () => [...r.points], filter: (_u, splits) => splits } : {};
}

/** Half a cross's width, in canvas pixels: where it is drawn and where tests look for it. */
export function crossArm(): number {
  return 5 * (devicePixelRatio || 1);
}

/**
 * A uPlot draw hook crossing each stopped run in its side's ink (series
 * i + 1 is side i's line), labelled beside the cross (crossLabel), with the
 * side's letter when letters are given (a cross has no line to follow to
 * the letter at its end).
 */
export function stoppedCrosses(lines: SideLine[], points: number[], letters: string[]): (u: uPlot) => void {
  const extent = yExtent(lines);
  return (u) => {
    const px = devicePixelRatio || 1;
    const arm = crossArm();
    const ctx = u.ctx;
    const labels: ChartLetter[] = [];
    const strokes: { ink: string; x: number; y: number; mark: boolean }[] = [];
    lines.forEach((l, i) => {
      const s = u.series[i + 1];
      if (!s || !s.show) return;
      const ink = seriesInk(u, i + 1);
      for (const st of l.stopped) {
        const { x, y, mark } = crossAt(u, points[st.point], st.value, extent, arm);
        strokes.push({ ink, x, y, mark });
        labels.push({ letter: crossLabel(letters[i] ?? "", st, extent), ink, x: x + arm + 2 * px, y: y - arm });
      }
    });
    // Labels first (two sides stopped at one point get theirs stacked),
    // then the marks, so that no label's plate hides a cross.
    writeLetters(u, labels);
    for (const { ink, x, y, mark } of strokes) {
      ctx.save();
      ctx.strokeStyle = ink;
      ctx.beginPath();
      if (mark) {
        ctx.lineWidth = 2.5 * px;
        ctx.moveTo(x - arm, y - arm);
        ctx.lineTo(x + arm, y + arm);
        ctx.moveTo(x - arm, y + arm);
        ctx.lineTo(x + arm, y - arm);
      } else {
        // No value: a thin dotted stroke from the axis ties the label to
        // its point's x (dotted, so that it is not read as a bar down to
        // 0), and no mark stands at a height.
        ctx.lineWidth = 1.5 * px;
        ctx.setLineDash([2 * px, 3 * px]);
        ctx.moveTo(x, u.bbox.top + u.bbox.height);
        ctx.lineTo(x, y - arm);
      }
      ctx.stroke();
      ctx.restore();
    }
  };
}

/** Where two sides' lines cross between two neighbouring swept points. */
export interface Crossing {
  /** The sides (indexes into the result's sides): upper is above after the crossing. */
  upper: number;
  lower: number;
  /** The swept values on either side of the crossing. */
  from: number;
  to: number;
  /** Where the straight segments drawn between those points meet: knob value and metric value. */
  x: number;
  y: number;
}

/**
 * Where the lines of two sides cross: between neighbouring points at which
 * both runs completed and the sides' order swaps. The point where the drawn
 * segments meet is only where the chart's straight lines meet (the model
 * was not run there), so the label names the two swept values it lies
 * between. Interpolated along the knob's axis as drawn: in its logarithm on
 * log spacing.
 */
export function crossings(lines: SideLine[], points: number[], log: boolean): Crossing[] {
  const out: Crossing[] = [];
  const axis = (v: number) => (log ? Math.log(v) : v);
  for (let a = 0; a < lines.length; a++)
    for (let b = a + 1; b < lines.length; b++)
      for (let k = 0; k + 1 < points.length; k++) {
        const [a0, a1, b0, b1] = [lines[a].line[k], lines[a].line[k + 1], lines[b].line[k], lines[b].line[k + 1]];
        if (a0 === null || a1 === null || b0 === null || b1 === null) continue;
        const d0 = a0 - b0;
        const d1 = a1 - b1;
        if (!(d0 * d1 < 0)) continue; // the same order at both points (or a tie)
        const t = d0 / (d0 - d1);
        const x = axis(points[k]) + t * (axis(points[k + 1]) - axis(points[k]));
        out.push({ upper: d1 > 0 ? a : b, lower: d1 > 0 ? b : a, from: points[k], to: points[k + 1], x: log ? Math.exp(x) : x, y: a0 + t * (a1 - a0) });
      }
  return out;
}

/** Who overtakes whom at a crossing: "A overtakes B", the words its ring carries. */
function overtakes(c: Crossing, letters: string[]): string {
  return `${letters[c.upper]} overtakes ${letters[c.lower]}`;
}

/** A crossing in words: "A overtakes B between 1,536 and 2,048", as the key names it. */
export function crossingLabel(c: Crossing, letters: string[]): string {
  return `${overtakes(c, letters)} between ${fmt(c.from)} and ${fmt(c.to)}`;
}

/**
 * A uPlot draw hook marking each crossing of two sides' lines with a ring
 * in the chart's ink, "A overtakes B" above it (the key says between which
 * swept values): where one side overtakes another is what a two-sided
 * sweep is run to find. The words are written first and the rings over
 * them, so that no plate hides a ring.
 */
export function crossingMarks(lines: SideLine[], points: number[], log: boolean, letters: string[]): (u: uPlot) => void {
  const found = letters.length > 1 ? crossings(lines, points, log) : [];
  return (u) => {
    if (found.length === 0) return;
    const px = devicePixelRatio || 1;
    const r = 6 * px;
    const ink = seriesInk(u, 1);
    const at = found.map((c) => ({ c, x: u.valToPos(c.x, "x", true), y: u.valToPos(c.y, "y", true) }));
    writeLetters(
      u,
      at.map(({ c, x, y }) => ({ letter: overtakes(c, letters), ink, x: x - r, y: y - r - 10 * px })),
    );
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 2 * px;
    for (const { x, y } of at) {
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.restore();
  };
}
