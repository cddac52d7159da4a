// Shareable link state. The simulator is the one parser of links
// (scenario.ParseLink, reached through the playground's parseLink and
// linkQuery): this file only moves its answers between the page, the URL
// bar, the clipboard and the embed snippet.

import type { GameBridge } from "./bridge";
import { KnobValue, LoomError, Spec } from "./types";

/** A link's state, as the simulator reads it (play.LinkJSON). */
export interface LinkState {
  scenario: string;
  case: string;
  knobs: Record<string, string>;
  seed: number;
  compare: string[];
  /** Virtual seconds per real second; 0: the page's default. */
  speed: number;
  controls: "full" | "minimal" | "none";
  autoplay: "visible" | "off";
  /** Virtual seconds to start at. */
  t: number;
  loop: boolean;
  exercise: string;
  lock: string[];
  theme: "default" | "high-contrast";
  present: boolean;
  /** Start in tour mode (story.ts). */
  tour: boolean;
  /** The sweep panel's setup: "knob:LO:HI:N[:log]" ("" for none), its sides and metrics. */
  sweep: string;
  sweepSides: string[];
  sweepMetrics: string[];
  /** A gc-lab model fitted to a GC log, changed by the GC-log panel's what-if (knob → value); {} or absent when none. */
  whatIf?: Record<string, string>;
}

export interface ParsedLink {
  link: LinkState;
  /** One line per value that was left out; its knob keeps its default. */
  errors: string[];
}

/** The link text of a location: its query string, else its hash ("" when neither carries anything). */
export function pageQuery(loc: Location = location): string {
  if (loc.search.length > 1) return loc.search;
  if (loc.hash.length > 1) return loc.hash;
  return "";
}

/**
 * One raw parameter of a query string, for a preview before the simulator
 * is up (the poster's title, the embed's layout). Never trusted: the
 * simulator's reading (parseLink) replaces it once the playground answers.
 */
export function previewParam(query: string, name: string, allowed: readonly string[]): string | null {
  const v = new URLSearchParams(query.replace(/^[?#]/, "")).get(name);
  return v !== null && allowed.includes(v) ? v : null;
}

/**
 * A teacher's link may name only the exercise. The playground's program
 * does not carry the classroom (it is in meta.json and the worker), so the
 * page adds the exercise's scenario before the simulator reads the link.
 * A link that names a scenario, or an exercise nobody knows, is unchanged.
 */
export function withExerciseScenario(query: string, exercises: readonly { id: string; scenario: string }[]): string {
  const lead = query.startsWith("#") ? "#" : "?";
  const params = new URLSearchParams(query.replace(/^[?#]/, ""));
  if (params.get("scenario")) return query;
  const ex = exercises.find((e) => e.id === params.get("exercise"));
  if (!ex) return query;
  params.set("scenario", ex.scenario);
  return lead + params.toString();
}

/** Asks the simulator to read a query string. */
export function parseLink(bridge: GameBridge, query: string): ParsedLink {
  let p: ParsedLink;
  try {
    p = JSON.parse(bridge.parseLink(query)) as ParsedLink;
  } catch {
    throw new LoomError("the playground could not read the link");
  }
  if (!p || typeof p !== "object" || !p.link || !Array.isArray(p.errors)) {
    const err = (p as { error?: unknown } | null)?.error;
    throw new LoomError(`the playground could not read the link${err ? ": " + String(err) : ""}`);
  }
  // JSON numbers above 2^53 lose digits here; the page cannot carry such a seed.
  if (!Number.isSafeInteger(p.link.seed)) {
    p.errors.push(`link: seed is larger than this page can carry (2^53 − 1); using 1`);
    p.link.seed = 1;
  }
  return p;
}

/** The spec a link loads. */
export function linkSpec(l: LinkState): Spec {
  const spec: Spec = { scenario: l.scenario, case: l.case || undefined, knobs: { ...l.knobs }, seed: l.seed };
  if (l.compare.length >= 2) spec.compare = [...l.compare];
  return spec;
}

/** What the page shows, as link fields (the rest keep their defaults). */
export interface Shown {
  scenario: string;
  caseID: string;
  compare: string[] | null;
  knobs: Record<string, KnobValue>;
  seed: number;
  speed?: number;
}

/** Asks the simulator to write the query string (no "?") of what is shown plus any extra link fields. */
export function linkQuery(bridge: GameBridge, shown: Shown, extra: Partial<LinkState> = {}): string {
  const knobs: Record<string, string> = {};
  for (const [k, v] of Object.entries(shown.knobs)) knobs[k] = String(v);
  const l: Partial<LinkState> = {
    scenario: shown.scenario,
    case: shown.caseID,
    knobs,
    seed: shown.seed,
    compare: shown.compare ?? [],
    ...extra,
  };
  if (shown.speed !== undefined && shown.speed > 0) l.speed = shown.speed;
  return bridge.linkQuery(JSON.stringify(l));
}

/** An absolute URL of a page beside this one (index.html is also served as "./"). */
export function pageURL(page: "" | "embed.html", query: string): string {
  const u = new URL(page || "./", location.href);
  u.search = query ? "?" + query : "";
  u.hash = "";
  return u.href;
}

/** The link of the current page itself (keeps the path it was opened with). */
export function selfURL(query: string): string {
  const u = new URL(location.href);
  u.search = query ? "?" + query : "";
  u.hash = "";
  return u.href;
}

/** Sets the URL bar without reloading or adding a history entry. */
export function replaceURL(query: string): void {
  const href = selfURL(query);
  if (href !== location.href) history.replaceState(history.state, "", href);
}

function attr(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Height in CSS pixels an embed needs at 720 px wide for its controls (the frame resizes itself when the host listens). */
export function embedHeight(controls: LinkState["controls"]): number {
  const picture = Math.round((720 * 10) / 16);
  return picture + (controls === "none" ? 0 : 44); // the bar: one line at this width
}

/**
 * The <iframe> snippet for an embed: lazy, titled for screen readers,
 * sandboxed (scripts and same-origin for the playground; popups so "Open
 * in Loomlab" can open a tab).
 */
export function embedSnippet(src: string, title: string, controls: LinkState["controls"]): string {
  return (
    `<iframe src="${attr(src)}" title="${attr(title)}" width="720" height="${embedHeight(controls)}" ` +
    `style="width:100%;max-width:720px;border:0" loading="lazy" allow="fullscreen" ` +
    `sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>`
  );
}

/** The script a host page may add so embeds fit their content (the {type: "loomlab:resize", height} message). */
export const resizeListener =
  `<script>addEventListener("message",e=>{const d=e.data;if(!d||d.type!=="loomlab:resize")return;` +
  `for(const f of document.querySelectorAll("iframe"))if(f.contentWindow===e.source)f.style.height=d.height+"px"})</script>`;

/** Copies text to the clipboard; falls back to a selected textarea when the Clipboard API is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through: permissions, an unfocused document, an old browser
  }
  const ta = document.createElement("textarea");
  ta.value = text;
  ta.setAttribute("readonly", "");
  ta.style.position = "fixed";
  ta.style.opacity = "0";
  document.body.append(ta);
  ta.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  ta.remove();
  return ok;
}
