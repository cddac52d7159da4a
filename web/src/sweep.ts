// The sweep panel: turn one numeric knob of the loaded case over a range of
// points, on one to three sides (the case alone, the compared cases, or a
// yes/no or enum knob's values), and chart chosen metrics against the knob,
// one line per side. The worker's Go (package sweep) checks the setup and
// lists the runs, the runs go to the background workers like full runs, and
// the worker collects them: the numbers are `loomsim sweep --json`'s. The
// setup travels in the page's link (sweep=, sweep_side=, sweep_metric=).

import uPlot from "uplot";
import { onThemeChange, themedAxis, themedLegend } from "./charttheme";
import { byID, el, fmt } from "./dom";
import type { Action } from "./failure";
import { JobControls } from "./jobcontrols";
import { caseValues } from "./knobs";
import type { LinkState } from "./link";
import type { Runner } from "./runner";
import { sideLetters, sideMark, sideName } from "./sidemarks";
import { Current, firstCase } from "./spec";
import {
  beyond,
  crossingLabel,
  touchShare,
  crossingMarks,
  crossings,
  drawnCrossings,
  DrawnStop,
  drawnStops,
  Plate,
  ranFor,
  stoppedCrosses,
  stoppedEarly,
  stopWords,
  sweepLines,
  unmeasuredSpans,
  xRange,
  xSplits,
  yExtent,
  yRange,
} from "./sweeplines";
import { KnobMeta, LoomError, MetaFile, ScenarioMeta, SweepOutput, SweepRequest, SweepResult } from "./types";

/** One side's marks on a drawn chart, in the canvas's pixels (SweepPanel.chartMarks). */
export interface ChartMarks {
  line: (number | null)[];
  points: ({ x: number; y: number } | null)[];
  /** Each stopped run's cross, its label, the label's plate and any leader to it (mark false: a run with no value, its dashed line and label). */
  crosses: (Omit<DrawnStop, "side"> & {
    /** A run with no value (mark false): the spans, top to bottom, of its dashed line. */
    spans: [number, number][];
  })[];
}

/** The link fields of a sweep (game/link): "" and empty lists for none. */
export type SweepLink = Pick<LinkState, "sweep" | "sweepSides" | "sweepMetrics">;

/** Points a new range gets: few, so that a first sweep is quick. */
const defaultPoints = 4;

export class SweepPanel {
  private readonly knob = byID<HTMLSelectElement>("sweep-knob");
  private readonly lo = byID<HTMLInputElement>("sweep-lo");
  private readonly hi = byID<HTMLInputElement>("sweep-hi");
  private readonly n = byID<HTMLInputElement>("sweep-n");
  private readonly log = byID<HTMLInputElement>("sweep-log");
  private readonly sides = byID<HTMLSelectElement>("sweep-sides");
  private readonly metrics = byID<HTMLFieldSetElement>("sweep-metrics");
  private readonly runBtn = byID<HTMLButtonElement>("sweep-run");
  private readonly label = byID("sweep-label");
  private readonly jobs = new JobControls({
    run: this.runBtn,
    cancel: byID<HTMLButtonElement>("sweep-cancel"),
    bar: byID<HTMLProgressElement>("sweep-progress"),
    label: this.label,
  });
  private readonly charts = byID("sweep-charts");
  private readonly table = byID("sweep-table");
  private readonly csvLink = byID<HTMLAnchorElement>("sweep-csv");
  private readonly jsonLink = byID<HTMLAnchorElement>("sweep-json");
  private scenario: ScenarioMeta | null = null;
  private compareKey = "";
  private last: SweepOutput | null = null;
  /** The result the charts show: the last sweep's, or the one under way so far. */
  private drawn: SweepResult | null = null;
  private plots: uPlot[] = [];
  private observers: ResizeObserver[] = [];
  private urls: string[] = [];
  /** The setup goes into the link once the user has touched it or a link brought one. */
  private touched = false;

