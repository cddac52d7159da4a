// The classroom: for each article, exercises that ask for a prediction
// before anything runs, then run the model (full runs in the worker) and
// grade the prediction against what the model did, with an explanation.
//
// An attempt has a seed: it picks the exercise's variant (seed mod the
// number of variants) and seeds the simulator, so "another variant" is a
// new random seed, and a link with a seed gives everyone the same numbers.
// Grading happens in Go (the worker's scenario.Exercise.Grade) on the runs'
// results; the page never holds an answer. Progress is kept in the browser
// (localStorage). A teacher link (exercise=…&lock=heap_mb,pool, or
// lock=all) opens an exercise with those knobs locked: every load that
// would change them is refused, and the knob form shows them disabled.

import type { App, Current, Locks } from "./app";
import { byID, el, fmt } from "./dom";
import { Presenter } from "./presenter";
import { ThreadCard, Timeline, TimelineState } from "./timeline";
import { caseValues } from "./knobs";
import { copyText, linkQuery, selfURL } from "./link";
import type { Job } from "./runner";
import { errorText, ExerciseMeta, Grade, KnobValue, LoomError, RunResult, ScenarioMeta, Spec } from "./types";

const storageKey = "loomlab.classroom.v1";

/** What the browser remembers of one exercise. */
export interface ExerciseProgress {
  attempts: number;
  correct: number;
  last?: { seed: number; answer: string; correct: boolean; model: string; at: string };
}

type Progress = Record<string, ExerciseProgress>;

function loadProgress(): Progress {
  try {
    const v = JSON.parse(localStorage.getItem(storageKey) ?? "{}") as unknown;
    return v && typeof v === "object" ? (v as Progress) : {};
  } catch {
    return {};
  }
}

function saveProgress(p: Progress): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(p));
  } catch {
    // Private mode or storage full: progress is then kept for this page only.
  }
}

/** A seed for a new attempt. */
function randomSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return (a[0] % 999_999) + 1;
}

/** An attempt: an exercise, a seed, the variant it picks. */
export interface Attempt {
  ex: ExerciseMeta;
  seed: number;
  variant: ExerciseMeta["variants"][number];
}

export function attempt(ex: ExerciseMeta, seed: number): Attempt {
  return { ex, seed, variant: ex.variants[seed % ex.variants.length] };
}

/** The knob value a spec side gets: override, else the case's, else the default. */
function effective(s: ScenarioMeta, caseID: string, knobs: Record<string, KnobValue>, name: string): string {
  if (knobs[name] !== undefined) return String(knobs[name]);
  const cv = caseValues(s.cases.find((c) => c.id === caseID));
  return cv[name] ?? s.knobs.find((k) => k.name === name)?.default ?? "";
}

