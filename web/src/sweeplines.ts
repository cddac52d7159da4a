// What one sweep chart draws for one metric: each side's line through the
// runs that completed, and apart from it, as a cross, each run that stopped
// early (an OutOfMemoryError). A stopped run's value covers only the time
// before it stopped, so joining it to its neighbours would draw a trend the
// model never showed (a pooled heap "rising" from 0 req/s at 512 MB). The
// axes: the y range holds the crosses too, and the x range has a margin so
// that a side's first or only point does not sit on the axis; with few
// points every swept value gets its tick.

import uPlot from "uplot";
import { ChartLetter, seriesInk, writeLetters } from "./sidemarks";
import type { SweepResult } from "./types";

/** A run that stopped early, where its cross goes. */
export interface StoppedRun {
  /** Index of the point (into r.points). */
  point: number;
  value: number;
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
      if (v === null || sr.outcomes[i] === "completed") return v;
      if (stoppedEarly(sr.outcomes[i])) stopped.push({ point: i, value: v });
      return null;
    });
    return { line, stopped };
  });
}

/**
 * The y range: every value drawn, crosses included, with uPlot's usual
 * margin and some room above, so that a mark at the top is not cut by the
 * chart's edge.
 */
export function yRange(lines: SideLine[]): uPlot.Range.Function {
  const all = lines.flatMap((l) => [...l.line.filter((v): v is number => v !== null), ...l.stopped.map((s) => s.value)]);
  return (_u, min, max) => {
    if (all.length === 0) return uPlot.rangeNum(min ?? 0, max ?? 1, 0.1, true);
    const lo = Math.min(...all);
    const hi = Math.max(...all);
    return uPlot.rangeNum(lo, hi + 0.06 * (hi - lo), 0.1, true);
  };
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

/**
 * A uPlot draw hook crossing each stopped run in its side's ink (series
 * i + 1 is side i's line), with "stopped" beside the cross, after the
 * side's letter when letters are given (a cross has no line to follow to
 * the letter at its end).
 */
export function stoppedCrosses(lines: SideLine[], points: number[], letters: string[]): (u: uPlot) => void {
  return (u) => {
    const px = devicePixelRatio || 1;
    const arm = 5 * px;
    const ctx = u.ctx;
    ctx.save();
    ctx.lineWidth = 2.5 * px;
    const labels: ChartLetter[] = [];
    lines.forEach((l, i) => {
      const s = u.series[i + 1];
      if (!s || !s.show) return;
      const ink = seriesInk(u, i + 1);
      ctx.strokeStyle = ink;
      for (const st of l.stopped) {
        const x = u.valToPos(points[st.point], "x", true);
        const y = u.valToPos(st.value, s.scale ?? "y", true);
        ctx.beginPath();
        ctx.moveTo(x - arm, y - arm);
        ctx.lineTo(x + arm, y + arm);
        ctx.moveTo(x - arm, y + arm);
        ctx.lineTo(x + arm, y - arm);
        ctx.stroke();
        // "A stopped", not "A" alone, which a line's end has.
        labels.push({ letter: letters[i] ? `${letters[i]} stopped` : "stopped", ink, x: x + arm + 2 * px, y: y - arm });
      }
    });
    ctx.restore();
    // Two sides stopped at one point get their letters stacked.
    writeLetters(u, labels);
  };
}