  constructor(
    private readonly meta: MetaFile,
    private readonly runner: Runner,
    private readonly current: () => Current | null,
    private readonly message: (text: string, kind: "error", actions: Action[]) => void,
    /** The setup changed: the page's link should follow. */
    private readonly linkChanged: () => void,
  ) {
    const changed = () => {
      this.touched = true;
      this.linkChanged();
    };
    this.knob.addEventListener("change", () => {
      this.fillRange();
      changed();
    });
    for (const e of [this.lo, this.hi, this.n, this.log, this.sides, this.metrics]) e.addEventListener("change", changed);
    this.runBtn.addEventListener("click", () => void this.run().catch(() => {}));
    onThemeChange(() => this.drawn && this.draw(this.drawn));
  }

  /** Follows what is loaded: a new scenario gets its knobs and metrics; new compared cases, new side choices. */
  show(c: Current): void {
    const key = (c.compare ?? []).join(",") + "/" + c.caseID;
    if (this.scenario?.id !== c.s.id) {
      this.jobs.cancel();
      this.scenario = c.s;
      this.touched = false;
      this.clear();
      const numeric = c.s.knobs.filter((k) => k.type === "int" || k.type === "float");
      this.knob.replaceChildren(...numeric.map((k) => el("option", { value: k.name }, k.unit ? `${k.name} (${k.unit})` : k.name)));
      this.runBtn.disabled = numeric.length === 0;
      const sweepable = c.s.metrics.filter((m) => this.meta.metrics.includes(m));
      this.metrics.replaceChildren(
        el("legend", {}, "Metrics (a chart each)"),
        ...sweepable.map((m, i) => {
          const box = el("input", { type: "checkbox", name: "sweep-metric", value: m });
          box.checked = i === 0;
          return el("label", { class: "check", title: c.s.metricMeanings[m] ?? "" }, box, " ", el("code", {}, m));
        }),
      );
      this.fillRange(c);
    } else if (this.lo.value === "") {
      this.fillRange(c); // shown before anything was loaded: the range follows the loaded case
    }
    if (key !== this.compareKey) {
      this.compareKey = key;
      const keep = this.sides.value;
      this.sides.replaceChildren(...sideChoices(c).map((o) => el("option", { value: o.value }, o.text)));
      if ([...this.sides.options].some((o) => o.value === keep)) this.sides.value = keep;
    }
  }

  /** Sets the controls from a link's sweep (the link was read by the simulator, which checked every part). */
  fromLink(l: SweepLink): void {
    if (!l.sweep || !this.scenario) return;
    const [name, lo, hi, n, spacing] = l.sweep.split(":");
    if (![...this.knob.options].some((o) => o.value === name)) return;
    this.knob.value = name;
    this.lo.value = lo;
    this.hi.value = hi;
    this.n.value = n;
    this.log.checked = spacing === "log";
    const sides = l.sweepSides.join("|");
    if (![...this.sides.options].some((o) => o.value === sides)) {
      this.sides.append(el("option", { value: sides }, `from the link: ${l.sweepSides.join(" vs ")}`));
    }
    this.sides.value = sides;
    if (l.sweepMetrics.length > 0) for (const b of this.metricBoxes()) b.checked = l.sweepMetrics.includes(b.value);
    this.touched = true;
  }

  /** The link fields of the setup ("" when it has not been touched). */
  link(): SweepLink {
    if (!this.touched || !this.knob.value) return { sweep: "", sweepSides: [], sweepMetrics: [] };
    return { sweep: this.rangeText(), sweepSides: this.sideList(), sweepMetrics: this.metricList() };
  }

  /** The last finished sweep (null: none yet, or another scenario since). */
  result(): SweepOutput | null {
    return this.last;
  }

