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
import { caseValues, variedKnobs } from "./knobs";
import { markPictured } from "./titlemark";
import { FigureMeta, GameState, SideState, sidesOf } from "./types";

/** A metric the live state can show: its words, its unit, and its value so far. */
interface LiveMetric {
  words: string;
  unit: string;
  /** The verb a case's value takes in a sentence ("have 34 % less throughput"). */
  verb: string;
  /** Over what the article measured it (" over the whole run"), if that needs saying. */
  span?: string;
  /** The change is also said as a difference in the unit ("78 MB, 40 % less"): a headline may state it so. */
  difference?: boolean;
  /** The side's value so far, or null when there is none yet (no time has passed). */
  now(s: SideState, t: number): number | null;
  /**
   * A value known only at the run's end (a time to finish): the picture
   * says how far each side has got instead of a number.
   */
  atEnd?: (s: SideState) => string;
}

const perSecond = (done: number, t: number): number | null => (t > 0 ? done / (t / 1e9) : null);

const liveMetrics: Record<string, LiveMetric> = {
  throughput_rps: {
    words: "Throughput",
    unit: "requests per second",
    verb: "have",
    span: " over the whole run",
    now: (s, t) => perSecond(s.requestsDone, t),
  },
  rss_mb: { words: "Resident memory", unit: "MB", verb: "have", difference: true, now: (s) => (s.rssMb > 0 ? s.rssMb : null) },
  elapsed_ms: {
    words: "Time to finish every request",
    unit: "ms",
    verb: "take",
    now: () => null,
    atEnd: (s) => (s.done ? "finished" : `${fmt(s.requestsDone)} requests done`),
  },
};

/**
 * Over what the article measured the figure, as the cases' own knobs set
 * the model's window: from the warm-up's end for measure_s in a scenario
 * with a warm-up (" from 30 to 60 s of each run"), said even with one case
 * shown: a reader divided the picture's "requests done 206,608" by its
 * 1.98 s (104,000 a second) and took the article's 71,252 for the same
 * quantity, which is counted after the Full GCs have piled up. Otherwise
 * the metric's own span (" over the whole run"), said only beside the
 * model's values so far, which it tells apart from.
 */
function spanOf(c: Current, ids: string[], m: LiveMetric, single: boolean): string {
  if (!m.span) return "";
  const knob = (name: string) => c.s.knobs.find((k) => k.name === name);
  const warm = knob("warmup_s"), measure = knob("measure_s");
  if (warm && measure) {
    const windows = new Set(
      ids.map((id) => {
        const v = caseValues(c.s.cases.find((x) => x.id === id));
        const from = Number(v.warmup_s ?? warm.default);
        return `${fmt(from)} to ${fmt(from + Number(v.measure_s ?? measure.default))} s`;
      }),
    );
    if (windows.size === 1) return ` from ${[...windows][0]} of ${ids.length > 1 ? "each" : "the"} run`;
  }
  return single ? "" : m.span;
}

/** The figure chosen for the cases shown: the subject's and the others' article values. */
interface Pick {
  metric: string;
  live: LiveMetric;
  /** Article values by case, in the picture's order. */
  article: Map<string, number>;
  /** The cases compared: two as the baseline, then the subject (caseSets), or the compared ones in the picture's order. */
  ids: string[];
}

/** The article's value of metric for case id (a number, not an ordering). */
function articleValue(figs: FigureMeta[], id: string, metric: string): number | null {
  const f = figs.find((x) => x.case === id && x.metric === metric && !x.than && x.value > 0);
  return f ? f.value : null;
}

/**
 * The sets of cases the line may compare, best first: the compared ones; or
 * the shown case with each other case (the baseline, then the subject),
 * nearest first: the fewest knobs set
 * differently, then those whose knobs differ only where the scenario's
 * compared cases differ (what its story is about), then the compared cases
 * before the rest. Shown 4g-pool, the line compared it with the scenario's
 * first compared case, 1g-nopool: heap and pooling both differed, and its
 * "33 % more" matched none of the title's figures (a newcomer's look);
 * 4g-nopool differs in pooling alone, as the compared 1g cases do, and the
 * title's +13.5 % is that pair's.
 */
