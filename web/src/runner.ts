// Runs full-length simulations in Web Workers (the sim-only wasm). A job
// gets an idle worker or a new one (at most `max()` at a time, others wait);
// cancelling a job terminates its worker, since a wasm call cannot be
// interrupted.

import type { WorkerFault, WorkerReply, WorkerRequest } from "./protocol";
import type { FitModel, GCLogReport } from "./gclogtypes";
import { Check, Grade, LoomError, RunResult, Spec, SweepOutput, SweepPlan, SweepRequest, Verification } from "./types";

/** A job's progress: its fraction done and the case furthest behind (and, for a job of several runs, how many have ended). */
export type Progress = (fraction: number, caseID: string, runsEnded?: number) => void;

export interface Job<T> {
  promise: Promise<T>;
  cancel(): void;
}

interface Pending {
  req: WorkerRequest;
  onProgress?: Progress;
  resolve(json: string): void;
  reject(err: Error): void;
  worker?: Worker;
  /** An answer for what a job's runs so far show (see partials), not one of its runs. */
  partial: boolean;
}

export class Runner {
  private idle: Worker[] = [];
  private busy = 0;
  private peak = 0; // the most workers busy at once since the last workersAtOnce()
  private queue: Pending[] = [];
  private nextID = 1;
  private fault: WorkerFault | null = null;

  constructor(
    private readonly url: string,
    /**
     * Whether the playground is playing now. While it plays, the page and
     * the playground keep a core for themselves; while it is paused they
     * need almost none, so the jobs get every core (on a 2-core machine,
     * two workers instead of one: the article table's six full runs take
     * half as long).
     */
    private readonly playing: () => boolean,
    private readonly cores = navigator.hardwareConcurrency || 2,
    private readonly ceiling = workerCeiling((navigator as { deviceMemory?: number }).deviceMemory),
  ) {}

  /** The most workers that ran jobs at the same time since the last call (for tests). */
  workersAtOnce(): number {
    const p = this.peak;
    this.peak = this.busy;
    return p;
  }

  /**
   * Starts waiting jobs the pool now has room for, and lets idle workers
   * beyond its size go: the page calls it on each poll, so a pause during
   * a verification or a sweep gives the playground's core to the runs at
   * once, not when a run ends.
   */
  recheck(): void {
    this.pump();
    // Idle workers beyond the pool's size (the playground plays again) hold
    // a wasm instance each: let them go. (max() is at least 1.)
    if (this.idle.length > 1) for (const m = this.max(); this.idle.length > m; ) this.idle.pop()!.terminate();
  }

  /**
   * Workers at most now: the cores the playground leaves, at least 1 and at
   * most the ceiling the device's memory allows. Jobs already running keep
   * their worker.
   */
  max(): number {
    return Math.min(this.ceiling, Math.max(1, this.cores - (this.playing() ? 1 : 0)));
  }

  runFull(spec: Spec, onProgress?: Progress): Job<RunResult> {
    const body = { scenario: spec.scenario, case: spec.case ?? "", knobs: spec.knobs ?? {}, seed: spec.seed ?? 1 };
    return this.submit<RunResult>({ id: this.nextID++, kind: "run", spec: JSON.stringify(body) }, onProgress);
  }

