// The main page's setup form: the case menu, Compare and its case boxes,
// the knob form, the seed, Defaults and Apply. It shows the loaded setup
// (with what a comparison or a classroom exercise locks) and turns the
// reader's edits into a spec to load.

import { byID, el } from "./dom";
import { caseValues, KnobForm, knobForm, variedKnobs } from "./knobs";
import { Current, firstCase } from "./spec";
import { GameState, KnobValue, ScenarioMeta, Spec } from "./types";

/** Knob locks a classroom exercise puts on every load (classroom.ts). */
export interface Locks {
  /** Throws a LoomError naming the knob when c would change a locked one. */
  check(c: Current): void;
  /** The locked knobs, each with the note the knob form shows. */
  notes(): Map<string, string>;
  /** Everything is locked: the case, compare and the seed too. */
  all(): boolean;
}

/** What the form needs of the page. */
export interface SetupHost {
  current(): Current | null;
  /** The locks a classroom exercise holds (null: none). */
  locks(): Locks | null;
  message(text: string, kind?: "error" | "info"): void;
  /** Loads spec from the page's controls (errors are shown, not thrown). */
  loadFromUI(spec: Spec): void;
}

export class SetupForm {
  private form: KnobForm | null = null;

  constructor(private readonly host: SetupHost) {
    const h = host;
    byID("case").addEventListener("change", () => {
      const c = h.current();
      if (!c) return;
      h.loadFromUI({ scenario: c.s.id, case: byID<HTMLSelectElement>("case").value, knobs: c.knobs, seed: c.seed });
    });
    byID("compare").addEventListener("change", () => {
      const c = h.current();
      if (!c) return;
      const on = byID<HTMLInputElement>("compare").checked;
      const compare = on ? (c.s.compare.length >= 2 ? c.s.compare : c.s.cases.slice(0, 2).map((x) => x.id)) : undefined;
      h.loadFromUI({ scenario: c.s.id, case: compare ? c.caseID : firstCase(c), compare, knobs: keepKnobs(c, compare), seed: c.seed });
    });
    byID("compare-cases").addEventListener("change", () => {
      const c = h.current();
      if (!c) return;
      const picked = [...document.querySelectorAll<HTMLInputElement>("#compare-cases input:checked")].map((i) => i.value);
      if (picked.length < 2 || picked.length > 3) {
        h.message(`Compare needs 2 or 3 cases; ${picked.length} ${picked.length === 1 ? "is" : "are"} ticked.`, "info");
        return;
      }
      h.loadFromUI({ scenario: c.s.id, case: c.caseID, compare: picked, knobs: keepKnobs(c, picked), seed: c.seed });
    });
    byID<HTMLFormElement>("knob-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.apply();
    });
    byID("defaults").addEventListener("click", () => {
      const c = h.current();
      if (c) h.loadFromUI({ scenario: c.s.id, case: c.caseID, compare: c.compare ?? undefined, seed: c.seed });
    });
    // "change" fires on Enter and on leaving the field.
    byID<HTMLInputElement>("seed").addEventListener("change", () => this.apply());
  }

  /** Builds the knob inputs of scenario s (a new scenario was chosen). */
  showScenario(s: ScenarioMeta): void {
    this.form = knobForm(byID("knobs"), s);
  }

  /** Puts the loaded setup c back into the controls. */
  show(c: Current): void {
    const locks = this.host.locks();
    const sel = byID<HTMLSelectElement>("case");
    // The case in plain words, as the picture names a side (its id in the
    // option's tooltip): "1g-pool — 1 GB heap, 10,000 pooled virtual
    // threads" was cut in a select sized for the toolbar.
    sel.replaceChildren(...c.s.cases.map((cs) => el("option", { value: cs.id, title: cs.id }, cs.title)));
    sel.value = c.caseID;
    const all = locks?.all() ?? false;
    sel.disabled = !!c.compare || all;
    // Comparing, the picture shows every compared case: a disabled select
    // naming one of them read as "the case shown", so it steps aside (the
    // compared cases are chosen under the picture).
    sel.hidden = !!c.compare;
    for (const l of document.querySelectorAll<HTMLLabelElement>('label[for="case"]')) l.hidden = !!c.compare;
    const cmp = byID<HTMLInputElement>("compare");
    cmp.checked = !!c.compare;
    cmp.disabled = c.s.cases.length < 2 || all;
    byID<HTMLInputElement>("seed").disabled = all;
    byID<HTMLButtonElement>("defaults").disabled = all;
    byID<HTMLButtonElement>("apply").disabled = all;
    const box = byID("compare-cases");
    box.hidden = !c.compare;
    const chosen = new Set(c.compare ?? []);
    box.replaceChildren(
      el("legend", {}, "Compared cases (2–3)"),
      ...c.s.cases.map((cs) => {
        const input = el("input", { type: "checkbox", value: cs.id, name: "compare-case" });
        input.checked = chosen.has(cs.id);
        return el("label", { class: "check" }, input, ` ${cs.id}`);
      }),
    );
    byID<HTMLInputElement>("seed").value = String(c.seed);
    const base = baseValues(c);
    for (const [k, v] of Object.entries(c.knobs)) base[k] = String(v);
    const locked = c.compare ? variedKnobs(c.s, c.compare) : new Set<string>();
    const notes = locks?.notes() ?? new Map<string, string>();
    for (const k of notes.keys()) locked.add(k);
    this.form?.show(base, locked, notes);
  }

  /** Applies the knob form and the seed: checked here, then by the simulator. */
  private apply(): void {
    const c = this.host.current();
    if (!c || !this.form) return;
    const { knobs, errors } = this.form.read(baseValues(c));
    for (const k of this.host.locks()?.notes().keys() ?? []) {
      if (c.knobs[k] !== undefined && knobs[k] === undefined) knobs[k] = String(c.knobs[k]); // locked: kept as loaded
    }
    const seedText = byID<HTMLInputElement>("seed").value.trim();
    const seed = /^\d+$/.test(seedText) ? Number(seedText) : NaN;
    if (!Number.isSafeInteger(seed)) errors.push(`seed "${seedText}": expected a non-negative integer`);
    if (errors.length > 0) {
      for (const e of errors) this.host.message(e);
      return; // the running simulation is untouched
    }
    this.host.loadFromUI({ scenario: c.s.id, case: c.caseID, compare: c.compare ?? undefined, knobs, seed });
  }
}

