// Shapes shared by the page, the playground iframe and the worker. The
// scenario metadata is generated from sim/scenario by the build
// (scenarios.json); the state comes from the playground's state() and the
// run results from the worker, which prints what `loomsim run --json` does.

export type KnobType = "int" | "float" | "bool" | "enum";

export interface KnobMeta {
  name: string;
  type: KnobType;
  default: string;
  min?: number;
  max?: number;
  options?: string[];
  unit?: string;
  help: string;
  /** The sim's wording of the accepted values ("an integer from 1 to 100"). */
  allowed: string;
  /** What 0 does for a knob whose 0 sets nothing (no flag, the JVM's own value): a sweep's range starts above it. */
  zeroMeans?: string;
  /** The range (LO:HI:N, or LO:HI:N:log) a sweep proposes when the case leaves such a knob at 0. */
  sweepHint?: string;
}

export interface CaseMeta {
  id: string;
  title: string;
  set: { knob: string; value: string }[];
}

export interface FigureMeta {
  case: string;
  metric: string;
  value: number;
  than?: string;
  cmp?: string;
  text?: string;
  /** The value in the metric's unit (absent for an ordering). */
  value_text?: string;
  /** The tolerance in notation (×/÷1.5, ±10%, …). */
  tolerance: string;
  /** The tolerance with the figure's own numbers ("×/÷1.5 or ±43 (counting noise)"); absent for an ordering. */
  tolerance_words?: string;
  /** Which model values pass, in the metric's unit. */
  accepts: string;
  deviation?: string;
  /** calibrated: a profile constant was fitted to it; predicted: out of sample. */
  role: "calibrated" | "predicted";
}

export interface ConstantMeta {
  name: string;
  value: string;
  derivation: string;
}

export interface ScenarioMeta {
  id: string;
  title: string;
  article: string;
  summary: string;
  notes: string[];
  defaultCase: string;
  compare: string[];
  metrics: string[];
  /** What each of metrics counts here: over this scenario's measurement window or its whole run (Scenario.MetricMeaning). */
  metricMeanings: Record<string, string>;
  knobs: KnobMeta[];
  cases: CaseMeta[];
  figures: FigureMeta[];
  profile: ConstantMeta[];
}

export interface MetaFile {
  metrics: string[];
  scenarios: ScenarioMeta[];
  /** The classroom's exercises (build/exercises.go). */
  exercises?: ExerciseMeta[];
}

/** A classroom exercise: an attempt with seed s is variant s mod variants.length, its runs simulated with seed s. */
export interface ExerciseMeta {
  id: string;
  scenario: string;
  title: string;
  kind: "choice" | "number";
  choices: { id: string; text: string }[];
  unit?: string;
  decimals: number;
  tolerance?: string;
  measure: string;
  lock: string[];
  variants: {
    question: string;
    runs: { label: string; case: string; knobs: Record<string, string>; effective: Record<string, string> }[];
  }[];
}

/** The worker's verdict on a prediction (scenario.Grade). */
export interface Grade {
  exercise: string;
  seed: number;
  variant: number;
  kind: "choice" | "number";
  answer: string;
  answerText: string;
  correct: boolean;
  model: { value: number; choice?: string; text: string };
  tolerance: string;
  measure: string;
  explanation: string;
  runs: { label: string; case: string; metric: string; value: number; outcome: string }[];
}

export type KnobValue = string | number | boolean;

/** What window.loomlab.load and runFull take. */
export interface Spec {
  scenario: string;
  case?: string;
  knobs?: Record<string, KnobValue>;
  seed?: number;
  compare?: string[];
}

export interface HeapState {
  edenCap: number;
  edenUsed: number;
  survivorCap: number;
  survivorUsed: number;
  oldCap: number;
  oldUsed: number;
  oldGarbage: number;
  /** Live data by kind (MB), young and old together. */
  liveMb?: { request: number; threadLocal: number; thread: number; chunk: number; app: number };
}

export interface LatencyWindow {
  count: number;
  p50Ms: number;
  p95Ms: number;
}

/** The per-simulator part of the playground's state (one per compared case). */
export interface SideState {
  case: string;
  /** The run has drawn from its random source so far: another seed would change it. */
  drewAtRandom: boolean;
  knobs?: Record<string, string>;
  virtual: number;
  platform: number;
  /** The application's platform threads (the OS threads the JVM runs for itself left out). */
  platformApp?: number;
  /** The scheduler's carriers (OS threads that run virtual threads); 0 without virtual threads. */
  carriers?: number;
  mounted: number;
  parked: number;
  runQueue: number;
  requestsDone: number;
  youngGCs: number;
  fullGCs: number;
  gcPauseMs: number;
  paused: boolean;
  rssMb: number;
  threadMemoryMb: number;
  heap: HeapState;
  recentLatency: LatencyWindow;
  done: boolean;
  oom: boolean;
  oomMessage?: string;
  /** The side's own clock (compare mode keeps every side on one clock). */
  simTimeNs?: number;
}

