// The story beside the picture, for the main page and the embed: the live
// caption (state().caption: what is happening now and why, computed by the
// simulator's story rules; the canvas draws it, the page keeps its text
// for screen readers), the tour (a Tour button next to play/pause;
// the run plays from its start and stops at each moment of the article's
// story with the moment's sentence and a Continue button), and the caption
// read out now and then by the page's polite live region.
//
// window.loomlab gets tour(), tourContinue() and tourEnd(); each returns
// state().tour = {active, step, text, kind, waiting, last}.

import type { GameBridge } from "./bridge";
import { el } from "./dom";
import { GameState, LoomError, SideState } from "./types";

/** The tour as state() reports it. */
export interface TourState {
  active: boolean;
  step: number;
  text: string;
  kind: string;
  waiting: boolean;
  /** The tour's last stop: Continue ends the tour (the run plays on). */
  last: boolean;
}

/** The story's fields of state() (game/play's SideState and State). */
export interface StoryFields {
  caption?: string;
  queuedTasks?: number;
  moments?: { kind: string; timeNs: number; text: string }[];
  tour?: TourState;
}

interface TourCalls {
  tour(): string;
  tourContinue(): string;
  tourEnd(): string;
}

/** The caption is read out at most this often while only its numbers change, */
const captionEveryMs = 45_000;
/** at most this often when its words change (a caption takes ten seconds or so to hear), */
const changedEveryMs = 15_000;
/** and never sooner than this after anything else was said in the live region. */
const quietMs = 4_000;

const noTour: TourState = { active: false, step: 0, text: "", kind: "", waiting: false, last: false };

export class Story {
  private readonly caption: HTMLElement;
  private readonly panel: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly text: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private tourNow: TourState = noTour;
  private spoken = ""; // the words of the last caption read out, numbers left out
  private spokenAt = 0;
  private saidAt = 0; // when anything was last written to the live region
  private saidStep = -1;
  private shownKey = "";

  /**
   * after: the element the caption and the tour panel follow; beside: the
   * control the Tour button follows; live: the page's polite live region;
   * refresh: re-reads the state after a tour call (the page's poll).
   */
  constructor(
    private readonly bridge: GameBridge,
    after: Element,
    beside: Element,
    private readonly live: HTMLElement | null,
    private readonly refresh: () => void,
  ) {
    // The canvas draws the caption at the top of the picture; printed again
    // under it, readers met the same sentences twice. It stays here for
    // screen readers (a canvas has no text of its own), out of sight.
    this.caption = el("p", { id: "story-caption", class: "story-caption visually-hidden", "aria-live": "off" });
    this.heading = el("span", { class: "tour-step" });
    this.text = el("span", { id: "tour-text", class: "tour-text" });
    this.next = el("button", { type: "button", id: "tour-continue" }, "Continue");
    const end = el("button", { type: "button", id: "tour-end", class: "tour-end" }, "End tour");
    this.panel = el("div", { id: "tour-panel", class: "tour-panel", role: "group", "aria-label": "Tour", hidden: "" }, this.heading, this.text, this.next, end);
    after.after(this.caption, this.panel);
    this.button = el("button", { type: "button", id: "tour", "aria-pressed": "false", title: "Play the article's story from the start, stopping at each moment" }, "Tour");
    beside.after(this.button);

    this.button.addEventListener("click", () => this.guard(() => (this.tourNow.active ? this.end() : this.start())));
    this.next.addEventListener("click", () => this.guard(() => this.resume()));
    end.addEventListener("click", () => this.guard(() => this.end()));
    if (live) new MutationObserver(() => (this.saidAt = performance.now())).observe(live, { childList: true, characterData: true, subtree: true });
  }

  /**
   * Starts the tour from the beginning of the run; held, it waits paused
   * at the start for the reader's Play (an embed that does not autoplay).
   */
  start(held = false): TourState {
    this.call("tour");
    if (held) this.bridge.pause();
    return this.tourNow;
  }

  /** Goes on from a stop. */
  resume(): TourState {
    this.call("tourContinue");
    return this.tourNow;
  }

  /** Leaves tour mode (the run stays where it is). */
  end(): TourState {
    this.call("tourEnd");
    return this.tourNow;
  }

  /** Shows a state read: the caption, the tour, and now and then the caption read out. */
  update(st: GameState): void {
    const s = st as GameState & StoryFields;
    const caption = s.caption ?? "";
    this.showCaption(st);
    const t = s.tour ?? noTour;
    this.tourNow = t;
    this.button.setAttribute("aria-pressed", String(t.active));
    this.button.textContent = t.active ? "End tour" : "Tour";
    this.panel.hidden = !t.active;
    this.panel.classList.toggle("waiting", t.waiting);
    this.heading.textContent = t.waiting ? `Stop ${t.step}` : "Tour";
    if (this.text.textContent !== t.text) this.text.textContent = t.text;
    this.next.disabled = !t.waiting;
    this.next.textContent = t.last ? "Finish tour" : "Continue";
    this.speak(st, t, caption);
  }

