// "Your GC log": the page's panel for a HotSpot GC log the reader brings.
// A dropped or chosen file (or pasted text) goes to a background worker,
// which reads it a slice at a time with the same Go reader as `loomsim
// gclog summary` and answers with the summary, its sentences, the diagnosis
// and chart columns. Nothing is sent anywhere: the page's CSP allows no
// other origin, and the panel says so beside the drop zone.

import uPlot from "uplot";
import { meaningColor } from "./charts";
import { ChartInks, chartInks, onThemeChange, themedAxis, themedLegend } from "./charttheme";
import { byID, el, fmt } from "./dom";
import { renderFit, renderLinkedFit } from "./gclogfit";
import type { FitModel, GCKind, GCLogImport, GCLogReport, GCLogSeries } from "./gclogtypes";
import { JobControls } from "./jobcontrols";
import type { Runner } from "./runner";
import { LoomError } from "./types";

/** The largest log the panel reads: beyond it a browser tab's memory, not the reader, is the limit. */
export const maxGCLogBytes = 256 * 1024 * 1024;

/**
 * How each kind of pause is marked. Every pause is "stopped for GC", which
 * the picture draws in slate grey, so the kinds differ by shape, not hue:
 * size, filled or hollow, and slate or a neutral ink (the Full GCs, the
 * ones a reader looks for, largest and in the strongest ink).
 */
const kindMarks: Record<GCKind, { size: number; filled: boolean; ink: "gc" | keyof ChartInks }> = {
  young: { size: 5, filled: true, ink: "gc" },
  mixed: { size: 7, filled: false, ink: "gc" },
  full: { size: 9, filled: true, ink: "strong" },
  remark: { size: 7, filled: false, ink: "strong" },
  cleanup: { size: 5, filled: false, ink: "mid" },
  concurrent: { size: 5, filled: false, ink: "light" },
  pause: { size: 6, filled: true, ink: "mid" },
  degenerated: { size: 9, filled: false, ink: "strong" },
};

const kindLabels: Record<GCKind, string> = {
  young: "young",
  mixed: "mixed",
  full: "Full",
  remark: "remark",
  cleanup: "cleanup",
  concurrent: "concurrent",
  pause: "concurrent-collector pause",
  degenerated: "degenerated",
};

const dash = [6, 4];

function mb(n: number): string {
  return `${fmt(n / (1024 * 1024))} MB`;
}

export class GCLogPanel {
  private drop = byID("gclog-drop");
  private file = byID<HTMLInputElement>("gclog-file");
  private text = byID<HTMLTextAreaElement>("gclog-text");
  private readText = byID<HTMLButtonElement>("gclog-read");
  private label = byID("gclog-label");
  private problem = byID("gclog-problem");
  private result = byID("gclog-result");
  private plots: uPlot[] = [];
  private observers: ResizeObserver[] = [];
  /** The read in progress: a newer log cancels an older read, which then says nothing more. */
  private jobs = new JobControls({ cancel: byID<HTMLButtonElement>("gclog-cancel"), bar: byID<HTMLProgressElement>("gclog-progress"), label: this.label });
  /** What the charts show now (the fitted model's and a what-if's runs over the log's), redrawn as they are when the theme changes. */
  private overlays: [FitModel | null, FitModel | null] = [null, null];
  /** The last log read, kept in the page (never sent) so "Fit the model" can read it again with the fit. */
  private last: { log: Blob; name: string } | null = null;
  private charts: HTMLElement | null = null;
  private report: GCLogReport | null = null;

