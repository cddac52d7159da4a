// The "article vs model" table: the article's figures from scenarios.json
// at once, the model's values once the worker has run every case the
// figures need at full length (seed 1, as `loomsim verify`).

import { el, fmt } from "./dom";
import { JobControls } from "./jobcontrols";
import type { Runner } from "./runner";
import { Check, LoomError, ScenarioMeta, Verification } from "./types";

export class VerifyPanel {
  private readonly jobs: JobControls;
  private cache = new Map<string, Verification>();
  private scenario: ScenarioMeta | null = null;
  private readonly table: HTMLTableSectionElement;
  private readonly runBtn: HTMLButtonElement;
  private readonly summary: HTMLElement;
  /** Whose figures these are and what the article found: the scenario's title. */
  private readonly heading = el("p", { id: "verify-scenario", class: "verify-scenario" });

  constructor(
    root: HTMLElement,
    private readonly runner: Runner,
    /** Shows a failure; retry runs the verification again. */
    private readonly onError: (msg: string, retry: () => void) => void,
  ) {
    this.runBtn = el("button", { type: "button", id: "verify-run" }, "Run the full-length cases");
    const cancel = el("button", { type: "button", id: "verify-cancel", hidden: "" }, "Cancel");
    const bar = el("progress", { id: "verify-progress", max: "1", value: "0", hidden: "" });
    const label = el("span", { id: "verify-label", class: "progress-label", "aria-live": "polite" });
    this.jobs = new JobControls({ run: this.runBtn, cancel, bar, label });
    this.table = el("tbody");
    this.summary = el("p", { id: "verify-summary" });
    root.append(
      this.heading,
      el("div", { class: "row" }, this.runBtn, cancel, bar, label),
      this.summary,
      // The badges' meanings in words a screenshot keeps (their tooltips do not).
      el(
        "p",
        { class: "hint", id: "verify-key" },
        "✓ pass: the model's value is inside the accepted range. ✗ fail: it is outside. ⚠ declared deviation: the " +
          "project says in advance, with the reason (open “why”), that the model cannot reproduce this figure honestly: " +
          "a known miss, not a pass. " +
          "Calibrated (shaded rows): a constant of the model was fitted to this figure, so agreeing with it shows only " +
          "that the fit holds; predicted: nothing was, so these rows are the model's tests. " +
          "Under each accepted range, the tolerance that sets its width: a share of the article's value (such as ±15%), a factor " +
          "(×/÷1.5: from two thirds to one and a half times it) or, for a count of random events, the counting noise of " +
          "the article's one run (±2√n, at least ±2). " +
          // A reader of the table asked what the "~" before some of the
          // article's values meant.
          "A “~” before the article's value: the article gives that figure only roughly.",
      ),
      el(
        "div",
        { class: "table-wrap" },
        el(
          "table",
          { id: "verify-table" },
          el(
            "thead",
            {},
            el("tr", {}, ...["Case", "Metric", "Role", "Article", "Model", "Accepted range", "Status"].map((h) => el("th", { scope: "col" }, h))),
          ),
          this.table,
        ),
      ),
    );
    this.runBtn.addEventListener("click", () => void this.run().catch(() => {}));
  }

  show(s: ScenarioMeta): void {
    if (this.scenario?.id !== s.id) this.jobs.cancel();
    this.scenario = s;
    this.heading.replaceChildren(el("code", {}, s.id), ": ", s.title);
    this.labelButton(s);
    this.runBtn.disabled = s.figures.length === 0;
    this.render(this.cache.get(s.id) ?? null);
  }

  /** The button says how many runs it starts, and "again" once the table holds a whole verification. */
  private labelButton(s: ScenarioMeta): void {
    const n = verifyCases(s).length;
    const again = this.cache.has(s.id) ? " again" : "";
    this.runBtn.textContent = `Run the full-length cases${again} (${n} run${n === 1 ? "" : "s"} in background workers)`;
  }

  /** Runs the verification of the shown scenario in the worker and fills the table. */
  async run(onProgress?: (f: number, c: string) => void): Promise<Verification> {
    const s = this.scenario;
    if (!s) throw new LoomError("no scenario shown");
    const cases = verifyCases(s);
    return this.jobs.run({
      start: (show) => {
        if (this.scenario?.id === s.id) this.renderChecks(s.figures.map(() => null), true);
        return this.runner.verifyParallel(
          s.id,
          cases,
          // The bar counts the running runs' progress too; the words count whole runs.
          (f, c, ended = 0) => {
            show(f, ended < cases.length ? `${ended} of ${cases.length} runs done — the run with most left: ${c}` : `all ${cases.length} runs done — judging the figures`);
            onProgress?.(f, c);
          },
          (checks) => {
            if (this.scenario?.id === s.id) this.renderChecks(checks, true);
          },
        );
      },
      starting: "starting the worker…",
      done: (v) => {
        this.cache.set(s.id, v);
        if (this.scenario?.id === s.id) {
          this.render(v);
          this.labelButton(s);
        }
        return `done: ${verdictCounts(v.checks)}`;
      },
      failed: (msg) => this.onError(`Article vs model (${s.id}): ${msg}`, () => void this.run().catch(() => {})),
      // Cancelled or failed: the rows the runs had filled go back to what
      // the table showed before.
      undone: () => {
        if (this.scenario?.id === s.id) this.render(this.cache.get(s.id) ?? null);
      },
    });
  }

  private render(v: Verification | null): void {
    this.renderChecks(v?.checks ?? null, false);
    if (v) this.summary.textContent = v.summary;
  }

