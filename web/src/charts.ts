// Live charts (uPlot) fed by the page's polling of the playground's state.
// One x axis of virtual seconds; one series per compared side, in the
// side's colour (Okabe–Ito, safe for the common colour-vision deficiencies)
// and, where a chart shows two quantities per side, a dashed line for the
// second so colour is never the only cue.

import uPlot from "uplot";
import { el } from "./dom";

/** Colours of sides 1..3 in compare mode (each line is a side there). */
export const sideColors = ["#0072B2", "#D55E00", "#009E73"];
const dash = [6, 4];

/**
 * The picture's meanings a single run's series are drawn in: the colour
 * grammar of the canvas (game/view/meaning.go), from palette.css, so that
 * green is "on a CPU", pink "thread-local data", brown "StackChunks" and
 * slate grey "stopped for GC" on the charts as in the picture.
 */
type Meaning = "virtual" | "platform" | "carrier-os" | "on-cpu" | "request" | "thread-local" | "thread-obj" | "chunk" | "app" | "garbage" | "gc";
const meaningFallback: Record<Meaning, string> = {
  virtual: "#1f7fb8",
  platform: "#a8437f",
  "carrier-os": "#0072b2",
  "on-cpu": "#007a58",
  request: "#6b7a00",
  "thread-local": "#c8416e",
  "thread-obj": "#6a57d6",
  chunk: "#8a5a2b",
  app: "#6b7178",
  garbage: "#4b525c",
  gc: "#5c6b7a",
};

/** The colour of meaning m (the page's CSS variable --m-m, else the default). */
export function meaningColor(m: Meaning): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(`--m-${m}`).trim();
  return v || meaningFallback[m];
}

/** What one side contributes to one sample. */
export interface SideSample {
  rps: number | null; // completions per virtual second since the previous sample
  p50: number | null; // ms
  p95: number | null; // ms
  eden: number; // MB used
  survivor: number;
  old: number;
  oldCap: number;
  oldGarbage: number;
  /** Live data by kind (MB), as the picture colours the heap. */
  live: { request: number; threadLocal: number; thread: number; chunk: number; app: number };
  pauseMs: number; // cumulative
  fullGCs: number; // cumulative
  youngGCs: number;
  mounted: number;
  platform: number;
}

export interface Sample {
  t: number; // virtual seconds
  sides: SideSample[];
}

interface SeriesDef {
  label: string;
  stroke: string;
  dash?: number[];
  scale?: string;
  get(s: SideSample): number | null;
  side: number;
}

interface ChartDef {
  id: string;
  title: string;
  unit: string;
  /** Second y axis (scale "n") label, if any series uses it. */
  unit2?: string;
  series(sides: string[]): SeriesDef[];
}

/** One series per side: in the meaning's colour for a single run, in each side's colour when compared. */
const perSide = (label: (name: string) => string, get: (s: SideSample) => number | null, opts: Partial<SeriesDef> = {}, meaning?: Meaning) =>
  (sides: string[]): SeriesDef[] =>
    sides.map((name, i) => ({
      label: label(name),
      stroke: sides.length === 1 && meaning ? meaningColor(meaning) : sideColors[i % sideColors.length],
      get,
      side: i,
      ...opts,
    }));

const chartDefs: ChartDef[] = [
  {
    id: "throughput",
    title: "Throughput (requests per virtual second)",
    unit: "req/s",
    series: perSide((n) => n, (s) => s.rps, {}, "request"),
  },
  {
    id: "latency",
    title: "Latency p50 (solid) and p95 (dashed)",
    unit: "ms",
    series: (sides) => [
      ...perSide((n) => `${n} p50`, (s) => s.p50, {}, "request")(sides),
      ...perSide((n) => `${n} p95`, (s) => s.p95, { dash }, "request")(sides),
    ],
  },
  {
    id: "heap",
    title: "Heap: live data by kind (solid), old-gen garbage and capacity (dashed)",
    unit: "MB",
    series: (sides) =>
      sides.length === 1
        ? [
            { label: "request data", stroke: meaningColor("request"), get: (s) => s.live.request, side: 0 },
            { label: "thread-local data", stroke: meaningColor("thread-local"), get: (s) => s.live.threadLocal, side: 0 },
            { label: "StackChunks", stroke: meaningColor("chunk"), get: (s) => s.live.chunk, side: 0 },
            { label: "Thread objects", stroke: meaningColor("thread-obj"), get: (s) => s.live.thread, side: 0 },
            { label: "application data", stroke: meaningColor("app"), get: (s) => s.live.app, side: 0 },
            { label: "old-gen garbage", stroke: meaningColor("garbage"), dash, get: (s) => s.oldGarbage, side: 0 },
            { label: "old capacity", stroke: "#777777", dash: [2, 3], get: (s) => s.oldCap, side: 0 },
          ]
        : [
            ...perSide((n) => `${n} old`, (s) => s.old)(sides),
            ...perSide((n) => `${n} young`, (s) => s.eden + s.survivor, { dash })(sides),
          ],
  },
  {
    id: "gc",
    title: "GC pauses: total pause (solid), Full GCs (dashed)",
    unit: "ms paused",
    unit2: "Full GCs",
    series: (sides) => [
      ...perSide((n) => `${n} pause`, (s) => s.pauseMs, {}, "gc")(sides),
      ...perSide((n) => `${n} Full GCs`, (s) => s.fullGCs, { dash, scale: "n" }, "gc")(sides),
    ],
  },
  {
    id: "carriers",
    title: "Busy carriers (virtual threads mounted)",
    unit: "carriers",
    series: perSide((n) => n, (s) => s.mounted, {}, "on-cpu"),
  },
  {
    id: "osthreads",
    title: "Live OS (platform) threads",
    unit: "threads",
    series: perSide((n) => n, (s) => s.platform, {}, "platform"),
  },
];