  /** The request the controls describe, on the loaded case with its knobs and seed. */
  request(): SweepRequest {
    const c = this.current();
    if (!c) throw new LoomError("nothing is loaded yet");
    const set: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.knobs)) if (k !== this.knob.value) set[k] = String(v);
    return { ref: `${c.s.id}/${firstCase(c)}`, knob: this.rangeText(), set, sides: this.sideList(), metrics: this.metricList(), seed: c.seed };
  }

  /** Runs the sweep the controls describe; its charts, table and downloads replace the last one's. */
  async run(): Promise<SweepOutput> {
    const req = this.request();
    this.touched = true;
    this.linkChanged();
    const t0 = performance.now();
    return this.jobs.run({
      start: (show) =>
        this.runner.sweep(
          req,
          // The bar counts the running runs' progress too; the words count whole runs.
          (done, total, f, running) => show(f, `${done} of ${total} runs done${running.length ? ` — running: ${running.join(", ")}` : ""}`),
          // The lines grow as the runs end; the downloads wait for the whole sweep.
          (sofar) => {
            this.hideDownloads();
            this.draw(sofar.sweep);
          },
        ),
      starting: "planning the runs…",
      done: (out) => {
        this.last = out;
        this.draw(out.sweep);
        this.downloads(out);
        const points = out.sweep.points.length;
        const sides = out.sweep.sides.length;
        // A run that stopped early is counted here too: "16 runs" alone
        // read as sixteen that completed.
        const early = out.sweep.results.reduce((n, sr) => n + sr.outcomes.filter(stoppedEarly).length, 0);
        const stops = early > 0 ? `; ${early} stopped early` : "";
        // "settings", not "sides", and the time said to be the page's own
        // (newcomers read "sides" as jargon, and "in 1.54 s" beside runs
        // of 5 simulated seconds as one of them).
        const runs = sides > 1 ? `${points * sides} runs (${points} points × ${sides} compared settings${stops})` : `${points} runs${stops ? ` (${stops.slice(2)})` : ""}`;
        return `done: ${runs}, which took ${fmt((performance.now() - t0) / 1000)} s in this browser`;
      },
      failed: (msg) => this.message(`Sweep: ${msg}`, "error", [{ label: "Retry", run: () => void this.run().catch(() => {}) }]),
      // Cancelled or failed: the lines drawn so far go, and the last whole
      // sweep (with its downloads) comes back.
      undone: () => {
        if (this.last) {
          this.draw(this.last.sweep);
          this.downloads(this.last);
        } else {
          this.dropPlots();
          this.charts.replaceChildren();
          this.table.replaceChildren();
          this.drawn = null;
        }
      },
    });
  }

  private knobMeta(): KnobMeta | undefined {
    return this.scenario?.knobs.find((k) => k.name === this.knob.value);
  }

  /**
   * A range around the knob's value in the loaded case: from half to twice it, within the knob's
   * bounds. A knob whose 0 sets nothing (no flag) starts at 1: the sweep refuses 0 there.
   */
  private fillRange(c: Current | null = this.current()): void {
    const k = this.knobMeta();
    if (!k || !c) return;
    const given = c.knobs[k.name] ?? caseValues(c.s.cases.find((x) => x.id === firstCase(c)))[k.name] ?? k.default;
    const v = Number(given);
    if (k.zeroMeans && v === 0 && k.sweepHint) {
      // "Not set" is no value to sweep around: the knob's own proposal.
      const [lo, hi, n, spacing] = k.sweepHint.split(":");
      [this.lo.value, this.hi.value, this.n.value] = [lo, hi, n];
      this.log.checked = spacing === "log";
      return;
    }
    const min = k.zeroMeans ? Math.max(k.min ?? 0, 1) : (k.min ?? 0);
    const max = k.max ?? Math.max(1, v * 2);
    const round = (x: number) => (k.type === "int" ? Math.round(x) : Number(x.toPrecision(6)));
    let lo = round(Math.max(min, v / 2));
    let hi = round(Math.min(max, v > 0 ? v * 2 : min + 10));
    if (!(lo < hi)) [lo, hi] = [min, max];
    this.lo.value = String(lo);
    this.hi.value = String(hi);
    this.n.value = String(k.type === "int" ? Math.max(2, Math.min(defaultPoints, hi - lo + 1)) : defaultPoints);
    this.log.checked = false;
  }

  private rangeText(): string {
    return `${this.knob.value}:${this.lo.value.trim()}:${this.hi.value.trim()}:${this.n.value.trim()}${this.log.checked ? ":log" : ""}`;
  }

  private sideList(): string[] {
    return this.sides.value ? this.sides.value.split("|") : [];
  }

  private metricBoxes(): HTMLInputElement[] {
    return [...this.metrics.querySelectorAll<HTMLInputElement>("input[name=sweep-metric]")];
  }

  private metricList(): string[] {
    return this.metricBoxes()
      .filter((b) => b.checked)
      .map((b) => b.value);
  }

  private dropPlots(): void {
    for (const o of this.observers) o.disconnect();
    for (const p of this.plots) p.destroy();
    this.observers = [];
    this.plots = [];
  }

  private clear(): void {
    this.dropPlots();
    this.charts.replaceChildren();
    this.table.replaceChildren();
    for (const u of this.urls) URL.revokeObjectURL(u);
    this.urls = [];
    this.hideDownloads();
    this.last = null;
    this.drawn = null;
    this.label.textContent = "";
  }

  private hideDownloads(): void {
    this.csvLink.hidden = true;
    this.jsonLink.hidden = true;
  }

  /**
   * One chart per metric, the knob across, one line per side in the side's
   * mark (with its points marked) through the runs that completed; a run
   * that stopped early is a cross off the line (sweeplines.ts). While the
   * sweep goes on, r has no value where a run has not ended: the line has a
   * gap there.
   */
  private draw(r: SweepResult): void {
    this.drawn = r;
    this.dropPlots();
    this.charts.replaceChildren();
    const unit = r.knob.unit ? ` (${r.knob.unit})` : "";
    const sided = r.results.length > 1;
    const letters = markLetters(r);
    for (const m of r.metrics) {
      const lines = sweepLines(r, m);
      const plot = el("div", { class: "plot" });
      // The caption says what the metric counts, over which part of this
      // scenario's runs: a reader asked whether full_gcs was a total or a rate.
      const meaning = this.meta.scenarios.find((x) => x.id === r.scenario)?.metricMeanings[m];
      const caption = el("figcaption", {}, `${m} against ${r.knob.name}`, ...(meaning ? [el("span", { class: "meaning" }, meaning)] : []));
      // What the chart shows, in a sentence (the simulator's words, as
      // `loomsim sweep` prints them): newcomers shown a chart without one
      // did not say what it found, or read a straight line as a blow-up.
      // A sentence a line: as one paragraph it read as a dense block. (The
      // space before each, which the line break swallows, keeps the text
      // the simulator's.)
      const finding = r.findings?.[m];
      const said = finding ? [el("p", { class: "finding", id: `sweep-finding-${m}` }, ...sentences(finding).flatMap((x, i) => (i > 0 ? [el("br"), " " + x] : [x])))] : [];
      const fig = el("figure", { class: "chart", id: `sweep-chart-${m}` }, caption, ...said, plot);
      this.charts.append(fig);
      const width = Math.max(240, Math.floor(plot.clientWidth || this.charts.clientWidth || 360));
      const opts: uPlot.Options = {
        width,
        height: 200,
        series: [
          { label: r.knob.name + unit },
          ...r.results.map((sr, i) => {
            const mark = sideMark(i);
            return {
              label: sided ? sideName(i, sr.side) : sr.side,
              stroke: mark.stroke,
              dash: mark.dash,
              width: 2,
              points: { show: true, size: 8, stroke: mark.stroke, fill: mark.stroke },
            };
          }),
        ],
        axes: [
          themedAxis({ label: r.knob.name + unit, labelSize: 18, size: 40, ...xSplits(r) }),
          themedAxis({ label: m, labelSize: 18, size: 72 }),
        ],
        scales: { x: { time: false, distr: r.knob.spacing === "log" ? 3 : 1, range: xRange(r) }, y: { range: yRange(lines) } },
        // One side needs no legend: the axes name the knob and the metric
        // (a newcomer asked what a legend of one line was for).
        legend: sided ? themedLegend : { show: false },
        cursor: { drag: { x: false, y: false } },
        hooks: {
          draw: [
            stoppedCrosses(lines, r.points, letters),
            crossingMarks(lines, r.points, r.knob.spacing === "log", letters),
            sideLetters(new Map(letters.map((l, i) => [i + 1, l]))),
          ],
        },
      };
      const data = [r.points, ...lines.map((l) => l.line)] as uPlot.AlignedData;
      const u = new uPlot(opts, data, plot);
      this.plots.push(u);
      // The charts share the panel's width, which changes with the window.
      const ro = new ResizeObserver(() => u.setSize({ width: Math.max(240, Math.floor(plot.clientWidth)), height: 200 }));
      ro.observe(plot);
      this.observers.push(ro);
    }
    const key = [sidesMeaning(r, this.meta.scenarios.find((x) => x.id === r.scenario)), ...chartKey(r)].filter((x) => x);
    if (key.length > 0) this.charts.append(el("ul", { class: "hint sweep-key", id: "sweep-chart-key" }, ...key.map((x) => el("li", {}, x))));
    this.table.replaceChildren(resultTable(r, this.meta.scenarios.find((x) => x.id === r.scenario)));
    const marks = tableMarks(r);
    if (marks) this.table.append(el("p", { class: "hint", id: "sweep-marks" }, marks));
  }

  /**
   * What the chart of metric m has drawn (tests read it): per side, the
   * values its line goes through, as uPlot holds them, and where on the
   * canvas (its pixels) each point of the sweep and each cross is.
   */
  chartMarks(m: string): ChartMarks[] {
    const i = this.drawn?.metrics.indexOf(m) ?? -1;
    const u = this.plots[i];
    if (!u || !this.drawn) return [];
    const r = this.drawn;
    const at = (x: number, y: number | null) => (y === null ? null : { x: u.valToPos(x, "x", true), y: u.valToPos(y, "y", true) });
    const lines = sweepLines(r, m);
    const stops = drawnStops(u, lines, r.points, markLetters(r));
    return lines.map((_l, s) => ({
      line: [...(u.data[s + 1] as (number | null)[])],
      points: (r.results[s].values[m] ?? []).map((v, j) => at(r.points[j], v)),
      crosses: stops
        .filter((st) => st.side === s)
        .map(({ side: _side, ...st }) => ({ ...st, spans: st.mark ? [] : unmeasuredSpans(u, lines, r.points, st.x) })),
    }));
  }

  /** Where the chart of metric m marks two sides' lines crossing, in canvas pixels, with its label, where its words are written and any leader to them (tests read it). */
  chartCrossings(m: string): { x: number; y: number; label: string; plate: Plate; leader: [number, number, number, number] | null }[] {
    const i = this.drawn?.metrics.indexOf(m) ?? -1;
    const u = this.plots[i];
    const r = this.drawn;
    if (!u || !r || r.results.length < 2) return [];
    const letters = markLetters(r);
    return drawnCrossings(u, sweepLines(r, m), r.points, r.knob.spacing === "log", letters).map(({ c, x, y, plate, leader }) => ({
      x,
      y,
      label: crossingLabel(c, letters),
      plate,
      leader,
    }));
  }

  /** CSV and JSON downloads of the result, as object URLs (a download is not a fetch: the page's CSP allows it). */
  private downloads(out: SweepOutput): void {
    for (const u of this.urls) URL.revokeObjectURL(u);
    const r = out.sweep;
    const base = `loomlab-sweep-${r.scenario}-${r.case}-${r.knob.name}`;
    const csv = URL.createObjectURL(new Blob([out.csv], { type: "text/csv" }));
    const json = URL.createObjectURL(new Blob([JSON.stringify(r, null, 1) + "\n"], { type: "application/json" }));
    this.urls = [csv, json];
    this.csvLink.href = csv;
    this.csvLink.download = base + ".csv";
    this.jsonLink.href = json;
    this.jsonLink.download = base + ".json";
    this.csvLink.hidden = false;
    this.jsonLink.hidden = false;
  }
}

