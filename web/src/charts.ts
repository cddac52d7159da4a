// Live charts (uPlot) fed by the page's polling of the playground's state.
// One x axis of virtual seconds. A single run's series are drawn in the
// picture's colours for what they measure (its colour grammar); compared
// runs are told apart by their sides' marks (sidemarks.ts: neutral inks,
// solid/dashed/dotted, a letter at each line's end), never by a hue that
// means something in the picture. Where a chart shows two quantities per
// side, the second is dashed for a single run and thin when compared, so
// colour is never the only cue. Axes, grid and colours follow the page's
// theme, and the charts are drawn again when it changes.

import uPlot from "uplot";
import { chartInks, cssColor, onThemeChange, themedAxis, themedLegend } from "./charttheme";
import { el } from "./dom";
import { sideLetters, sideMark, sideName } from "./sidemarks";

const dash = [6, 4];

/**
 * The picture's meanings a single run's series are drawn in: the colour
 * grammar of the canvas (game/view/meaning.go), from palette.css (and
 * theme.css for high contrast), so that green is "on a CPU", pink
 * "thread-local data", brown "StackChunks" and slate grey "stopped for GC"
 * on the charts as in the picture.
 */
type Meaning = "virtual" | "platform" | "on-cpu" | "request" | "thread-local" | "thread-obj" | "chunk" | "app" | "garbage" | "gc";
const meaningFallback: Record<Meaning, string> = {
  virtual: "#1f7fb8",
  platform: "#9a3fa0",
  "on-cpu": "#007a58",
  request: "#338a33",
  "thread-local": "#c8416e",
  "thread-obj": "#6a57d6",
  chunk: "#8a5a2b",
  app: "#6b7178",
  garbage: "#4b525c",
  gc: "#5c6b7a",
};

/** The colour of meaning m under the current theme (the page's CSS variable --m-m, else the default). */
export function meaningColor(m: Meaning): string {
  return cssColor(`m-${m}`, meaningFallback[m]);
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
  width?: number;
  scale?: string;
  get(s: SideSample): number | null;
  side: number;
  /** The side's letter drawn at the line's end (compared runs' first quantity). */
  letter?: string;
}

interface ChartDef {
  id: string;
  /** The caption; compared says whether the sides are compared (the second quantity is then thin, not dashed). */
  title(compared: boolean): string;
  unit: string;
  /** Second y axis (scale "n") label, if any series uses it. */
  unit2?: string;
  series(sides: string[]): SeriesDef[];
}

/** How a quantity is drawn: the first of a chart solid, the second dashed (a single run) or thin (compared sides). */
type Quantity = "first" | "second";

/**
 * One series per side: a single run in the meaning's colour (else the
 * strong neutral ink); compared sides in their marks, the first quantity
 * with the side's letter at its end.
 */
const perSide =
  (label: (name: string) => string, get: (s: SideSample) => number | null, q: Quantity = "first", meaning?: Meaning, scale?: string) =>
  (sides: string[]): SeriesDef[] =>
    sides.map((name, i) => {
      if (sides.length === 1) {
        return { label: label(name), stroke: meaning ? meaningColor(meaning) : chartInks().strong, dash: q === "second" ? dash : undefined, get, side: i, scale };
      }
      const m = sideMark(i);
      return {
        label: sideName(i, label(name)),
        stroke: m.stroke,
        dash: m.dash,
        width: q === "second" ? 1 : 2.5,
        letter: q === "first" ? m.letter : undefined,
        get,
        side: i,
        scale,
      };
    });

/** "first (solid) and second (dashed)" for a single run, "(thick) ... (thin)" for compared sides. */
const two = (compared: boolean): [string, string] => (compared ? ["thick", "thin"] : ["solid", "dashed"]);