  /** The caption; compared cases get one line each, named by their case. */
  private showCaption(st: GameState): void {
    const sides = (st.sides ?? []) as (SideState & StoryFields)[];
    const lines = sides.length > 1 ? sides.map((x) => [x.case, x.caption ?? ""]) : [["", (st as GameState & StoryFields).caption ?? ""]];
    const key = JSON.stringify(lines);
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.caption.replaceChildren(
      ...lines.map(([name, text]) => el("span", { class: "story-line" }, name ? el("strong", {}, `${name}: `) : null, text)),
    );
  }

  /** Feeds the polite live region: a tour stop at once, the caption rarely. */
  private speak(st: GameState, t: TourState, caption: string): void {
    if (!this.live) return;
    const now = performance.now();
    if (t.waiting && t.step !== this.saidStep) {
      this.saidStep = t.step;
      this.say(`Tour stop ${t.step}: ${t.text}`);
      return;
    }
    if (!st.running || !caption) return;
    const words = caption.replace(/[\d.,]+/g, "#");
    const changed = words !== this.spoken;
    if (now - this.saidAt < quietMs) return;
    if (!changed && now - this.spokenAt < captionEveryMs) return;
    if (changed && now - this.spokenAt < changedEveryMs) return;
    this.spoken = words;
    this.spokenAt = now;
    this.say(caption);
  }

  private say(text: string): void {
    const live = this.live!;
    live.textContent = "";
    window.setTimeout(() => (live.textContent = text), 30);
  }

  private call(name: keyof TourCalls): void {
    const w = this.bridge.frame() as (Window & { loomgame?: TourCalls }) | null;
    const g = w?.loomgame;
    if (!g || typeof g[name] !== "function") throw new LoomError("the playground is not ready yet");
    const out = g[name]();
    let v: unknown = null;
    try {
      v = JSON.parse(out);
    } catch {
      // not JSON: nothing to report
    }
    if (v && typeof v === "object" && "error" in v && (v as { error: unknown }).error) throw new LoomError(String((v as { error: unknown }).error));
    this.refresh();
  }

  private guard(f: () => void): void {
    try {
      f();
    } catch (e) {
      this.text.textContent = e instanceof Error ? e.message : String(e);
      this.panel.hidden = false;
    }
  }
}

/** The API's tour calls, added to window.loomlab once the page's Story exists. */
export function addTourAPI(story: Story): void {
  const add = () => {
    const api = (window as unknown as { loomlab?: Record<string, unknown> }).loomlab;
    if (!api) {
      window.setTimeout(add, 0);
      return;
    }
    api.tour = () => story.start();
    api.tourContinue = () => story.resume();
    api.tourEnd = () => story.end();
  };
  add();
}

/** What the page needs to show the story: the main page's App. */
interface StoryPage {
  readonly bridge: GameBridge;
  readonly events: EventTarget;
  /** The link the page was opened with (tour=1 starts the tour). */
  readonly link?: { link: { tour?: boolean } } | null;
  poll(): void;
}

/** The main page's story: the caption's text for screen readers, the Tour button after play/pause. */
export function mainPageStory(app: StoryPage): Story {
  const wrap = document.querySelector("#stage .frame-wrap");
  const play = document.getElementById("playpause");
  if (!wrap || !play) throw new Error("page is missing the picture or the play button");
  // The tour's panel under the picture's status strip: between the two it
  // cut the strip off the picture it belongs to.
  const story = new Story(app.bridge, document.getElementById("status") ?? wrap, play, document.getElementById("narration"), () => app.poll());
  app.events.addEventListener("state", (ev) => story.update((ev as CustomEvent<GameState>).detail));
  // A link with tour=1: the first simulation loaded starts as a tour (held
  // at its start; the page plays it as it plays any run).
  const first = () => {
    app.events.removeEventListener("loaded", first);
    if (app.link?.link.tour) {
      try {
        story.start(true);
      } catch {
        // the playground refused: the page shows the run without the tour
      }
    }
  };
  app.events.addEventListener("loaded", first);
  addTourAPI(story);
  return story;
}

/** The line the presenter view shows large: the tour's stop while stopped, else the caption. */
export function storyLine(st: GameState): string {
  const s = st as GameState & StoryFields;
  return s.tour?.waiting ? `Stop ${s.tour.step}: ${s.tour.text}` : (s.caption ?? "");
}
