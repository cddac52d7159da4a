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
// another's between two points, a dashed ring marks where the drawn segments
// meet.

import uPlot from "uplot";
import { fmt } from "./dom";
import { ChartLetter, plateHeight, plateWidth, seriesInk, writeLetters } from "./sidemarks";
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
  /** Why it stopped: the run's outcome ("java.lang.OutOfMemoryError: Java heap space"). */
  outcome: string;
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
      if (stoppedEarly(sr.outcomes[i]))
        stopped.push({ point: i, value: v, after: sr.runs[i]?.sim_seconds ?? 0, planned: sr.runs[i]?.planned_seconds ?? 0, outcome: sr.outcomes[i] });
      return null;
    });
    return { line, stopped };
  });
}

/**
 * The y range, as [min, max]: from 0 (the metrics are counts, rates and
 * sizes, so heights compare as proportions) to the highest value a line
 * goes through, with uPlot's usual margin and some room above, so that a
 * mark at the top is not cut by the chart's edge (more room with a stopped
 * run, for its label). Crosses set it only
 * when no run has completed yet; otherwise one beyond it is drawn on the
 * edge (crossAt).
 */
export function yExtent(lines: SideLine[]): [number, number] {
  const done = lines.flatMap((l) => l.line.filter((v): v is number => v !== null));
  const all = done.length > 0 ? done : lines.flatMap((l) => l.stopped.flatMap((s) => (s.value === null ? [] : [s.value])));
  if (all.length === 0) return [0, 1];
  const lo = Math.min(0, ...all);
  const hi = Math.max(...all);
  // A chart with a stopped run keeps a fifth of its height above the lines
  // for the run's label (labelPlate): beside its cross, a label as wide as
  // "A stopped after 4.24 of 60 s: 70 so far" crossed a steep line.
  const room = lines.some((l) => l.stopped.length > 0) ? 0.2 : 0.06;
  const [min, max] = uPlot.rangeNum(lo, hi + room * (hi - lo), 0.1, true);
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
 * which gets no cross (one at any height would read as a value) but a
 * dashed line the plot's height, its label at the top: a newcomer read
 * the label and a dotted stroke low in the plot as a value near 0.
 */
function crossAt(u: uPlot, x: number, value: number | null, extent: [number, number], arm: number): { x: number; y: number; mark: boolean } {
  const bottom = u.bbox.top + u.bbox.height - arm;
  const at = u.valToPos(x, "x", true);
  if (value === null) return { x: at, y: u.bbox.top + arm + plateHeight() / 2, mark: false };
  const b = beyond(value, extent);
  const y = b > 0 ? u.bbox.top + arm : b < 0 ? bottom : u.valToPos(value, "y", true);
  return { x: at, y, mark: true };
}

/**
 * A stopped run's label: "A: out of memory at 4.24 s, 70 until then" (no
 * letter with one side), with an arrow first when the cross sits on an edge
 * for a value beyond the range ("↑ A: out of memory …"), or "A: out of
 * memory before measuring". It says why the run stopped, and that its value
 * covers only part of a run: newcomers read "stopped after 4.24 s: 70 so
 * far" Full GCs beside a whole run's 382 as the smaller heap doing better,
 * where that run in fact failed. The run's planned length is in the key
 * under the charts: here it made the label wide enough to cover the place
 * where a line joining the cross to its neighbour would be. The value is
 * written because a cross near the axis reads as 0, and one on the edge has
 * no axis to read. (Naming the metric too, "70 full_gcs by then", since a
 * newcomer wondered whether 70 was a rate, made the label cover the place
 * of the missing line segment again; "until then" rather than "by then",
 * which read as a count beside a rate, and the key says which it is.)
 */
function crossLabel(letter: string, st: StoppedRun, extent: [number, number]): string {
  const b = beyond(st.value, extent);
  const arrow = b > 0 ? "↑ " : b < 0 ? "↓ " : "";
  const who = letter ? `${letter}: ` : "";
  const why = stopWords(st.outcome);
  return st.value === null ? `${who}${why} before measuring` : `${arrow}${who}${why} at ${fmt(st.after)} s, ${fmt(st.value)} until then`;
}

/** Why a run stopped, in a few words: "out of memory" for an OutOfMemoryError, else "stopped". */
export function stopWords(outcome: string): string {
  return outcome.includes("OutOfMemoryError") ? "out of memory" : "stopped";
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

/** Half a cross's width, in canvas pixels. */
function crossArm(): number {
  return 5 * (devicePixelRatio || 1);
}

/** A label's plate on the canvas, in its pixels: left edge x, middle y, width w, height h. */
export interface Plate {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A stopped run as drawn: its cross (or dashed line), its label, the label's plate, and the leader to a plate set apart from its cross. */
export interface DrawnStop {
  side: number;
  x: number;
  y: number;
  mark: boolean;
  label: string;
  plate: Plate;
  /** From the cross's edge to the plate's nearest point: [x0, y0, x1, y1]; null for a plate beside its cross. */
  leader: [number, number, number, number] | null;
  /**
   * With a leader, the side's letter's plate beside the cross (null when
   * no place beside it is free, or with one side): a newcomer took a cross
   * whose label stood apart for the other side's point beside it.
   */
  letter: Plate | null;
}

/**
 * Where every stopped run's cross and label go on chart u. A label goes
 * where it covers least of what the chart draws (labelPlate): newcomers
 * took a label lying over a line's point for part of that line.
 */
export function drawnStops(u: uPlot, lines: SideLine[], points: number[], letters: string[]): DrawnStop[] {
  const extent = yExtent(lines);
  const arm = crossArm();
  const stops = lines.flatMap((l, side) =>
    l.stopped.map((st) => ({ side, ...crossAt(u, points[st.point], st.value, extent, arm), label: crossLabel(letters[side] ?? "", st, extent) })),
  );
  const ink = drawnInk(u, lines, points, stops);
  return stops.map((st) => {
    const placed = { ...st, ...labelPlate(u, st, plateWidth(u.ctx, st.label), ink), letter: null as Plate | null };
    ink.plates.push(placed.plate);
    const letter = letters[st.side];
    if (placed.leader && st.mark && letter) {
      const beside = labelPlate(u, st, plateWidth(u.ctx, letter), ink);
      if (!beside.leader && covered(beside.plate, ink, st) === 0) {
        placed.letter = beside.plate;
        ink.plates.push(beside.plate);
      }
    }
    return placed;
  });
}

/** What a chart draws that a label should not cover, in canvas pixels. */
interface Ink {
  /** The lines' segments, as point pairs. */
  segments: [number, number, number, number][];
  /** The lines' points and the crosses. */
  dots: { x: number; y: number }[];
  /** The labels placed so far. */
  plates: Plate[];
}

function drawnInk(u: uPlot, lines: SideLine[], points: number[], stops: { x: number; y: number; mark: boolean }[]): Ink {
  const segments: Ink["segments"] = [];
  const dots: Ink["dots"] = stops.filter((s) => s.mark);
  for (const l of lines) {
    let prev: { x: number; y: number } | null = null;
    for (let j = 0; j < l.line.length; j++) {
      const v = l.line[j];
      const p = v === null ? null : { x: u.valToPos(points[j], "x", true), y: u.valToPos(v, "y", true) };
      if (p) dots.push(p);
      if (p && prev) segments.push([prev.x, prev.y, p.x, p.y]);
      prev = p;
    }
  }
  return { segments, dots, plates: [] };
}

/**
 * The plate of a label of width w for the mark at at (a stopped run's
 * cross, arm its half-width, or a crossing's ring, arm just over its
 * radius), and its leader. First choice: one of six places beside the mark
 * (right and up first), each kept inside the plotting area as writeLetters
 * keeps it. When each of those covers ink, any place in the plot is
 * weighed, joined to the mark by a thin leader, at a cost for being apart
 * (a label 230 pixels wide beside a cross at the axis crossed a steep line
 * wherever it went). A point or a cross under a plate, or on a leader,
 * weighs as much as 20 pixels of line under a plate; a leader crossing a
 * line, 40.
 */
export function labelPlate(u: uPlot, at: { x: number; y: number }, w: number, ink: Ink, arm = crossArm()): { plate: Plate; leader: DrawnStop["leader"] } {
  const px = devicePixelRatio || 1;
  const h = plateHeight();
  const gap = arm + 2 * px;
  const { left, top, width, height } = u.bbox;
  const keep = (x: number, y: number): Plate => ({
    x: Math.max(left, Math.min(x, left + width - w)),
    y: Math.max(top + h / 2, Math.min(y, top + height - h / 2)),
    w,
    h,
  });
  const beside = [
    [at.x + gap, at.y - arm],
    [at.x + gap, at.y + arm],
    [at.x - gap - w, at.y - arm],
    [at.x - gap - w, at.y + arm],
    [at.x - w / 2, at.y - gap - h / 2],
    [at.x - w / 2, at.y + gap + h / 2],
  ].map(([x, y]) => keep(x, y));
  let best = { plate: beside[0], leader: null as DrawnStop["leader"] };
  let least = Infinity;
  for (const p of beside) {
    const cost = covered(p, ink, at, arm);
    if (cost < least) [best, least] = [{ plate: p, leader: null }, cost];
  }
  if (least === 0) return best;
  for (let y = top + h / 2; y <= top + height - h / 2; y += h / 2)
    for (let x = left; x <= left + width - w; x += 4 * px) {
      const p = { x, y, w, h };
      const nx = Math.max(p.x, Math.min(at.x, p.x + w));
      const ny = Math.max(p.y - h / 2, Math.min(at.y, p.y + h / 2));
      const d = Math.hypot(nx - at.x, ny - at.y);
      if (d < gap + arm) continue; // beside the cross: weighed above
      const leader: DrawnStop["leader"] = [at.x + ((nx - at.x) * arm) / d, at.y + ((ny - at.y) * arm) / d, nx, ny];
      const cost = covered(p, ink, at, arm) + 10 + d / (10 * px) + crossed(leader, ink);
      if (cost < least) [best, least] = [{ plate: p, leader }, cost];
    }
  return best;
}

/**
 * How much ink plate p covers: pixels of line, 20 for each point or cross
 * on it or less than a point's width from it, where a reader takes the
 * label for the point's, 20 if it lies on its own mark (own, within arm),
 * and 100 for a label placed before it that it would overlap.
 */
function covered(p: Plate, ink: Ink, own: { x: number; y: number }, arm = crossArm()): number {
  const px = devicePixelRatio || 1;
  const r = 8 * px;
  const inside = (x: number, y: number, m: number) => x > p.x - m && x < p.x + p.w + m && y > p.y - p.h / 2 - m && y < p.y + p.h / 2 + m;
  let cost = 0;
  for (const d of ink.dots) if ((d.x !== own.x || d.y !== own.y) && inside(d.x, d.y, r)) cost += 20;
  if (inside(own.x, own.y, arm)) cost += 20;
  // Another label: writeLetters would move one of them.
  for (const q of ink.plates) if (q.x < p.x + p.w + px && p.x < q.x + q.w + px && Math.abs(q.y - p.y) < (p.h + q.h) / 2 + px) cost += 100;
  for (const [x0, y0, x1, y1] of ink.segments) {
    const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0) / px);
    for (let k = 0; k <= n; k++) if (inside(x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n, px)) cost++;
  }
  return cost;
}

/** What a leader crosses: 40 for each line segment (two lines crossing read as one), 20 for each point it passes within a point's radius of. */
function crossed([x0, y0, x1, y1]: [number, number, number, number], ink: Ink): number {
  const r = 4 * (devicePixelRatio || 1);
  const side = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  let cost = 0;
  for (const [a, b, c, d] of ink.segments)
    if (side(x0, y0, x1, y1, a, b) * side(x0, y0, x1, y1, c, d) < 0 && side(a, b, c, d, x0, y0) * side(a, b, c, d, x1, y1) < 0) cost += 40;
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  for (const p of ink.dots) {
    const t = Math.max(0, Math.min(1, ((p.x - x0) * (x1 - x0) + (p.y - y0) * (y1 - y0)) / (len * len)));
    if (Math.hypot(x0 + t * (x1 - x0) - p.x, y0 + t * (y1 - y0) - p.y) < r) cost += 20;
  }
  return cost;
}

/**
 * Draws a label's leader (labelPlate), if it has one, as a thin dotted line
 * in ink: a newcomer took a solid one from a label down to its cross for a
 * data line or an error bar.
 */
function drawLeader(ctx: CanvasRenderingContext2D, leader: DrawnStop["leader"], ink: string): void {
  if (!leader) return;
  const px = devicePixelRatio || 1;
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = px;
  ctx.setLineDash([px, 2 * px]);
  ctx.beginPath();
  ctx.moveTo(leader[0], leader[1]);
  ctx.lineTo(leader[2], leader[3]);
  ctx.stroke();
  ctx.restore();
}

/**
 * A uPlot draw hook crossing each stopped run in its side's ink (series
 * i + 1 is side i's line), labelled beside the cross (crossLabel, where
 * drawnStops puts it), with the side's letter when letters are given (a
 * cross has no line to follow to the letter at its end).
 */
export function stoppedCrosses(lines: SideLine[], points: number[], letters: string[]): (u: uPlot) => void {
  return (u) => {
    const px = devicePixelRatio || 1;
    const arm = crossArm();
    const ctx = u.ctx;
    const shown = drawnStops(u, lines, points, letters).filter((st) => u.series[st.side + 1]?.show);
    const inkOf = (st: DrawnStop) => seriesInk(u, st.side + 1);
    // No value: a dashed line the plot's height at the run's point, so
    // that nothing stands at a height that could be read as its value. It
    // stops short of the other sides' points there: a shaded column over
    // them read as if those runs had not been measured either.
    for (const st of shown.filter((s) => !s.mark)) {
      ctx.save();
      ctx.strokeStyle = inkOf(st);
      ctx.lineWidth = 1.5 * px;
      ctx.setLineDash([4 * px, 3 * px]);
      ctx.beginPath();
      for (const [y0, y1] of unmeasuredSpans(u, lines, points, st.x)) {
        ctx.moveTo(st.x, y0);
        ctx.lineTo(st.x, y1);
      }
      ctx.stroke();
      ctx.restore();
    }
    // A label set apart from its cross is joined to it by a thin line.
    for (const st of shown) drawLeader(ctx, st.leader, inkOf(st));
    // Labels next (two sides stopped at one point get theirs stacked),
    // then the crosses, so that no label's plate hides a cross.
    writeLetters(u, [
      ...shown.map((st): ChartLetter => ({ letter: st.label, ink: inkOf(st), x: st.plate.x, y: st.plate.y })),
      ...shown.flatMap((st): ChartLetter[] => (st.letter ? [{ letter: letters[st.side], ink: inkOf(st), x: st.letter.x, y: st.letter.y }] : [])),
    ]);
    for (const st of shown.filter((s) => s.mark)) {
      const { x, y } = st;
      ctx.save();
      ctx.strokeStyle = inkOf(st);
      ctx.lineWidth = 2.5 * px;
      ctx.beginPath();
      ctx.moveTo(x - arm, y - arm);
      ctx.lineTo(x + arm, y + arm);
      ctx.moveTo(x - arm, y + arm);
      ctx.lineTo(x + arm, y - arm);
      ctx.stroke();
      ctx.restore();
    }
  };
}

/**
 * Where the dashed line of a run with no value, at canvas x, is drawn on
 * chart u: the plot's height but for a gap round each point drawn at x
 * (the other sides' runs there).
 */
export function unmeasuredSpans(u: uPlot, lines: SideLine[], points: number[], x: number): [number, number][] {
  const px = devicePixelRatio || 1;
  const around = drawnInk(u, lines, points, [])
    .dots.filter((d) => Math.abs(d.x - x) < px)
    .map((d) => d.y);
  return columnSpans(u.bbox.top, u.bbox.top + u.bbox.height, around, crossArm() + 3 * px);
}

/**
 * The spans from top to bottom that keep gap pixels from each of the ys:
 * a dashed line is drawn in those spans only.
 */
export function columnSpans(top: number, bottom: number, ys: number[], gap: number): [number, number][] {
  const spans: [number, number][] = [];
  let from = top;
  for (const y of [...ys].sort((a, b) => a - b)) {
    if (y - gap > from) spans.push([from, y - gap]);
    from = Math.max(from, y + gap);
  }
  if (bottom > from) spans.push([from, bottom]);
  return spans;
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
  /**
   * The lines touch: they come within touchShare of each other at one
   * point (from = to = that point) with the same side ahead on either side
   * of it. Drawn as one mark there, not as two crossings a few pixels
   * apart (newcomers could not tell the two rings apart and took them for
   * a finding). upper is the side ahead on either side, lower the one
   * above at the point.
   */
  touch?: boolean;
}

/**
 * How close two lines must come at a point to tie there: within a
 * hundredth of the larger value, as sweep/findings.go's level (TieShare),
 * so the chart and its words agree; the browser test of the chart's marks
 * computes them, and the share in their labels, from TieShare.
 */
export const touchShare = 0.01;

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
    for (let b = a + 1; b < lines.length; b++) {
      // The pair's crossings, by the segment (k) each lies in.
      const pair: { k: number; c: Crossing }[] = [];
      for (let k = 0; k + 1 < points.length; k++) {
        const [a0, a1, b0, b1] = [lines[a].line[k], lines[a].line[k + 1], lines[b].line[k], lines[b].line[k + 1]];
        if (a0 === null || a1 === null || b0 === null || b1 === null) continue;
        const d0 = a0 - b0;
        const d1 = a1 - b1;
        if (!(d0 * d1 < 0)) continue; // the same order at both points (or a tie)
        const t = d0 / (d0 - d1);
        const x = axis(points[k]) + t * (axis(points[k + 1]) - axis(points[k]));
        const c = { upper: d1 > 0 ? a : b, lower: d1 > 0 ? b : a, from: points[k], to: points[k + 1], x: log ? Math.exp(x) : x, y: a0 + t * (a1 - a0) };
        // Crossing there and back around one point, where the lines are
        // within touchShare: they touch at that point.
        const prev = pair.at(-1);
        if (prev && prev.k === k - 1 && Math.abs(d0) <= touchShare * Math.max(Math.abs(a0), Math.abs(b0))) {
          pair[pair.length - 1] = { k, c: { upper: prev.c.lower, lower: prev.c.upper, from: points[k], to: points[k], x: points[k], y: (a0 + b0) / 2, touch: true } };
          continue;
        }
        pair.push({ k, c });
      }
      out.push(...pair.map((p) => p.c));
    }
  return out;
}

