// Presenter view: for a projector in a lecture. The picture fills the
// screen (full screen when the browser allows), everything in it is drawn
// larger, a bar of large text says what is shown, and everything is driven
// from the keyboard: Space, ".", "+"/"-", N/B/K (events), "[" / "]"
// (scrub), L (live), F (follow a thread), P or Esc to leave.

import type { App } from "./app";
import { byID, el, fmt, fmtTime } from "./dom";
import { shortcuts } from "./keys";
import { speedText } from "./speeds";
import { gameCall } from "./timeline";
import { GameState, sidesOf } from "./types";
import { storyLine } from "./story";

/** How much larger the picture is drawn in the presenter view. */
const zoom = 1.6;

export class Presenter {
  private on = false;
  private readonly bar: HTMLElement;
  private readonly button: HTMLButtonElement;

  constructor(private readonly app: App) {
    this.button = el("button", { type: "button", id: "presenter-toggle", "aria-pressed": "false", "aria-keyshortcuts": "p", title: "Full-screen picture, large text, keyboard only (P)" }, "Presenter view");
    this.button.addEventListener("click", () => this.toggle());
    // With the other settings under the picture: a projector's view is not a newcomer's first step.
    (document.querySelector("#stage .toolbar-more") ?? byID("reset")).append(this.button);
    this.bar = el("div", { id: "presenter-bar", class: "presenter-bar", "aria-live": "off", hidden: "" });
    byID("stage").querySelector(".frame-wrap")!.after(this.bar);

    shortcuts.add({ keys: ["p", "P"], label: "P", does: "Presenter view on or off (full screen, large text; Esc leaves too)", run: () => this.toggle() });
    // Esc leaves the presenter view; the browser's own Esc leaves full
    // screen, which ends it too (fullscreenchange).
    const esc = (ev: KeyboardEvent) => {
      if (ev.key === "Escape" && this.on && !document.querySelector("dialog[open]")) {
        ev.preventDefault();
        this.exit();
      }
    };
    window.addEventListener("keydown", esc);
    void app.bridge.ready.then(() => app.bridge.frame()?.addEventListener("keydown", esc));
    document.addEventListener("fullscreenchange", () => {
      if (!document.fullscreenElement && this.on && this.wasFullscreen) this.exit();
    });
    app.events.addEventListener("state", (ev) => {
      if (this.on) this.render((ev as CustomEvent<GameState>).detail);
    });
  }

  private wasFullscreen = false;

  active(): boolean {
    return this.on;
  }

  toggle(): void {
    if (this.on) this.exit();
    else this.enter();
  }

  enter(): void {
    if (this.on) return;
    this.on = true;
    document.body.classList.add("presenting");
    this.button.setAttribute("aria-pressed", "true");
    this.bar.hidden = false;
    this.setZoom(zoom);
    const stage = byID("stage");
    this.wasFullscreen = false;
    // Full screen needs a user gesture (a key or a click); a link with
    // present=true gets the same layout in the window instead.
    stage
      .requestFullscreen?.()
      .then(() => (this.wasFullscreen = true))
      .catch(() => undefined);
    try {
      this.render(this.app.state());
    } catch {
      // the playground is not up yet: the next poll renders
    }
    // Keys go to the page, not to a control that would swallow Space.
    (document.activeElement as HTMLElement | null)?.blur?.();
  }

  exit(): void {
    if (!this.on) return;
    this.on = false;
    document.body.classList.remove("presenting");
    this.button.setAttribute("aria-pressed", "false");
    this.bar.hidden = true;
    this.setZoom(1);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    this.wasFullscreen = false;
  }

  private setZoom(z: number): void {
    try {
      gameCall(this.app, (g) => g.setZoom(z));
    } catch {
      // not up yet
    }
  }

  private render(st: GameState): void {
    const c = this.app.current();
    const title = c ? `${c.s.id} · ${c.compare ? c.compare.join(" vs ") : c.caseID}` : "Loomlab";
    const sides = sidesOf(st);
    const facts = sides
      .map((s) => `${sides.length > 1 ? s.case + ": " : ""}${fmt(s.mounted ?? 0)} mounted · ${fmt(s.parked ?? 0)} parked · ${fmt(s.requestsDone ?? 0)} done${s.paused ? " · GC pause" : ""}`)
      .join("   |   ");
    this.bar.replaceChildren(
      el("div", { class: "pb-title" }, title),
      el("div", { class: "pb-time" }, `${fmtTime(st.simTimeNs ?? 0)} ${st.running ? "▶" : "❚❚"} ${speedText(st.speed)}`),
      el("div", { class: "pb-caption" }, storyLine(st)),
      el("div", { class: "pb-facts" }, facts),
      el("div", { class: "pb-keys" }, "Space play/pause · . step · + − speed · N/B next/previous event (K: kind) · [ ] scrub · L live · F follow · ? keys · P or Esc leave"),
    );
  }
}
