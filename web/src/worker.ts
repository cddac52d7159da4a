// Web Worker bootstrap for the sim-only wasm (wasm/worker): full-length
// runs and verifications happen here so the page and its animation stay
// responsive. Protocol (see runner.ts):
//   in:  {id, kind: "run", spec: string} | {id, kind: "check", scenario: string, results: string}
//        | {id, kind: "grade", exercise, seed, results, answer} (all strings)
//   out: {id, kind: "progress", fraction, case?} | {id, kind: "done", json: string}
//        | {id, kind: "error", message}

import "go:wasm_exec";
import type { WorkerRequest, WorkerReply } from "./protocol";

interface LoomWorker {
  runFull(specJSON: string, onProgress: (fraction: number) => void): string;
  check(scenario: string, resultsJSON: string): string;
  grade(exercise: string, seed: string, resultsJSON: string, answer: string): string;
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

const api: Promise<LoomWorker> = (async () => {
  const go = new Go();
  const started = new Promise<void>((resolve) => scope.addEventListener("loomworkerready", () => resolve(), { once: true }));
  const url = new URL(__LOOM_WORKER_WASM__, scope.location.href);
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`loading ${url.pathname}: HTTP ${resp.status}`);
  const { instance } = await WebAssembly.instantiateStreaming(resp, go.importObject);
  void go.run(instance); // resolves only if the Go program exits
  await started;
  if (!scope.loomworker) throw new Error("the worker wasm did not install loomworker");
  return scope.loomworker;
})();

scope.addEventListener("message", (ev: MessageEvent) => {
  const req = ev.data as WorkerRequest;
  api.then(
    (w) => {
      const progress = (fraction: number, c?: string) =>
        scope.postMessage({ id: req.id, kind: "progress", fraction, case: c ?? "" });
      let json: string;
      try {
        switch (req.kind) {
          case "run":
            json = w.runFull(req.spec, progress);
            break;
          case "check":
            json = w.check(req.scenario, req.results);
            break;
          case "grade":
            json = w.grade(req.exercise, req.seed, req.results, req.answer);
            break;
        }
      } catch (e) {
        scope.postMessage({ id: req.id, kind: "error", message: "the simulator failed: " + String(e) });
        return;
      }
      scope.postMessage({ id: req.id, kind: "done", json });
    },
    (e: unknown) =>
      scope.postMessage({ id: req.id, kind: "error", message: "the worker could not start: " + (e instanceof Error ? e.message : String(e)) }),
  );
});