/**
 * Who overtakes whom at a crossing: "A overtakes B" ("A and B tie" where
 * they touch), the words its ring carries. "Touch", and a key saying the
 * lines "meet rather than cross", were read by newcomers against the
 * table, where the lines do cross there and back: a tie says the order at
 * that point is too close to call.
 */
function overtakes(c: Crossing, letters: string[]): string {
  if (c.touch) return `${letters[Math.min(c.upper, c.lower)]} and ${letters[Math.max(c.upper, c.lower)]} tie`;
  return `${letters[c.upper]} overtakes ${letters[c.lower]}`;
}

/**
 * A crossing in words: "A overtakes B between 1,536 and 2,048" ("A and B
 * tie at 725 (A ahead there by under 1 %)": a reader of a bare tie asked
 * why it hid the table's lead of 0.8 %), as the key names it.
 */
export function crossingLabel(c: Crossing, letters: string[]): string {
  return c.touch
    ? `${overtakes(c, letters)} at ${fmt(c.from)} (${letters[c.lower]} ahead there by under ${touchShare * 100} %)`
    : `${overtakes(c, letters)} between ${fmt(c.from)} and ${fmt(c.to)}`;
}

/** A crossing as drawn: its ring's centre, its words, where they are written and the leader to them. */
export interface DrawnCrossing {
  c: Crossing;
  x: number;
  y: number;
  words: string;
  plate: Plate;
  leader: DrawnStop["leader"];
}

