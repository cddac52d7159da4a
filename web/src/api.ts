// window.loomlab: the page's JavaScript API, for tests and embedders.
//
//   await loomlab.ready
//   await loomlab.load({scenario, case, knobs, seed, compare?})  // rejects with the simulator's message
//   loomlab.play(); loomlab.pause(); loomlab.step(); loomlab.setSpeed(x); loomlab.reset()
//   loomlab.openStory(held?)  // fast-forward to the story's opening moment (state().opening); held: stop there
//   loomlab.state()          // the playground's state (scenario, case, knobs, seed, simTimeNs, ...)
//   await loomlab.runFull({scenario, case, knobs, seed}, onProgress?)  // = `loomsim run --json`
//   await loomlab.verify(scenario, onProgress?)  // = `loomsim verify --json`, plus the runs
//   loomlab.crashWorkerNext("run"|"exit")  // test hook: the next worker job's wasm fails
//   loomlab.workersAtOnce()  // test hook: the most background workers busy at once since the last call
//   await loomlab.importGCLog(text)  // {summary, fit}: `loomsim gclog summary --json` and `loomsim gclog fit --json` (null: cannot be fitted)
//   await loomlab.sweep.run()  // the sweep panel's setup, run: = `loomsim sweep --json` (main page only)
//   loomlab.sweep.chartMarks(metric)  // what its chart drew: each side's line, its points' and crosses' pixels
//   loomlab.sweep.chartCrossings(metric)  // where its chart marks two sides' lines crossing, and the labels
//
// Errors are LoomError with a one-line message; the page shows them too.

import type { App } from "./app";
import type { GCLogImport } from "./gclogtypes";
import type { WorkerFault } from "./protocol";
import type { Progress } from "./runner";
import type { ChartMarks } from "./sweep";
import { GameState, LoomError, RunResult, ScenarioMeta, Spec, SweepOutput, SweepRequest, SweepResult, Verification } from "./types";

export interface LoomLab {
  readonly ready: Promise<void>;
  load(spec: Spec): Promise<GameState>;
  play(): void;
  pause(): void;
  step(): void;
  setSpeed(x: number): void;
  reset(): void;
  /** Fast-forwards to the loaded story's opening moment (state().opening says how far it got); held: pause there, else play on. */
  openStory(held?: boolean): void;
  state(): GameState & { compare: string[] };
  runFull(spec: Spec, onProgress?: Progress): Promise<RunResult>;
  verify(scenario: string, onProgress?: Progress): Promise<Verification>;
  scenarios(): ScenarioMeta[];
  /** How many samples the live charts hold (for tests). */
  chartPoints(): number;
  /** Milliseconds from navigation until the playground answered and until the first simulation was loaded. */
  timings(): { gameReadyMs: number; firstLoadMs: number };
  /**
   * Test hook, like the playground's crashNext: the next job sent to a
   * background worker makes its wasm panic ("run": recovered, the job
   * fails) or die ("exit": the Go program exits, the worker is dropped).
   */
  crashWorkerNext(where: WorkerFault): void;
  /**
   * Test hook: the most background workers that ran jobs at the same time
   * since the last call. Jobs get every core while the playground is
   * paused, and all but one while it plays (at least 1; at most 8, fewer
   * where the device's memory is small: runner.ts, workerCeiling).
   */
  workersAtOnce(): number;
  /**
   * Reads a HotSpot GC log's text (in a background worker) and shows it in
   * the "Your GC log" panel; resolves to {summary, fit}, summary being what
   * `loomsim gclog summary --json` prints for the same text and fit what
   * `loomsim gclog fit --json` prints (null when the model cannot be fitted
   * to the log, e.g. ZGC; the panel says why). The main page only.
   */
  importGCLog(text: string): Promise<GCLogImport>;
  /** The sweep panel (the main page only): run its setup, read its request and its last result. */
  sweep?: {
    run(): Promise<SweepResult>;
    request(): SweepRequest;
    result(): SweepOutput | null;
    /** What the chart of a metric has drawn: per side, its line's values and its points' and crosses' canvas pixels. */
    chartMarks(metric: string): ChartMarks[];
    /** Where the chart of a metric marks two sides' lines crossing (canvas pixels) and each mark's label. */
    chartCrossings(metric: string): { x: number; y: number; label: string }[];
  };
}

/**
 * What the API needs of a page: the main page's App, or the embed, which
 * offers the same API without the main page's panels.
 */
export type Host = Pick<App, "bridge" | "meta" | "timings" | "load" | "state" | "poll" | "current" | "runFull" | "verify" | "chartPoints" | "workers">;

export function makeAPI(app: Promise<Host>, ready: Promise<void>): LoomLab {
  let a: Host | null = null;
  void app.then((x) => (a = x));
  const need = (): Host => {
    if (!a) throw new LoomError("loomlab is not ready yet: await loomlab.ready first");
    return a;
  };
  // A control, then a read of the state, so the page shows its effect.
  const control = (f: (x: Host) => void): void => {
    const x = need();
    f(x);
    x.poll();
  };
  const safely = <T>(f: () => T): T => {
    try {
      return f();
    } catch (e) {
      throw LoomError.from(e);
    }
  };
  return {
    ready,
    async load(spec) {
      const x = await app;
      await x.load(spec);
      return x.state();
    },
    // Each control then reads the state at once, as the page's own buttons
    // do: else the page's words (the timeline's position, the status line)
    // showed the moment before it for up to a poll's interval.
    play: () => safely(() => control((x) => x.bridge.play())),
    pause: () => safely(() => control((x) => x.bridge.pause())),
    step: () => safely(() => control((x) => x.bridge.step())),
    reset: () => safely(() => control((x) => x.bridge.reset())),
    openStory: (held = true) => safely(() => need().bridge.open(!!held, false)),
    setSpeed: (x) =>
      safely(() => {
        if (typeof x !== "number" || !Number.isFinite(x) || x <= 0) {
          throw new LoomError(`setSpeed(${String(x)}): expected a positive number of virtual seconds per real second`);
        }
        control((a) => a.bridge.setSpeed(x));
      }),
    state: () =>
      safely(() => {
        const x = need();
        return { ...x.state(), compare: x.current()?.compare ?? [] };
      }),
    async runFull(spec, onProgress) {
      const x = await app;
      return x.runFull(spec, onProgress).promise;
    },
    async verify(scenario, onProgress) {
      const x = await app;
      return x.verify(scenario, onProgress);
    },
    scenarios: () => need().meta.scenarios,
    chartPoints: () => need().chartPoints(),
    timings: () => ({ ...need().timings }),
    crashWorkerNext: (where) => safely(() => need().workers().crashNext(where)),
    workersAtOnce: () => safely(() => need().workers().workersAtOnce()),
    async importGCLog(text) {
      const x = (await app) as Host & Partial<Pick<App, "importGCLog">>;
      if (!x.importGCLog) throw new LoomError("importGCLog: this page has no GC log panel; use the main page");
      return x.importGCLog(text);
    },
  };
}
