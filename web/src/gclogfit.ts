// "Fit the model" and "What if" in the GC-log panel. The worker fits the
// gc-lab model to the log (package fit, as `loomsim gclog fit` does) and
// this part shows the fit's quality metric by metric, then runs the fitted
// model with the reader's changes (heap size, collector, pooled or fresh
// per-thread state, threads) and shows the prediction beside the log's
// numbers. Its links carry the knobs only, never the log.

import { el, fmt } from "./dom";
import type { FitModel, FitResult, FitRow } from "./gclogtypes";
import type { Job, Runner } from "./runner";
import { errorText } from "./types";

/** The what-if controls: gc-lab knobs the reader may change. */
const whatIfKnobs = ["heap_mb", "gc", "state", "threads"] as const;

function show(x: number | null | undefined): string {
  return x === null || x === undefined ? "—" : fmt(x);
}

/**
 * The query of a link to the page with the fitted gc-lab model (its knobs)
 * and the what-if's changes (game/link's whatif=KNOB:VALUE,...): the
 * simulator loads the fitted model and this panel offers the what-if again.
 */
export function modelLink(knobs: Record<string, string>, whatIf: Record<string, string> = {}): string {
  const q = new URLSearchParams({ scenario: "gc-lab" });
  for (const k of Object.keys(knobs).sort()) q.set(k, knobs[k]);
  const changes = Object.keys(whatIf)
    .sort()
    .map((k) => `${k}:${whatIf[k]}`);
  if (changes.length > 0) q.set("whatif", changes.join(","));
  return "?" + q.toString();
}