  constructor(private readonly runner: Runner) {
    onThemeChange(() => this.drawCharts(...this.overlays));
    this.file.addEventListener("change", () => {
      const f = this.file.files?.[0];
      if (f) void this.read(f, f.name).catch(() => undefined);
      this.file.value = ""; // choosing the same file again reads it again
    });
    this.readText.addEventListener("click", () => {
      void this.read(new Blob([this.text.value], { type: "text/plain" }), "the pasted text").catch(() => undefined);
    });
    for (const type of ["dragenter", "dragover"]) {
      this.drop.addEventListener(type, (ev) => {
        ev.preventDefault();
        this.drop.classList.add("dragging");
      });
    }
    this.drop.addEventListener("dragleave", () => this.drop.classList.remove("dragging"));
    this.drop.addEventListener("drop", (ev: DragEvent) => {
      ev.preventDefault();
      this.drop.classList.remove("dragging");
      const files = ev.dataTransfer?.files;
      if (!files || files.length === 0) {
        this.fail("Nothing was dropped that can be read: drop a log file (one).");
        return;
      }
      if (files.length > 1) {
        this.fail(`${files.length} files were dropped; drop one log at a time.`);
        return;
      }
      void this.read(files[0], files[0].name).catch(() => undefined);
    });
  }

  /** window.loomlab.importGCLog: reads text as a log, shows it, and resolves to {summary, fit}. */
  async importText(text: unknown): Promise<GCLogImport> {
    if (typeof text !== "string") throw new LoomError(`importGCLog(${typeof text}): expected the log's text as a string`);
    const r = await this.read(new Blob([text], { type: "text/plain" }), "the given text", true);
    return { summary: r.summary, fit: r.fit ?? null };
  }

  /** A fitted model and its what-if from the page's link (no log: links never carry one); the what-if runs at once. */
  fromLink(knobs: Record<string, string>, whatIf: Record<string, string>): void {
    const box = el("div", { id: "gclog-fit-result" });
    this.result.replaceChildren(el("h3", {}, "Fit the model"), box);
    renderLinkedFit(box, knobs, whatIf, this.runner);
  }

  /** Reads a log in a worker and shows it; a refusal is shown in the panel and thrown. */
  async read(log: Blob, name: string, withFit = false): Promise<GCLogReport> {
    // The newer log wins, even one refused for its size below.
    this.jobs.abandon();
    this.problem.replaceChildren();
    this.problem.hidden = true;
    if (log.size > maxGCLogBytes) {
      throw this.fail(
        `${name} is ${mb(log.size)}; the page reads logs of up to ${mb(maxGCLogBytes)}. ` +
          "Give it the part you care about (the last hours, say), or read it with loomsim gclog summary FILE, which has no such limit.",
      );
    }
    let refused: LoomError | null = null;
    try {
      return await this.jobs.run({
        start: (show) =>
          this.runner.importGCLog(
            log,
            (f) =>
              show(
                f,
                withFit && f >= 0.2 ? `fitting the model to ${name}: ${Math.round(f * 100)} %` : `reading ${name}: ${Math.round(f * 100)} % of ${mb(log.size)}`,
              ),
            withFit,
          ),
        starting: `reading ${name} (${mb(log.size)})…`,
        done: (r) => {
          this.last = { log, name };
          this.show(r);
          return `${name}: ${fmt(r.summary.lines)} lines, ${fmt(r.summary.events)} collections and pauses read.`;
        },
        failed: (msg) => {
          refused = this.fail(`${name} cannot be read as a GC log: ${msg}`);
        },
      });
    } catch (e) {
      throw refused ?? LoomError.from(e);
    }
  }

  /** Shows why a log was not read; the last log read stays shown below. */
  private fail(text: string): LoomError {
    this.label.textContent = "";
    this.problem.replaceChildren(text);
    this.problem.hidden = false;
    return new LoomError(text);
  }