function caseSets(c: Current): string[][] {
  if (c.compare && c.compare.length > 1) return [c.compare];
  const valuesOf = (id: string) => caseValues(c.s.cases.find((x) => x.id === id));
  const own = valuesOf(c.caseID);
  const story = variedKnobs(c.s, c.s.compare);
  const differing = (id: string) => {
    const v = valuesOf(id);
    return c.s.knobs.filter((k) => (v[k.name] ?? k.default) !== (own[k.name] ?? k.default)).map((k) => k.name);
  };
  const score = (id: string) => {
    const d = differing(id);
    return 2 * d.length + (d.every((k) => story.has(k)) ? 0 : 1);
  };
  const rank = (id: string) => {
    const i = c.s.compare.indexOf(id);
    return i < 0 ? c.s.compare.length : i;
  };
  const others = c.s.cases.map((x) => x.id).filter((id) => id !== c.caseID);
  others.sort((a, b) => score(a) - score(b) || rank(a) - rank(b));
  // The subject goes last, as in the scenario's compared cases: shown
  // 4g-nopool, the line is still about pooling's change ("10,000 pooled
  // virtual threads have 13.5 % more"), not its inverse, which matched no
  // figure of the title.
  const base = c.s.compare.length > 1 ? valuesOf(c.s.compare[0]) : null;
  const isBase = (v: Record<string, string>) =>
    base !== null && story.size > 0 && [...story].every((k) => (v[k] ?? defaultOf(c, k)) === (base[k] ?? defaultOf(c, k)));
  return others.map((o) => (isBase(own) && !isBase(valuesOf(o)) ? [c.caseID, o] : [o, c.caseID]));
}

/** Knob k's default value in the shown scenario. */
function defaultOf(c: Current, k: string): string {
  return c.s.knobs.find((x) => x.name === k)?.default ?? "";
}

function pick(c: Current): Pick | null {
  for (const ids of caseSets(c))
    for (const f of c.s.figures) {
      const live = liveMetrics[f.metric];
      if (!live || f.than) continue;
      const article = new Map<string, number>();
      for (const id of ids) {
        const v = articleValue(c.s.figures, id, f.metric);
        if (v !== null) article.set(id, v);
      }
      if (article.size === ids.length) return { metric: f.metric, live, article, ids };
    }
  return null;
}

/**
 * b against a in words: "34 % less", "13.5 % more"; with m.difference also
 * the difference in the unit ("78 MB, 40 % less"). A sign alone ("−34 %")
 * left readers asking which side it favoured.
 */
function change(b: number, a: number, m?: LiveMetric): string {
  const p = (b / a - 1) * 100;
  // A change under 20 % keeps its tenth, as the stories' titles give it
  // ("+13.5 %"): rounded to "13 %" it read as another figure than the title's.
  const d = Math.abs(p) >= 20 ? 0 : 1;
  const size = Math.abs(p).toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  if (Number(size) === 0) return "about the same";
  const pct = `${size} % ${p < 0 ? "less" : "more"}`;
  return m?.difference ? `${fmt(Math.abs(b - a))} ${m.unit}, ${pct}` : pct;
}

/**
 * The verb as the case's name takes it: "a new virtual thread per request
 * takes", "loom-carrier has", "10,000 pooled virtual threads have". A name
 * is one thing when it starts with "a"/"an"/"one" or is one word without a
 * plural "s"; "a new virtual thread per request take" read as a slip.
 */
function verbFor(name: string, verb: string): string {
  const words = name.trim().split(/\s+/);
  const one = /^(a|an|one)$/i.test(words[0]) || (words.length === 1 && !/s$/i.test(words[0]));
  if (!one) return verb;
  return verb === "have" ? "has" : `${verb}s`;
}

/** The cases' titles as parts ("1 GB heap", "10,000 pooled virtual threads"). */
const titleParts = (c: Current, id: string): string[] => (c.s.cases.find((x) => x.id === id)?.title ?? id).split(", ");

/**
 * The cases' names as the picture's headers give them (their titles), less
 * the words every one of them starts with ("1 GB heap, "): what tells them
 * apart; and those shared words (the setting they are compared under).
 */
function caseNames(c: Current, ids: string[]): { names: string[]; setting: string[] } {
  const parts = ids.map((id) => titleParts(c, id));
  let common = 0;
  while (parts.every((p) => p.length > common + 1 && p[common] === parts[0][common])) common++;
  return { names: parts.map((p) => p.slice(common).join(", ")), setting: parts[0].slice(0, common) };
}

/**
 * Where the title names a setting ("1 GB heap"): the first place it gives
 * the setting's figure ("1 GB"), its last word ("heap") left off as a title
 * says it once ("+13.5 % with a 4 GB heap, −34 % with 1 GB"); a setting the
 * title does not name comes after those it does.
 */
function titleIndex(title: string, setting: string): number {
  const words = setting.split(" ");
  const key = words.length > 1 ? words.slice(0, -1).join(" ") : setting;
  const m = new RegExp(`(^|[^0-9.,])${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![0-9])`).exec(title);
  return m ? m.index : Number.MAX_SAFE_INTEGER;
}

