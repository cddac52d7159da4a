// Comfort and access: a text alternative for the canvas (a summary of the
// state, and a polite live region narrating key events at slow speeds),
// the high-contrast theme, and prefers-reduced-motion.
//
// The narration is built from differences between successive state()
// reads (cumulative mounts, parks and GC counts, the pause flag, the end of
// the run), so it says what the picture showed since the last read. It is
// rate-limited so that a screen reader is never flooded: at slow speeds
// (≤ 1 ms of virtual time per second, and every step) it names mounts,
// parks and collections; faster, only Full GCs, the end of the run and
// out-of-memory.

import { fmt, fmtTime } from "./dom";
import type { GameBridge } from "./bridge";
import { GameState, SideState, sidesOf } from "./types";

/** The state fields the narration reads beyond SideState. */
interface Side extends SideState {
  mounts?: number;
  parks?: number;
  carriers?: number;
  pinned?: number;
  parkedBy?: Record<string, number>;
}

/** At or below this speed (virtual seconds per second) every kind of event is narrated. */
export const slowSpeed = 1e-3;

interface Counts {
  mounts: number;
  parks: number;
  young: number;
  full: number;
  paused: boolean;
  done: boolean;
  oom: boolean;
}

function counts(s: Side): Counts {
  return {
    mounts: s.mounts ?? 0,
    parks: s.parks ?? 0,
    young: s.youngGCs ?? 0,
    full: s.fullGCs ?? 0,
    paused: !!s.paused,
    done: !!s.done,
    oom: !!s.oom,
  };
}

function plural(n: number, one: string, many = one + "s"): string {
  return `${fmt(n)} ${n === 1 ? one : many}`;
}

/** What happened on one side since the last announcement. */
interface News {
  mounts: number;
  parks: number;
  young: number;
  full: number;
  pauses: number;
  done: boolean;
  oom: boolean;
}

const noNews = (): News => ({ mounts: 0, parks: 0, young: 0, full: 0, pauses: 0, done: false, oom: false });

export class Narrator {
  private last: Counts[] | null = null;
  private lastT = -1;
  private news: News[] = [];
  private names: string[] = [];
  private spokeAt = 0;
  private summaryText = "";
  /** The picture's own description (its panels' sentences, explain.ts); describe() when it has none. */
  describer: (() => string) | null = null;

  /**
   * live: a polite live region (visually hidden is fine); summary: where
   * the description of the picture goes (not live: read on demand).
   */
  constructor(
    private readonly live: HTMLElement,
    private readonly summary: HTMLElement | null,
    private readonly minGapMs = 2000,
  ) {}

  /** Says something now (a control's effect); pending narration waits its turn. */
  say(text: string): void {
    this.live.textContent = "";
    // A change of text is what screen readers announce; clearing first
    // makes the same sentence twice still count as a change.
    window.setTimeout(() => (this.live.textContent = text), 30);
    this.spokeAt = performance.now();
  }

  /** Forget the previous state (a new simulation was loaded). */
  reset(): void {
    this.last = null;
    this.lastT = -1;
    this.news = [];
  }

  /** Feeds a state read; names are the sides' case ids. */
  update(st: GameState, names: string[]): void {
    const sides = sidesOf(st) as Side[];
    const text = this.describer?.() || describe(st, names);
    if (text !== this.summaryText && this.summary) {
      this.summary.textContent = text;
    }
    this.summaryText = text;

    const now = sides.map(counts);
    const t = st.simTimeNs ?? 0;
    const prev = this.last;
    this.last = now;
    if (!prev || prev.length !== now.length || t < this.lastT) {
      this.lastT = t;
      this.news = [];
      return;
    }
    if (t !== this.lastT) this.collect(prev, now, !st.running || st.speed <= slowSpeed);
    this.lastT = t;
    this.names = names;
    // News waits for a quiet moment, then goes out as one line.
    const line = this.line();
    if (line && performance.now() - this.spokeAt >= this.minGapMs) {
      this.news = [];
      this.say(`At ${fmtTime(t)}: ${line}.`);
    }
  }

  /** Adds what changed between two reads to the news. */
  private collect(prev: Counts[], now: Counts[], slow: boolean): void {
    now.forEach((c, i) => {
      const p = prev[i];
      const n = (this.news[i] ??= noNews());
      if (slow) {
        n.mounts += Math.max(0, c.mounts - p.mounts);
        n.parks += Math.max(0, c.parks - p.parks);
        n.young += Math.max(0, c.young - p.young);
        if (c.paused && !p.paused) n.pauses++;
      }
      n.full += Math.max(0, c.full - p.full);
      n.oom ||= c.oom && !p.oom;
      n.done ||= c.done && !p.done;
    });
  }