/**
 * A finding's sentences: it is split where a sentence ends, a full stop and
 * a space (a decimal point has a digit after it).
 */
export function sentences(text: string): string[] {
  return text.split(/(?<=\.)\s+/);
}

/** The sides a sweep can compare in the loaded setup: the case alone, the compared cases, each yes/no knob, each enum of up to three values. */
function sideChoices(c: Current): { value: string; text: string }[] {
  const out = [{ value: "", text: `this case only (${firstCase(c)})` }];
  if (c.compare) out.push({ value: c.compare.map((x) => `case=${x}`).join("|"), text: `the compared cases: ${c.compare.join(" vs ")}` });
  for (const k of c.s.knobs) {
    const values = k.type === "bool" ? ["true", "false"] : k.type === "enum" && (k.options?.length ?? 0) <= 3 ? (k.options ?? []) : [];
    if (values.length >= 2) out.push({ value: values.map((v) => `${k.name}=${v}`).join("|"), text: `${k.name}: ${values.join(" vs ")}` });
  }
  return out;
}

/**
 * What the compared sides stand for, in the scenario's words: each compared
 * case's title, or the knob's help — for a yes/no knob, what true means
 * ("pool=true: pool long-lived virtual threads instead of one per
 * request"); "" for one side.
 */
function sidesMeaning(r: SweepResult, s: ScenarioMeta | undefined): string {
  if (!s || r.results.length < 2) return "";
  const said: string[] = [];
  for (const sr of r.results)
    for (const setting of sr.side.split(",")) {
      const [k, v] = setting.split("=");
      const knob = s.knobs.find((x) => x.name === k);
      const words = k === "case" ? s.cases.find((c) => c.id === v)?.title : knob?.help;
      if (!words) continue;
      const line = `${k === "case" ? v : knob?.type === "bool" ? `${k}=true` : k}: ${words}`;
      if (!said.includes(line)) said.push(line);
    }
  return said.length > 0 ? `${said.join("; ")}.` : "";
}