/** The same pair under another setting the article measured: its words and the two article values. */
interface OtherSetting {
  setting: string;
  values: [number, number];
}

/**
 * The pair of cases named like ids (the same names) under the scenario's
 * other settings ("4 GB heap"), where the article gives the metric for
 * both: the title states every heap's change, so the line gives each
 * heap's two values.
 */
function otherSettings(c: Current, ids: string[], names: string[], setting: string[], metric: string): OtherSetting[] {
  if (setting.length === 0) return [];
  const bySetting = new Map<string, Map<string, string>>();
  for (const k of c.s.cases) {
    const parts = titleParts(c, k.id);
    if (parts.length <= setting.length) continue;
    const key = parts.slice(0, setting.length).join(", ");
    if (key === setting.join(", ")) continue;
    if (!bySetting.has(key)) bySetting.set(key, new Map());
    bySetting.get(key)!.set(parts.slice(setting.length).join(", "), k.id);
  }
  const out: OtherSetting[] = [];
  for (const [key, cases] of bySetting) {
    const vals = names.map((n) => {
      const id = cases.get(n);
      return id ? articleValue(c.s.figures, id, metric) : null;
    });
    if (vals.length === 2 && vals[0] !== null && vals[1] !== null && ids.length === 2) out.push({ setting: key, values: [vals[0], vals[1]] });
  }
  return out;
}

/**
 * What to do to see the gap open, at the speed set: at the opening's "20×
 * slower" the run would take minutes to get seconds further, and a reader
 * of stop 68 doubted they would ever see it.
 */
function watchGap(st: GameState): string {
  return st.speed > 0 && st.speed < 1 ? "▶ Play at real time or faster to watch the gap open" : "▶ Play to watch the gap open";
}

/** The headline's figure line under the story's title (#headline-figures). */
export class HeadlineFigures {
  private key = "";

  constructor(
    private readonly line: HTMLElement,
    private readonly title: HTMLElement,
  ) {}

