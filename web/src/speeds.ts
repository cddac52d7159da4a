// The speeds the page offers and how they read, shared by the main page,
// the embed and the keyboard shortcuts.

import { fmt } from "./dom";

/** Speeds offered, in virtual seconds per real second. */
export const speeds = [1e-5, 1e-4, 1e-3, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

// "simulated": "50 ms per second" took readers a moment (50 ms of what?);
// the picture's header calls the run's clock "simulated time".
export function speedText(x: number): string {
  if (!Number.isFinite(x) || x <= 0) return "—";
  const rate = `${amount(x)} simulated per second`;
  return Math.abs(x - 1) < 1e-9 ? `real time (${rate})` : `${speedOption(x).replace("×", " times")} than real time (${rate})`;
}

function amount(x: number): string {
  return x >= 1 ? `${fmt(x)} s` : x >= 1e-3 ? `${fmt(x * 1e3)} ms` : `${fmt(x * 1e6)} µs`;
}

/**
 * The speed list's form, against real time: "20× slower", "real time",
 * "10× faster". It was "50 ms simulated/s", which three newcomers shown
 * the page asked about ("50 ms of what, per what?"); a ratio to real time
 * needs no unit, and is no wider (its longest, "100,000× slower", is
 * narrower than "10 µs simulated/s"). The exact rate is the option's
 * title (speedText); the list's label says "vs real time" ("20× slower" alone left
 * a newcomer asking "slower than what?").
 */
export function speedOption(x: number): string {
  if (!Number.isFinite(x) || x <= 0) return "—";
  if (Math.abs(x - 1) < 1e-9) return "real time";
  return x < 1 ? `${fmt(1 / x)}× slower` : `${fmt(x)}× faster`;
}

/** The short form, for narrow controls: "50 ms/s". */
export function speedShort(x: number): string {
  if (!Number.isFinite(x) || x <= 0) return "—";
  return `${amount(x)}/s`;
}

/** The next preset above (dir 1) or below (dir −1) x; x itself at either end. */
export function nextSpeed(x: number, dir: 1 | -1): number {
  if (dir > 0) return speeds.find((s) => s > x * (1 + 1e-9)) ?? speeds[speeds.length - 1];
  return [...speeds].reverse().find((s) => s < x * (1 - 1e-9)) ?? speeds[0];
}