function same(a: string, b: string): boolean {
  const x = Number(a);
  const y = Number(b);
  if (a.trim() !== "" && b.trim() !== "" && Number.isFinite(x) && Number.isFinite(y)) return x === y;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The locks of a teacher link over one attempt: each locked knob keeps a value one of the exercise's runs uses. */
export class ExerciseLocks implements Locks {
  private readonly names: string[];
  constructor(
    private readonly s: ScenarioMeta,
    private readonly at: Attempt,
    lock: string[],
  ) {
    this.names = lock.includes("all") ? s.knobs.map((k) => k.name) : lock.filter((n) => s.knobs.some((k) => k.name === n));
  }

  all(): boolean {
    return this.names.length === this.s.knobs.length;
  }

  locked(): string[] {
    return [...this.names];
  }

  allowed(name: string): string[] {
    return [...new Set(this.at.variant.runs.map((r) => r.effective[name]))];
  }

  notes(): Map<string, string> {
    return new Map(this.names.map((n) => [n, `locked by the exercise "${this.at.ex.title}" (${this.allowed(n).join(" or ")})`]));
  }

  check(c: Current): void {
    const title = `the exercise "${this.at.ex.title}"`;
    if (c.s.id !== this.s.id) throw new LoomError(`${title} is open with locked knobs: it stays on ${this.s.id} (a link without lock= opens the playground freely)`);
    for (const caseID of c.compare ?? [c.caseID]) {
      if (this.all() && !this.at.variant.runs.some((r) => r.case === caseID)) {
        throw new LoomError(`${this.s.id}: case ${caseID} is locked by ${title}: expected ${this.at.variant.runs.map((r) => r.case).join(" or ")}`);
      }
      for (const n of this.names) {
        const v = effective(c.s, caseID, c.knobs, n);
        const ok = this.allowed(n);
        if (!ok.some((a) => same(a, v))) {
          throw new LoomError(`${this.s.id}: knob ${n}="${v}" is locked by ${title}: it stays ${ok.join(" or ")}`);
        }
      }
    }
  }
}

export class Classroom {
  private progress = loadProgress();
  private cur: Attempt | null = null;
  private job: { cancel(): void } | null = null;
  private graded: Grade | null = null;
  private readonly list: HTMLElement;
  private readonly card: HTMLElement;
  private readonly article: HTMLSelectElement;
  private readonly summary: HTMLElement;

  constructor(private readonly app: App) {
    // The exercise card sits above the picture; the list in its own section.
    this.card = el("section", { id: "exercise", class: "exercise", "aria-labelledby": "exercise-title", hidden: "" });
    byID("stage").querySelector(".frame-wrap")!.before(this.card);
    this.article = el("select", { id: "classroom-article", "aria-label": "Article" });
    this.summary = el("p", { id: "classroom-progress", class: "hint" });
    this.list = el("ol", { id: "exercise-list", class: "exercise-list" });
    const reset = el("button", { type: "button", id: "classroom-reset" }, "Forget my progress");
    const section = el(
      "section",
      { id: "classroom", class: "classroom", "aria-labelledby": "classroom-title" },
      el("h2", { id: "classroom-title" }, "Classroom: predict, then run"),
      el(
        "p",
        { class: "hint" },
        "Each exercise asks what the model will do before it runs. Lock in a prediction, then the model runs the setup (in the background, seconds at most) and grades your answer against its own result, with an explanation. A new variant changes the numbers. Progress is kept in this browser only.",
      ),
      el("div", { class: "row" }, el("label", { for: "classroom-article" }, "Article"), this.article, reset),
      this.summary,
      this.list,
    );
    const after = document.querySelector("main .charts-section") ?? byID("stage");
    after.after(section);

    for (const s of app.meta.scenarios) {
      if (this.exercises(s.id).length > 0) this.article.append(el("option", { value: s.id }, `${s.id} — ${this.exercises(s.id).length} exercises`));
    }
    this.article.addEventListener("change", () => this.renderList());
    reset.addEventListener("click", () => {
      if (!confirm("Forget every exercise's progress in this browser?")) return;
      this.progress = {};
      saveProgress(this.progress);
      this.renderList();
    });
    app.events.addEventListener("loaded", () => {
      const c = app.current();
      if (c && !this.cur && this.exercises(c.s.id).length > 0 && this.article.value !== c.s.id) {
        this.article.value = c.s.id;
        this.renderList();
      }
    });
    this.renderList();
  }

  exercises(scenario?: string): ExerciseMeta[] {
    return (this.app.meta.exercises ?? []).filter((e) => !scenario || e.scenario === scenario);
  }

  exercise(id: string): ExerciseMeta {
    const e = this.exercises().find((e) => e.id === id);
    if (!e) throw new LoomError(`unknown exercise "${id}": expected one of ${this.exercises().map((e) => e.id).join(", ")}`);
    return e;
  }

  /** The open attempt, if any. */
  current(): Attempt | null {
    return this.cur;
  }

  lastGrade(): Grade | null {
    return this.graded;
  }

  progressOf(id: string): ExerciseProgress {
    return this.progress[id] ?? { attempts: 0, correct: 0 };
  }

  /**
   * Opens an exercise: its variant for seed (a random one when not given),
   * the setup loaded in the playground (paused), and the knobs in `lock`
   * (names, or ["all"]) locked.
   */
  async open(id: string, seed?: number, lock: string[] = []): Promise<Attempt> {
    const ex = this.exercise(id);
    const s = this.app.scenario(ex.scenario);
    const at = attempt(ex, seed ?? randomSeed());
    this.job?.cancel();
    this.job = null;
    this.graded = null;
    // The new locks replace any old ones before the load: the setup keeps
    // them by construction, and the form and the URL show them at once.
    this.app.locks = lock.length > 0 ? new ExerciseLocks(s, at, lock) : null;
    this.cur = at;
    await this.app.load(this.setupSpec(at));
    this.app.bridge.pause();
    this.app.poll();
    this.article.value = ex.scenario;
    this.renderList();
    this.renderCard();
    return at;
  }

  /** Closes the exercise (and its locks). */
  close(): void {
    this.job?.cancel();
    this.job = null;
    this.cur = null;
    this.graded = null;
    this.app.locks = null;
    const c = this.app.current();
    if (c) this.app.load({ scenario: c.s.id, case: c.caseID, compare: c.compare ?? undefined, knobs: c.knobs, seed: c.seed }).catch(() => undefined);
    this.card.hidden = true;
    this.renderList();
  }

  /** The playground spec that shows an attempt: its first run, or its two runs side by side when they differ only in the case. */
  setupSpec(at: Attempt, run = 0): Spec {
    const runs = at.variant.runs;
    const r = runs[run] ?? runs[0];
    const sameKnobs = runs.length === 2 && JSON.stringify(runs[0].knobs) === JSON.stringify(runs[1].knobs) && runs[0].case !== runs[1].case;
    const spec: Spec = { scenario: at.ex.scenario, case: r.case, knobs: { ...r.knobs }, seed: at.seed };
    if (sameKnobs && run === 0) spec.compare = runs.map((x) => x.case);
    return spec;
  }

  /** Runs the attempt's runs in the worker and grades answer (a choice id, or a number) against the model's result. */
  async grade(answer: string, onProgress?: (fraction: number) => void): Promise<Grade> {
    const at = this.cur;
    if (!at) throw new LoomError("no exercise is open");
    const runs = at.variant.runs;
    const fractions = runs.map(() => 0);
    const jobs: Job<RunResult>[] = runs.map((r, i) =>
      this.app.runner.runFull({ scenario: at.ex.scenario, case: r.case, knobs: r.knobs, seed: at.seed }, (f) => {
        fractions[i] = Math.max(0, f);
        onProgress?.(fractions.reduce((a, b) => a + b, 0) / runs.length);
      }),
    );
    let gradeJob: Job<Grade> | null = null;
    this.job = {
      cancel: () => {
        jobs.forEach((j) => j.cancel());
        gradeJob?.cancel();
      },
    };
    const results = await Promise.all(jobs.map((j) => j.promise));
    gradeJob = this.app.runner.grade(at.ex.id, at.seed, results, answer);
    const g = await gradeJob.promise;
    this.job = null;
    if (this.cur !== at) throw new LoomError("cancelled");
    this.graded = g;
    const p = this.progressOf(at.ex.id);
    p.attempts++;
    if (g.correct) p.correct++;
    p.last = { seed: at.seed, answer: g.answerText, correct: g.correct, model: g.model.text, at: new Date().toISOString() };
    this.progress[at.ex.id] = p;
    saveProgress(this.progress);
    this.renderList();
    return g;
  }

  /** The teacher link of the open attempt: the same variant for everyone, with `lock` (knob names or ["all"]). */
  teacherLink(lock: string[]): string {
    const at = this.cur;
    if (!at) throw new LoomError("no exercise is open");
    const spec = this.setupSpec(at);
    const q = linkQuery(
      this.app.bridge,
      { scenario: spec.scenario, caseID: spec.case ?? "", compare: spec.compare ?? null, knobs: spec.knobs ?? {}, seed: at.seed },
      { exercise: at.ex.id, lock },
    );
    return selfURL(q);
  }

  /** Opens the exercise a link names (exercise=…, seed, lock), once the page has started. */
  async fromLink(): Promise<void> {
    const link = this.app.link?.link;
    const params = new URLSearchParams(location.search || location.hash.slice(1));
    const id = link?.exercise || params.get("exercise") || "";
    if (!id) return;
    if (!this.exercises().some((e) => e.id === id)) {
      this.app.message(`Link: unknown exercise "${id}": expected one of ${this.exercises().map((e) => e.id).join(", ")}`);
      return;
    }
    const seedText = params.get("seed");
    const seed = seedText && /^\d+$/.test(seedText) ? Number(seedText) : undefined;
    const lock = link?.lock?.length ? link.lock : (params.get("lock") ?? "").split(",").filter(Boolean);
    try {
      await this.open(id, seed, lock);
      this.card.scrollIntoView({ block: "start" });
    } catch (e) {
      this.app.message(`Link: exercise ${id}: ${errorText(e)}`);
    }
  }

  // ---- rendering ---------------------------------------------------------

  private renderList(): void {
    const sid = this.article.value || this.app.meta.scenarios[0]?.id;
    const exs = this.exercises(sid);
    const all = this.exercises();
    const done = all.filter((e) => this.progressOf(e.id).correct > 0).length;
    this.summary.textContent = `${done} of ${all.length} exercises answered right at least once in this browser.`;
    this.list.replaceChildren(
      ...exs.map((e) => {
        const p = this.progressOf(e.id);
        const mark = p.correct > 0 ? "✓" : p.attempts > 0 ? "○" : "";
        const status = p.correct > 0 ? `right ${p.correct} of ${p.attempts}` : p.attempts > 0 ? `${p.attempts} tried, not yet right` : "not tried";
        const b = el("button", { type: "button", class: "exercise-open", "data-exercise": e.id, "aria-current": String(this.cur?.ex.id === e.id) }, e.title);
        // A teacher's locks keep the class on their exercise.
        b.disabled = this.app.locks instanceof ExerciseLocks && this.cur?.ex.id !== e.id;
        b.addEventListener("click", () =>
          this.open(e.id).then(
            () => this.card.scrollIntoView({ block: "start", behavior: "smooth" }),
            (err: unknown) => this.app.message(errorText(err)),
          ),
        );
        return el(
          "li",
          { class: p.correct > 0 ? "done" : "" },
          el("span", { class: "mark", "aria-hidden": "true" }, mark),
          b,
          el("span", { class: "ex-kind" }, e.kind === "choice" ? "choose" : `a number${e.unit ? ` (${e.unit})` : ""}`),
          el("span", { class: "ex-status" }, status),
        );
      }),
    );
  }

  private renderCard(): void {
    const at = this.cur;
    const box = this.card;
    if (!at) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const ex = at.ex;
    const s = this.app.scenario(ex.scenario);
    const idx = this.exercises(ex.scenario).findIndex((e) => e.id === ex.id);
    const form = el("form", { id: "exercise-form", class: "exercise-answer", novalidate: "" });
    let input: HTMLInputElement | null = null;
    if (ex.kind === "choice") {
      const fs = el("fieldset", {}, el("legend", {}, "Your prediction"));
      for (const c of ex.choices) {
        const r = el("input", { type: "radio", name: "answer", value: c.id, id: `answer-${c.id}` });
        fs.append(el("label", { class: "choice", for: `answer-${c.id}` }, r, " ", c.text));
      }
      form.append(fs);
    } else {
      input = el("input", { type: "text", id: "answer-number", name: "answer", inputmode: "decimal", autocomplete: "off", "aria-describedby": "answer-help" });
      form.append(
        el("label", { for: "answer-number" }, "Your prediction"),
        el("div", { class: "row" }, input, ex.unit ? el("span", { class: "unit" }, ex.unit) : ""),
        el("small", { id: "answer-help", class: "help" }, `Graded right within ${ex.tolerance ?? "a tolerance"} of the model's value.`),
      );
    }
    const submit = el("button", { type: "submit", id: "exercise-check" }, "Lock in my prediction and run the model");
    const bar = el("progress", { id: "exercise-progress", max: "1", value: "0", hidden: "" });
    const status = el("span", { id: "exercise-status", class: "progress-label", "aria-live": "polite" });
    form.append(el("div", { class: "row" }, submit, bar, status));
    const result = el("div", { id: "exercise-result", class: "exercise-result", "aria-live": "polite" });

    const answer = (): string => {
      if (ex.kind === "choice") return (form.querySelector<HTMLInputElement>("input[name=answer]:checked")?.value ?? "").trim();
      return (input?.value ?? "").trim();
    };
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const a = answer();
      if (!a) {
        status.textContent = ex.kind === "choice" ? "Pick one answer first." : "Type a number first.";
        return;
      }
      for (const i of form.querySelectorAll<HTMLInputElement>("input")) i.disabled = true;
      submit.disabled = true;
      bar.hidden = false;
      bar.value = 0;
      status.textContent = "Prediction locked in. Running the model…";
      this.grade(a, (f) => {
        bar.value = f;
        status.textContent = `Running the model… ${Math.round(f * 100)} %`;
      }).then(
        (g) => {
          bar.hidden = true;
          status.textContent = "";
          this.renderResult(result, g);
        },
        (e: unknown) => {
          bar.hidden = true;
          const msg = errorText(e);
          if (msg === "cancelled") return;
          status.textContent = `The model could not run: ${msg}`;
          for (const i of form.querySelectorAll<HTMLInputElement>("input")) i.disabled = false;
          submit.disabled = false;
        },
      );
    });

    const again = el("button", { type: "button", id: "exercise-variant" }, "Another variant");
    again.addEventListener("click", () => void this.open(ex.id, undefined, this.app.locks instanceof ExerciseLocks ? this.lockList() : []).catch((e: unknown) => this.app.message(errorText(e))));
    const next = el("button", { type: "button", id: "exercise-next" }, "Next exercise");
    const list = this.exercises(ex.scenario);
    next.disabled = this.app.locks !== null || list.length < 2;
    next.addEventListener("click", () => void this.open(list[(idx + 1) % list.length].id).catch((e: unknown) => this.app.message(errorText(e))));
    const close = el("button", { type: "button", id: "exercise-close" }, "Close");
    close.disabled = this.app.locks !== null;
    close.addEventListener("click", () => this.close());

    const lockAll = el("input", { type: "checkbox", id: "teacher-lock-all" });
    const teacher = el("button", { type: "button", id: "teacher-link" }, "Copy teacher link");
    const teacherOut = el("input", { type: "text", id: "teacher-link-text", readonly: "", "aria-label": "Teacher link", hidden: "" });
    teacher.addEventListener("click", () => {
      try {
        const url = this.teacherLink(lockAll.checked ? ["all"] : ex.lock);
        teacherOut.value = url;
        teacherOut.hidden = false;
        void copyText(url).then((ok) => (status.textContent = ok ? "Teacher link copied." : "Copy the teacher link below."));
      } catch (e) {
        this.app.message(errorText(e));
      }
    });

    const setup = at.variant.runs.map((r) => el("li", {}, el("strong", {}, r.label), `: ${r.case}`, Object.keys(r.knobs).length ? ` with ${Object.entries(r.knobs).map(([k, v]) => `${k}=${v}`).join(", ")}` : "")).filter(Boolean);
    const locked = this.app.locks?.notes();
    box.replaceChildren(
      el("h2", { id: "exercise-title" }, `Exercise ${idx + 1} of ${list.length} · ${s.id}: ${ex.title}`),
      el("p", { class: "question" }, at.variant.question),
      el("details", { class: "exercise-setup" }, el("summary", {}, `The setup (variant ${at.ex.variants.indexOf(at.variant) + 1} of ${ex.variants.length}, seed ${at.seed})`), el("ul", {}, ...setup), el("p", { class: "hint" }, "The picture shows this setup, paused: you may watch it before predicting. The grade always comes from the model's full run of exactly this setup.")),
      locked && locked.size > 0 ? el("p", { class: "locks" }, `🔒 Locked by your teacher: ${[...locked.keys()].join(", ")}.`) : "",
      form,
      result,
      el("div", { class: "row exercise-nav" }, again, next, close),
      el("details", { class: "teacher" }, el("summary", {}, "For teachers"), el("p", { class: "hint" }, `The link opens this exercise with this variant (seed ${at.seed}) and locks ${ex.lock.join(", ")} — the knobs that would give the answer away — or every knob and the case.`), el("div", { class: "row" }, el("label", { class: "check", for: "teacher-lock-all" }, lockAll, " lock every knob"), teacher), teacherOut),
    );
  }

  private lockList(): string[] {
    const l = this.app.locks;
    if (!(l instanceof ExerciseLocks)) return [];
    return l.all() ? ["all"] : l.locked();
  }

  private renderResult(box: HTMLElement, g: Grade): void {
    const at = this.cur;
    const watch = el("button", { type: "button", id: "exercise-watch" }, "Watch it in the playground");
    watch.addEventListener("click", () => {
      if (!at) return;
      this.app.load(this.setupSpec(at)).then(
        () => {
          this.app.bridge.play();
          this.app.poll();
        },
        () => undefined,
      );
    });
    const other =
      at && at.variant.runs.length === 2 && !this.setupSpec(at).compare
        ? (() => {
            const b = el("button", { type: "button" }, `Show ${at.variant.runs[1].label}`);
            b.addEventListener("click", () => void this.app.load(this.setupSpec(at, 1)).then(() => this.app.poll(), () => undefined));
            return b;
          })()
        : "";
    box.replaceChildren(
      el("p", { class: `verdict ${g.correct ? "right" : "wrong"}`, id: "exercise-verdict", "data-correct": String(g.correct) }, g.correct ? "✓ Right." : "✗ Not this time.", ` You predicted ${g.answerText}; the model: ${g.model.text}${g.tolerance ? ` (right within ${g.tolerance})` : ""}.`),
      el("p", { class: "measure" }, `Measured: ${g.measure}${g.kind === "choice" ? ` = ${fmt(g.model.value)}` : ""}.`),
      el("table", { class: "result" }, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Run"), el("th", { scope: "col" }, g.runs[0]?.metric ?? "metric"))), el("tbody", {}, ...g.runs.map((r) => el("tr", {}, el("td", {}, `${r.label} (${r.case})`), el("td", {}, fmt(r.value)))))),
      el("p", { class: "explanation" }, g.explanation),
      el("div", { class: "row" }, watch, other),
    );
  }
}