/** The side letters the charts' marks name (A, B, C), none with one side. */
function markLetters(r: SweepResult): string[] {
  return r.results.length > 1 ? r.results.map((_, i) => sideMark(i).letter) : [];
}

/**
 * What the charts' marks mean, for the marks they have (none: empty), an
 * entry each: the side letters (A, B, C at a line's end), the crosses of
 * runs that stopped early, each named with how and when it stopped, and the
 * crossings' rings. One paragraph of them all was too dense for newcomers.
 */
function chartKey(r: SweepResult): string[] {
  const parts: string[] = [];
  const letters = markLetters(r);
  const stopped = r.results.flatMap((sr, i) =>
    sr.outcomes.flatMap((o, j) =>
      !stoppedEarly(o)
        ? []
        : [
            `${r.knob.name}=${fmt(r.points[j])}${r.results.length > 1 ? ` on ${sideName(i, sr.side)}` : ""} ${stopWords(o) === "out of memory" ? "ran out of memory" : "stopped"} after ${ranFor(sr.runs[j]?.sim_seconds ?? 0, sr.runs[j]?.planned_seconds ?? 0)} of simulated time (${o})`,
          ],
    ),
  );
  if (letters.length > 1) parts.push(`The letters ${letters.slice(0, -1).join(", ")} and ${letters.at(-1)} at the right end of the lines name them as the legend does.`);
  if (stopped.length > 0) {
    // The dashed line is named only where a chart has one (a newcomer
    // looked for it on a chart without).
    const unmeasured = r.metrics.some((m) => sweepLines(r, m).some((l) => l.stopped.some((st) => st.value === null)));
    parts.push(
      `× a run that stopped early: ${stopped.join("; ")}. Its numbers cover only the part it ran, so no line goes through it. Beside its cross is what it measured until it stopped ("… until then"): for a count, the count so far; for a rate or a latency, over the part it ran.` +
        (unmeasured ? ` "Before measuring": it stopped before that metric's measurement began (a dashed line marks its place).` : ""),
    );
  }
  // A cross on a chart's edge: its value is beyond the range the lines set.
  const offScale = r.metrics.some((m) => {
    const lines = sweepLines(r, m);
    const extent = yExtent(lines);
    return lines.some((l) => l.stopped.some((st) => beyond(st.value, extent) !== 0));
  });
  if (offScale) parts.push("↑ or ↓: the value is beyond the chart's scale, which is the completed runs', and the cross sits on its edge.");
  const log = r.knob.spacing === "log";
  const found = letters.length > 1 ? r.metrics.flatMap((m) => crossings(sweepLines(r, m), r.points, log).map((c) => ({ c, m }))) : [];
  const named = (touch: boolean) => found.filter(({ c }) => !!c.touch === touch).map(({ c, m }) => `${crossingLabel(c, letters)} (${m})`);
  const passes = named(false);
  const touches = named(true);
  if (passes.length > 0)
    parts.push(
      `○ where one side's line overtakes another's: ${passes.join("; ")}. The ring is an estimate, not a run: the model ran only at the swept points, so a crossing lies somewhere between the two named; more points narrow it.`,
    );
  if (touches.length > 0)
    parts.push(
      `○ where two lines tie: ${touches.join("; ")}. At that point they are under ${touchShare * 100} % apart, too close to call, while the other side is ahead at the points on either side: one mark there instead of two rings, one for each way the lines cross.`,
    );
  // A flat line is easy to take for a finding (sweep.SideResult.Alike;
  // `loomsim sweep`'s table says the same).
  r.results.forEach((sr, i) => {
    if (sr.alike)
      parts.push(`${letters.length > 1 ? sideName(i, sr.side) : sr.side}: every point ran the same (the same events and metrics), so its runs do not use ${r.knob.name}.`);
  });
  return parts;
}

