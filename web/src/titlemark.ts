// The story's title marks the setting the picture shows. A title that gives
// a figure per setting ("throughput +13.5 % with a 4 GB heap, −34 % with
// 1 GB") above a picture of one of them left readers asking which figure
// the picture was: the figure line under it said "(pictured)", but the
// title is what a newcomer reads. The mark follows the case shown, so
// choosing the other setting's case moves it.

import { el } from "./dom";

/**
 * The words the mark adds after the pictured setting's clause, with how
 * far into its run the picture is where it has started ("(pictured, 1.98 s
 * in)"): "(pictured)" beside the title's "−34 %" read as that figure being
 * in the picture, which at 1.98 s shows 4 % (stop 68; the article's figure
 * is from 30 to 60 s, as the figure line says).
 */
const markWords = (when: string): string => (when ? ` (pictured, ${when}\u00a0in)` : " (pictured)");

/**
 * Where the clause that names the setting at index at ends: at the next
 * comma or semicolon, or the title's end.
 */
function clauseEnd(title: string, at: number): number {
  const rest = title.slice(at).search(/[,;]/);
  return rest < 0 ? title.length : at + rest;
}

/**
 * Shows the title's claim (data-claim, set with the story's text) with the
 * mark after the clause at index at, the place the title names the
 * pictured setting, when (a time, or "") saying how far into its run the
 * picture is; at null, the claim alone (one setting, or none named).
 */
export function markPictured(title: HTMLElement, at: number | null, when = ""): void {
  const claim = title.dataset.claim ?? title.textContent ?? "";
  if (at === null || at < 0 || at >= claim.length) {
    if (title.textContent !== claim) title.textContent = claim;
    return;
  }
  const end = clauseEnd(claim, at);
  const mark = markWords(when);
  if (title.textContent === claim.slice(0, end) + mark + claim.slice(end)) return;
  title.replaceChildren(claim.slice(0, end), el("span", { class: "pictured" }, mark), claim.slice(end));
}