  /**
   * Verifies a scenario by running its cases (seed 1, full length) in
   * parallel workers, then asking a worker for the verdicts. Progress is
   * the mean of the runs' fractions; the case named is the slowest one.
   * onPartial gets, after each run but the last, the verdicts the finished
   * runs allow (one per figure, null where a case is still running), so a
   * table can fill in as the runs end; it is not called once the
   * verification has ended.
   */
  verifyParallel(scenario: string, cases: string[], onProgress?: Progress, onPartial?: (checks: (Check | null)[]) => void): Job<Verification> {
    const fractions = cases.map(() => 0);
    let ended = 0;
    const report = () => {
      if (!onProgress) return;
      const i = fractions.indexOf(Math.min(...fractions));
      onProgress(fractions.reduce((a, b) => a + b, 0) / Math.max(cases.length, 1), cases[i] ?? "", ended);
    };
    const jobs: Job<unknown>[] = [];
    let cancelled = false;
    const finished: Record<string, RunResult> = {};
    const partial = this.partials<(Check | null)[]>(
      cases.length,
      () => ({ id: this.nextID++, kind: "checkSome", scenario, results: JSON.stringify(finished) }),
      (checks) => !cancelled && onPartial?.(checks),
      jobs,
    );
    const runs = cases.map((c, i) => {
      const j = this.runFull({ scenario, case: c, seed: 1 }, (f) => {
        fractions[i] = f;
        report();
      });
      jobs.push(j);
      return j.promise.then((r) => {
        finished[c] = r;
        ended++;
        fractions[i] = 1;
        report();
        if (onPartial && !cancelled) partial.runEnded();
        return r;
      });
    });
    const promise = Promise.all(runs).then((rs) => {
      if (cancelled) throw new LoomError("cancelled");
      const results: Record<string, RunResult> = {};
      rs.forEach((r, i) => (results[cases[i]] = r));
      const j = this.submit<Verification>({ id: this.nextID++, kind: "check", scenario, results: JSON.stringify(results) });
      jobs.push(j);
      return j.promise;
    });
    partial.endWith(promise);
    promise.catch(() => jobs.forEach((j) => j.cancel())); // one failure stops the others
    return {
      promise,
      cancel: () => {
        cancelled = true;
        jobs.forEach((j) => j.cancel());
      },
    };
  }

  /** Grades a classroom prediction on the exercise's runs (as runFull returned them): the worker's scenario.Exercise.Grade. */
  grade(exercise: string, seed: number, results: RunResult[], answer: string): Job<Grade> {
    return this.submit<Grade>({ id: this.nextID++, kind: "grade", exercise, seed: String(seed), results: JSON.stringify(results), answer });
  }

  /** Reads a GC log in a worker (gclog's reader, as `loomsim gclog summary` runs it); progress is the fraction of bytes read. */
  importGCLog(log: Blob, onProgress?: Progress, fit = false): Job<GCLogReport> {
    return this.submit<GCLogReport>({ id: this.nextID++, kind: "gclog", log, fit }, onProgress);
  }

  /** Runs the fitted gc-lab model with what-if changes (knobs as `loomsim run --set` takes them), measured as the fit measures a log. */
  fitRun(knobs: Record<string, string>, onProgress?: Progress): Job<FitModel> {
    return this.submit<FitModel>({ id: this.nextID++, kind: "fitRun", knobs: JSON.stringify(knobs) }, onProgress);
  }

