// The first screen ends on a whole row: on a wide screen the picture is as
// tall as its aspect allows, and the rows under it (the status line, the
// timeline's rows) fall where they fall, so one of them was cut at the
// window's foot (request-load's status line at 1200x1000, vt-pooling's
// "Rewind:" row). The heading above the picture has one, two or three
// lines by story, so no fixed height fixes it: after layout, the picture
// gives up the few pixels that bring the cut row's foot to the window's.

/** The most the picture gives up, in rem, and the least it keeps. */
const maxGiveRem = 6;
const minFrameRem = 24;

function rem(): number {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/** The rows under the picture, top to bottom: the stage's blocks after it, the timeline by its rows. */
function rowsUnder(frame: HTMLElement): HTMLElement[] {
  const rows: HTMLElement[] = [];
  for (let e = frame.nextElementSibling; e; e = e.nextElementSibling) {
    const h = e as HTMLElement;
    if (h.id === "timeline") rows.push(...(Array.from(h.children) as HTMLElement[]));
    else rows.push(h);
  }
  return rows.filter((r) => r.getClientRects().length > 0);
}

/** Sizes the picture so that neither it nor a row under it is cut by the first screen's foot. */
export function fitFirstScreen(): void {
  const frame = document.querySelector<HTMLElement>(".frame-wrap");
  if (!frame) return;
  frame.style.removeProperty("height");
  // A phone's picture is 4:5 and the page scrolls past it at once.
  if (window.innerWidth <= 600) return;
  const foot = window.innerHeight; // the first screen: the page scrolled to its top
  const top = (e: Element) => e.getBoundingClientRect().top + window.scrollY;
  const bottom = (e: Element) => e.getBoundingClientRect().bottom + window.scrollY;
  // Every row moves up by what the picture gives, so the give grows until
  // no row is cut, the picture among them: a heading one line taller
  // (vt-pooling's figure line with the runs' rates so far) left the
  // picture's own foot 3 px under the 1200x1000 screen's, and giving those
  // 3 px put the status line's top on the foot.
  const rows = rowsUnder(frame).map((r) => ({ top: top(r), bottom: bottom(r) }));
  const pic = { top: top(frame), bottom: bottom(frame) };
  let give = 0;
  for (;;) {
    const cut = [{ top: pic.top, bottom: pic.bottom - give }, ...rows.map((r) => ({ top: r.top - give, bottom: r.bottom - give }))].find(
      (r) => r.top < foot && r.bottom > foot,
    );
    if (!cut) break;
    give += cut.bottom - foot + 2;
  }
  if (give === 0) return;
  const h = frame.getBoundingClientRect().height;
  if (give > maxGiveRem * rem() || h - give < minFrameRem * rem()) return;
  frame.style.height = `${Math.floor(h - give)}px`;
}

/** Keeps the first screen fitted as the page's rows change (a story's heading, the window). */
export function keepFirstScreenFitted(): void {
  let queued = false;
  const again = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fitFirstScreen();
    });
  };
  window.addEventListener("resize", again);
  // The stage holds the heading, the picture and the rows under it: any
  // of them growing or shrinking moves the foot. (The fit's own change
  // settles: the next fit finds the same height.)
  const stage = document.querySelector(".stage");
  if (stage) new ResizeObserver(again).observe(stage);
  again();
}
