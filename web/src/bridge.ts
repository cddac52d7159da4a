// The bridge to the playground page (game.html) in the iframe. The
// playground is an Ebiten program, which owns its whole page (browser.md),
// so it lives in a same-origin iframe and exposes `loomgame` on its window
// after dispatching "loomready"; "loomerror" events carry a message.

import { errorText, GameState, LoomError } from "./types";

/** The playground's API on the iframe's window (strings in, strings out). */
interface LoomGame {
  load(specJSON: string): string;
  play(): void;
  pause(): void;
  step(): void;
  reset(): void;
  setSpeed(x: number): string;
  state(): string;
  running(): string;
  seek(ms: number): string;
  open(held: boolean, instant: boolean): string;
  setPalette(name: string): string;
  setReducedMotion(on: boolean): string;
  parseLink(query: string): string;
  linkQuery(linkJSON: string): string;
}

type GameWindow = Window & { loomgame?: LoomGame; loomfailed?: string };

export class GameBridge {
  /** Resolves when the playground's API is there; rejects if it reports an error first or never comes. */
  readonly ready: Promise<void>;
  /** Why the playground did not start, as a sentence for the reader (set when ready rejects). */
  startFailure = "";
  private game: LoomGame | null = null;
  private attached: Window | null = null;

  constructor(
    private readonly iframe: HTMLIFrameElement,
    private readonly onError: (message: string) => void,
    timeoutMs = 60_000,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      let settled = false;
      const finish = (reason?: string) => {
        if (settled) return;
        settled = true;
        window.clearInterval(poll);
        window.clearTimeout(timer);
        if (reason) {
          this.startFailure = reason;
          reject(new LoomError("the playground failed to start: " + reason));
        } else resolve();
      };
      const check = () => {
        const w = this.window();
        if (!w) return;
        this.attach(w, (msg) => finish(msg));
        if (typeof w.loomfailed === "string") finish(w.loomfailed);
        const g = w.loomgame;
        if (g && typeof g.load === "function" && typeof g.state === "function") {
          this.game = g;
          finish();
        }
      };
      // "loomready" may fire before this page listens (the iframe loads on
      // its own), so poll as well as listen.
      const poll = window.setInterval(check, 100);
      const timer = window.setTimeout(
        () => finish(`It did not start within ${timeoutMs / 1000} s (does this browser have WebGL2?).`),
        timeoutMs,
      );
      iframe.addEventListener("load", check);
      check();
    });
  }

  /** Whether the playground's Go program still answers (after a crash every call throws). */
  alive(): boolean {
    try {
      this.api().state();
      return true;
    } catch {
      return false;
    }
  }

  /** Whether the playground is playing now (the background runs take its core while it is paused); true when it cannot say. */
  playing(): boolean {
    try {
      // Not state(): each read of it starts a new latency window, which
      // belongs to the charts' poll.
      return this.api().running() !== "false";
    } catch {
      return true;
    }
  }

  /** The playground page's window once it is same-origin reachable (for key listeners). */
  frame(): Window | null {
    return this.window();
  }

  private window(): GameWindow | null {
    try {
      const w = this.iframe.contentWindow as GameWindow | null;
      // Touch the document: throws if the frame is not same-origin.
      return w && w.document ? w : null;
    } catch {
      return null;
    }
  }

  private attach(w: Window, beforeReady: (msg: string) => void): void {
    if (this.attached === w) return;
    this.attached = w;
    w.addEventListener("loomready", () => {
      const g = (w as GameWindow).loomgame;
      if (g) this.game = g;
    });
    w.addEventListener("loomerror", (ev: Event) => {
      const detail = (ev as CustomEvent<unknown>).detail;
      const msg = typeof detail === "string" ? detail : String(detail ?? "unknown error");
      if (this.game) this.onError(msg);
      else beforeReady(msg);
    });
  }

  private api(): LoomGame {
    if (!this.game) throw new LoomError("the playground is not ready yet");
    return this.game;
  }

  /** Loads a spec; throws a LoomError with the playground's message when it refuses. */
  load(spec: object): void {
    const out = this.call(() => this.api().load(JSON.stringify(spec)));
    checkResult(out);
  }

  play(): void {
    this.call(() => this.api().play());
  }
  pause(): void {
    this.call(() => this.api().pause());
  }
  step(): void {
    this.call(() => this.api().step());
  }
  reset(): void {
    this.call(() => this.api().reset());
  }
  setSpeed(x: number): void {
    checkResult(this.call(() => this.api().setSpeed(x)));
  }
  /** Jumps (paused) to a virtual time in milliseconds, re-simulating from the seed. */
  seek(ms: number): void {
    checkResult(this.call(() => this.api().seek(ms)));
  }
  /**
   * Fast-forwards to the story's opening moment (state().opening says how
   * far it got); held, it stops there paused; instant, the whole run-ahead
   * happens in this call, with nothing drawn on the way.
   */
  open(held: boolean, instant: boolean): void {
    checkResult(this.call(() => this.api().open(held, instant)));
  }
  setPalette(name: string): void {
    checkResult(this.call(() => this.api().setPalette(name)));
  }
  setReducedMotion(on: boolean): void {
    checkResult(this.call(() => this.api().setReducedMotion(on)));
  }

  /** The simulator's reading of a link's query string: JSON {link, errors} (see link.ts). */
  parseLink(query: string): string {
    return this.call(() => this.api().parseLink(query));
  }

  /** The query string (no "?") the simulator writes for a link's JSON; throws a LoomError if it refuses. */
  linkQuery(linkJSON: string): string {
    const out = this.call(() => this.api().linkQuery(linkJSON));
    checkResult(out);
    const q = (JSON.parse(out) as { query?: unknown }).query;
    if (typeof q !== "string") throw new LoomError("the playground returned no link");
    return q;
  }

  state(): GameState {
    const text = this.call(() => this.api().state());
    let st: GameState;
    try {
      st = JSON.parse(text) as GameState;
    } catch {
      throw new LoomError("the playground returned a state that is not JSON");
    }
    if (typeof st.simTimeNs !== "number") checkResult(text); // {"error": ...} instead of a state
    return st;
  }

  /** Runs a playground call; a JavaScript exception from it (a Go panic that escaped) becomes a LoomError. */
  private call<T>(f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof LoomError) throw e;
      throw new LoomError("the playground failed: " + errorText(e));
    }
  }
}

/** Turns a {"error": "..."} answer into a LoomError. */
function checkResult(out: unknown): void {
  if (typeof out !== "string" || out === "") return;
  let v: unknown;
  try {
    v = JSON.parse(out);
  } catch {
    return;
  }
  if (v && typeof v === "object" && "error" in v && (v as { error: unknown }).error) {
    throw new LoomError(String((v as { error: unknown }).error));
  }
}