/**
 * The Compare box's hint, when the picture draws a compared case beside
 * the shown one (the contrast run, play/contrast.go). The box is labelled
 * "Choose cases to compare": a reader who saw both cases drawn with
 * "Compare" unticked took the box for wrong, "Pick cases" left a newcomer
 * asking what for, and a note beside the opening line ("Also in the
 * picture, from a separate run: ...") repeated the picture's own column
 * header without curing that. What ticking adds that the picture has not:
 * the choice of 2-3 of the story's cases, each run drawn whole.
 */
export function titleCompare(st: GameState): void {
  const name = st.contrast?.name ?? "";
  const title = name
    ? `Tick to choose 2–3 of this story's cases and draw each run whole, side by side (unticked, the picture draws ${name} beside the shown case where it has room)`
    : "Tick to choose 2–3 of this story's cases and draw them side by side";
  const label = byID("compare").parentElement!;
  if (label.title !== title) label.title = title;
  // Beside a compared run already drawn, the box says the pair is its to
  // change: "Choose cases to compare", unticked beside two runs drawn,
  // left a newcomer working out which run the second heap was.
  const words = st.contrast?.drawn ? " Choose the cases compared" : " Choose cases to compare";
  const text = label.lastChild;
  if (text && text.nodeType === Node.TEXT_NODE && text.textContent !== words) text.textContent = words;
  // The Case list names one case while the picture draws two runs: beside
  // the compared one it chooses "this run", the picture's own words for
  // the shown column.
  const caseWord = st.contrast?.drawn ? "This run" : "Case";
  for (const l of document.querySelectorAll<HTMLLabelElement>('label[for="case"]')) if (l.textContent !== caseWord) l.textContent = caseWord;
}

/** The knob values of the case c's form starts from (the first compared case's, when comparing). */
function baseValues(c: Current): Record<string, string> {
  return caseValues(c.s.cases.find((x) => x.id === firstCase(c)));
}

/** Keeps the overrides that still make sense when the compared cases change. */
function keepKnobs(c: Current, compare: string[] | undefined): Record<string, KnobValue> {
  if (!compare) return c.knobs;
  const varied = variedKnobs(c.s, compare);
  return Object.fromEntries(Object.entries(c.knobs).filter(([k]) => !varied.has(k)));
}