/** What the table's marks mean, for the marks it has ("" when none). */
function tableMarks(r: SweepResult): string {
  const outcomes = r.results.flatMap((sr) => sr.outcomes);
  const parts: string[] = [];
  if (outcomes.includes("")) parts.push("… a run not ended yet");
  if (outcomes.some(stoppedEarly)) parts.push("* a run that stopped early (the list under the charts says how)");
  if (r.results.some((sr) => r.metrics.some((m) => sr.values[m]?.some((v, i) => v === null && sr.outcomes[i] !== ""))))
    parts.push("— not measured (the run stopped before measuring it, or had nothing to measure it from, such as carriers)");
  return parts.join(" · ");
}

/**
 * The result as a table: one row per point, one column per metric and
 * side, as `loomsim sweep` prints it. The caption says the case's own value
 * of the knob gives way to the swept ones (a reader of "4g-pool" beside a
 * heap sweep asked).
 */
function resultTable(r: SweepResult, s: ScenarioMeta | undefined): HTMLElement {
  const knob = s?.knobs.find((k) => k.name === r.knob.name);
  const own = caseValues(s?.cases.find((c) => c.id === r.case))[r.knob.name] ?? knob?.default;
  // A "not set" 0 is named by what it means, not as a value ("its own 0" read as a heap of 0 MB).
  const ownText = Number(own) === 0 && knob?.zeroMeans ? `0, which means ${knob.zeroMeans}` : fmt(Number(own));
  const instead = own !== undefined && own !== "" && Number.isFinite(Number(own)) ? `; the case itself has ${ownText}` : "";
  const cols = r.metrics.flatMap((m) => r.results.map((sr) => ({ m, sr })));
  const rows = r.points.map((p, i) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, fmt(p)),
      ...cols.map(({ m, sr }) => {
        const v = sr.values[m][i];
        if (sr.outcomes[i] === "") return el("td", { class: "sweep-waiting", title: "this run has not ended yet" }, "…");
        const done = sr.outcomes[i] === "completed";
        return el("td", done ? {} : { title: sr.outcomes[i], class: "sweep-incomplete" }, v === null ? "—" : fmt(v), done ? "" : " *");
      }),
    ),
  );
  return el(
    "table",
    { class: "result", id: "sweep-result" },
    el(
      "caption",
      {},
      `${r.scenario}/${r.case} with ${r.knob.name} swept from ${fmt(r.knob.lo)} to ${fmt(r.knob.hi)} (${r.knob.n} points, ${r.knob.spacing}${instead}), seed ${r.seed}` +
        // A reader of one seed asked whether a few percent were luck: where
        // nothing was drawn at random, no other seed can differ.
        (r.drew_at_random
          ? " (runs drew at random, so another seed can give other numbers)"
          : r.no_random_draws
            ? " (no run drew anything at random, so another seed gives the same numbers)"
            : ""),
    ),
    el(
      "thead",
      {},
      el("tr", {}, el("th", { scope: "col" }, r.knob.name), ...cols.map(({ m, sr }) => el("th", { scope: "col" }, el("code", {}, m), ` [${sr.side}]`))),
    ),
    el("tbody", {}, ...rows),
  );
}
