// Paces the animation loop of game.html while the picture rests.
//
// At rest (game/rest.go) Ebiten runs a frame only on input or when the game
// wakes it, yet its browser loop still asks for an animation frame sixty
// times a second, each a call into the Go wasm that finds nothing to do. A
// paused page spent ~7 % of a core on its main thread, and ~2 % more in the
// compositor, on that loop and the page's polls: time taken from the
// background workers that run sweeps and the article table, and a phone's
// battery. The loop is not what notices input (Ebiten updates on each input
// event itself in that mode) nor what wakes the game (the game's own calls
// do, through rest below). So while the game rests, a requested frame first
// waits restFrameMs on a timer; when the game wakes, a waiting frame is asked
// for at once, so nothing the reader does waits for the timer.

/** How long a frame requested at rest waits before it is asked for. */
export const restFrameMs = 250;

/** What the game (game/rest.go) and the tests see of the pacer, as window.loomframes. */
export interface FramePacer {
  /** The game rests (true) or wakes (false). */
  rest(on: boolean): void;
  /** Frames asked of the browser since the page loaded (for tests). */
  asked(): number;
}

/**
 * Wraps win.requestAnimationFrame (before the Go program starts: Ebiten keeps
 * the function it finds when it starts). Nothing in game.html cancels an
 * animation frame, so a frame that waits has no id the browser knows.
 */
export function installFramePacer(win: Window): FramePacer {
  const browserFrame = win.requestAnimationFrame.bind(win);
  let resting = false;
  let asked = 0;
  const waiting = new Map<number, FrameRequestCallback>();
  const ask = (cb: FrameRequestCallback): number => {
    asked++;
    return browserFrame(cb);
  };
  win.requestAnimationFrame = (cb: FrameRequestCallback): number => {
    if (!resting) return ask(cb);
    const timer = win.setTimeout(() => {
      waiting.delete(timer);
      ask(cb);
    }, restFrameMs);
    waiting.set(timer, cb);
    return timer;
  };
  return {
    rest(on: boolean): void {
      resting = on;
      if (on) return;
      for (const [timer, cb] of waiting) {
        win.clearTimeout(timer);
        ask(cb);
      }
      waiting.clear();
    },
    asked: () => asked,
  };
}
