// Messages between the page (runner.ts) and the worker (worker.ts).

export type WorkerRequest =
  | { id: number; kind: "run"; spec: string }
  | { id: number; kind: "check"; scenario: string; results: string }
  | { id: number; kind: "grade"; exercise: string; seed: string; results: string; answer: string };

export type WorkerReply =
  | { id: number; kind: "progress"; fraction: number; case: string }
  | { id: number; kind: "done"; json: string }
  | { id: number; kind: "error"; message: string };