/** The playground's state() (see the iframe contract). */
export interface GameState extends SideState {
  scenario: string;
  knobs: Record<string, string>;
  seed: number;
  simTimeNs: number;
  /** The time as the picture's header writes it ("142 ms"). */
  clock?: string;
  running: boolean;
  speed: number;
  fps: number;
  frame?: { updateMs: number; drawMs: number; updateP95Ms: number; drawP95Ms: number; /** frames drawn so far (it stands still while a paused picture rests) */ draws: number };
  error?: string;
  sides?: SideState[];
  /** The compared case run beside the single shown case (play/state.go), null when none; drawn: the last frame drew it. */
  contrast?: {
    case: string;
    name: string;
    drawn: boolean;
    /** the shown run's words beside it, as the picture labels it */
    shown?: string;
  } | null;
}

/** The per-side states: the sides of a comparison, or the single run. */
export function sidesOf(st: GameState): SideState[] {
  return st.sides && st.sides.length > 0 ? st.sides : [st];
}

/** Every side has finished. */
export function allDone(st: GameState): boolean {
  return sidesOf(st).every((s) => s.done);
}

/** The object `loomsim run --json` prints. */
export interface RunResult {
  scenario: string;
  case: string;
  seed: number;
  params: Record<string, unknown>;
  metrics: Record<string, unknown>;
  outcome: string;
  sim_seconds: number;
  /** The virtual time the run was set to last; absent for a run that lasts until its workload is done. */
  planned_seconds?: number;
  wall_seconds: number;
  events: number;
  /** Whether the run drew anything from its random source (false: another seed gives the same result). */
  drew_at_random: boolean;
}

/** One line of `loomsim verify --json`. */
export interface Check {
  scenario: string;
  case: string;
  metric: string;
  article: string;
  model: string;
  tolerance: string;
  /** The accepted range in the metric's unit (as scenarios.json's figure has it). */
  accepts: string;
  status: "pass" | "fail" | "deviation";
  role: "calibrated" | "predicted";
  reason: string;
  /** For a declared deviation: the status it would have had. */
  would_be?: "pass" | "fail";
  /** model for a reader, in the metric's unit ("127,697 req/s"). */
  model_text: string;
}

export interface Verification {
  scenario: string;
  checks: Check[];
  /** The verdicts counted by role, as `loomsim verify` ends. */
  summary: string;
  results: Record<string, RunResult>;
}

/** An error whose message is meant for people (shown as is). */
export class LoomError extends Error {
  /** The page has already shown this error to the reader (with its way out). */
  shown = false;
  constructor(message: string) {
    super(message);
    this.name = "LoomError";
  }

  /** e itself if it is a LoomError, else a LoomError with e's text (errorText). */
  static from(e: unknown): LoomError {
    return e instanceof LoomError ? e : new LoomError(errorText(e));
  }
}

/**
 * The text of anything thrown, for a message: an Error's message (without
 * its "Error: " or "TypeError: " prefix), else the value as a string.
 */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A sweep as the page asks for it (Go's sweep.Request): the same words as `loomsim sweep`'s flags. */
export interface SweepRequest {
  /** "scenario/case". */
  ref: string;
  /** "knob:LO:HI:N", with ":log" for log spacing. */
  knob: string;
  set: Record<string, string>;
  /** "k=v[,k=v]" or "case=CASE" each. */
  sides: string[];
  metrics: string[];
  seed: number;
}

/** The worker's plan of a sweep (wasm/worker SweepPlan): the spec of every run, point by point. */
export interface SweepPlan {
  points: number[];
  runs: Spec[];
  labels: string[];
}

/** A finished sweep: what `loomsim sweep --json` prints (sweep.Result). */
export interface SweepResult {
  scenario: string;
  case: string;
  knob: { name: string; lo: number; hi: number; n: number; spacing: "linear" | "log"; unit?: string };
  set: Record<string, string>;
  seed: number;
  points: number[];
  sides: { label: string; case: string; set: Record<string, string> }[];
  metrics: string[];
  /** alike: every point ran alike (the knob changed nothing its runs read; sweep.SideResult.Alike). */
  results: { side: string; values: Record<string, (number | null)[]>; outcomes: string[]; runs: RunResult[]; alike: boolean }[];
  /** Each metric's chart in words, once every run has ended (sweep/findings.go; `loomsim sweep` prints the same). */
  findings?: Record<string, string>;
  /** Every run has ended and none drew anything at random: another seed gives the same sweep (sweep.Result.NoRandomDraws). */
  no_random_draws: boolean;
  /** A run that has ended drew at random: another seed can move the lines (sweep.Result.DrewAtRandom). */
  drew_at_random: boolean;
}

/** What the worker's sweepCollect answers: the result and its CSV (`loomsim sweep --csv`). */
export interface SweepOutput {
  sweep: SweepResult;
  csv: string;
}
