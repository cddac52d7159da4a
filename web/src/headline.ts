// The headline's figure beside the picture. A story's title states the
// article's result ("throughput −34 % with 1 GB"), but the picture shows an
// instant of the run, where that figure is nowhere to be seen: readers could
// not tell what the headline had to do with what was drawn. This line, under
// the title, puts the article's figure for the cases shown next to the
// model's value of the same quantity so far in the picture, read from the
// live state (state().sides), so it moves as the run plays: "−34 % in the
// article, −0.2 % so far (492 ms): the gap opens as the run goes on".
//
// Which figure: the first of the scenario's figures (scenarios.json, the
// article-vs-model table's rows) whose metric the live state can show and
// which the article gives for every case in the picture, or for the case
// shown and one other (a single case then reads against it). No figure fits
// (gc-lab, a case the article did not measure): no line.

import { el, fmt, fmtTime } from "./dom";
import type { Current } from "./spec";
import { FigureMeta, GameState, SideState, sidesOf } from "./types";

/** A metric the live state can show: its words, its unit, and its value so far. */
interface LiveMetric {
  words: string;
  unit: string;
  /** Over what the article measured it (" over the whole run"), if that needs saying. */
  span?: string;
  /** The change is also said as a difference in the unit ("−78 MB"): a headline may state it so. */
  difference?: boolean;
  /** The side's value so far, or null when there is none yet (no time has passed). */
  now(s: SideState, t: number): number | null;
  /**
   * A value known only at the run's end (a time to finish): the picture
   * says how far each side has got instead of a number.
   */
  atEnd?: (s: SideState) => string;
}

const liveMetrics: Record<string, LiveMetric> = {
  throughput_rps: {
    words: "Throughput",
    unit: "requests per second",
    span: " over the whole run",
    now: (s, t) => (t > 0 ? s.requestsDone / (t / 1e9) : null),
  },
  rss_mb: { words: "Resident memory", unit: "MB", difference: true, now: (s) => (s.rssMb > 0 ? s.rssMb : null) },
  elapsed_ms: {
    words: "Time to finish every request",
    unit: "ms",
    now: () => null,
    atEnd: (s) => (s.done ? "finished" : `${fmt(s.requestsDone)} requests done`),
  },
};

/** The figure chosen for the cases shown: the subject's and the others' article values. */
interface Pick {
  metric: string;
  live: LiveMetric;
  /** Article values by case, in the picture's order. */
  article: Map<string, number>;
}

/** The article's value of metric for case id (a number, not an ordering). */
function articleValue(figs: FigureMeta[], id: string, metric: string): number | null {
  const f = figs.find((x) => x.case === id && x.metric === metric && !x.than && x.value > 0);
  return f ? f.value : null;
}

/** The cases the line compares: the compared ones, or the shown case and the scenario's other compared case. */
function casesOf(c: Current): string[] {
  if (c.compare && c.compare.length > 1) return c.compare;
  const others = c.s.compare.filter((x) => x !== c.caseID);
  return [...others.slice(0, 1), c.caseID];
}

function pick(c: Current): Pick | null {
  const ids = casesOf(c);
  for (const f of c.s.figures) {
    const live = liveMetrics[f.metric];
    if (!live || f.than) continue;
    const article = new Map<string, number>();
    for (const id of ids) {
      const v = articleValue(c.s.figures, id, f.metric);
      if (v !== null) article.set(id, v);
    }
    if (article.size === ids.length) return { metric: f.metric, live, article };
  }
  return null;
}

const signed = (x: number, text: string): string => `${x < 0 ? "−" : "+"}${text}`;

/** "−34 %" / "+13.5 %": b relative to a; with m.difference also "−78 MB, ". */
function change(b: number, a: number, m?: LiveMetric): string {
  const p = (b / a - 1) * 100;
  const d = Math.abs(p) >= 10 ? 0 : 1;
  const pct = signed(p, `${Math.abs(p).toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d })} %`);
  return m?.difference ? `${signed(b - a, `${fmt(Math.abs(b - a))} ${m.unit}`)}, ${pct}` : pct;
}

/**
 * The cases' names as the picture's headers give them (their titles), less
 * the words every one of them starts with ("1 GB heap, "): what tells them
 * apart.
 */
function caseNames(c: Current, ids: string[]): string[] {
  const titles = ids.map((id) => c.s.cases.find((x) => x.id === id)?.title ?? id);
  const parts = titles.map((t) => t.split(", "));
  let common = 0;
  while (parts.every((p) => p.length > common + 1 && p[common] === parts[0][common])) common++;
  return parts.map((p) => p.slice(common).join(", "));
}

/** The headline's figure line under the story's title (#headline-figures). */
export class HeadlineFigures {
  private key = "";

