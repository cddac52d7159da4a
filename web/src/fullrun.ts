// The main page's full-run panel: runs the loaded case to its end in a
// background worker (`loomsim run --json`), with progress, Cancel, and the
// result's metrics as a table; a failure offers Retry.

import { byID, el, fmt } from "./dom";
import type { Action } from "./failure";
import type { Job, Runner } from "./runner";
import { Current, firstCase } from "./spec";
import { errorText, RunResult } from "./types";

export class FullRunPanel {
  private job: Job<RunResult> | null = null;
  private bar = byID<HTMLProgressElement>("fullrun-progress");
  private label = byID("fullrun-label");
  private btn = byID<HTMLButtonElement>("fullrun-run");
  private cancel = byID<HTMLButtonElement>("fullrun-cancel");
  private result = byID("fullrun-result");

  constructor(
    private readonly runner: Runner,
    /** The loaded setup, whose case the panel runs. */
    private readonly current: () => Current | null,
    private readonly message: (text: string, kind: "error", actions: Action[]) => void,
  ) {
    this.btn.addEventListener("click", () => void this.run());
    this.cancel.addEventListener("click", () => this.job?.cancel());
  }

  /** Forgets the last result (another scenario was chosen). */
  clear(): void {
    this.result.replaceChildren();
    this.label.textContent = "";
  }

  private async run(): Promise<void> {
    const c = this.current();
    if (!c) return;
    const caseID = firstCase(c);
    this.job?.cancel();
    const job = this.runner.runFull({ scenario: c.s.id, case: caseID, knobs: c.knobs, seed: c.seed }, (f) => {
      this.bar.value = f;
      this.label.textContent = `${Math.round(f * 100)} %`;
    });
    this.job = job;
    this.btn.disabled = true;
    this.cancel.hidden = false;
    this.bar.hidden = false;
    this.bar.value = 0;
    this.label.textContent = `running ${c.s.id}/${caseID}…`;
    try {
      const r = await job.promise;
      this.label.textContent = `${r.scenario}/${r.case}: ${r.outcome}, ${fmt(r.sim_seconds)} virtual s in ${fmt(r.wall_seconds)} s`;
      this.result.replaceChildren(resultTable(r));
    } catch (e) {
      const msg = errorText(e);
      this.label.textContent = msg === "cancelled" ? "cancelled" : "failed";
      if (msg !== "cancelled") this.message(`Full run: ${msg}`, "error", [{ label: "Retry", run: () => void this.run() }]);
    } finally {
      if (this.job === job) {
        this.job = null;
        this.btn.disabled = false;
        this.cancel.hidden = true;
        this.bar.hidden = true;
      }
    }
  }
}

/** A run's metrics, sorted by name, as a table. */
function resultTable(r: RunResult): HTMLElement {
  const rows = Object.keys(r.metrics)
    .sort()
    .map((k) => {
      const v = r.metrics[k];
      return el("tr", {}, el("td", {}, el("code", {}, k)), el("td", {}, typeof v === "number" ? fmt(v) : JSON.stringify(v)));
    });
  return el(
    "table",
    { class: "result" },
    el("caption", {}, `${r.scenario}/${r.case}, seed ${r.seed}, ${fmt(r.events)} events`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Metric"), el("th", { scope: "col" }, "Value"))),
    el("tbody", {}, ...rows),
  );
}
