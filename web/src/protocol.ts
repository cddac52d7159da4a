// Messages between the page (runner.ts) and the worker (worker.ts).

export type WorkerRequest = (
  | { id: number; kind: "run"; spec: string }
  | { id: number; kind: "check"; scenario: string; results: string }
  /** The verdicts the runs so far allow: one per figure, null where a case has not run. */
  | { id: number; kind: "checkSome"; scenario: string; results: string }
  | { id: number; kind: "grade"; exercise: string; seed: string; results: string; answer: string }
  /** A GC log to read (a dropped file, or pasted text as a Blob); the worker reads it in slices. */
  | { id: number; kind: "gclog"; log: Blob; fit?: boolean }
  /** The fitted model run with what-if changes: knobs as a JSON object of strings. */
  | { id: number; kind: "fitRun"; knobs: string }
  | { id: number; kind: "sweepPlan"; request: string }
  | { id: number; kind: "sweepCollect"; request: string; results: string }
  /** What a sweep's runs so far show: results in the plan's order, null for a run to come. */
  | { id: number; kind: "sweepCollectSome"; request: string; results: string }
) & {
  /** Test hook: the worker wasm's crashNext before this request ("run": a recovered panic, "exit": the Go program dies). */
  fault?: WorkerFault;
};

export type WorkerFault = "run" | "exit";

export type WorkerReply =
  | { id: number; kind: "progress"; fraction: number; case: string }
  | { id: number; kind: "done"; json: string }
  | { id: number; kind: "error"; message: string };