  private show(r: GCLogReport): void {
    for (const o of this.observers) o.disconnect();
    for (const p of this.plots) p.destroy();
    this.plots = [];
    this.observers = [];
    const s = r.summary;
    const unknown =
      s.unknown_lines > 0
        ? el(
            "details",
            { class: "gclog-unknown" },
            el("summary", {}, `${fmt(s.unknown_lines)} lines were not recognised (counted, and otherwise left out)`),
            el("ul", {}, ...r.series.unknown_examples.map((u) => el("li", {}, el("code", {}, `${u.line}: ${u.text}`)))),
          )
        : null;
    const findings =
      r.diagnosis.length > 0
        ? el("ul", { id: "gclog-diagnosis", class: "gclog-diagnosis" }, ...r.diagnosis.map((f) => el("li", { "data-rule": f.rule }, f.text)))
        : el("p", { id: "gclog-diagnosis", class: "gclog-diagnosis" }, "Nothing stands out: no rule of the diagnosis fired on this log.");
    const charts = el("div", { class: "charts gclog-charts" });
    const fitButton = el("button", { type: "button", id: "gclog-fit" }, "Fit the model");
    const fitBox = el("div", { id: "gclog-fit-result" });
    fitButton.addEventListener("click", () => {
      const last = this.last;
      if (last) void this.read(last.log, last.name, true).catch(() => undefined);
    });
    const parts: (Node | null)[] = [
      el("h3", {}, "What the log says"),
      el("ul", { id: "gclog-summary", class: "gclog-summary" }, ...r.describe.map((line) => el("li", {}, line))),
      unknown,
      el("h3", {}, "Diagnosis"),
      el("p", { class: "hint" }, "Rules of thumb over the numbers above; each names what it saw and what usually causes it."),
      findings,
      el("h3", {}, "Charts"),
      r.series.stride > 1 ? el("p", { class: "hint" }, `The log has too many collections to draw each: the charts show one in ${r.series.stride}, and every Full GC.`) : null,
      charts,
      el("h3", {}, "Fit the model"),
      el(
        "p",
        { class: "hint" },
        "Choose gc-lab's knobs so the model behaves like this log — heap, collector and JDK from its header, allocation rate and live set from its collections — run it, and see how close it comes (what ",
        el("code", {}, "loomsim gclog fit"),
        " prints). The model's collections are drawn over the log's as hollow rings.",
      ),
      el("div", { class: "row" }, fitButton),
      fitBox,
    ];
    this.result.replaceChildren(...parts.filter((p): p is Node => p !== null));
    this.charts = charts;
    this.report = r;
    this.drawCharts(r.fit_model ?? null, null);
    if (r.fit) {
      renderFit(fitBox, r.fit, this.runner, (m) => this.drawCharts(r.fit_model ?? null, m));
    } else if (r.fit_error) {
      fitBox.replaceChildren(el("p", { id: "gclog-fit-problem", class: "gclog-problem" }, r.fit_error));
    }
  }

  /** (Re)draws the charts: the log's, with the fitted model's collections and a what-if's over them. */
  private drawCharts(model: FitModel | null, whatIf: FitModel | null): void {
    const r = this.report;
    const charts = this.charts;
    if (!r || !charts) return;
    this.overlays = [model, whatIf];
    for (const o of this.observers) o.disconnect();
    for (const p of this.plots) p.destroy();
    this.observers = [];
    charts.replaceChildren();
    this.plots = [heapChart(charts, r.series, model, whatIf), pauseChart(charts, r.series, model), rateChart(charts, r.series, model)].filter(
      (p): p is uPlot => p !== null,
    );
    // The charts follow their boxes' width (a narrower window, a phone turned).
    for (const p of this.plots) {
      const box = p.root.parentElement;
      if (!box) continue;
      const o = new ResizeObserver(() => p.setSize({ width: Math.max(280, Math.floor(box.clientWidth)), height: 200 }));
      o.observe(box);
      this.observers.push(o);
    }
  }
}

/** A chart's frame: a figure with a caption, and its width for uPlot. */
function figure(parent: HTMLElement, id: string, title: string): { plot: HTMLElement; width: number } {
  const plot = el("div", { class: "plot" });
  parent.append(el("figure", { class: "chart", id }, el("figcaption", {}, title), plot));
  return { plot, width: Math.max(280, Math.floor(plot.clientWidth || parent.clientWidth / 2 || 360)) };
}