// ---- wiring ----------------------------------------------------------------

declare module "./api" {
  interface LoomLab {
    /** The timeline bar and follow card (main page only). */
    timeline?: {
      state(): TimelineState | null;
      scrub(ns: number): void;
      live(): void;
      step(kind: string, back?: boolean): boolean;
      followAny(): ThreadCard | null;
      pick(x: number, y: number): boolean;
      card(): ThreadCard | null;
      unfollow(): void;
    };
    /** The classroom (main page only). */
    classroom?: {
      exercises(scenario?: string): ExerciseMeta[];
      open(id: string, seed?: number, lock?: string[]): Promise<{ id: string; seed: number; question: string }>;
      grade(answer: string): Promise<Grade>;
      teacherLink(lock: string[]): string;
      progress(id: string): ExerciseProgress;
      close(): void;
    };
    presenter?: { enter(): void; exit(): void; active(): boolean };
  }
}

/** Builds the timeline bar, the follow card, the classroom and the presenter view on the main page. */
export function teach(app: App, ready: Promise<void>): void {
  const timeline = new Timeline(app);
  const room = new Classroom(app);
  const presenter = new Presenter(app);
  app.linkExtras = () => {
    const at = room.current();
    if (!at) return {};
    const l = app.locks;
    const lock = l instanceof ExerciseLocks ? (l.all() ? ["all"] : l.locked()) : [];
    return lock.length > 0 ? { exercise: at.ex.id, lock } : { exercise: at.ex.id };
  };
  window.loomlab.timeline = {
    state: () => timeline.current(),
    scrub: (ns) => timeline.scrub(ns),
    live: () => timeline.toLive(),
    step: (kind, back = false) => {
      timeline.setKind(kind);
      return timeline.step(back);
    },
    followAny: () => {
      timeline.followAny();
      return timeline.followed();
    },
    pick: (x, y) => timeline.pick(x, y),
    card: () => timeline.followed(),
    unfollow: () => timeline.unfollow(),
  };
  window.loomlab.classroom = {
    exercises: (s) => room.exercises(s),
    open: async (id, seed, lock) => {
      const at = await room.open(id, seed, lock ?? []);
      return { id: at.ex.id, seed: at.seed, question: at.variant.question };
    },
    grade: (answer) => room.grade(answer),
    teacherLink: (lock) => room.teacherLink(lock),
    progress: (id) => room.progressOf(id),
    close: () => room.close(),
  };
  window.loomlab.presenter = { enter: () => presenter.enter(), exit: () => presenter.exit(), active: () => presenter.active() };
  void ready.then(async () => {
    await room.fromLink();
    if (app.link?.link.present) presenter.enter();
  });
}