const chartDefs: ChartDef[] = [
  {
    id: "throughput",
    title: () => "Throughput (requests per virtual second)",
    unit: "req/s",
    series: perSide((n) => n, (s) => s.rps, "first", "request"),
  },
  {
    id: "latency",
    title: (c) => `Latency: median (${two(c)[0]}) and 95th percentile (${two(c)[1]})`,
    unit: "ms",
    series: (sides) => [
      ...perSide((n) => `${n} median`, (s) => s.p50, "first", "request")(sides),
      ...perSide((n) => `${n} p95`, (s) => s.p95, "second", "request")(sides),
    ],
  },
  {
    id: "heap",
    title: (c) => (c ? "Heap: old gen (thick) and young gen (thin) in use" : "Heap: live data by kind (solid), old-gen garbage and capacity (dashed)"),
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
            { label: "old gen capacity", stroke: chartInks().mid, dash: [2, 3], get: (s) => s.oldCap, side: 0 },
          ]
        : [...perSide((n) => `${n} old`, (s) => s.old)(sides), ...perSide((n) => `${n} young`, (s) => s.eden + s.survivor, "second")(sides)],
  },
  {
    id: "gc",
    title: (c) => `Stopped for GC: total pause time (${two(c)[0]}), Full GCs so far (${two(c)[1]}, right axis)`,
    unit: "ms paused",
    unit2: "Full GCs",
    series: (sides) => [
      ...perSide((n) => `${n} pause`, (s) => s.pauseMs, "first", "gc")(sides),
      ...perSide((n) => `${n} Full GCs`, (s) => s.fullGCs, "second", "gc", "n")(sides),
    ],
  },
  {
    id: "carriers",
    title: () => "Busy carriers (virtual threads mounted on an OS thread)",
    unit: "carriers",
    series: perSide((n) => n, (s) => s.mounted, "first", "on-cpu"),
  },
  {
    id: "osthreads",
    title: () => "Live OS (platform) threads",
    unit: "threads",
    series: perSide((n) => n, (s) => s.platform, "first", "platform"),
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
    this.box.append(el("figcaption", {}, def.title(false)), plot);
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

  /** Draws the chart for sides, with no samples. */
  configure(sides: string[]): void {
    this.defs = this.def.series(sides);
    this.data = [[], ...this.defs.map(() => [])];
    this.build(sides.length > 1);
  }

  /** Draws the chart again in the current theme's colours, keeping its samples. */
  restyle(sides: string[]): void {
    if (!this.plot) return;
    this.defs = this.def.series(sides);
    this.build(sides.length > 1);
  }

  private build(compared: boolean): void {
    this.plot?.destroy();
    (this.box.querySelector("figcaption") as HTMLElement).textContent = this.def.title(compared);
    const letters = new Map<number, string>();
    this.defs.forEach((d, i) => d.letter && letters.set(i + 1, d.letter));
    const series: uPlot.Series[] = [
      { label: "virtual s" },
      ...this.defs.map((d) => ({
        label: d.label,
        stroke: d.stroke,
        width: d.width ?? 2,
        dash: d.dash,
        scale: d.scale ?? "y",
        spanGaps: false,
        points: { show: false },
      })),
    ];
    const axes: uPlot.Axis[] = [
      themedAxis({ label: "virtual time (s)", labelSize: 18, size: 36 }),
      themedAxis({ label: this.def.unit, labelSize: 18, size: 56, scale: "y" }),
    ];
    if (this.def.unit2) axes.push(themedAxis({ label: this.def.unit2, labelSize: 18, size: 44, side: 1, scale: "n", grid: { show: false } }));
    const opts: uPlot.Options = {
      ...this.size(),
      series,
      axes,
      scales: { x: { time: false }, y: { range: (_u, lo, hi) => range(lo, hi) }, n: { range: (_u, lo, hi) => range(lo, hi) } },
      legend: themedLegend,
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [sideLetters(letters)] },
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

  private readonly key: HTMLElement;

  constructor(root: HTMLElement) {
    this.key = el("p", { class: "side-key", id: "side-key", hidden: "" });
    root.before(this.key);
    this.charts = chartDefs.map((d) => new Chart(d, root));
    onThemeChange(() => {
      for (const c of this.charts) c.restyle(this.sides);
      this.showKey();
    });
  }

  /** Above the charts when sides are compared: each side's letter, line and case, and where it is in the picture. */
  private showKey(): void {
    const n = this.sides.length;
    this.key.hidden = n < 2;
    if (n < 2) return;
    const where = n === 2 ? ["left", "right"] : ["left", "middle", "right"];
    this.key.replaceChildren(
      "Compared sides: ",
      ...this.sides.map((name, i) => {
        const m = sideMark(i);
        const sample = el("span", { class: "side-line", "aria-hidden": "true" });
        sample.style.borderTopColor = m.stroke;
        sample.style.borderTopStyle = m.css;
        return el("span", { class: "side" }, el("strong", {}, m.letter), " ", sample, ` ${name} (${where[i]} in the picture)`);
      }),
    );
  }

  /** Sets the sides (case names); clears the data when they change or when asked. */
  configure(sides: string[], clear = true): void {
    if (sides.join("\u0000") !== this.sides.join("\u0000")) {
      this.sides = [...sides];
      for (const c of this.charts) c.configure(sides);
      this.showKey();
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