function options(width: number, unit: string, series: uPlot.Series[]): uPlot.Options {
  return {
    width,
    height: 200,
    series: [{ label: "s" }, ...series],
    axes: [themedAxis({ label: "time in the log (s)", labelSize: 18, size: 36 }), themedAxis({ label: unit, labelSize: 18, size: 56 })],
    scales: { x: { time: false }, y: { range: (_u, lo, hi) => [Math.min(0, lo ?? 0), Math.max(hi ?? 1, 1) * 1.05] } },
    legend: themedLegend,
    cursor: { drag: { x: false, y: false } },
  };
}

const line = (label: string, stroke: string, extra: Partial<uPlot.Series> = {}): uPlot.Series => ({
  label,
  stroke,
  width: 2,
  spanGaps: true,
  points: { show: false },
  ...extra,
});

/**
 * A series drawn as points only, no line: a kind of pause, the model's
 * collections, a what-if's. A hollow mark is one filled with the plate.
 */
function points(label: string, stroke: string, fill: string, size: number, width: number): uPlot.Series {
  return { label, stroke, fill, width, paths: () => null, points: { show: true, size, width, stroke, fill } };
}

/** A kind of pause as points only, in its mark. */
function dots(k: GCKind): uPlot.Series {
  const m = kindMarks[k];
  const inks = chartInks();
  const stroke = m.ink === "gc" ? meaningColor("gc") : inks[m.ink];
  return points(kindLabels[k], stroke, m.filled ? stroke : inks.plate, m.size, 1.5);
}

/**
 * The model's points over the log's: hollow rings in the strongest ink (the
 * log's own marks are lines, or filled or smaller dots), and a what-if's as
 * filled dots in the lightest ink. Neutral inks, like compared sides: no
 * colour of the picture's grammar is borrowed for "the model".
 */
function modelMarks(label: string, mark: "model" | "whatif", size = 8): uPlot.Series {
  const inks = chartInks();
  return mark === "model" ? points(label, inks.strong, inks.plate, size, 2) : points(label, inks.light, inks.light, size, 2);
}

/**
 * The heap's occupancy as a saw: each collection adds two points at its
 * time, the heap before it and after it, so the line climbs while the
 * application allocates and drops at each collection. The committed heap
 * and the old gen after each collection (when logged) go beside it.
 */
function heapChart(parent: HTMLElement, s: GCLogSeries, model: FitModel | null, whatIf: FitModel | null): uPlot | null {
  const { plot, width } = figure(
    parent,
    "gclog-chart-heap",
    "Heap used: climbing between collections, dropping at each (solid); committed (thin); old gen after each (dotted)" +
      (model ? "; the fitted model's heap after each collection (hollow rings)" : "") +
      (whatIf ? " and the what-if's (grey dots)" : ""),
  );
  const inks = chartInks();
  const x: number[] = [];
  const used: (number | null)[] = [];
  const committed: (number | null)[] = [];
  const old: (number | null)[] = [];
  s.time_s.forEach((t, i) => {
    if (s.before_mb[i] === null && s.after_mb[i] === null) return; // a pause the log gives no sizes for
    x.push(t, t);
    used.push(s.before_mb[i], s.after_mb[i]);
    committed.push(s.committed_mb[i], s.committed_mb[i]);
    old.push(null, s.old_after_mb[i]);
  });
  const series = [line("heap used", inks.strong), line("committed", inks.mid, { width: 1 })];
  const data: (number | null)[][] = [x, used, committed];
  if (old.some((v) => v !== null)) {
    series.push(line("old gen after", inks.mid, { dash: [2, 3] }));
    data.push(old);
  }
  const overlays: [FitModel, string, "model" | "whatif"][] = [];
  if (model) overlays.push([model, "model: heap after", "model"]);
  if (whatIf) overlays.push([whatIf, "what if: heap after", "whatif"]);
  for (const [m, label, mark] of overlays) {
    const off = model?.series.offset_s ?? 0; // both start when the log's workload did
    overlay(data, m.series.time_s.map((t) => t + off), m.series.after_mb);
    series.push(modelMarks(label, mark));
  }
  return new uPlot(options(width, "MB", series), data as uPlot.AlignedData, plot);
}