  /**
   * Runs a sweep: the worker lists its runs (package sweep, as `loomsim
   * sweep` does), the runs go to the pool like any full run, at most `max`
   * at once, and a worker collects their results into the sweep's result
   * and CSV. Progress: runs finished, the mean fraction of all runs, and
   * the labels of the runs under way.
   */
  sweep(
    req: SweepRequest,
    onProgress?: (finished: number, total: number, fraction: number, running: string[]) => void,
    onPartial?: (sofar: SweepOutput) => void,
  ): Job<SweepOutput> {
    const jobs: Job<unknown>[] = [];
    let cancelled = false;
    const body = JSON.stringify(req);
    const track = <T>(j: Job<T>): Promise<T> => {
      jobs.push(j);
      if (cancelled) j.cancel();
      return j.promise;
    };
    const promise = (async () => {
      const plan = await track(this.submit<SweepPlan>({ id: this.nextID++, kind: "sweepPlan", request: body }));
      const fractions = plan.runs.map(() => 0);
      const sofar: (RunResult | null)[] = plan.runs.map(() => null);
      let finished = 0;
      const partial = this.partials<SweepOutput>(
        plan.runs.length,
        () => ({ id: this.nextID++, kind: "sweepCollectSome", request: body, results: JSON.stringify(sofar) }),
        (out) => !cancelled && onPartial?.(out),
        jobs,
      );
      // A run is under way from its first progress report to its end.
      const underway = plan.runs.map(() => false);
      const report = () =>
        onProgress?.(
          finished,
          plan.runs.length,
          fractions.reduce((a, b) => a + b, 0) / Math.max(1, plan.runs.length),
          plan.labels.filter((_, i) => underway[i]),
        );
      report();
      const all = Promise.all(
        plan.runs.map((spec, i) =>
          track(
            this.runFull(spec, (f) => {
              fractions[i] = Math.max(0, Math.min(1, f));
              underway[i] = true;
              report();
            }),
          ).then((r) => {
            finished++;
            fractions[i] = 1;
            underway[i] = false;
            sofar[i] = r;
            if (onPartial && !cancelled) partial.runEnded();
            report();
            return r;
          }),
        ),
      );
      const out = all.then((results) => {
        if (cancelled) throw new LoomError("cancelled");
        return track(this.submit<SweepOutput>({ id: this.nextID++, kind: "sweepCollect", request: body, results: JSON.stringify(results) }));
      });
      partial.endWith(out);
      return out;
    })();
    promise.catch(() => jobs.forEach((j) => j.cancel())); // one failure stops the others
    return {
      promise,
      cancel: () => {
        cancelled = true;
        jobs.forEach((j) => j.cancel());
      },
    };
  }

  /**
   * What a job made of several runs (a verification, a sweep) shows before
   * its end: after each run but the last (runEnded), ask builds the request
   * for what the runs so far show, which goes ahead of the waiting runs (it
   * takes milliseconds, and the worker the run has just freed picks it up
   * first); show gets each answer, but never one older than an answer
   * already shown, nor any once the whole job has ended (endWith). A newer
   * request cancels an older one still waiting for a worker: its answer
   * would come after the newer one's and be thrown away.
   */
  private partials<T>(runs: number, ask: () => WorkerRequest, show: (v: T) => void, jobs: Job<unknown>[]) {
    let ended = 0;
    let asked = 0;
    let shown = 0;
    let over = false;
    let last: (Job<T> & { cancelIfWaiting(): void }) | undefined;
    return {
      runEnded: () => {
        if (++ended >= runs) return; // the whole answer comes next
        const n = ++asked;
        last?.cancelIfWaiting();
        const j = this.submit<T>(ask(), undefined, true);
        last = j;
        jobs.push(j);
        j.promise.then(
          (v) => {
            if (over || n < shown) return;
            shown = n;
            show(v);
          },
          () => {}, // the whole answer, or the failure, will be shown
        );
      },
      endWith: (whole: Promise<unknown>) =>
        whole.then(
          () => (over = true),
          () => (over = true),
        ),
    };
  }

  /** Test hook: the next request sent to a worker, a partial answer aside, makes its wasm fail ("run": a recovered panic, "exit": the Go program dies). */
  crashNext(where: WorkerFault): void {
    if (where !== "run" && where !== "exit") throw new LoomError(`crashWorkerNext(${JSON.stringify(where)}): expected "run" or "exit"`);
    this.fault = where;
  }