/** A crossing ring's radius, in canvas pixels. */
function ringRadius(): number {
  return 6 * (devicePixelRatio || 1);
}

/**
 * Where each crossing's ring and words go on chart u: the words where they
 * cover least of the lines, the points, the stopped runs' marks and labels
 * and the other crossings' words (labelPlate). With two crossings 16 pixels
 * apart, words written at a fixed place above each ring ran into each other.
 */
export function drawnCrossings(u: uPlot, lines: SideLine[], points: number[], log: boolean, letters: string[]): DrawnCrossing[] {
  const found = letters.length > 1 ? crossings(lines, points, log) : [];
  if (found.length === 0) return [];
  const stops = drawnStops(u, lines, points, letters);
  const ink = drawnInk(u, lines, points, stops);
  ink.plates.push(...stops.flatMap((st) => (st.letter ? [st.plate, st.letter] : [st.plate])));
  const arm = ringRadius() + (devicePixelRatio || 1);
  return found.map((c) => {
    const at = { x: u.valToPos(c.x, "x", true), y: u.valToPos(c.y, "y", true) };
    const words = overtakes(c, letters);
    const placed = labelPlate(u, at, plateWidth(u.ctx, words), ink, arm);
    ink.plates.push(placed.plate);
    return { c, ...at, words, ...placed };
  });
}

/**
 * A uPlot draw hook marking each crossing of two sides' lines with a
 * dashed ring in the chart's ink, "A overtakes B" where drawnCrossings puts
 * it (the key says between which swept values): where one side overtakes
 * another is what a two-sided sweep is run to find. The words are written
 * first and the rings over them, so that no plate hides a ring.
 */
export function crossingMarks(lines: SideLine[], points: number[], log: boolean, letters: string[]): (u: uPlot) => void {
  return (u) => {
    const drawn = drawnCrossings(u, lines, points, log, letters);
    if (drawn.length === 0) return;
    const px = devicePixelRatio || 1;
    const r = ringRadius();
    const ink = seriesInk(u, 1);
    const ctx = u.ctx;
    for (const { leader } of drawn) drawLeader(ctx, leader, ink);
    writeLetters(
      u,
      drawn.map(({ words, plate }) => ({ letter: words, ink, x: plate.x, y: plate.y })),
    );
    ctx.save();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 2 * px;
    // Dashed: an estimate, not a run (a newcomer took a solid ring for a
    // measured point).
    ctx.setLineDash([3 * px, 2 * px]);
    for (const { x, y } of drawn) {
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.restore();
  };
}