/** Every pause as a point, one mark per kind. */
function pauseChart(parent: HTMLElement, s: GCLogSeries, model: FitModel | null): uPlot | null {
  const { plot, width } = figure(
    parent,
    "gclog-chart-pauses",
    "Pauses by kind (Full GCs: the largest filled dots)" + (model ? "; the fitted model's (hollow rings: its pause costs are the project's defaults, not this machine's)" : ""),
  );
  const kinds = [...new Set(s.kind)].filter((k) => k !== "concurrent");
  const data: (number | null)[][] = [[...s.time_s]];
  for (const k of kinds) data.push(s.pause_ms.map((p, i) => (s.kind[i] === k ? p : null)));
  const series = kinds.map(dots);
  if (model) {
    overlay(data, model.series.time_s.map((t) => t + model.series.offset_s), model.series.pause_ms);
    series.push(modelMarks("model", "model"));
  }
  return new uPlot(options(width, "ms", series), data as uPlot.AlignedData, plot);
}

/** Allocation and promotion rates over windows of equal length. */
function rateChart(parent: HTMLElement, s: GCLogSeries, model: FitModel | null): uPlot | null {
  if (s.rate_time_s.length === 0) {
    parent.append(
      el(
        "figure",
        { class: "chart", id: "gclog-chart-rates" },
        el("figcaption", {}, "Allocation and promotion rates"),
        el("p", { class: "hint" }, "Not read for this log: a concurrent collector collects while the application allocates, or the log has fewer than two collections with heap sizes."),
      ),
    );
    return null;
  }
  const { plot, width } = figure(
    parent,
    "gclog-chart-rates",
    `Allocation (solid) and promotion (dashed) rates, over ${fmt(s.rate_window_s)} s windows` + (model ? "; the fitted model's (hollow rings: allocation large, promotion small)" : ""),
  );
  const inks = chartInks();
  const series = [line("allocation", inks.strong)];
  const data: (number | null)[][] = [[...s.rate_time_s], [...s.allocation_mb_s]];
  if (s.promotion_mb_s.some((v) => v !== null)) {
    series.push(line("promotion", inks.mid, { dash }));
    data.push([...s.promotion_mb_s]);
  }
  if (model && model.series.rate_time_s.length > 0) {
    // Each window's rate at its start, as the log's are, on the log's clock.
    const x = model.series.rate_time_s.map((t) => t + model.series.offset_s);
    overlay(data, x, model.series.allocation_mb_s);
    series.push(modelMarks("model: allocation", "model"));
    overlay(data, x, model.series.promotion_mb_s);
    series.push(modelMarks("model: promotion", "model", 5));
  }
  return new uPlot(options(width, "MB/s", series), data as uPlot.AlignedData, plot);
}

/**
 * Adds a series with its own times to uPlot's aligned columns: every time of
 * either goes into the shared x column (kept sorted), the other series get
 * null there and the new one null at the old times.
 */
function overlay(data: (number | null)[][], x: number[], y: (number | null)[]): void {
  const rows = data[0].map((t, i) => ({ t, v: data.map((c) => c[i]), y: null as number | null }));
  x.forEach((t, i) => rows.push({ t: t as number, v: data.map((_, j) => (j === 0 ? t : null)), y: y[i] }));
  rows.sort((a, b) => (a.t as number) - (b.t as number));
  for (let j = 0; j < data.length; j++) data[j] = rows.map((r) => (j === 0 ? r.t : r.v[j]));
  data.push(rows.map((r) => r.y));
}
