// Keyboard shortcuts, one registry per page: space play/pause, "." step,
// "+"/"-" speed, "?" this list. Other features add theirs with add(); the
// help dialog lists whatever is registered, so it never goes stale.
//
// Keys typed into a field, or with Ctrl/Alt/Meta held, are left alone, and
// so is Space on a button or link (it activates what has focus). Key
// presses inside the playground's iframe count too: the canvas takes focus
// when clicked, and Ebiten cancels (preventDefault) every key it sees, so
// the frame's events are read whether or not they were cancelled.

import { el } from "./dom";

export interface Shortcut {
  /** KeyboardEvent.key values ("+", "=", " ", "?"). */
  keys: string[];
  /** How the help list names the keys ("Space", "+ / −"). */
  label: string;
  /** What it does, for the help list. */
  does: string;
  run: () => void;
}

export class Shortcuts {
  private list: Shortcut[] = [];
  private dialog: HTMLDialogElement | null = null;
  private listening = new WeakSet<Window>();

  constructor() {
    this.add({ keys: ["?"], label: "?", does: "Show or hide this list of shortcuts", run: () => this.toggleHelp() });
  }

  /** Registers a shortcut; a key that is already taken is refused loudly. */
  add(s: Shortcut): void {
    for (const k of s.keys) {
      const taken = this.list.find((x) => x.keys.includes(k));
      if (taken) throw new Error(`shortcut "${k}" is taken by "${taken.does}"`);
    }
    this.list.push(s);
    this.dialog = null; // rebuilt with the new entry when next shown
  }

  all(): readonly Shortcut[] {
    return this.list;
  }

  /** Listens on a window (the page's, or the playground iframe's). frame: events there may have been cancelled by the canvas. */
  listen(w: Window, frame = false): void {
    if (this.listening.has(w)) return;
    this.listening.add(w);
    w.addEventListener("keydown", (ev) => {
      if (ev.defaultPrevented && !frame) return;
      if (this.handle(ev)) ev.preventDefault();
    });
  }

  /** Runs the shortcut for a key press; false when the press is not one (or belongs to a field). */
  handle(ev: KeyboardEvent): boolean {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.isComposing || ev.repeat) return false;
    const t = ev.target;
    if (t instanceof Element && typing(t, ev.key)) return false;
    const s = this.list.find((x) => x.keys.includes(ev.key));
    if (!s) return false;
    s.run();
    return true;
  }

  toggleHelp(): void {
    const d = this.helpDialog();
    if (d.open) d.close();
    else d.showModal();
  }

  private helpDialog(): HTMLDialogElement {
    if (this.dialog?.isConnected) return this.dialog;
    this.dialog?.remove();
    const close = el("button", { type: "button", class: "help-close" }, "Close");
    const d = el(
      "dialog",
      { id: "shortcuts-help", class: "help-dialog", "aria-labelledby": "shortcuts-help-title" },
      el("h2", { id: "shortcuts-help-title" }, "Keyboard shortcuts"),
      el(
        "table",
        {},
        el("tbody", {}, ...this.list.map((s) => el("tr", {}, el("th", { scope: "row" }, el("kbd", {}, s.label)), el("td", {}, s.does)))),
      ),
      el("p", { class: "hint" }, "They work anywhere on the page except while typing in a field, and inside the animation after clicking it. Esc closes this list."),
      close,
    );
    close.addEventListener("click", () => d.close());
    // A click on the backdrop (outside the dialog's box) closes it too.
    d.addEventListener("click", (ev) => {
      if (ev.target === d) d.close();
    });
    document.body.append(d);
    this.dialog = d;
    return d;
  }
}

/** Whether a key pressed on element t belongs to it (typing, or Space/Enter activating a control). */
function typing(t: Element, key: string): boolean {
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLElement && t.isContentEditable) return true;
  if (t instanceof HTMLInputElement) {
    const clickable = ["checkbox", "radio", "button", "submit", "reset", "range"].includes(t.type);
    return !clickable || key === " ";
  }
  if (key === " " && t.closest("button, a[href], summary, [role=button]")) return true;
  return false;
}

/** The page's registry: every part of a page adds its keys here. */
export const shortcuts = new Shortcuts();

/** What the transport shortcuts drive. */
export interface Transport {
  togglePlay(): void;
  step(): void;
  /** dir 1: the next faster preset, −1: the next slower. */
  speed(dir: 1 | -1): void;
}

/** Registers space, ".", "+" and "-". */
export function transportKeys(sc: Shortcuts, t: Transport): void {
  sc.add({ keys: [" "], label: "Space", does: "Play or pause", run: () => t.togglePlay() });
  sc.add({ keys: ["."], label: ".", does: "Step to the next event (pauses)", run: () => t.step() });
  sc.add({ keys: ["+", "="], label: "+", does: "Faster: the next speed up", run: () => t.speed(1) });
  sc.add({ keys: ["-", "_"], label: "−", does: "Slower: the next speed down", run: () => t.speed(-1) });
}
