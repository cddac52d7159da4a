// Knob inputs generated from scenarios.json, and the client-side check of a
// value. The check only saves a round trip: the Go side parses every value
// again and is the authority. Messages use the sim's wording
// ("scenario: knob name="value" is not allowed: expected ...").

import { CaseMeta, KnobMeta, KnobValue, ScenarioMeta } from "./types";
import { el } from "./dom";

export function knobError(s: ScenarioMeta, k: KnobMeta, text: string): string {
  return `${s.id}: knob ${k.name}="${text}" is not allowed: expected ${k.allowed}`;
}

/** Checks a knob value; returns its canonical text, or a message. */
export function checkKnob(s: ScenarioMeta, name: string, value: KnobValue): { text: string } | { error: string } {
  const k = s.knobs.find((k) => k.name === name);
  if (!k) {
    return { error: `${s.id}: knob ${name}="${String(value)}": no such knob; knobs are ${s.knobs.map((k) => k.name).join(", ")}` };
  }
  const text = String(value).trim();
  switch (k.type) {
    case "int":
    case "float": {
      const n = typeof value === "number" ? value : text === "" ? NaN : Number(text);
      const ok =
        typeof value !== "boolean" &&
        Number.isFinite(n) &&
        (k.type === "float" || Number.isInteger(n)) &&
        n >= (k.min ?? -Infinity) &&
        n <= (k.max ?? Infinity);
      return ok ? { text: String(n) } : { error: knobError(s, k, text) };
    }
    case "bool": {
      const t = text.toLowerCase();
      if (["true", "1", "yes", "on"].includes(t)) return { text: "true" };
      if (["false", "0", "no", "off"].includes(t)) return { text: "false" };
      return { error: knobError(s, k, text) };
    }
    case "enum":
      return k.options?.includes(text) ? { text } : { error: knobError(s, k, text) };
  }
}

/** The knob values a case sets, by name. */
export function caseValues(c: CaseMeta | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kv of c?.set ?? []) out[kv.knob] = kv.value;
  return out;
}

/** Knobs that some of the compared cases set differently: they are what the comparison is about. */
export function variedKnobs(s: ScenarioMeta, cases: string[]): Set<string> {
  const out = new Set<string>();
  const vals = cases.map((id) => caseValues(s.cases.find((c) => c.id === id)));
  for (const k of s.knobs) {
    const v = vals.map((m) => m[k.name] ?? k.default);
    if (new Set(v).size > 1) out.add(k.name);
  }
  return out;
}

export interface KnobForm {
  /** Shows values (text by knob name); `locked` knobs are disabled with a note (from `notes`, else a compare's). */
  show(values: Record<string, string>, locked: Set<string>, notes?: Map<string, string>): void;
  /** The values the user entered that differ from `base`, checked; or the messages. */
  read(base: Record<string, string>): { knobs: Record<string, string>; errors: string[] };
}

/** Builds the inputs for a scenario's knobs into `root`. */
export function knobForm(root: HTMLElement, s: ScenarioMeta): KnobForm {
  root.replaceChildren();
  const inputs = new Map<string, { input: HTMLInputElement | HTMLSelectElement; note: HTMLElement; row: HTMLElement }>();
  for (const k of s.knobs) {
    const id = `knob-${k.name}`;
    let input: HTMLInputElement | HTMLSelectElement;
    if (k.type === "enum") {
      input = el("select", { id, name: k.name });
      for (const o of k.options ?? []) input.append(el("option", { value: o }, o));
    } else if (k.type === "bool") {
      input = el("input", { id, name: k.name, type: "checkbox" });
    } else {
      input = el("input", {
        id,
        name: k.name,
        type: "text",
        inputmode: k.type === "int" ? "numeric" : "decimal",
        autocomplete: "off",
        spellcheck: "false",
      });
    }
    const helpID = `${id}-help`;
    input.setAttribute("aria-describedby", helpID);
    const range = k.type === "int" || k.type === "float" ? ` (${fmtRange(k)})` : "";
    const note = el("span", { class: "knob-note", "aria-live": "polite" });
    const row = el(
      "div",
      { class: `knob knob-${k.type}` },
      el("label", { for: id }, el("code", {}, k.name), k.unit ? el("span", { class: "unit" }, k.unit) : ""),
      input,
      el("small", { id: helpID, class: "help" }, k.help + range),
      note,
    );
    input.addEventListener("input", () => {
      row.classList.remove("invalid");
      input.removeAttribute("aria-invalid");
      note.textContent = "";
    });
    root.append(row);
    inputs.set(k.name, { input, note, row });
  }

  const valueOf = (k: KnobMeta): string => {
    const { input } = inputs.get(k.name)!;
    if (k.type === "bool") return (input as HTMLInputElement).checked ? "true" : "false";
    return input.value.trim();
  };

  return {
    show(values, locked, notes) {
      for (const k of s.knobs) {
        const { input, note, row } = inputs.get(k.name)!;
        const v = values[k.name] ?? k.default;
        if (k.type === "bool") (input as HTMLInputElement).checked = v === "true";
        else input.value = v;
        input.disabled = locked.has(k.name);
        row.classList.toggle("locked", locked.has(k.name));
        row.classList.remove("invalid");
        input.removeAttribute("aria-invalid");
        note.textContent = locked.has(k.name) ? (notes?.get(k.name) ?? "set by each compared case") : "";
      }
    },
    read(base) {
      const knobs: Record<string, string> = {};
      const errors: string[] = [];
      for (const k of s.knobs) {
        const { input, note, row } = inputs.get(k.name)!;
        if (input.disabled) continue;
        const raw = valueOf(k);
        const r = checkKnob(s, k.name, raw);
        if ("error" in r) {
          errors.push(r.error);
          row.classList.add("invalid");
          input.setAttribute("aria-invalid", "true");
          note.textContent = `expected ${k.allowed}`;
          continue;
        }
        const b = base[k.name] ?? k.default;
        const bc = checkKnob(s, k.name, b);
        if (!("text" in bc) || bc.text !== r.text) knobs[k.name] = r.text;
      }
      return { knobs, errors };
    },
  };
}

function fmtRange(k: KnobMeta): string {
  const n = (x: number | undefined) => (x === undefined ? "?" : x.toLocaleString("en-US"));
  return `${n(k.min)} – ${n(k.max)}${k.unit ? " " + k.unit : ""}`;
}
