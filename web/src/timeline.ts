// The timeline bar and the "follow this thread" card.
//
// The bar scrubs over the recent history (the playground keeps checkpoints
// and re-simulates from them, so every position is exact: the same seed
// gives the same state), steps to the next or previous event of a chosen
// kind, and jumps back to the live position. The card shows one thread:
// click it in the picture (or press F) to follow it — its states and the
// time in each, its StackChunks with their capacity and generation, and the
// carriers it ran on.

import type { App } from "./app";
import { byID, el, fmt, fmtTime } from "./dom";
import { shortcuts } from "./keys";
import { guarding } from "./failure";
import { LoomError, sidesOf, type GameState } from "./types";

/** The playground's timeline (play.TimelineState). */
export interface TimelineState {
  startNs: number;
  endNs: number;
  nowNs: number;
  /** nowNs in the picture header's words ("7.1 ms", "1.979 s"). */
  now: string;
  live: boolean;
  checkpoints: number;
  checkpointMb: number;
  marksNs: number[];
}

/** The followed thread (play.ThreadCard). */
export interface ThreadCard {
  side: number;
  case: string;
  id: number;
  name: string;
  virtual: boolean;
  role: string;
  state: string;
  reason: string;
  alive: boolean;
  endedNs?: number;
  nowNs: number;
  createdNs: number;
  inState: { state: string; ns: number }[];
  cpuNs: number;
  mounts: number;
  parks: number;
  carrier: string;
  lastCarrier: string;
  frameWords: number;
  residentWords: number;
  chunks: { id: number; capacityWords: number; usedWords: number; space: string; gcMode: boolean; tier: string }[];
  followedSinceNs: number;
  history: { fromNs: number; toNs: number; state: string; reason?: string; carrier?: string }[];
  carriers: { carrier: string; stints: number; ns: number }[];
}

/** The playground's timeline calls (wasm/playground/timeline.go): strings in, JSON out. */
interface TimelineCalls {
  timeline(): string;
  scrub(ns: number): string;
  stepTo(kinds: string, back: boolean, thread: number): string;
  pick(x: number, y: number): string;
  follow(side: number, thread: number): string;
  followAny(): string;
  unfollow(): string;
  card(): string;
  setZoom(z: number): string;
}

/** Calls the playground; a {"error": ...} answer becomes a LoomError. */
export function gameCall<T>(app: App, f: (g: TimelineCalls) => string): T {
  const w = app.bridge.frame() as (Window & { loomgame?: TimelineCalls }) | null;
  const g = w?.loomgame;
  if (!g || typeof g.timeline !== "function") throw new LoomError("the playground is not ready yet");
  const v = JSON.parse(f(g)) as T | { error?: string } | null;
  if (v && typeof v === "object" && "error" in v && v.error) throw new LoomError(String(v.error));
  return v as T;
}

/** The kinds of event the bar steps to. */
export const eventKinds: { value: string; label: string }[] = [
  { value: "mount", label: "mount (a thread gets a carrier)" },
  { value: "park", label: "park (a thread leaves its carrier)" },
  { value: "freeze", label: "freeze (a stack into a StackChunk)" },
  { value: "gc", label: "GC pause" },
  { value: "gc-full", label: "Full GC" },
  { value: "unpark", label: "unpark (a parked thread wakes)" },
  { value: "thread-start", label: "thread start" },
  { value: "jit-tier", label: "JIT compile (code gets faster)" },
];

const scrubSteps = 1000;

/** The kind of event to step to until a run shows virtual threads (Timeline.defaultKind). */
const kindBeforeVirtual = "gc";

export class Timeline {
  private state: TimelineState | null = null;
  private card: ThreadCard | null = null;
  private dragging = false;
  private pending: number | null = null;
  private readonly slider: HTMLInputElement;
  private readonly kind: HTMLSelectElement;
  private readonly mine: HTMLInputElement;
  /** Whether the reader has picked the kind of event to step to. */
  private kindChosen = false;
  private readonly pos: HTMLElement;
  private readonly liveBtn: HTMLButtonElement;
  private readonly cardBox: HTMLElement;

