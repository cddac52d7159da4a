// The poll loop both pages run (app.ts for index.html, embed.ts for
// embed.html): every pollMs it reads the playground's state, hands the
// state's error field to the PlaygroundWatch and the state to the page; a
// read that throws goes to the watch and to the page's "not answering"
// line instead.

import type { PlaygroundWatch } from "./failure";
import { errorText, GameState } from "./types";

/** How often the pages read the playground's state, in milliseconds. */
export const pollMs = 250;

/** What a page gives the poller. */
export interface PollTarget {
  /** Whether a simulation is loaded: before that there is nothing to read. */
  loaded(): boolean;
  /** Reads the playground's state (throws when it does not answer). */
  read(): GameState;
  /** The read threw; msg is its text (the watch has it already). */
  silent(msg: string): void;
  /** A state was read (the watch has seen its error field). */
  show(st: GameState): void;
}

export class Poller {
  constructor(
    private readonly target: PollTarget,
    private readonly watch: PlaygroundWatch,
  ) {}

  /** Polls now and then every pollMs, for the page's lifetime. */
  start(): void {
    window.setInterval(() => this.poll(), pollMs);
    this.poll();
  }

  /** Reads the state now (the pages also call this right after a control changed it). */
  poll(): void {
    if (!this.target.loaded()) return;
    let st: GameState;
    try {
      st = this.target.read();
    } catch (e) {
      const msg = errorText(e);
      this.target.silent(msg);
      this.watch.report(msg);
      return;
    }
    this.watch.polled(st.error);
    this.target.show(st);
  }
}
