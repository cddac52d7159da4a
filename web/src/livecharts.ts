// The main page's live charts and compare call-outs, fed from the poll:
// each state read becomes one sample per side (throughput since the last
// sample, latency, heap, pauses, threads). The latency window of every
// read is kept, not only the polled one, so that none is lost to the charts.

import { Callouts } from "./callouts";
import { Charts, SideSample } from "./charts";
import type { Current } from "./spec";
import { GameState, LatencyWindow, sidesOf } from "./types";

export class LiveCharts {
  private charts: Charts;
  private callouts: Callouts;
  private prev: { t: number; done: number[] } | null = null;
  private lat: (LatencyWindow | null)[] = [];

  constructor(chartsRoot: HTMLElement, calloutsRoot: HTMLElement) {
    this.charts = new Charts(chartsRoot);
    this.callouts = new Callouts(calloutsRoot);
  }

  /** Keeps the newest latency window of each side from any state read. */
  observe(st: GameState): void {
    sidesOf(st).forEach((s, i) => {
      const w = s.recentLatency;
      if (w && w.count > 0 && (!this.lat[i] || w.count > this.lat[i]!.count)) this.lat[i] = w;
    });
  }

  /** Starts empty charts for c's sides (a load or a reset). */
  restart(c: Current): void {
    this.charts.configure(c.compare ?? [c.caseID]);
    this.callouts.clear();
    this.prev = null;
    this.lat = [];
  }

  /** Adds the polled state st of c as a sample; a clock that went back restarts the charts. */
  feed(st: GameState, c: Current): void {
    const sides = sidesOf(st);
    const names = c.compare ?? [c.caseID];
    const t = st.simTimeNs;
    if (this.prev && t < this.prev.t) {
      this.restart(c); // reset
    }
    if (this.prev && t === this.prev.t) return;
    const done = sides.map((s) => s.requestsDone ?? 0);
    const samples: SideSample[] = sides.map((s, i) => {
      const w = this.lat[i];
      const dt = this.prev ? (t - this.prev.t) / 1e9 : 0;
      const h = s.heap ?? { edenUsed: 0, survivorUsed: 0, oldUsed: 0, oldCap: 0, oldGarbage: 0 };
      const lv = s.heap?.liveMb;
      return {
        rps: this.prev && dt > 0 ? (done[i] - (this.prev.done[i] ?? 0)) / dt : null,
        p50: w ? w.p50Ms : null,
        p95: w ? w.p95Ms : null,
        eden: h.edenUsed ?? 0,
        survivor: h.survivorUsed ?? 0,
        old: h.oldUsed ?? 0,
        oldCap: h.oldCap ?? 0,
        oldGarbage: h.oldGarbage ?? 0,
        live: { request: lv?.request ?? 0, threadLocal: lv?.threadLocal ?? 0, thread: lv?.thread ?? 0, chunk: lv?.chunk ?? 0, app: lv?.app ?? 0 },
        pauseMs: s.gcPauseMs ?? 0,
        fullGCs: s.fullGCs ?? 0,
        youngGCs: s.youngGCs ?? 0,
        mounted: s.mounted ?? 0,
        platform: s.platform ?? 0,
      };
    });
    this.lat = [];
    this.prev = { t, done };
    this.charts.push({ t: t / 1e9, sides: samples });
    this.charts.redraw();
    if (c.compare) this.callouts.update(t / 1e9, names, sides);
  }

  /** How many samples the charts hold. */
  points(): number {
    return this.charts.points();
  }
}