  constructor(private readonly app: App) {
    // The bar sits under the picture's status line, the card under it.
    const root = el("div", { id: "timeline", class: "timeline", role: "group", "aria-label": "Timeline" });
    this.cardBox = el("aside", { id: "follow-card", class: "follow-card", "aria-labelledby": "follow-title", hidden: "" });
    // Under the row of settings under the picture (not inside it).
    (document.querySelector("#stage .toolbar-more") ?? byID("status")).after(root, this.cardBox);
    this.slider = el("input", { type: "range", id: "tl-scrub", min: "0", max: String(scrubSteps), step: "1", value: String(scrubSteps), "aria-label": "Virtual time: scrub over the recent history" });
    this.kind = el("select", { id: "tl-kind", "aria-label": "Jump to a kind of event" }, ...eventKinds.map((k) => el("option", { value: k.value }, k.label)));
    this.kind.value = kindBeforeVirtual;
    this.mine = el("input", { type: "checkbox", id: "tl-mine" });
    this.pos = el("span", { id: "tl-pos", class: "tl-pos" });
    this.liveBtn = el("button", { type: "button", id: "tl-live", title: "Back to the live position (L)" }, "Live ▶▶");
    const prev = el("button", { type: "button", id: "tl-prev", title: "Previous event of this kind (B)" }, "◀ Previous");
    const next = el("button", { type: "button", id: "tl-next", title: "Next event of this kind (N)" }, "Next ▶");
    const start = el("button", { type: "button", id: "tl-start", title: "The oldest moment kept", "aria-label": "The oldest moment kept" }, "◀◀");
    const follow = el("button", { type: "button", id: "tl-follow", title: "Follow a thread that is on a carrier now (F); or click one in the picture" }, "Follow a thread");
    root.replaceChildren(
      // Plain glyphs (◀ ▶ are in every common font; the media-control ones are not in all).
      el("div", { class: "tl-row" }, el("span", { class: "tl-label" }, "Rewind:"), start, this.slider, this.liveBtn, this.pos),
      el(
        "div",
        { class: "tl-row" },
        // A sentence, then its buttons: "Jump to a [mount] ◀ Previous Next ▶".
        // "Step to the ◀ Previous [mount] Next ▶ of the followed thread" was
        // read as a broken sentence, and "Events: [mount]" as the event
        // happening now.
        el("label", { class: "tl-label", for: "tl-kind" }, "Jump to a"),
        this.kind,
        prev,
        next,
        el("label", { class: "check", for: "tl-mine", title: "Step only through the followed thread's events" }, this.mine, " only the followed thread's"),
        follow,
      ),
    );

    this.slider.addEventListener("pointerdown", () => (this.dragging = true));
    this.slider.addEventListener("input", () => this.scrubTo(this.sliderNs()));
    this.slider.addEventListener("change", () => {
      this.dragging = false;
      this.scrubTo(this.sliderNs());
    });
    start.addEventListener("click", () => this.guard(() => this.scrub(this.state?.startNs ?? 0)));
    this.liveBtn.addEventListener("click", () => this.guard(() => this.toLive()));
    next.addEventListener("click", () => this.guard(() => this.step(false)));
    prev.addEventListener("click", () => this.guard(() => this.step(true)));
    follow.addEventListener("click", () => this.guard(() => this.followAny()));
    this.mine.addEventListener("change", () => this.render());

    this.kind.addEventListener("change", () => (this.kindChosen = true));
    app.events.addEventListener("state", (ev) => {
      this.defaultKind((ev as CustomEvent<GameState>).detail);
      this.refresh();
    });
    app.events.addEventListener("loaded", () => {
      this.card = null;
      this.kindChosen = false;
      this.kind.value = kindBeforeVirtual;
      this.refresh();
    });
    void app.bridge.ready.then(() => this.listenForClicks());

    shortcuts.add({ keys: ["n", "N"], label: "N", does: "Step to the next event of the chosen kind", run: () => this.guard(() => this.step(false)) });
    shortcuts.add({ keys: ["b", "B"], label: "B", does: "Step back to the previous event of the chosen kind", run: () => this.guard(() => this.step(true)) });
    shortcuts.add({ keys: ["k", "K"], label: "K", does: "Next kind of event to step to (mount, park, freeze, GC, …)", run: () => this.cycleKind() });
    shortcuts.add({ keys: ["["], label: "[", does: "Scrub back (a twentieth of the timeline)", run: () => this.guard(() => this.nudge(-1)) });
    shortcuts.add({ keys: ["]"], label: "]", does: "Scrub forward", run: () => this.guard(() => this.nudge(1)) });
    shortcuts.add({ keys: ["l", "L"], label: "L", does: "Back to the live position (after scrubbing or stepping back)", run: () => this.guard(() => this.toLive()) });
    shortcuts.add({ keys: ["f", "F"], label: "F", does: "Follow a thread (again: stop following)", run: () => this.guard(() => (this.card ? this.unfollow() : this.followAny())) });
  }