  /** The news as words ("" when there is none). */
  private line(): string {
    const many = this.news.length > 1;
    return this.news
      .map((n, i) => {
        const parts: string[] = [];
        if (n.mounts) parts.push(plural(n.mounts, "mount"));
        if (n.parks) parts.push(plural(n.parks, "park"));
        if (n.young) parts.push(plural(n.young, "young GC"));
        if (n.pauses) parts.push(plural(n.pauses, "stop-the-world pause"));
        if (n.full) parts.push(plural(n.full, "Full GC"));
        if (n.oom) parts.push("out of memory");
        else if (n.done) parts.push("the run finished");
        if (!parts.length) return "";
        return (many ? `${this.names[i] ?? "side " + (i + 1)}: ` : "") + parts.join(", ");
      })
      .filter(Boolean)
      .join("; ");
  }

  /** The current description of the picture. */
  text(): string {
    return this.summaryText;
  }
}

/** A sentence or two per side saying what the picture shows. */
export function describe(st: GameState, names: string[]): string {
  const sides = sidesOf(st) as Side[];
  const head = `${st.scenario}, ${fmtTime(st.simTimeNs ?? 0)} of virtual time, ${st.running ? "running" : "paused"}.`;
  const per = sides.map((s, i) => {
    const tag = sides.length > 1 ? `${names[i] ?? s.case}: ` : "";
    const parked = Object.entries(s.parkedBy ?? {})
      .filter(([, n]) => n > 0)
      .map(([why, n]) => `${fmt(n)} on ${why}`)
      .join(", ");
    const h = s.heap;
    const heap = h
      ? `Heap: eden ${fmt(h.edenUsed)} of ${fmt(h.edenCap)} MB, survivors ${fmt(h.survivorUsed)} of ${fmt(h.survivorCap)} MB, old ${fmt(h.oldUsed)} of ${fmt(h.oldCap)} MB.`
      : "";
    const carriers = s.carriers !== undefined ? `${plural(s.carriers, "carrier")}, ${fmt(s.mounted ?? 0)} busy${s.pinned ? ` (${fmt(s.pinned)} pinned)` : ""}. ` : "";
    const flags = [s.paused ? "in a stop-the-world GC pause" : "", s.oom ? "out of memory" : s.done ? "finished" : ""].filter(Boolean).join(", ");
    return (
      `${tag}${carriers}${plural(s.virtual ?? 0, "virtual thread")}: ${fmt(s.parked ?? 0)} parked${parked ? ` (${parked})` : ""}, ${fmt(s.runQueue ?? 0)} queued. ` +
      `${plural(s.platform ?? 0, "OS thread")}. ${heap} ${plural(s.youngGCs ?? 0, "young GC")} and ${plural(s.fullGCs ?? 0, "Full GC")}. ` +
      `${plural(s.requestsDone ?? 0, "request")} done${flags ? "; " + flags : ""}.`
    );
  });
  return [head, ...per].join(" ");
}

// ---- theme -------------------------------------------------------------------

export type Theme = "default" | "high-contrast";
const themeKey = "loomlab.theme";

/** The theme remembered in this browser, if any (storage may be refused in a sandbox). */
export function storedTheme(): Theme | null {
  try {
    const v = localStorage.getItem(themeKey);
    return v === "default" || v === "high-contrast" ? v : null;
  } catch {
    return null;
  }
}

export function storeTheme(t: Theme): void {
  try {
    localStorage.setItem(themeKey, t);
  } catch {
    // a sandboxed or private page: the choice lasts for this page only
  }
}

/** The remembered theme, else high contrast when the system asks for more contrast. */
export function preferredTheme(): Theme {
  return storedTheme() ?? (matchMedia("(prefers-contrast: more)").matches ? "high-contrast" : "default");
}

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === "high-contrast" ? "high-contrast" : "default";
}

/** Applies a theme to the page and, when it is ready, to the canvas's palette. */
export function applyTheme(t: Theme, bridge: GameBridge | null): void {
  document.documentElement.dataset.theme = t;
  for (const b of document.querySelectorAll<HTMLElement>("[data-theme-toggle]")) b.setAttribute("aria-pressed", String(t === "high-contrast"));
  if (!bridge) return;
  void bridge.ready.then(() => {
    try {
      bridge.setPalette(t === "high-contrast" ? "high-contrast" : "okabe-ito");
    } catch {
      // the playground failed; its own message is shown elsewhere
    }
  });
}

export function reducedMotion(): boolean {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}
