// The story's opening on the main page: a story opened from the picker (or
// the page opened by a link without a time) fast-forwards to the moment it
// is about and holds there (game/play's opening.go finds the moment in the
// live model); a change of case, comparison or knobs fast-forwards the
// same way and plays on. The line under the title says what is happening:
// where the fast-forward is heading, then where it stopped and what to do
// next. Reset still starts from 0 and a link's time is kept exactly.

import type { GameBridge } from "./bridge";
import { el } from "./dom";
import type { GameState } from "./types";

/** state().opening (play.OpeningState). */
export interface OpeningState {
  active: boolean;
  goal: string;
  done: boolean;
  kind: string;
  text: string;
  timeNs: number;
  reached: string;
}

/** Fast-forwards to the story's moment: held (arriving at a story) or playing on (a changed setup); instant when the reader asked for reduced motion. */
export function openStory(bridge: GameBridge, held: boolean): void {
  bridge.open(held, window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** The line under the story's title: how to use the page, and where the opening is. */
export class OpeningLine {
  private key = "";

  constructor(private readonly line: HTMLElement, private readonly play: HTMLElement) {}

  update(st: GameState): void {
    const o = (st as GameState & { opening?: OpeningState }).opening;
    const held = !!o?.done && !st.running && st.simTimeNs > 0 && !!o.kind;
    const mode = o?.active ? "ff" : held ? "held" : "plain";
    const key = `${mode}|${o?.goal ?? ""}|${o?.reached ?? ""}|${o?.timeNs ?? 0}`;
    this.play.classList.toggle("cta", held);
    if (key === this.key) return;
    this.key = key;
    const about = el("a", { href: "#about-title" }, "About this story");
    // One line, short enough for a phone: where the picture is, and the next step.
    if (mode === "ff") {
      this.line.replaceChildren(el("strong", {}, `Fast-forwarding to ${o!.goal}…`), " ❚❚ Pause stops here; Reset starts from 0.");
    } else if (mode === "held") {
      // Only the next step: the picture's callout names the moment held
      // ("First Full GC at 478 ms, because ..."), its header the time, and
      // Reset says what it does on point. "Opened at the first Full GC"
      // here told the callout's story a third time above the picture.
      // "Play shows what follows" read oddly: the plain instruction.
      this.line.replaceChildren(el("strong", {}, "Press ▶ Play to run on from here"), ". ", about);
    } else {
      // "the bold sentences": "the framed sentences" left a newcomer
      // choosing between the caption and the callout, both framed.
      this.line.replaceChildren(
        el("strong", {}, "Watch the picture and read the bold sentences at its top"),
        ": they say what is happening and why. Tour stops at each moment of the story. ",
        about,
      );
    }
  }
}