  /**
   * Until the reader picks a kind, the kind a run has: a GC pause where no
   * virtual thread has run (gc-lab's platform threads, a run not started),
   * a mount once one has. "mount (a thread gets a carrier)" over a picture
   * with no carrier was read as the event happening now.
   */
  private defaultKind(st: GameState): void {
    if (this.kindChosen || this.kind.value !== kindBeforeVirtual) return;
    if (sidesOf(st).some((s) => s.virtual > 0 || (s.carriers ?? 0) > 0)) this.kind.value = "mount";
  }

  // ---- actions -----------------------------------------------------------

  /** Scrubs to virtual time ns (exact), paused. */
  scrub(ns: number): void {
    this.app.bridge.pause();
    gameCall(this.app, (g) => g.scrub(Math.max(0, Math.round(ns))));
    this.after();
  }

  /** Scrubs back to the live position. */
  toLive(): void {
    this.refreshState();
    if (this.state) this.scrub(this.state.endNs);
  }

  /** Steps to the next (back: previous) event of the chosen kind; false when there is none. */
  step(back: boolean): boolean {
    this.app.bridge.pause();
    const thread = this.mine.checked && this.card ? this.card.id : 0;
    const r = gameCall<{ found: boolean }>(this.app, (g) => g.stepTo(this.kind.value, back, thread));
    this.after();
    if (!r.found) {
      const what = eventKinds.find((k) => k.value === this.kind.value)?.label ?? this.kind.value;
      this.app.message(`No ${back ? "earlier" : "later"} ${what} event${thread ? ` of thread #${thread}` : ""} ${back ? "in the kept history" : "before the run ends"}.`, "info");
    }
    return r.found;
  }

  /** Follows a thread of the picture (the first on a carrier, else queued or parked). */
  followAny(): void {
    gameCall(this.app, (g) => g.followAny());
    this.refreshCard();
  }

  unfollow(): void {
    gameCall(this.app, (g) => g.unfollow());
    this.card = null;
    this.render();
  }

  /** Follows the thread drawn at (x, y) CSS pixels of the canvas; false when there is none. */
  pick(x: number, y: number): boolean {
    const hit = gameCall<{ side: number; thread: number }>(this.app, (g) => g.pick(x, y));
    if (!hit.thread) return false;
    gameCall(this.app, (g) => g.follow(hit.side, hit.thread));
    this.refreshCard();
    return true;
  }

  /** The timeline as the playground reports it. */
  current(): TimelineState | null {
    this.refreshState();
    return this.state;
  }

  followed(): ThreadCard | null {
    this.refreshCard();
    return this.card;
  }

  setKind(kind: string): void {
    if (!eventKinds.some((k) => k.value === kind)) throw new LoomError(`unknown event kind "${kind}": expected one of ${eventKinds.map((k) => k.value).join(", ")}`);
    this.kind.value = kind;
  }

  // ---- internals ---------------------------------------------------------

  /** Runs f, showing what it throws as a message. */
  private readonly guard = guarding((m) => this.app.message(m));

  /** After a move: the page's status, the bar and the card at once. */
  private after(): void {
    this.app.poll();
    this.refresh();
  }

  private sliderNs(): number {
    const s = this.state;
    if (!s) return 0;
    return s.startNs + (Number(this.slider.value) / scrubSteps) * (s.endNs - s.startNs);
  }

  /** Scrubs on the slider's input, one re-simulation per animation frame. */
  private scrubTo(ns: number): void {
    const first = this.pending === null;
    this.pending = ns;
    if (!first) return;
    requestAnimationFrame(() => {
      const t = this.pending;
      this.pending = null;
      if (t !== null) this.guard(() => this.scrub(t));
    });
  }

  private nudge(dir: 1 | -1): void {
    this.refreshState();
    const s = this.state;
    if (!s) return;
    const span = Math.max(s.endNs - s.startNs, 1);
    this.scrub(Math.min(s.endNs, Math.max(s.startNs, s.nowNs + (dir * span) / 20)));
  }

  private cycleKind(): void {
    const i = eventKinds.findIndex((k) => k.value === this.kind.value);
    this.kind.value = eventKinds[(i + 1) % eventKinds.length].value;
    this.kindChosen = true;
    this.pos.textContent = `Stepping to: ${eventKinds.find((k) => k.value === this.kind.value)?.label}`;
  }

  /** Clicks on the picture pick the thread drawn there; the pointer says where one is. */
  private listenForClicks(): void {
    const w = this.app.bridge.frame();
    if (!w) return;
    w.document.addEventListener("click", (ev: MouseEvent) => this.guard(() => void this.pick(ev.clientX, ev.clientY)));
    let at: { x: number; y: number } | null = null;
    w.document.addEventListener("mousemove", (ev: MouseEvent) => {
      const first = at === null;
      at = { x: ev.clientX, y: ev.clientY };
      if (!first) return;
      w.requestAnimationFrame(() => {
        const p = at;
        at = null;
        if (!p) return;
        try {
          const hit = gameCall<{ thread: number }>(this.app, (g) => g.pick(p.x, p.y));
          const target = w.document.querySelector("canvas") ?? w.document.body;
          target.style.cursor = hit.thread ? "pointer" : "";
          target.title = hit.thread ? `Thread #${hit.thread}: click to follow it` : "";
        } catch {
          // not up yet
        }
      });
    });
  }

  private refreshState(): void {
    try {
      this.state = gameCall<TimelineState>(this.app, (g) => g.timeline());
    } catch {
      this.state = null;
    }
  }

  private refreshCard(): void {
    try {
      this.card = gameCall<ThreadCard | null>(this.app, (g) => g.card());
    } catch {
      this.card = null;
    }
    this.render();
  }

  refresh(): void {
    this.refreshState();
    this.refreshCard();
  }

  private render(): void {
    const s = this.state;
    if (s) {
      const span = s.endNs - s.startNs;
      if (!this.dragging && this.pending === null) {
        this.slider.value = String(span > 0 ? Math.round(((s.nowNs - s.startNs) / span) * scrubSteps) : scrubSteps);
      }
      this.slider.setAttribute("aria-valuetext", `${fmtTime(s.nowNs)} of virtual time${s.live ? ", live" : `, ${fmtTime(s.endNs - s.nowNs)} before the live position`}`);
      this.slider.disabled = span <= 0;
      this.liveBtn.disabled = s.live;
      this.pos.textContent = s.live
        ? // "history from 1.67 ms" read as a run that started late ("why
          // not 0?"), and "live at 261 ms · rewinds to 151 ms" was read
          // twice as a rewind under way: the far end is how far back the
          // slider can go, said as something the reader can do. "(live)"
          // beside the picture's "playback paused" left a newcomer asking
          // which it was: "latest" says where, not whether it plays.
          // Right after an opening's fast-forward the history is a sliver
          // ("now 1.7 ms (latest) · can rewind back to 1.67 ms" asked what
          // 0.03 ms of rewind was for): said as what playing on gives. Only
          // while the history is its first checkpoint: a long run's history
          // is a short window late in it too (old checkpoints are dropped
          // to keep to the memory budget), and that can be rewound.
          span <= 0 || (s.checkpoints <= 1 && span * 20 < s.nowNs)
          ? `now ${s.now} (latest) · what plays from here can be rewound`
          : `now ${s.now} (latest) · can rewind back to ${fmtTime(s.startNs)}`
        : `showing ${s.now}, ${fmtTime(s.endNs - s.nowNs)} before live · Play or Step goes on from here`;
      this.pos.classList.toggle("past", !s.live);
    }
    this.renderCard();
  }

  private cardKey = "";

  private renderCard(): void {
    const c = this.card;
    const box = this.cardBox;
    box.hidden = !c;
    if (!c) {
      box.replaceChildren();
      this.cardKey = "";
      return;
    }
    // Redraw only on a change, keeping focus and the history's open state.
    const key = JSON.stringify(c);
    if (key === this.cardKey) return;
    this.cardKey = key;
    const historyOpen = box.querySelector<HTMLDetailsElement>("details.tl-history")?.open ?? false;
    const focused = box.contains(document.activeElement) ? (document.activeElement as HTMLElement).textContent : null;
    const unfollow = el("button", { type: "button", class: "tl-unfollow", "aria-label": `Stop following thread ${c.name}` }, "Unfollow ×");
    unfollow.addEventListener("click", () => this.guard(() => this.unfollow()));
    const prev = el("button", { type: "button" }, "◀ its previous event");
    const next = el("button", { type: "button" }, "its next event ▶");
    const stepOwn = (back: boolean) =>
      this.guard(() => {
        this.app.bridge.pause();
        gameCall(this.app, (g) => g.stepTo("mount,park,unpark,freeze,thread-end", back, c.id));
        this.after();
      });
    prev.addEventListener("click", () => stepOwn(true));
    next.addEventListener("click", () => stepOwn(false));

    const kind = c.virtual ? "virtual thread" : "platform thread";
    const state = c.reason ? `${c.state} (${c.reason})` : c.state;
    const total = c.inState.reduce((a, x) => a + x.ns, 0);
    const bar = el(
      "div",
      { class: "tl-bar", role: "img", "aria-label": c.inState.map((x) => `${x.state} ${fmtTime(x.ns)}`).join(", ") },
      ...c.inState.map((x) => {
        const seg = el("span", { class: `tl-seg st-${x.state}`, title: `${x.state}: ${fmtTime(x.ns)}` });
        seg.style.flexGrow = String(total > 0 ? x.ns / total : 0); // CSSOM: the CSP refuses style attributes
        return seg;
      }),
    );
    const body: (Node | string)[] = [
      el("h3", { id: "follow-title" }, `Thread ${c.name}`, el("span", { class: "tl-sub" }, ` · ${kind} · ${c.role}${c.case ? ` · ${c.case}` : ""}`), unfollow),
    ];
    if (c.state === "not started yet") {
      body.push(el("p", {}, `It has not started at ${fmtTime(c.nowNs)}: scrub or play forward to see it.`));
    } else {
      body.push(
        el("p", { class: "tl-now" }, el("strong", {}, state), c.alive ? ` at ${fmtTime(c.nowNs)}` : ` — ended by ${fmtTime(c.endedNs ?? c.nowNs)}; its last known detail:`),
        el(
          "p",
          {},
          `Started at ${fmtTime(c.createdNs)} · CPU ${fmtTime(c.cpuNs)} · mounted ${fmt(c.mounts)}× · parked ${fmt(c.parks)}×` +
            (c.virtual ? ` · ${c.carrier ? `on ${c.carrier}` : c.lastCarrier ? `last on ${c.lastCarrier}` : "never mounted"}` : ""),
        ),
        el("h4", {}, "Time in each state"),
        bar,
        el("ul", { class: "tl-legend" }, ...c.inState.map((x) => el("li", {}, el("span", { class: `tl-key st-${x.state}` }), `${x.state} ${fmtTime(x.ns)}`))),
      );
      if (c.virtual) {
        body.push(
          el("h4", {}, "Stack and StackChunks"),
          el("p", {}, `${fmt(c.frameWords)} frame words now; ${fmt(c.residentWords)} words frozen in chunks.`),
          c.chunks.length === 0
            ? el("p", { class: "hint" }, "No StackChunk: its frames have never been frozen (or it holds none now).")
            : el("div", { class: "table-wrap" }, el(
                "table",
                { class: "tl-chunks" },
                el("caption", {}, "Its chunk chain, newest first"),
                el("thead", {}, el("tr", {}, ...["chunk", "capacity", "used", "generation", "GC mode", "sized for"].map((h) => el("th", { scope: "col" }, h)))),
                el(
                  "tbody",
                  {},
                  ...c.chunks.map((k) =>
                    el(
                      "tr",
                      {},
                      el("td", {}, `#${k.id}`),
                      el("td", {}, `${fmt(k.capacityWords)} w`),
                      el("td", {}, `${fmt(k.usedWords)} w`),
                      el("td", {}, k.space === "eden" || k.space === "survivor" ? `young (${k.space})` : k.space),
                      el("td", {}, k.gcMode ? "yes: frozen into a new chunk next time" : "no"),
                      el("td", {}, k.tier),
                    ),
                  ),
                ),
              )),
        );
      }
      if (c.carriers.length > 0) {
        body.push(
          el("h4", {}, "Carriers"),
          el("ul", { class: "tl-carriers" }, ...c.carriers.map((x) => el("li", {}, `${x.carrier}: ${fmt(x.stints)} ${x.stints === 1 ? "mount" : "mounts"}, ${fmtTime(x.ns)} mounted`))),
        );
      }
      if (c.history.length > 0) {
        body.push(
          el("details", { class: "tl-history" },
            el("summary", {}, `History since ${fmtTime(c.followedSinceNs)} (${c.history.length} stints)`),
            el(
              "ol",
              {},
              ...c.history.map((h) =>
                el("li", {}, `${fmtTime(h.fromNs)}: ${h.state}${h.reason ? ` (${h.reason})` : ""}${h.carrier ? ` on ${h.carrier}` : ""} for ${fmtTime(h.toNs - h.fromNs)}`),
              ),
            ),
          ),
        );
      }
      if (c.alive) body.push(el("div", { class: "row" }, prev, next));
    }
    box.replaceChildren(...body);
    const details = box.querySelector<HTMLDetailsElement>("details.tl-history");
    if (details) details.open = historyOpen;
    if (focused !== null) [...box.querySelectorAll("button")].find((b) => b.textContent === focused)?.focus();
  }
}
