// What the pages do when something fails: a message with a way out
// (Reset, Try again, Retry) instead of a dead canvas or a table that waits
// for ever. Shared by index.html (app.ts) and embed.html (embed.ts).
//
// The failures, and the way out of each:
//   - the playground wasm panicked and recovered (it still answers):
//     Reset starts the case again;
//   - the playground's Go program died (it no longer answers), its wasm
//     did not download, or there is no WebGL2: Try again reloads the page,
//     whose address holds its setup;
//   - a background worker failed to start or crashed: Retry runs the job
//     again in a fresh worker (runner.ts drops a failed worker).

import type { GameBridge } from "./bridge";
import { el } from "./dom";
import { errorText, LoomError } from "./types";

/**
 * A guard for event handlers and API calls: guard(f) runs f and shows what
 * it throws (its errorText) with show instead of letting it escape.
 */
export function guarding(show: (text: string) => void): (f: () => void) => void {
  return (f) => {
    try {
      f();
    } catch (e) {
      show(errorText(e));
    }
  };
}

/**
 * Waits for the playground to start. When it cannot (no WebGL2, the wasm
 * did not download, the Go program died while starting), show gets the
 * reason (the bridge's own account, else the error's text) and the error
 * is thrown marked as shown.
 */
export async function playgroundReady(bridge: GameBridge, show: (reason: string) => void): Promise<void> {
  try {
    await bridge.ready;
  } catch (e) {
    const err = LoomError.from(e);
    show(bridge.startFailure || err.message);
    err.shown = true;
    throw err;
  }
}

/** A button in a message. */
export interface Action {
  label: string;
  run(): void;
}

/** Reloads the page: the way back from a playground that cannot be reset. */
export const tryAgain: Action = { label: "Try again", run: () => location.reload() };

/**
 * A message for a page's message area: its text (never parsed as HTML),
 * its action buttons (each removes the message when pressed) and, if
 * dismissible, a × button.
 */
export function messageItem(text: string, kind: "error" | "info", actions: Action[] = [], dismissible = true): HTMLElement {
  const item = el("div", { class: `message message-${kind}`, role: kind === "error" ? "alert" : "status" }, el("span", { class: "text" }, text));
  if (actions.length > 0) {
    const row = el("span", { class: "actions" });
    for (const a of actions) {
      const b = el("button", { type: "button", class: "action" }, a.label);
      b.addEventListener("click", () => {
        item.remove();
        a.run();
      });
      row.append(b);
    }
    item.append(row);
  }
  if (dismissible) {
    const close = el("button", { type: "button", class: "dismiss", "aria-label": "Dismiss message" }, "×");
    close.addEventListener("click", () => item.remove());
    item.append(close);
  }
  return item;
}

/**
 * Watches a running playground for failures and shows each once: a
 * "loomerror" event, the error a state() poll reports, or a call that
 * threw all come here.
 */
export class PlaygroundWatch {
  private last = "";
  private dead = false;

  constructor(
    private readonly bridge: GameBridge,
    private readonly show: (text: string, actions: Action[]) => void,
    /** Starts the loaded case again (the page's Reset). */
    private readonly reset: () => void,
    /** The playground is gone for good: the page disables what would only fail now. */
    private readonly gone: () => void,
  ) {}

  /** A failure message from the playground. */
  report(msg: string): void {
    if (this.dead || msg === this.last) return;
    this.last = msg;
    if (this.bridge.alive()) {
      this.show(`The animation stopped on an internal error (${msg}). Reset starts the case again.`, [{ label: "Reset", run: this.reset }, tryAgain]);
      return;
    }
    // The reason is in the picture and, with the Go stack, in the console.
    this.dead = true;
    this.gone();
    this.show("The animation's simulator crashed and no longer answers. Try again reloads it; the address keeps your setup.", [tryAgain]);
  }

  /** The error field of a polled state: none clears the way for the next failure. */
  polled(err: string | undefined): void {
    if (err) this.report(err);
    else this.last = "";
  }
}