  update(c: Current | null, st: GameState): void {
    const p = c ? pick(c) : null;
    if (!c || !p) {
      markPictured(this.title, null);
      if (this.key !== "") {
        this.key = "";
        this.line.replaceChildren();
        this.line.hidden = true;
      }
      return;
    }
    // Two cases: the subject first (the case the story is about, compared
    // last), as the change reads; more: in the picture's order, left to right.
    const ids = p.ids;
    const { names, setting } = caseNames(c, ids);
    const shown = new Map(sidesOf(st).map((s) => [s.case, s]));
    const t = st.simTimeNs;
    const two = ids.length === 2;
    const article = (i: number) => p.article.get(ids[i])!;
    const name = (i: number) => el("span", { class: "hf-case" }, names[i]);
    const parts: (Node | string)[] = [];
    let pictured: number | null = null;
    // One case in the picture and no run of the other beside it: the
    // article's figures alone. Its live value beside them said nothing
    // without the other case's ("91,653 so far for this case").
    const single = !(c.compare && c.compare.length > 1);
    const m = p.live;
    const span = spanOf(c, ids, m, single);
    // The time with its unit on its line ("1.98" ending a line, "s" opening the next).
    const when = fmtTime(t).replace(" ", "\u00a0");
    if (two) {
      // "In the article: <pooled> have 34 % less throughput than <per request>: 71,252 against 108,272 requests
      // per second." The change in words says which side it favours. Every setting the title names gets its
      // change and its two values, in the order the title names them: the title led with 4 GB and the line
      // with 1 GB, and a reader read the two as disagreeing.
      const settings = [{ setting: setting.join(", "), values: [article(0), article(1)] as [number, number] }, ...otherSettings(c, ids, names, setting, p.metric)];
      const at = (x: string) => titleIndex(c.s.title, x);
      settings.sort((x, y) => at(x.setting) - at(y.setting));
      // The title gives a figure per setting: it marks the one pictured.
      pictured = settings.length > 1 ? at(setting.join(", ")) : null;
      const pair = (o: OtherSetting) => `${fmt(o.values[1])} against ${fmt(o.values[0])}`;
      parts.push(el("strong", {}, "In the article:"), " ");
      if (settings.length === 1) {
        parts.push(name(1), ` ${verbFor(names[1], m.verb)} ${change(article(1), article(0), m)} ${m.words.toLowerCase()} than `, name(0));
        parts.push(`: ${pair(settings[0])} ${m.unit}${span}. `);
      } else {
        // "with the 4 GB heap, <pooled> have 13.5 % more throughput than <per request> (143,966 against 126,851
        // requests per second); with the 1 GB heap, 34 % less (71,252 against 108,272)."
        // The setting of the cases drawn is marked "(pictured)" in the title
        // (titlemark.ts), not here: a reader took the title's first figure
        // (+13.5 % with 4 GB) for what the picture showed, which is the
        // 1 GB heap's run.
        settings.forEach((o, i) => {
          const ch = change(o.values[1], o.values[0], m);
          if (i === 0) {
            parts.push(`with the ${o.setting}, `, name(1), ` ${verbFor(names[1], m.verb)} ${ch} ${m.words.toLowerCase()} than `, name(0));
            parts.push(` (${pair(o)} ${m.unit}${span})`);
          } else parts.push(`; with the ${o.setting}, ${ch} (${pair(o)})`);
        });
        parts.push(". ");
      }
    } else {
      parts.push(el("strong", {}, "In the article:"), ` ${m.words.toLowerCase()}${span}: `);
      ids.forEach((_, i) => {
        if (i > 0) parts.push("; ");
        parts.push(name(i), ` ${fmt(article(i))} ${m.unit}`);
      });
      parts.push(". ");
    }
    // The model so far, in the same order: the subject, then the case it is
    // compared with (drawn beside it, or run beside a single shown case).
    const order = two ? [1, 0] : ids.map((_, i) => i);
    const inPicture = single ? [] : order.filter((i) => shown.has(ids[i]));
    // One case shown with the other's run beside it: the two runs' rates
    // so far in a shorter form, below.
    if (inPicture.length > 0) {
      parts.push(el("strong", {}, `In the picture at ${when}`), ": ");
      if (m.atEnd) {
        const done = inPicture.filter((i) => shown.get(ids[i])!.done);
        const notYet = inPicture.filter((i) => !shown.get(ids[i])!.done);
        const list = (xs: number[]) => xs.map((i) => names[i]).join("; ");
        if (done.length === 0) parts.push(inPicture.length > 1 ? "none has finished yet." : "not finished yet.");
        else if (notYet.length === 0) parts.push(inPicture.length > 1 ? "all have finished." : "finished.");
        else parts.push(`finished: ${list(done)}; not yet: ${list(notYet)}.`);
      } else {
        const join = two ? " against " : "; ";
        const vals = inPicture.map((i) => m.now(shown.get(ids[i])!, t));
        // A long unit ("requests per second") once, after the last value: a reader
        // took "91,653 against 91,822 so far" for a count with no unit.
        const long = m.unit.includes(" ");
        const unit = long ? "" : ` ${m.unit}`;
        parts.push(vals.map((v) => (v === null ? "—" : fmt(v) + unit)).join(join));
        if (long && vals.some((v) => v !== null)) parts.push(` ${m.unit}`);
        parts.push(inPicture.length > 1 ? " so far" : " so far for this case");
        const va = shown.get(ids[0]) ? m.now(shown.get(ids[0])!, t) : null;
        const vb = shown.get(ids[1]) ? m.now(shown.get(ids[1])!, t) : null;
        const both = two && va !== null && vb !== null && va > 0;
        parts.push(both ? ` (${change(vb!, va!, m)}).` : ".");
        if (both && this.gapOpens(va!, vb!, article(0), article(1))) parts.push(` The article's figure is${span || " over its whole run"}: ${watchGap(st)}.`);
      }
    }
    // No rates so far beside a single shown case with the compared run
    // drawn (the opening): stop 68 said them here, and the line's third
    // line shrank the 1200x800 picture below the size that draws the
    // compared run, which then vanished from the first screen (the opening
    // subtest, on a fresh clone). The pair's CPU a request and shares
    // (game/view) carry the sum instead.
    if (Object.keys(c.knobs).length > 0) parts.push(" (The article's values are for each case's own settings; the knobs changed some.)");
    markPictured(this.title, pictured, t > 0 ? when : "");
    const key = parts.map((x) => (typeof x === "string" ? x : x.textContent)).join("");
    if (key === this.key) return;
    this.key = key;
    this.line.replaceChildren(...parts);
    this.line.hidden = false;
  }

  /**
   * Early in a run the live gap is a fraction of the article's (which is
   * over the whole run): say so, or "91,653 against 91,822 (0.2 % less)"
   * under "34 % less" reads as the model disagreeing.
   */
  private gapOpens(va: number, vb: number, a0: number, a1: number): boolean {
    if (a0 <= 0) return false;
    const want = Math.abs(a1 / a0 - 1), got = Math.abs(vb / va - 1);
    return want > 0.05 && got < want / 3;
  }
}
