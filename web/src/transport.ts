// The main page's transport bar: Play/Pause, Step, Reset and the speed
// menu, and the status line under them. It wires the buttons to the
// playground and shows each polled state in them.

import type { GameBridge } from "./bridge";
import { byID, el, fmt } from "./dom";
import { speeds, speedText } from "./speeds";
import { GameState, sidesOf } from "./types";

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
    speed.replaceChildren(...speeds.map((x) => el("option", { value: String(x) }, speedText(x))));
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
        const tag = sides.length > 1 ? `${names[i]}: ` : "";
        const flags = [s.done ? "finished" : "", s.oom ? "out of memory" : ""].filter(Boolean).join(", ");
        // During a GC pause the mounted threads stay on their carriers,
        // stopped with every other thread: "8 on a carrier" read as 8
        // running through a stop-the-world GC.
        const mounted = s.paused ? `${fmt(s.mounted ?? 0)} stopped on their carriers for the GC` : `${fmt(s.mounted ?? 0)} on a carrier`;
        // "ready", as the picture's legend calls a thread waiting for a
        // carrier: two names for one state read as two states.
        return `${tag}${fmt(s.virtual ?? 0)} virtual threads (${mounted}, ${fmt(s.parked ?? 0)} parked, ${fmt(s.runQueue ?? 0)} ready) · ${fmt(s.platform ?? 0)} OS threads${flags ? " · " + flags : ""}`;
      })
      .join(" | ");
    // No requests per second here: a run's rate so far ("91,653 against
    // 91,822" at 492 ms) sat under the article's whole-run pair in the
    // figure line (71,252 against 108,272) and read as the model
    // contradicting it. The article's pair answers "how many per second";
    // the picture's header has the requests done. Nor the time, playback
    // or speed: the header and the speed list say them.
    this.status(per);
    const sel = byID<HTMLSelectElement>("speed");
    if (document.activeElement !== sel && Number.isFinite(st.speed) && st.speed > 0) showSpeed(sel, st.speed);
  }

  private status(text: string): void {
    byID("status").textContent = text;
  }
}

/** Selects the speed x, adding it to the list when it is not one of the presets (set through the API or by the playground). */
function showSpeed(sel: HTMLSelectElement, x: number): void {
  const v = String(x);
  if (sel.value === v) return;
  if (![...sel.options].some((o) => o.value === v)) {
    const opt = el("option", { value: v }, speedText(x));
    const after = [...sel.options].find((o) => Number(o.value) > x);
    sel.insertBefore(opt, after ?? null);
  }
  sel.value = v;
}