  /**
   * Fills the rows: checks has a verdict per figure (null: its runs have
   * not all ended); running says the runs are under way, so a row without
   * a verdict waits for them rather than for the button.
   */
  private renderChecks(checks: (Check | null)[] | null, running: boolean): void {
    const s = this.scenario!;
    const rows = s.figures.map((f, i) => {
      const c: Check | undefined = checks?.[i] ?? undefined;
      const name = f.than ? `${f.case} vs ${f.than}` : f.case;
      const article = f.than ? `${f.case} ${f.cmp} ${f.than}` : (f.text ?? f.value_text ?? fmt(f.value));
      // What the case's name stands for, under it ("4 GB heap, 10,000
      // pooled virtual threads"); an ordering's cases have their rows above.
      const caseTitle = f.than ? "" : (s.cases.find((c) => c.id === f.case)?.title ?? "");
      const status = c ? c.status : running ? "waiting" : "not run";
      const badge = el("span", { class: `status status-${status.replace(" ", "-")}`, title: statusWords[status]?.help ?? "" }, statusWords[status]?.text ?? status);
      const statusCell = el("td", {}, badge);
      const reason = c?.reason || f.deviation;
      // A declared deviation is known before any run: say so up front, with its reason.
      if (!c && f.deviation) statusCell.append(el("span", { class: "status-note" }, " (declared deviation: the model is known to miss this one)"));
      if (reason && (status === "deviation" || !c)) statusCell.append(el("details", {}, el("summary", {}, "why"), el("p", {}, reason)));
      return el(
        "tr",
        { class: `role-${f.role}` },
        el("td", { class: "case" }, el("code", {}, name), caseTitle ? el("span", { class: "case-title" }, ...unbrokenFlags(caseTitle)) : ""),
        el("td", {}, el("code", {}, f.metric)),
        el("td", { class: `role role-${f.role}`, title: roleHelp(f.role) }, f.role),
        el("td", {}, article),
        el("td", { class: "model", title: c ? c.model : "" }, c ? c.model_text || c.model : running ? "…" : "—"),
        el("td", { class: "accepts" }, f.accepts, ...(f.than ? [] : [el("span", { class: "tolerance" }, toleranceWords(f.tolerance_words ?? ""))])),
        statusCell,
      );
    });
    if (rows.length === 0) rows.push(el("tr", {}, el("td", { colspan: "7" }, "This scenario has no article figures: it is free play.")));
    this.table.replaceChildren(...rows);
    const judged = checks?.filter((c) => c).length ?? 0;
    this.summary.textContent = running
      ? `${judged} of ${s.figures.length} figures judged so far: each row fills in when the runs it needs have ended. ${roleCounts(s)}`
      : staticSummary(s);
  }
}

/**
 * A figure's tolerance under its accepted range ("within ±15%", "within
 * the wider of ×/÷1.5 and ±43 (counting noise)"): a reader saw bands of different widths
 * with nothing on the page saying why (the notation was only in a tooltip),
 * and the next found the counting noise's formula too much for a glance.
 */
function toleranceWords(tolerance: string): string {
  return tolerance ? `within ${tolerance}` : "";
}

/** A case title's words, a JVM flag ("-XX:TieredStopAtLevel=1") kept on one line: a browser breaks after its "-". */
function unbrokenFlags(title: string): (string | HTMLElement)[] {
  return title.split(/(\s+)/).map((w) => (w.startsWith("-") ? el("span", { class: "flag" }, w) : w));
}

function roleHelp(role: string): string {
  return role === "calibrated"
    ? "a profile constant was fitted to this figure: agreeing with it shows only that the fit holds"
    : "nothing was fitted to this figure: the model's value is a prediction";
}

/** Before a run: the figures counted by role (the worker's summary replaces it). */
function staticSummary(s: ScenarioMeta): string {
  if (s.figures.length === 0) return "";
  return `${roleCounts(s)} Run the full-length cases to see how many are within tolerance.`;
}

/** The figures counted by role, with what calibrated means. */
function roleCounts(s: ScenarioMeta): string {
  const predicted = s.figures.filter((f) => f.role === "predicted").length;
  const calibrated = s.figures.length - predicted;
  return `${predicted} predicted figure${predicted === 1 ? "" : "s"}; ${calibrated} calibrated (a profile constant was fitted to them).`;
}

/** The verdicts counted by status: "22 pass, 3 declared deviations, 0 fail". */
function verdictCounts(checks: Check[]): string {
  const n = (st: string) => checks.filter((c) => c.status === st).length;
  const dev = n("deviation");
  return `${n("pass")} pass, ${dev} declared deviation${dev === 1 ? "" : "s"}, ${n("fail")} fail`;
}

/** A verdict's badge: its words, and what it means (the badge's tooltip). */
const statusWords: Record<string, { text: string; help: string }> = {
  pass: { text: "✓ pass", help: "the model's value is in the accepted range" },
  fail: { text: "✗ fail", help: "the model's value is outside the accepted range" },
  deviation: {
    text: "⚠ declared deviation",
    help: "not a pass: the model cannot reproduce this figure honestly, and says so in advance (why)",
  },
  waiting: { text: "… waiting", help: "the runs this figure needs have not all ended" },
};

/** The cases a scenario's figures need, in figure order (as the Go side lists them). */
export function verifyCases(s: ScenarioMeta): string[] {
  const out: string[] = [];
  for (const f of s.figures) for (const c of [f.case, f.than ?? ""]) if (c && !out.includes(c)) out.push(c);
  return out;
}