/** Points kept per chart; older ones scroll off. */
const maxPoints = 600;

class Chart {
  readonly box: HTMLElement;
  private plot: uPlot | null = null;
  private defs: SeriesDef[] = [];
  private data: (number | null)[][] = [];
  private dirty = false;

  constructor(
    private readonly def: ChartDef,
    parent: HTMLElement,
  ) {
    this.box = el("figure", { class: "chart", id: `chart-${def.id}` });
    const plot = el("div", { class: "plot" });
    this.box.append(el("figcaption", {}, def.title), plot);
    parent.append(this.box);
    new ResizeObserver(() => this.resize()).observe(plot);
  }

  private plotBox(): HTMLElement {
    return this.box.querySelector(".plot") as HTMLElement;
  }

  private size(): { width: number; height: number } {
    const w = Math.max(200, Math.floor(this.plotBox().clientWidth));
    return { width: w, height: w < 420 ? 150 : 180 };
  }

  private resize(): void {
    if (this.plot) this.plot.setSize(this.size());
  }

  configure(sides: string[]): void {
    this.plot?.destroy();
    this.defs = this.def.series(sides);
    this.data = [[], ...this.defs.map(() => [])];
    const series: uPlot.Series[] = [
      { label: "virtual s" },
      ...this.defs.map((d) => ({
        label: d.label,
        stroke: d.stroke,
        width: 2,
        dash: d.dash,
        scale: d.scale ?? "y",
        spanGaps: false,
        points: { show: false },
      })),
    ];
    const axes: uPlot.Axis[] = [
      { label: "virtual time (s)", labelSize: 18, size: 36 },
      { label: this.def.unit, labelSize: 18, size: 56, scale: "y" },
    ];
    if (this.def.unit2) axes.push({ label: this.def.unit2, labelSize: 18, size: 44, side: 1, scale: "n", grid: { show: false } });
    const opts: uPlot.Options = {
      ...this.size(),
      series,
      axes,
      scales: { x: { time: false }, y: { range: (_u, lo, hi) => range(lo, hi) }, n: { range: (_u, lo, hi) => range(lo, hi) } },
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
    };
    this.plot = new uPlot(opts, this.data as uPlot.AlignedData, this.plotBox());
  }

  push(s: Sample): void {
    this.data[0].push(s.t);
    this.defs.forEach((d, i) => {
      const side = s.sides[d.side];
      const v = side ? d.get(side) : null;
      this.data[i + 1].push(v === null || !Number.isFinite(v) ? null : v);
    });
    if (this.data[0].length > maxPoints) for (const a of this.data) a.shift();
    this.dirty = true;
  }

  clear(): void {
    for (const a of this.data) a.length = 0;
    this.dirty = true;
  }

  redraw(): void {
    if (this.dirty && this.plot) this.plot.setData(this.data as uPlot.AlignedData);
    this.dirty = false;
  }

  /** Number of samples held (tests read it through the page). */
  points(): number {
    return this.data[0]?.length ?? 0;
  }
}

function range(lo: number | null, hi: number | null): uPlot.Range.MinMax {
  const a = Math.min(0, lo ?? 0);
  const b = Math.max(hi ?? 1, a + 1);
  return [a, b * 1.05];
}

export class Charts {
  private charts: Chart[];
  private sides: string[] = [];

  constructor(root: HTMLElement) {
    this.charts = chartDefs.map((d) => new Chart(d, root));
  }

  /** Sets the sides (case names); clears the data when they change or when asked. */
  configure(sides: string[], clear = true): void {
    if (sides.join("\u0000") !== this.sides.join("\u0000")) {
      this.sides = [...sides];
      for (const c of this.charts) c.configure(sides);
    } else if (clear) {
      for (const c of this.charts) c.clear();
    }
    this.redraw();
  }

  push(s: Sample): void {
    for (const c of this.charts) c.push(s);
  }

  redraw(): void {
    for (const c of this.charts) c.redraw();
  }

  points(): number {
    return this.charts[0].points();
  }
}