/** The fit's quality table. */
function qualityTable(fit: FitResult): HTMLTableElement {
  const row = (r: FitRow) =>
    el(
      "tr",
      { "data-metric": r.metric, "data-verdict": r.verdict },
      el("th", { scope: "row" }, r.metric),
      el("td", {}, show(r.log)),
      el("td", {}, show(r.model)),
      el("td", {}, r.ratio === null ? "—" : "×" + fmt(r.ratio)),
      el("td", {}, r.tolerance),
      el("td", { class: "verdict-" + r.verdict }, r.verdict),
    );
  return el(
    "table",
    { id: "gclog-fit-quality", class: "gclog-fit-quality" },
    el("caption", {}, `The fitted model against the log, over the log's ${fmt(fit.quality.window_s)} s from its first collection (${fit.quality.runs} model runs)`),
    el("thead", {}, el("tr", {}, ...["metric", "log", "model", "model/log", "tolerance", "verdict"].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, ...fit.quality.metrics.map(row)),
  );
}

/** The figures a what-if predicts, named as the quality table names them. */
function predicted(m: FitModel): Record<string, number | null> {
  return {
    "young GCs per second": m.young_gcs_per_s,
    "Full GCs per second": m.full_gcs_per_s,
    "old gen after Full GC (MB)": m.old_after_full_gc_mb,
    "GC time share (%)": m.gc_time_pct,
    "allocation rate (MB/s)": m.allocation_rate_mb_s,
    "promotion rate (MB/s)": m.promotion_rate_mb_s,
    "eden at a young GC (MB)": m.eden_mb,
  };
}

/**
 * Renders the fit into box: the quality table, its notes, the knobs as a
 * command and a link, and the what-if form. onWhatIf hears each what-if run
 * (for the charts' overlay).
 */
export function renderFit(box: HTMLElement, fit: FitResult, runner: Runner, onWhatIf: (m: FitModel | null) => void): void {
  renderWhatIf(box, fit.knobs, fit, runner, onWhatIf, {});
}

/**
 * A fitted model that came from a link: its knobs and what-if, but not the
 * log (links never carry it). The what-if runs at once, beside the fitted
 * model's own run.
 */
export function renderLinkedFit(box: HTMLElement, knobs: Record<string, string>, whatIf: Record<string, string>, runner: Runner): void {
  renderWhatIf(box, knobs, null, runner, () => undefined, whatIf);
}

function renderWhatIf(
  box: HTMLElement,
  fitted: Record<string, string>,
  fit: FitResult | null,
  runner: Runner,
  onWhatIf: (m: FitModel | null) => void,
  start: Record<string, string>,
): void {
  const cmd = "loomsim run gc-lab " + Object.keys(fitted).sort().map((k) => `--set ${k}=${fitted[k]}`).join(" ");
  const inputs: Record<string, HTMLInputElement | HTMLSelectElement> = {
    heap_mb: el("input", { type: "number", id: "gclog-whatif-heap_mb", min: "16", max: "65536", step: "1", value: fitted.heap_mb }),
    gc: el("select", { id: "gclog-whatif-gc" }, ...["parallel", "serial", "g1"].map((g) => el("option", { value: g }, g))),
    state: el("select", { id: "gclog-whatif-state" }, ...["pooled", "fresh"].map((g) => el("option", { value: g }, g))),
    threads: el("input", { type: "number", id: "gclog-whatif-threads", min: "1", max: "100000", step: "1", value: fitted.threads }),
  };
  inputs.gc.value = fitted.gc;
  inputs.state.value = fitted.state;
  const labels: Record<string, string> = { heap_mb: "heap (MB)", gc: "collector", state: "per-thread state", threads: "threads" };
  const run = el("button", { type: "button", id: "gclog-whatif-run" }, "Predict");
  const status = el("span", { id: "gclog-whatif-status", class: "hint", role: "status" });
  const out = el("div", { id: "gclog-whatif-result" });
  const fittedLink = el("a", { id: "gclog-fit-link", href: modelLink(fitted) }, "open the fitted model in the simulator");
  let job: Job<FitModel> | null = null;
  run.addEventListener("click", () => {
    job?.cancel();
    const knobs = { ...fitted };
    for (const k of whatIfKnobs) knobs[k] = inputs[k].value.trim();
    const changed = whatIfKnobs.filter((k) => knobs[k] !== fitted[k]);
    status.textContent = "running the model…";
    const progress = (f: number) => (status.textContent = `running the model: ${Math.round(f * 100)} %`);
    // From a link there is no fit's table to take the fitted model's figures from: it runs too.
    const j = runner.fitRun(knobs, progress);
    const base = fit ? null : runner.fitRun(fitted, progress);
    job = j;
    Promise.all([j.promise, base?.promise ?? Promise.resolve(null)]).then(
      ([m, b]) => {
        if (job !== j) return;
        status.textContent = changed.length ? `changed: ${changed.map((k) => `${labels[k]} ${fitted[k]} → ${knobs[k]}`).join(", ")}` : "nothing changed: the fitted model";
        const p = predicted(m);
        const fittedFigures: Record<string, number | null> = b ? predicted(b) : {};
        const rows = fit ? fit.quality.metrics : Object.keys(p).map((metric) => ({ metric, log: null, model: fittedFigures[metric] ?? null }));
        out.replaceChildren(
          el(
            "table",
            { id: "gclog-whatif-table", class: "gclog-fit-quality" },
            el("caption", {}, "What if: the log, the fitted model, and the model with your changes"),
            el("thead", {}, el("tr", {}, ...["metric", "log", "fitted model", "what if"].map((h) => el("th", { scope: "col" }, h)))),
            el(
              "tbody",
              {},
              ...rows.map((r) =>
                el("tr", { "data-metric": r.metric }, el("th", { scope: "row" }, r.metric), el("td", {}, show(r.log)), el("td", {}, show(r.model)), el("td", { class: "whatif" }, show(p[r.metric]))),
              ),
            ),
          ),
          m.outcome !== "completed" ? el("p", { class: "gclog-problem" }, `The model's run ended early: ${m.outcome}`) : "",
          el("p", {}, el("a", { id: "gclog-whatif-link", href: modelLink(fitted, Object.fromEntries(changed.map((k) => [k, knobs[k]]))) }, "a link to this what-if (the fitted knobs and your changes, not the log)")),
        );
        onWhatIf(m);
      },
      (e: unknown) => {
        if (job !== j) return;
        status.textContent = "";
        out.replaceChildren(el("p", { class: "gclog-problem" }, `The what-if did not run: ${errorText(e)}`));
        onWhatIf(null);
      },
    );
  });
  for (const [k, v] of Object.entries(start)) if (k in inputs) inputs[k].value = v;
  box.replaceChildren(
    fit
      ? qualityTable(fit)
      : el("p", { id: "gclog-fit-from-link" }, "A gc-lab model fitted to someone's GC log, from a link: the link carries the fitted knobs and the what-if, never the log, so the log's own numbers are not here."),
    fit ? el("ul", { class: "hint gclog-fit-notes" }, ...fit.quality.notes.map((n) => el("li", {}, n))) : "",
    el("p", {}, "The same fit on the command line: ", el("code", {}, "loomsim gclog fit FILE"), "; the fitted model: ", el("code", { id: "gclog-fit-command" }, cmd), " — or ", fittedLink, ". Links carry the knobs, never the log."),
    el("h4", {}, "What if"),
    el(
      "p",
      { class: "hint" },
      fit
        ? "Change the fitted model and run it: the prediction appears beside the log's numbers, and its collections on the charts above (grey dots)."
        : "Change the fitted model and run it: the prediction appears beside the fitted model's.",
    ),
    el("div", { class: "row gclog-whatif" }, ...whatIfKnobs.map((k) => el("label", {}, labels[k] + " ", inputs[k])), run, status),
    out,
  );
  if (Object.keys(start).length > 0) run.click();
}
