// Explain on point, inside game.html (the playground's own page, so that it
// works in the main page's iframe and in embeds alike): the pointer over
// the picture (about ten times a second) or a tap asks the playground what
// is drawn there (explainAt, in the canvas's CSS pixels) and shows the
// sentence in a tooltip near the pointer and in a polite live region; the
// keyboard reaches the same sentences: once the picture has focus (Tab
// reaches the iframe), the arrow keys step through the explained regions
// (regions()) with a box drawn over the one in focus, Enter says it again,
// Escape hides it. The words are the picture's own (game/view/explain.go),
// the same the page's text description lists.

import { el } from "./dom";

/** The part of the playground's API this file uses (strings in, strings out). */
export interface ExplainApi {
  explainAt(x: number, y: number): string;
  regions(): string;
  setDevOverlay(on: boolean): string;
}

/** One explained region, in the canvas's CSS pixels (wasm/playground regions()). */
export interface Region {
  X: number;
  Y: number;
  W: number;
  H: number;
  Side: number;
  Name: string;
  Text: string;
  Detail: boolean;
}

/** Parses a regions() answer; an error or nothing gives no regions. */
export function parseRegions(out: string): Region[] {
  try {
    const v: unknown = JSON.parse(out);
    return Array.isArray(v) ? (v as Region[]) : [];
  } catch {
    return [];
  }
}

/** The text description of the picture: each panel's sentence, in drawing order. */
export function describeRegions(rs: Region[]): string {
  return rs
    .filter((r) => !r.Detail)
    .map((r) => r.Text)
    .join(" ");
}

/** The sentence of an explainAt() answer ("" for none or an error). */
function sentence(out: string): string {
  try {
    const v = JSON.parse(out) as { text?: unknown };
    return typeof v.text === "string" ? v.text : "";
  } catch {
    return "";
  }
}

const pointerGapMs = 100;

/** Installs explain-on-point in the playground page once its API is there. */
export function installExplain(api: ExplainApi, doc: Document = document): void {
  const win = doc.defaultView ?? window;
  const tip = el("div", { id: "explain-tip", class: "explain-tip", role: "tooltip", hidden: "" });
  const live = el("div", { id: "explain-live", class: "visually-hidden", "aria-live": "polite" });
  const box = el("div", { id: "explain-focus", class: "explain-focus", hidden: "" });
  doc.body.append(tip, live, box);
  const canvas = () => doc.querySelector("canvas");

  let spoken = "";
  const say = (text: string) => {
    if (text === spoken) return;
    spoken = text;
    live.textContent = text;
  };
  const show = (text: string, x: number, y: number) => {
    if (!text) {
      tip.hidden = true;
      return;
    }
    tip.textContent = text;
    tip.hidden = false;
    // Beside the pointer, kept inside the page.
    const w = Math.min(360, win.innerWidth - 16);
    tip.style.maxWidth = `${w}px`;
    const r = tip.getBoundingClientRect();
    const left = Math.max(8, Math.min(x + 14, win.innerWidth - r.width - 8));
    const top = y + 18 + r.height > win.innerHeight ? Math.max(8, y - r.height - 10) : y + 18;
    tip.style.left = `${left}px`;
    tip.style.top = `${top}px`;
    say(text);
  };

  // Pointer: at most one question every pointerGapMs, the last position wins.
  let last = 0;
  let pending: number | null = null;
  let at = { x: 0, y: 0 };
  const ask = () => {
    pending = null;
    last = performance.now();
    const c = canvas();
    if (!c) return;
    const r = c.getBoundingClientRect();
    show(sentence(api.explainAt(at.x - r.left, at.y - r.top)), at.x, at.y);
  };
  const point = (ev: PointerEvent) => {
    at = { x: ev.clientX, y: ev.clientY };
    box.hidden = true;
    const wait = pointerGapMs - (performance.now() - last);
    if (wait <= 0) ask();
    else pending ??= win.setTimeout(ask, wait);
  };
  win.addEventListener("pointermove", point);
  win.addEventListener("pointerdown", point);
  doc.documentElement.addEventListener("pointerleave", () => {
    if (pending !== null) win.clearTimeout(pending);
    pending = null;
    tip.hidden = true;
  });

  // Keyboard: the arrow keys step through the regions, Enter repeats.
  let index = -1;
  const focus = (step: number) => {
    const rs = parseRegions(api.regions());
    if (!rs.length) return;
    index = index < 0 ? (step < 0 ? rs.length - 1 : 0) : (index + step + rs.length) % rs.length;
    const g = rs[index];
    const c = canvas()?.getBoundingClientRect();
    const ox = c?.left ?? 0;
    const oy = c?.top ?? 0;
    box.style.left = `${ox + g.X}px`;
    box.style.top = `${oy + g.Y}px`;
    box.style.width = `${g.W}px`;
    box.style.height = `${g.H}px`;
    box.hidden = false;
    show(g.Text, ox + g.X, oy + g.Y + Math.min(g.H, 24));
    if (step === 0) {
      spoken = ""; // Enter: say it again even if unchanged
      say(g.Text);
    }
  };
  win.addEventListener(
    "keydown",
    (ev) => {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      switch (ev.key) {
        case "ArrowRight":
        case "ArrowDown":
          focus(1);
          break;
        case "ArrowLeft":
        case "ArrowUp":
          focus(-1);
          break;
        case "Enter":
          focus(0);
          break;
        case "Escape":
          box.hidden = true;
          tip.hidden = true;
          index = -1;
          return;
        default:
          return;
      }
      ev.preventDefault();
    },
    true,
  );
}

/** Whether the developer overlay is on in the playground page doc. */
export function devOverlayOn(doc: Document): boolean {
  return doc.documentElement.dataset.devOverlay === "on";
}

/**
 * Turns the developer overlay (the tool's own frame timings over the
 * picture) on or off and notes it on the playground page's root element
 * (data-dev-overlay), where tests and the next toggle read it.
 */
export function toggleDevOverlay(api: ExplainApi, doc: Document): boolean {
  const on = !devOverlayOn(doc);
  const out = api.setDevOverlay(on);
  if (out.includes('"error"')) return devOverlayOn(doc);
  doc.documentElement.dataset.devOverlay = on ? "on" : "off";
  return on;
}

/** A page's shortcut registry (keys.ts), as far as devOverlayKey needs it. */
interface ShortcutAdder {
  add(s: { keys: string[]; label: string; does: string; run: () => void }): void;
}

/**
 * Registers the D key on a page around the playground's iframe: the
 * registry listens to the page and to the iframe (which has the keys once
 * the picture has focus), so one registration covers both.
 */
export function devOverlayKey(shortcuts: ShortcutAdder, frame: () => Window | null): void {
  shortcuts.add({
    keys: ["d", "D"],
    label: "D",
    does: "Show or hide the developer overlay (the tool's frame rate and timings over the picture)",
    run: () => {
      const w = frame() as (Window & { loomgame?: ExplainApi }) | null;
      if (w?.loomgame) toggleDevOverlay(w.loomgame, w.document);
    },
  });
}

/**
 * The text description of the picture from the playground in a page's
 * iframe: its panels' sentences, the very words the pointer and the
 * keyboard show ("" before the first frame is drawn).
 */
export function regionsDescriber(frame: () => Window | null): () => string {
  return () => {
    const w = frame() as (Window & { loomgame?: ExplainApi }) | null;
    if (!w?.loomgame) return "";
    return describeRegions(parseRegions(w.loomgame.regions()));
  };
}