  /**
   * Queues a request for a worker; first: a job's partial answer (see
   * partials), ahead of the requests already waiting.
   */
  private submit<T>(req: WorkerRequest, onProgress?: Progress, first = false): Job<T> & { cancelIfWaiting(): void } {
    let p!: Pending;
    const promise = new Promise<T>((resolve, reject) => {
      p = {
        req,
        onProgress,
        partial: first,
        reject,
        resolve: (json: string) => {
          let v: unknown;
          try {
            v = JSON.parse(json);
          } catch {
            reject(new LoomError("the worker returned a result that is not JSON"));
            return;
          }
          if (v && typeof v === "object" && "error" in v) reject(new LoomError(String((v as { error: unknown }).error)));
          else resolve(v as T);
        },
      };
    });
    if (first) this.queue.unshift(p);
    else this.queue.push(p);
    this.pump();
    return {
      promise,
      cancel: () => {
        const i = this.queue.indexOf(p);
        if (i >= 0) this.queue.splice(i, 1);
        else if (p.worker) {
          p.worker.terminate();
          this.busy--;
          p.worker = undefined;
          this.pump();
        }
        p.reject(new LoomError("cancelled"));
      },
      cancelIfWaiting: () => {
        const i = this.queue.indexOf(p);
        if (i < 0) return;
        this.queue.splice(i, 1);
        p.reject(new LoomError("cancelled"));
      },
    };
  }

  private pump(): void {
    while (this.queue.length > 0 && this.busy < this.max()) {
      const p = this.queue.shift()!;
      const w = this.idle.pop() ?? new Worker(this.url);
      this.busy++;
      this.peak = Math.max(this.peak, this.busy);
      p.worker = w;
      const done = (release: boolean, startLater = false) => {
        w.onmessage = null;
        w.onerror = null;
        if (p.worker !== w) return; // cancelled
        p.worker = undefined;
        this.busy--;
        if (release) this.idle.push(w);
        else w.terminate();
        if (startLater) queueMicrotask(() => this.recheck());
        else this.recheck();
      };
      w.onmessage = (ev: MessageEvent) => {
        const r = ev.data as WorkerReply;
        if (r.id !== p.req.id) return;
        if (r.kind === "progress") p.onProgress?.(r.fraction, r.case);
        else if (r.kind === "done") {
          // The worker goes back to the pool now, but the waiting jobs start
          // a microtask after the answer's handlers have run: a job those
          // handlers queue at the front (the partial answers, from a handler
          // on the job's own promise) takes this worker, neither a new one
          // nor a waiting run.
          p.resolve(r.json);
          done(true, true);
        } else {
          done(false);
          p.reject(new LoomError(r.message));
        }
      };
      w.onerror = (ev: ErrorEvent) => {
        ev.preventDefault();
        done(false);
        // A script that fails to load gives a plain Event with no message.
        p.reject(new LoomError(ev.message ? "the background worker failed: " + ev.message : "the background worker could not start (its script did not load)"));
      };
      // The fault is for the next run a test starts: a partial answer's
      // failure is never shown (the job's own answer or failure is).
      if (this.fault && !p.partial) {
        p.req = { ...p.req, fault: this.fault };
        this.fault = null;
      }
      w.postMessage(p.req);
    }
  }
}

/**
 * The most workers the pool runs at once on a device with deviceMemory GB
 * (navigator.deviceMemory: Chromium only, a power of two; undefined
 * elsewhere). Each worker holds its own wasm instance: the compiled module
 * and the run's Go heap. A process running the heaviest case this way (node
 * with the worker's simulator, vt-pooling/4g-pool) peaks at ~120 MB resident,
 * node's own share included, the Go heap ~34 MB of it; WORKER_MB allows for
 * that. Workers may take half the device's memory, and never more than
 * MAX_WORKERS: past that a sweep's points rarely keep them all busy, and
 * the page's own thread needs a share of the cores' time. Without a figure
 * for the memory, the ceiling is MAX_WORKERS.
 */
export function workerCeiling(deviceMemory: number | undefined): number {
  if (!(typeof deviceMemory === "number" && deviceMemory > 0)) return MAX_WORKERS;
  return Math.max(1, Math.min(MAX_WORKERS, Math.floor((deviceMemory * 1024) / 2 / WORKER_MB)));
}

/** See workerCeiling. */
export const MAX_WORKERS = 8;
export const WORKER_MB = 150;
