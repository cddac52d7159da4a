// Compare mode's call-outs: as the compared runs diverge, name the
// difference (throughput, Full GCs, OS threads, who finished or ran out of
// memory) and the virtual time at which it first showed.

import { el, fmt } from "./dom";
import { SideState } from "./types";

interface Seen {
  since: number; // virtual s when first shown
  text: string;
}

export class Callouts {
  private seen = new Map<string, Seen>();
  private peakThreads: number[] = [];

  constructor(private readonly root: HTMLElement) {}

  clear(): void {
    this.seen.clear();
    this.peakThreads = [];
    this.root.replaceChildren();
    this.root.hidden = true;
  }

  /** Updates the call-outs from the sides' current state at virtual time t (s). */
  update(t: number, names: string[], sides: SideState[]): void {
    if (sides.length < 2 || t <= 0) return;
    sides.forEach((s, i) => (this.peakThreads[i] = Math.max(this.peakThreads[i] ?? 0, s.platform ?? 0)));
    const now = new Map<string, string>();

    const tput = sides.map((s) => (s.requestsDone ?? 0) / t);
    if (Math.max(...tput) > 0) {
      const r = spread(tput);
      if (r >= 1.1) now.set("throughput", `Throughput so far: ${list(names, tput, (v) => `${fmt(v)} req/s`)} — ${lead(names, tput, r)}`);
    }
    const full = sides.map((s) => s.fullGCs ?? 0);
    if (Math.max(...full) !== Math.min(...full)) {
      now.set("fullgc", `Full GCs: ${list(names, full, (v) => fmt(v))}`);
    }
    const peak = this.peakThreads.slice(0, sides.length);
    if (Math.max(...peak) - Math.min(...peak) >= 5 && spread(peak) >= 1.5) {
      now.set("threads", `OS threads (peak so far): ${list(names, peak, (v) => fmt(v))} — ${lead(names, peak, spread(peak))}`);
    }
    const pause = sides.map((s) => s.gcPauseMs ?? 0);
    if (Math.max(...pause) >= 1 && spread(pause) >= 1.5) {
      now.set("pause", `Time stopped for GC: ${list(names, pause, (v) => `${fmt(v)} ms`)} (${fmt((100 * Math.max(...pause)) / (t * 1000))} % of the run at most)`);
    }
    sides.forEach((s, i) => {
      if (s.done) now.set(`done-${i}`, `${names[i]} has finished.`);
      if (s.oom) now.set(`oom-${i}`, `${names[i]} ran out of memory${s.oomMessage ? ": " + s.oomMessage : ""}`);
    });

    for (const [k, text] of now) {
      const old = this.seen.get(k);
      this.seen.set(k, { since: old?.since ?? t, text });
    }
    this.render();
  }

  private render(): void {
    const items = [...this.seen.values()].sort((a, b) => a.since - b.since);
    this.root.hidden = items.length === 0;
    this.root.replaceChildren(
      el("h3", {}, "Differences so far"),
      el("ul", {}, ...items.map((s) => el("li", {}, s.text, " ", el("span", { class: "since" }, `(since ${fmt(s.since)} s)`)))),
    );
  }
}

/** max/min, infinite when the smallest is 0 and the largest is not. */
function spread(v: number[]): number {
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  if (hi <= 0) return 1;
  return lo <= 0 ? Infinity : hi / lo;
}

function list(names: string[], v: number[], f: (x: number) => string): string {
  return names.map((n, i) => `${n} ${f(v[i])}`).join(" · ");
}

function lead(names: string[], v: number[], r: number): string {
  const hi = v.indexOf(Math.max(...v));
  const lo = v.indexOf(Math.min(...v));
  return Number.isFinite(r) ? `${names[hi]} is ${fmt(r, 2)}× ${names[lo]}` : `${names[lo]} has none yet`;
}
