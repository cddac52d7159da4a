// Specs as the page holds them: fetching scenarios.json, checking a
// spec's shape, scenario and cases against it, and the JSON the playground
// takes. Shared by the main page (App) and the embed.

import type { GameBridge } from "./bridge";
import { KnobValue, LoomError, MetaFile, ScenarioMeta, Spec } from "./types";

/** What is loaded in the playground. */
export interface Current {
  s: ScenarioMeta;
  caseID: string;
  compare: string[] | null;
  /** Overrides as given; the simulator parses and checks them. */
  knobs: Record<string, KnobValue>;
  seed: number;
}

/** Fetches the scenario metadata the build wrote (scenarios.json); both pages start from it. */
export async function fetchMeta(): Promise<MetaFile> {
  const resp = await fetch("scenarios.json");
  if (!resp.ok) throw new LoomError(`scenarios.json: HTTP ${resp.status}`);
  const meta = (await resp.json()) as MetaFile;
  if (!meta.scenarios?.length) throw new LoomError("scenarios.json lists no scenarios");
  return meta;
}

export function findScenario(meta: MetaFile, id: string): ScenarioMeta {
  const s = meta.scenarios.find((s) => s.id === id);
  if (!s) throw new LoomError(`unknown scenario "${id}": expected one of ${meta.scenarios.map((s) => s.id).join(", ")}`);
  return s;
}

/**
 * Checks a spec's shape and its scenario and cases against
 * scenarios.json. Knob values are left to the simulator, the authority
 * on them (the knob form checks them before they get here).
 */
export function checkSpec(meta: MetaFile, spec: Spec): Current {
  if (!spec || typeof spec !== "object") throw new LoomError("load(spec): spec must be an object {scenario, case, knobs, seed}");
  if (typeof spec.scenario !== "string") throw new LoomError("load(spec): scenario must be a string");
  const s = findScenario(meta, spec.scenario);
  const caseIDs = s.cases.map((c) => c.id);
  const checkCase = (c: unknown) => {
    if (typeof c !== "string" || !caseIDs.includes(c)) {
      throw new LoomError(`${s.id}: unknown case "${String(c)}": expected one of ${caseIDs.join(", ")}`);
    }
    return c;
  };
  const caseID = spec.case === undefined || spec.case === "" ? s.defaultCase : checkCase(spec.case);
  let compare: string[] | null = null;
  if (spec.compare !== undefined && spec.compare !== null) {
    if (!Array.isArray(spec.compare)) throw new LoomError(`${s.id}: compare must be a list of case ids`);
    compare = spec.compare.map(checkCase);
    if (new Set(compare).size !== compare.length) throw new LoomError(`${s.id}: compare lists a case twice`);
    if (compare.length > 3) throw new LoomError(`${s.id}: compare takes at most 3 cases`);
    if (compare.length < 2) compare = null;
  }
  const knobs: Record<string, KnobValue> = {};
  if (spec.knobs !== undefined && spec.knobs !== null) {
    if (typeof spec.knobs !== "object" || Array.isArray(spec.knobs)) throw new LoomError(`${s.id}: knobs must be an object {name: value}`);
    for (const [name, v] of Object.entries(spec.knobs)) {
      if (!["string", "number", "boolean"].includes(typeof v) || (typeof v === "number" && !Number.isFinite(v))) {
        throw new LoomError(`${s.id}: knob ${name}: expected a string, a finite number or a boolean, not ${v === null ? "null" : String(v)}`);
      }
      knobs[name] = v;
    }
  }
  let seed = 1;
  if (spec.seed !== undefined && spec.seed !== null) {
    const n = typeof spec.seed === "string" ? Number(spec.seed) : spec.seed;
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
      throw new LoomError(`seed ${JSON.stringify(spec.seed)}: expected a non-negative integer (at most 2^53 − 1 here)`);
    }
    seed = n;
  }
  return { s, caseID, compare, knobs, seed };
}

/**
 * Checks spec with check, waits for the playground and loads it there. A
 * refusal at any step is shown with show and thrown as a LoomError, and the
 * simulation already running is kept. The main page and the embed load
 * through this.
 */
export async function loadSpec(bridge: GameBridge, spec: Spec, check: (spec: Spec) => Current, show: (message: string) => void): Promise<Current> {
  let c: Current;
  try {
    c = check(spec);
    await bridge.ready;
    bridge.load(gameSpec(c));
  } catch (e) {
    const err = LoomError.from(e);
    show(err.message);
    throw err;
  }
  return c;
}

/**
 * Loads spec with load; if it is refused (load has shown why), loads the
 * plain default case of the same scenario instead: how the pages start
 * from a link that asks for something the simulator does not accept.
 */
export async function loadOrDefault(load: (spec: Spec) => Promise<unknown>, spec: Spec): Promise<void> {
  try {
    await load(spec);
  } catch {
    await load({ scenario: spec.scenario, seed: 1 });
  }
}

/** The JSON spec the playground takes. */
export function gameSpec(c: Current): object {
  const spec: Record<string, unknown> = { scenario: c.s.id, case: c.caseID, knobs: c.knobs, seed: c.seed };
  if (c.compare) spec.compare = c.compare;
  return spec;
}

/** The spec that opens scenario s: its default case, comparing its compare cases when it names two or more. */
export function scenarioSpec(s: ScenarioMeta, seed: number): Spec {
  return { scenario: s.id, compare: s.compare.length >= 2 ? s.compare : undefined, seed };
}

/** The case a single run of c stands for: the first compared case, or the loaded one. */
export function firstCase(c: Current): string {
  return c.compare ? c.compare[0] : c.caseID;
}
