// Web Worker bootstrap for the sim-only wasm (wasm/worker): full-length
// runs and verifications happen here so the page and its animation stay
// responsive. Protocol (see runner.ts):
//   in:  {id, kind: "run", spec: string} | {id, kind: "check" | "checkSome", scenario: string, results: string}
//        | {id, kind: "grade", exercise, seed, results, answer} (all strings)
//        | {id, kind: "gclog", log: Blob, fit?} (read in slices; progress: the bytes read, then the fit)
//        | {id, kind: "fitRun", knobs: string} (the fitted model with what-if changes)
//        | {id, kind: "sweepPlan", request} | {id, kind: "sweepCollect" | "sweepCollectSome", request, results} (strings)
//        each may carry fault: "run" | "exit" (a test hook: the wasm's crashNext first)
//   out: {id, kind: "progress", fraction, case?} | {id, kind: "done", json: string}
//        | {id, kind: "error", message}

import "go:wasm_exec";
import type { WorkerRequest, WorkerReply } from "./protocol";
import { errorText } from "./types";

interface LoomWorker {
  runFull(specJSON: string, onProgress: (fraction: number) => void): string;
  check(scenario: string, resultsJSON: string): string;
  checkSome(scenario: string, resultsJSON: string): string;
  grade(exercise: string, seed: string, resultsJSON: string, answer: string): string;
  sweepPlan(requestJSON: string): string;
  sweepCollect(requestJSON: string, resultsJSON: string): string;
  sweepCollectSome(requestJSON: string, resultsJSON: string): string;
  crashNext(where: string): string;
  gclogOpen(): string;
  gclogFeed(session: number, bytes: Uint8Array): string;
  gclogClose(session: number, withFit: boolean, onProgress: (fraction: number) => void): string;
  fitRun(knobsJSON: string, onProgress: (fraction: number) => void): string;
}

/** How much of a GC log is read and handed to the wasm at a time. */
const gclogSlice = 1 << 20;

/**
 * Reads a GC log a slice at a time into the wasm's gclog session, posting
 * progress after each, so a log of hundreds of megabytes never sits whole
 * in memory. Resolves to the wasm's JSON answer (the report or {"error"}).
 */
async function readGCLog(w: LoomWorker, log: Blob, withFit: boolean, progress: (fraction: number) => void): Promise<string> {
  // With a fit, reading is the first fifth of the work and the model's runs the rest.
  const readShare = withFit ? 0.2 : 1;
  const opened = JSON.parse(w.gclogOpen()) as number | { error: string };
  if (typeof opened !== "number") return JSON.stringify(opened);
  for (let off = 0; off < log.size; off += gclogSlice) {
    const bytes = new Uint8Array(await log.slice(off, off + gclogSlice).arrayBuffer());
    const fed = w.gclogFeed(opened, bytes);
    if (fed.includes('"error"')) return fed;
    progress(readShare * Math.min(1, (off + bytes.length) / log.size));
  }
  return w.gclogClose(opened, withFit, (f) => progress(readShare + (1 - readShare) * f));
}

// A dedicated worker's global scope, typed by hand (the DOM and WebWorker
// libraries cannot be loaded together).
interface WorkerScope {
  location: { href: string };
  loomworker?: LoomWorker;
  postMessage(msg: WorkerReply): void;
  addEventListener(type: string, f: (ev: MessageEvent) => void, opts?: { once: boolean }): void;
}
const scope = self as unknown as WorkerScope;

/** The Go program has exited (a panic nothing recovered, or a fatal error): every later call would throw. */
let exited = false;

const api: Promise<LoomWorker> = (async () => {
  const go = new Go();
  const started = new Promise<void>((resolve) => scope.addEventListener("loomworkerready", () => resolve(), { once: true }));
  const url = new URL(__LOOM_WORKER_WASM__, scope.location.href);
  const resp = await fetch(url).catch((e: unknown) => {
    throw new Error(`loading ${url.pathname}: ${errorText(e)}`);
  });
  if (!resp.ok) throw new Error(`loading ${url.pathname}: HTTP ${resp.status}`);
  const { instance } = await WebAssembly.instantiateStreaming(resp, go.importObject);
  // go.run resolves only if the Go program exits; if that happens before
  // it is ready, say so instead of waiting for ever.
  const ended = go.run(instance).then(() => {
    exited = true;
  });
  await Promise.race([started, ended]);
  if (exited) throw new Error("the worker's simulator exited while starting (see the browser console)");
  if (!scope.loomworker) throw new Error("the worker wasm did not install loomworker");
  return scope.loomworker;
})();

const crashed = "the simulator in the background worker crashed (a Go panic; the browser console has its trace)";

scope.addEventListener("message", (ev: MessageEvent) => {
  const req = ev.data as WorkerRequest;
  api.then(
    (w) => {
      const progress = (fraction: number, c?: string) =>
        scope.postMessage({ id: req.id, kind: "progress", fraction, case: c ?? "" });
      if (exited) {
        scope.postMessage({ id: req.id, kind: "error", message: crashed });
        return;
      }
      if (req.kind === "gclog") {
        Promise.resolve()
          .then(() => {
            if (req.fault) w.crashNext(req.fault);
            return readGCLog(w, req.log, req.fit === true, (f) => progress(f));
          })
          .then(
          (json) => scope.postMessage(exited ? { id: req.id, kind: "error", message: crashed } : { id: req.id, kind: "done", json }),
          (e: unknown) => scope.postMessage({ id: req.id, kind: "error", message: exited ? crashed : "reading the log failed: " + errorText(e) }),
        );
        return;
      }
      let json: unknown;
      try {
        if (req.fault) w.crashNext(req.fault);
        switch (req.kind) {
          case "run":
            json = w.runFull(req.spec, progress);
            break;
          case "check":
            json = w.check(req.scenario, req.results);
            break;
          case "checkSome":
            json = w.checkSome(req.scenario, req.results);
            break;
          case "grade":
            json = w.grade(req.exercise, req.seed, req.results, req.answer);
            break;
          case "fitRun":
            json = w.fitRun(req.knobs, progress);
            break;
          case "sweepPlan":
            json = w.sweepPlan(req.request);
            break;
          case "sweepCollect":
            json = w.sweepCollect(req.request, req.results);
            break;
          case "sweepCollectSome":
            json = w.sweepCollectSome(req.request, req.results);
            break;
        }
      } catch (e) {
        scope.postMessage({ id: req.id, kind: "error", message: exited ? crashed : "the simulator failed: " + String(e) });
        return;
      }
      // A Go program that exits inside the call returns nothing.
      if (exited || typeof json !== "string") {
        scope.postMessage({ id: req.id, kind: "error", message: crashed });
        return;
      }
      scope.postMessage({ id: req.id, kind: "done", json });
    },
    (e: unknown) =>
      scope.postMessage({ id: req.id, kind: "error", message: "the worker could not start: " + errorText(e) }),
  );
});