  constructor(private readonly line: HTMLElement) {}

  update(c: Current | null, st: GameState): void {
    const p = c ? pick(c) : null;
    if (!c || !p) {
      if (this.key !== "") {
        this.key = "";
        this.line.replaceChildren();
        this.line.hidden = true;
      }
      return;
    }
    // Two cases: the subject first (the case the story is about, compared
    // last), as the change reads; more: in the picture's order, left to right.
    const ids = casesOf(c);
    const order = ids.length === 2 ? [1, 0] : ids.map((_, i) => i);
    const names = caseNames(c, ids);
    const shown = new Map(sidesOf(st).map((s) => [s.case, s]));
    const t = st.simTimeNs;
    const two = ids.length === 2;
    const join = two ? " against " : "; ";
    const article = (i: number) => p.article.get(ids[i])!;
    const parts: (Node | string)[] = [];
    // One case in the picture: the article's figure alone, on one line.
    // Its live value beside it said nothing without the other case's
    // ("91,653 so far for this case"), and early in a run read as
    // disagreeing with the title's change; compared, both sides are drawn
    // and the line puts the picture's values beside the article's.
    const single = !(c.compare && c.compare.length > 1);
    // "In the article: −34 % throughput over the whole run: <pooled> 71,252 requests per second against <fresh> 108,272."
    parts.push(el("strong", {}, two ? `In the article: ${change(article(1), article(0), p.live)}` : "In the article:"));
    parts.push(` ${p.live.words.toLowerCase()}${single ? "" : (p.live.span ?? "")}: `);
    order.forEach((i, k) => {
      if (k > 0) parts.push(join);
      // The unit after each value, but a long one ("requests per second") only after the first.
      const long = p.live.unit.includes(" ");
      parts.push(el("span", { class: "hf-case" }, names[i]), ` ${fmt(article(i))}${k === 0 || !long ? " " + p.live.unit : ""}`);
    });
    parts.push(single ? "." : ". ");
    // The model so far, in the same order: the cases in the picture.
    const inPicture = single ? [] : order.filter((i) => shown.has(ids[i]));
    if (inPicture.length > 0) {
      parts.push(el("strong", {}, `In the picture at ${fmtTime(t)}`), ": ");
      if (p.live.atEnd) {
        const done = inPicture.filter((i) => shown.get(ids[i])!.done);
        const notYet = inPicture.filter((i) => !shown.get(ids[i])!.done);
        const list = (xs: number[]) => xs.map((i) => names[i]).join("; ");
        if (done.length === 0) parts.push(inPicture.length > 1 ? "none has finished yet." : "not finished yet.");
        else if (notYet.length === 0) parts.push(inPicture.length > 1 ? "all have finished." : "finished.");
        else parts.push(`finished: ${list(done)}; not yet: ${list(notYet)}.`);
      } else {
        const vals = inPicture.map((i) => p.live.now(shown.get(ids[i])!, t));
        // A long unit ("requests per second") once, after the last value: a reader
        // took "91,653 against 91,822 so far" for a count with no unit.
        const long = p.live.unit.includes(" ");
        const unit = long ? "" : ` ${p.live.unit}`;
        parts.push(vals.map((v) => (v === null ? "—" : fmt(v) + unit)).join(join));
        if (long && vals.some((v) => v !== null)) parts.push(` ${p.live.unit}`);
        parts.push(inPicture.length > 1 ? " so far" : " so far for this case");
        const va = shown.get(ids[0]) ? p.live.now(shown.get(ids[0])!, t) : null;
        const vb = shown.get(ids[1]) ? p.live.now(shown.get(ids[1])!, t) : null;
        parts.push(two && va !== null && vb !== null && va > 0 ? ` (${change(vb, va, p.live)}).` : ".");
        // Early in a run the live gap is a fraction of the article's (which is over the whole run):
        // say so, or "91,653 against 91,822 (−0.2 %)" under "−34 %" reads as the model disagreeing.
        const a0 = article(0), a1 = article(1);
        if (two && va !== null && vb !== null && va > 0 && a0 > 0) {
          const want = Math.abs(a1 / a0 - 1), got = Math.abs(vb / va - 1);
          if (want > 0.05 && got < want / 3) parts.push(" The article's figure is over its whole run: ▶ Play to watch the gap open.");
        }
      }
    }
    if (Object.keys(c.knobs).length > 0) parts.push(" (The article's values are for each case's own settings; the knobs changed some.)");
    const key = parts.map((x) => (typeof x === "string" ? x : x.textContent)).join("");
    if (key === this.key) return;
    this.key = key;
    this.line.replaceChildren(...parts);
    this.line.hidden = false;
  }
}
