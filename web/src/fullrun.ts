// The main page's full-run panel: runs the loaded case to its end in a
// background worker (`loomsim run --json`), with progress, Cancel, and the
// result's metrics as a table; a failure offers Retry.

import { byID, el, fmt } from "./dom";
import type { Action } from "./failure";
import { JobControls } from "./jobcontrols";
import type { Runner } from "./runner";
import { Current, firstCase } from "./spec";
import { RunResult } from "./types";

/** Why a run has no value for a metric (the "not measured" cells' tooltip). */
const unmeasuredWhy = "the run did not measure it: it ended before its measurement window opened (warm-up), or no request completed in that window";

export class FullRunPanel {
  private jobs = new JobControls({
    run: byID<HTMLButtonElement>("fullrun-run"),
    cancel: byID<HTMLButtonElement>("fullrun-cancel"),
    bar: byID<HTMLProgressElement>("fullrun-progress"),
    label: byID("fullrun-label"),
  });
  private label = byID("fullrun-label");
  private result = byID("fullrun-result");

  constructor(
    private readonly runner: Runner,
    /** The loaded setup, whose case the panel runs. */
    private readonly current: () => Current | null,
    private readonly message: (text: string, kind: "error", actions: Action[]) => void,
  ) {
    byID("fullrun-run").addEventListener("click", () => this.run());
  }

  /** Forgets the last result (another scenario was chosen). */
  clear(): void {
    this.result.replaceChildren();
    this.label.textContent = "";
  }

  /** Runs the loaded case to its end; a failure is shown with Retry, never thrown. */
  private run(): void {
    const c = this.current();
    if (!c) return;
    const caseID = firstCase(c);
    this.jobs
      .run({
        start: (show) => this.runner.runFull({ scenario: c.s.id, case: caseID, knobs: c.knobs, seed: c.seed }, (f) => show(f, `${Math.round(f * 100)} %`)),
        starting: `running ${c.s.id}/${caseID}…`,
        done: (r) => {
          this.result.replaceChildren(resultTable(r, c.s.metrics));
          return `${r.scenario}/${r.case}: ${r.outcome}, ${fmt(r.sim_seconds)} virtual s in ${fmt(r.wall_seconds)} s`;
        },
        failed: (msg) => this.message(`Full run: ${msg}`, "error", [{ label: "Retry", run: () => this.run() }]),
      })
      .catch(() => undefined);
  }
}

/**
 * A run's metrics, sorted by name, as a table. A metric of the scenario's
 * (reported) that the run has no value for is "not measured" (a run that
 * ended before its measurement window, as `loomsim run` says).
 */
function resultTable(r: RunResult, reported: string[]): HTMLElement {
  const rows = [...new Set([...Object.keys(r.metrics), ...reported])].sort().map((k) => {
    const v = r.metrics[k];
    const text = v === undefined ? "not measured" : typeof v === "number" ? fmt(v) : JSON.stringify(v);
    return el("tr", {}, el("td", {}, el("code", {}, k)), el("td", v === undefined ? { title: unmeasuredWhy } : {}, text));
  });
  return el(
    "table",
    { class: "result" },
    // What another seed would do, as `loomsim run`'s "seed" line says
    // (scenario.SeedEffect): a reader trying seeds on a run that drew
    // nothing would look for a difference that cannot come.
    el("caption", {}, `${r.scenario}/${r.case}, seed ${r.seed} (${seedEffect(r.drew_at_random)}), ${fmt(r.events)} events`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Metric"), el("th", { scope: "col" }, "Value"))),
    el("tbody", {}, ...rows),
  );
}

/** What another seed would do to a run that drew at random or not: scenario.SeedEffect's words (the browser tests read them from it). */
export function seedEffect(drew: boolean): string {
  return drew ? "drew at random, so another seed can give other numbers" : "drew nothing at random, so another seed gives the same numbers";
}
