// The main page's transport bar: Play/Pause, Step, Reset and the speed
// menu, and the status line under them. It wires the buttons to the
// playground and shows each polled state in them.

import type { GameBridge } from "./bridge";
import { byID, el, fmt } from "./dom";
import { speedOption, speeds, speedText } from "./speeds";
import { GameState, SideState, sidesOf } from "./types";

/** What the transport bar needs of the page. */
export interface TransportHost {
  readonly bridge: GameBridge;
  /** Reads the playground's state (through the page, so the charts see the read). */
  state(): GameState;
  /** Reads the state now and shows it. */
  poll(): void;
  /** Runs f, showing what it throws as a message. */
  guard(f: () => void): void;
  /** Empties the charts (Reset starts the case again). */
  restartCharts(): void;
  /** The speed control changed the speed. */
  speedChanged(): void;
}

const buttons = ["playpause", "step", "reset", "speed"];

export class TransportBar {
  constructor(h: TransportHost) {
    const speed = byID<HTMLSelectElement>("speed");
    speed.replaceChildren(...speeds.map((x) => el("option", { value: String(x), title: speedText(x) }, speedOption(x))));
    speed.addEventListener("change", () =>
      h.guard(() => {
        h.bridge.setSpeed(Number(speed.value));
        h.speedChanged();
      }),
    );
    byID("playpause").addEventListener("click", () =>
      h.guard(() => {
        if (h.state().running) h.bridge.pause();
        else h.bridge.play();
        h.poll();
      }),
    );
    byID("step").addEventListener("click", () =>
      h.guard(() => {
        if (h.state().running) h.bridge.pause();
        h.bridge.step();
        h.poll();
      }),
    );
    byID("reset").addEventListener("click", () =>
      h.guard(() => {
        h.bridge.reset();
        h.restartCharts();
        h.poll();
      }),
    );
  }

  /** The playground is gone for good: its controls would only fail. */
  disable(): void {
    for (const id of buttons) byID<HTMLButtonElement>(id).disabled = true;
  }

  /** The playground did not answer a read. */
  silent(msg: string): void {
    this.status(`The playground is not answering: ${msg}`);
  }

  /** Shows a polled state; names are the sides' case ids. */
  show(st: GameState, names: string[]): void {
    const play = byID<HTMLButtonElement>("playpause");
    play.textContent = st.running ? "❚❚ Pause" : "▶ Play";
    play.setAttribute("aria-pressed", String(!!st.running));
    const sides = sidesOf(st);
    const per = sides
      .map((s, i) => {
        // With the compared case drawn beside the shown one (the contrast
        // run), the line counts the shown one only: readers asked which
        // run it was. The picture's column headers say "this run"; a
        // phone's rows only name the runs, so the line names it too.
        const shown = st.contrast?.shown ? ` (${st.contrast.shown})` : "";
        const tag = sides.length > 1 ? `${names[i]}: ` : st.contrast?.drawn ? `This run${shown}: ` : "";
        const flags = [s.done ? "finished" : "", s.oom ? "out of memory" : ""].filter(Boolean).join(", ");
        return `${tag}${threadsText(s)}${flags ? " · " + flags : ""}`;
      })
      .join(" | ");
    // No requests per second here: a run's rate so far ("91,653 against
    // 91,822" at 492 ms) sat under the article's whole-run pair in the
    // figure line (71,252 against 108,272) and read as the model
    // contradicting it. The figure line now gives the rates so far itself,
    // after the article's window and with whether the gap has opened yet
    // (headline.ts). Nor the time, playback
    // or speed: the header and the speed list say them.
    this.status(per);
    const sel = byID<HTMLSelectElement>("speed");
    if (document.activeElement !== sel && Number.isFinite(st.speed) && st.speed > 0) showSpeed(sel, st.speed);
  }

  private status(text: string): void {
    byID("status").textContent = text;
  }
}

/**
 * A side's threads in words. During a GC pause every Java thread is
 * stopped, so the line says that first and then how they split: "8
 * stopped on their carriers" alone read as if only 8 had stopped. The OS
 * threads name their carriers ("28 OS threads, 8 of them carriers"): 28
 * OS threads beside 8 carriers read as two counts of one thing. The parts
 * add up to the whole; a remainder (threads created and not yet started)
 * is named, not dropped.
 */
export function threadsText(s: SideState): string {
  const on = s.mounted ?? 0, parked = s.parked ?? 0, ready = s.runQueue ?? 0, all = s.virtual ?? 0;
  const rest = all - on - parked - ready;
  // "waiting for a carrier", as the picture's threads panel calls them: a
  // reader asked whether the footer's "6,433 ready" and the panel's "6,433
  // waiting for a carrier" were one state (two names read as two states).
  const parts = [`${fmt(on)} ${s.paused ? "on carriers" : "on a carrier"}`, `${fmt(parked)} parked`, `${fmt(ready)} waiting for a carrier`];
  if (rest > 0) parts.push(`${fmt(rest)} not started yet`);
  const carriers = s.carriers ?? 0;
  const os = `${fmt(s.platform ?? 0)} OS threads${carriers > 0 ? `, ${fmt(carriers)} of them carriers` : ""}`;
  if (all === 0 && carriers === 0 && (s.platformApp ?? 0) > 0) {
    // A run of platform threads only (gc-lab): "0 virtual threads (0 on a
    // carrier, 0 parked, 0 waiting for a carrier)" counted what is not there.
    const app = `${fmt(s.platformApp ?? 0)} platform threads of the application`;
    return `${s.paused ? `${app}, all stopped for the GC` : app} · ${os}`;
  }
  if (!s.paused) return `${fmt(all)} virtual threads (${parts.join(", ")}) · ${os}`;
  if (all === 0) return `every application thread stopped for the GC · ${os}`;
  return `all ${fmt(all)} virtual threads stopped for the GC: ${parts.join(", ")} · ${os}`;
}

/** Selects the speed x, adding it to the list when it is not one of the presets (set through the API or by the playground). */
function showSpeed(sel: HTMLSelectElement, x: number): void {
  const v = String(x);
  if (sel.value === v) return;
  if (![...sel.options].some((o) => o.value === v)) {
    const opt = el("option", { value: v, title: speedText(x) }, speedOption(x));
    const after = [...sel.options].find((o) => Number(o.value) > x);
    sel.insertBefore(opt, after ?? null);
  }
  sel.value = v;
}
