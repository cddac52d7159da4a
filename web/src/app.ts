// The page: scenario picker, article text, knobs, controls, live charts,
// compare call-outs, the article-vs-model table and full runs. It drives the
// playground in the iframe through GameBridge and the worker through Runner;
// the simulator (Go) is the authority on every value.

import { GameBridge } from "./bridge";
import { Callouts } from "./callouts";
import { Charts, SideSample } from "./charts";
import { byID, el, fmt, fmtTime } from "./dom";
import { caseValues, KnobForm, knobForm, variedKnobs } from "./knobs";
import { LinkState, linkSpec, pageQuery, parseLink, ParsedLink, previewParam, withExerciseScenario } from "./link";
import { Job, Progress, Runner } from "./runner";
import { Action, messageItem, PlaygroundWatch, tryAgain } from "./failure";
import { checkSpec, Current, findScenario, loadSpec } from "./spec";
import { speeds, speedText } from "./speeds";
import { GameState, KnobValue, LatencyWindow, LoomError, MetaFile, RunResult, ScenarioMeta, SideState, Spec, Verification } from "./types";
import { verifyCases, VerifyPanel } from "./verify";
import { mainPageStory } from "./story";

export type { Current };

export { speedText };

const pollMs = 250;

/** Knob locks a classroom exercise puts on every load (classroom.ts). */
export interface Locks {
  /** Throws a LoomError naming the knob when c would change a locked one. */
  check(c: Current): void;
  /** The locked knobs, each with the note the knob form shows. */
  notes(): Map<string, string>;
  /** Everything is locked: the case, compare and the seed too. */
  all(): boolean;
}

export class App {
  readonly bridge: GameBridge;
  readonly runner: Runner;
  private charts: Charts;
  private callouts: Callouts;
  private verifyPanel: VerifyPanel;
  private form: KnobForm | null = null;
  private cur: Current | null = null;
  private shown: string | null = null;
  private prev: { t: number; done: number[] } | null = null;
  private lat: (LatencyWindow | null)[] = [];
  private fullJob: Job<RunResult> | null = null;
  private watch: PlaygroundWatch;
  /** The link the page was opened with, as the simulator read it (null: none). */
  link: ParsedLink | null = null;
  /** Locks a classroom exercise holds (null: none). */
  locks: Locks | null = null;
  /** Link fields another part of the page adds to the page's own link (the open exercise and its locks). */
  linkExtras: (() => Partial<LinkState>) | null = null;
  /**
   * Events for the page's other parts: "loaded" after a simulation was
   * loaded, "state" (detail: the GameState) after each poll, "speed" after
   * the speed control changed it.
   */
  readonly events = new EventTarget();
  /** Milliseconds from navigation to the playground's API and to the first loaded simulation. */
  readonly timings = { gameReadyMs: NaN, firstLoadMs: NaN };

  constructor(readonly meta: MetaFile) {
    this.bridge = new GameBridge(byID<HTMLIFrameElement>("game"), (m) => this.watch.report(m));
    this.watch = new PlaygroundWatch(
      this.bridge,
      (text, actions) => this.message(text, "error", actions),
      () => this.resetAndPlay(),
      () => ["playpause", "step", "reset", "speed"].forEach((id) => (byID<HTMLButtonElement>(id).disabled = true)),
    );
    this.runner = new Runner(new URL(__LOOM_WORKER_URL__, document.baseURI).href);
    this.charts = new Charts(byID("charts"));
    this.callouts = new Callouts(byID("callouts"));
    this.verifyPanel = new VerifyPanel(byID("verify"), this.runner, (m, retry) => this.message(m, "error", [{ label: "Retry", run: retry }]));
    this.buildPicker();
    this.wireControls();
    mainPageStory(this);
  }

  /** The background workers (full runs, verification, grading). */
  workers(): Runner {
    return this.runner;
  }

  // ---- messages ----------------------------------------------------------

  /** Shows a message in the page's message area (kept until dismissed; the newest five), with buttons for its ways out. */
  message(text: string, kind: "error" | "info" = "error", actions: Action[] = []): void {
    const box = byID("messages");
    box.append(messageItem(text, kind, actions));
    while (box.children.length > 5) box.firstElementChild?.remove();
  }

  // ---- loading -----------------------------------------------------------

  scenario(id: string): ScenarioMeta {
    return findScenario(this.meta, id);
  }

  /** Checks a spec against scenarios.json (see checkSpec). */
  check(spec: Spec): Current {
    return checkSpec(this.meta, spec);
  }

  /** Loads a spec into the playground; on refusal the old simulation keeps running and the message is shown and thrown. */
  async load(spec: Spec): Promise<Current> {
    const check = (s: Spec): Current => {
      const c = this.check(s);
      this.locks?.check(c);
      return c;
    };
    const c = await loadSpec(this.bridge, spec, check, (m) => this.message(m));
    this.cur = c;
    this.render(c);
    this.restartCharts();
    this.events.dispatchEvent(new Event("loaded"));
    return c;
  }

  /** Loads from the page's own controls; errors are shown, not thrown. */
  private async loadFromUI(spec: Spec, play: boolean): Promise<void> {
    try {
      await this.load(spec);
      if (play) this.bridge.play();
      this.poll();
    } catch {
      if (this.cur) this.renderControls(this.cur); // the old simulation is still the one shown
    }
  }

  /** The page's initial scenario: the first article, comparing its cases. */
  initialSpec(): Spec {
    const s = this.meta.scenarios[0];
    return { scenario: s.id, compare: s.compare.length >= 2 ? s.compare : undefined, seed: 1 };
  }

  async start(): Promise<void> {
    let spec = this.initialSpec();
    const query = pageQuery();
    // The text, knobs and table show while the playground starts: the
    // linked scenario's if the link names a known one (a preview only; the
    // simulator reads the link once it is up).
    const hint = previewParam(query, "scenario", this.meta.scenarios.map((s) => s.id));
    this.render(this.check(hint ? { scenario: hint } : spec));
    try {
      await this.bridge.ready;
    } catch (e) {
      // No WebGL2, the wasm did not download, the Go program died while
      // starting: the animation cannot run, the rest of the page can.
      const err = LoomError.from(e);
      const reason = this.bridge.startFailure || err.message;
      this.message(`The animation could not start. ${reason} The knobs, the article-vs-model table and full runs still work.`, "error", [tryAgain]);
      err.shown = true;
      throw err;
    }
    this.timings.gameReadyMs = Math.round(performance.now());
    let speed = 0;
    if (query) {
      this.link = parseLink(this.bridge, withExerciseScenario(query, this.meta.exercises ?? []));
      for (const e of this.link.errors) this.message(`Link: ${e.replace(/^link: /, "")}`);
      if (this.link.link.scenario) {
        spec = linkSpec(this.link.link);
        speed = this.link.link.speed;
      }
    }
    if (speed > 0) this.guard(() => this.bridge.setSpeed(speed));
    try {
      await this.load(spec);
    } catch {
      await this.load({ scenario: spec.scenario, seed: 1 }); // the message is shown; try the plain default case
    }
    const t = this.link?.link.t ?? 0;
    if (t > 0) this.guard(() => this.bridge.seek(t * 1000)); // the link's start time (virtual seconds)
    this.timings.firstLoadMs = Math.round(performance.now());
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) this.bridge.play();
    window.setInterval(() => this.poll(), pollMs);
    this.poll();
  }

  current(): Current | null {
    return this.cur;
  }

  // ---- state and charts --------------------------------------------------

  /** Reads the playground's state. Every read goes through here so that no latency window is lost to the charts. */
  state(): GameState {
    const st = this.bridge.state();
    sidesOf(st).forEach((s, i) => {
      const w = s.recentLatency;
      if (w && w.count > 0 && (!this.lat[i] || w.count > this.lat[i]!.count)) this.lat[i] = w;
    });
    return st;
  }

  private restartCharts(): void {
    const c = this.cur!;
    this.charts.configure(c.compare ?? [c.caseID]);
    this.callouts.clear();
    this.prev = null;
    this.lat = [];
  }

  /** Reads the state now and updates the status line and charts (it also runs every pollMs). */
  poll(): void {
    if (!this.cur) return;
    let st: GameState;
    try {
      st = this.state();
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      this.status(`The playground is not answering: ${msg}`);
      this.watch.report(msg);
      return;
    }
    this.renderStatus(st);
    this.events.dispatchEvent(new CustomEvent("state", { detail: st }));
    this.watch.polled(st.error);
    const sides = sidesOf(st);
    const names = this.cur.compare ?? [this.cur.caseID];
    const t = st.simTimeNs;
    if (this.prev && t < this.prev.t) {
      this.restartCharts(); // reset
    }
    if (this.prev && t === this.prev.t) return;
    const done = sides.map((s) => s.requestsDone ?? 0);
    const samples: SideSample[] = sides.map((s, i) => {
      const w = this.lat[i];
      const dt = this.prev ? (t - this.prev.t) / 1e9 : 0;
      const h = s.heap ?? { edenUsed: 0, survivorUsed: 0, oldUsed: 0, oldCap: 0 };
      return {
        rps: this.prev && dt > 0 ? (done[i] - (this.prev.done[i] ?? 0)) / dt : null,
        p50: w ? w.p50Ms : null,
        p95: w ? w.p95Ms : null,
        eden: h.edenUsed ?? 0,
        survivor: h.survivorUsed ?? 0,
        old: h.oldUsed ?? 0,
        oldCap: h.oldCap ?? 0,
        pauseMs: s.gcPauseMs ?? 0,
        fullGCs: s.fullGCs ?? 0,
        youngGCs: s.youngGCs ?? 0,
        mounted: s.mounted ?? 0,
        platform: s.platform ?? 0,
      };
    });
    this.lat = [];
    this.prev = { t, done };
    this.charts.push({ t: t / 1e9, sides: samples });
    this.charts.redraw();
    if (this.cur.compare) this.callouts.update(t / 1e9, names, sides);
  }

  chartPoints(): number {
    return this.charts.points();
  }

  private status(text: string): void {
    byID("status").textContent = text;
  }

  private renderStatus(st: GameState): void {
    const play = byID<HTMLButtonElement>("playpause");
    play.textContent = st.running ? "❚❚ Pause" : "▶ Play";
    play.setAttribute("aria-pressed", String(!!st.running));
    const sides = sidesOf(st);
    const names = this.cur?.compare ?? [st.case];
    const per = sides
      .map((s, i) => {
        const tag = sides.length > 1 ? `${names[i]}: ` : "";
        const flags = [s.done ? "finished" : "", s.oom ? "out of memory" : "", s.paused ? "GC pause" : ""].filter(Boolean).join(", ");
        return `${tag}${fmt(s.virtual ?? 0)} virtual (${fmt(s.mounted ?? 0)} mounted, ${fmt(s.parked ?? 0)} parked, ${fmt(s.runQueue ?? 0)} queued) · ${fmt(s.platform ?? 0)} OS threads · ${fmt(s.requestsDone ?? 0)} done${flags ? " · " + flags : ""}`;
      })
      .join(" | ");
    this.status(`${fmtTime(st.simTimeNs ?? 0)} virtual · ${st.running ? "running" : "paused"} at ${speedText(st.speed)} · ${fmt(st.fps ?? 0, 0)} fps — ${per}`);
    const sel = byID<HTMLSelectElement>("speed");
    if (document.activeElement !== sel && Number.isFinite(st.speed) && st.speed > 0) showSpeed(sel, st.speed);
  }

  // ---- rendering ---------------------------------------------------------

  private buildPicker(): void {
    const nav = byID("picker");
    nav.replaceChildren(
      el(
        "ul",
        {},
        ...this.meta.scenarios.map((s) =>
          el("li", {}, el("button", { type: "button", class: "pick", "data-scenario": s.id, "aria-pressed": "false", title: s.title }, s.id)),
        ),
      ),
    );
    nav.addEventListener("click", (ev) => {
      const b = (ev.target as HTMLElement).closest("button[data-scenario]") as HTMLButtonElement | null;
      if (!b) return;
      const s = this.scenario(b.dataset.scenario!);
      void this.loadFromUI({ scenario: s.id, compare: s.compare.length >= 2 ? s.compare : undefined, seed: this.cur?.seed ?? 1 }, true);
    });
  }

  private render(c: Current): void {
    if (this.shown !== c.s.id) {
      this.shown = c.s.id;
      this.renderScenario(c.s);
      this.form = knobForm(byID("knobs"), c.s);
      this.verifyPanel.show(c.s);
    }
    this.renderControls(c);
  }

  /** Puts the loaded spec back into the controls. */
  private renderControls(c: Current): void {
    for (const b of document.querySelectorAll<HTMLButtonElement>("#picker button[data-scenario]")) {
      b.setAttribute("aria-pressed", String(b.dataset.scenario === c.s.id));
    }
    const sel = byID<HTMLSelectElement>("case");
    sel.replaceChildren(...c.s.cases.map((cs) => el("option", { value: cs.id }, `${cs.id} — ${cs.title}`)));
    sel.value = c.caseID;
    const all = this.locks?.all() ?? false;
    sel.disabled = !!c.compare || all;
    const cmp = byID<HTMLInputElement>("compare");
    cmp.checked = !!c.compare;
    cmp.disabled = c.s.cases.length < 2 || all;
    byID<HTMLInputElement>("seed").disabled = all;
    byID<HTMLButtonElement>("defaults").disabled = all;
    byID<HTMLButtonElement>("apply").disabled = all;
    const box = byID("compare-cases");
    box.hidden = !c.compare;
    const chosen = new Set(c.compare ?? []);
    box.replaceChildren(
      el("legend", {}, "Compared cases (2–3)"),
      ...c.s.cases.map((cs) => {
        const input = el("input", { type: "checkbox", value: cs.id, name: "compare-case" });
        input.checked = chosen.has(cs.id);
        return el("label", { class: "check" }, input, ` ${cs.id}`);
      }),
    );
    byID<HTMLInputElement>("seed").value = String(c.seed);
    const first = c.compare ? c.compare[0] : c.caseID;
    const base: Record<string, string> = caseValues(c.s.cases.find((x) => x.id === first));
    for (const [k, v] of Object.entries(c.knobs)) base[k] = String(v);
    const locked = c.compare ? variedKnobs(c.s, c.compare) : new Set<string>();
    const notes = this.locks?.notes() ?? new Map<string, string>();
    for (const k of notes.keys()) locked.add(k);
    this.form?.show(base, locked, notes);
  }

  private renderScenario(s: ScenarioMeta): void {
    byID("scenario-title").textContent = s.title;
    byID("scenario-credit").textContent = `Based on ${s.article}. Figures are the article's; the explanations are ours.`;
    byID("scenario-summary").textContent = s.summary;
    byID("scenario-notes").replaceChildren(...s.notes.map((n) => el("li", {}, n)));
    byID("scenario-cases").replaceChildren(
      ...s.cases.map((c) =>
        el(
          "li",
          {},
          el("code", {}, c.id),
          ` — ${c.title}`,
          c.set.length ? el("span", { class: "set" }, ` (${c.set.map((kv) => `${kv.knob}=${kv.value}`).join(", ")})`) : "",
        ),
      ),
    );
    const prof = byID("scenario-profile");
    prof.hidden = s.profile.length === 0;
    prof.querySelector("tbody")!.replaceChildren(
      ...s.profile.map((p) => el("tr", {}, el("td", {}, p.name), el("td", {}, p.value), el("td", {}, p.derivation))),
    );
    document.title = `Loomlab — ${s.id}`;
    byID("fullrun-result").replaceChildren();
    byID("fullrun-label").textContent = "";
  }

  // ---- controls ----------------------------------------------------------

  private wireControls(): void {
    const speed = byID<HTMLSelectElement>("speed");
    speed.replaceChildren(...speeds.map((x) => el("option", { value: String(x) }, speedText(x))));
    speed.addEventListener("change", () =>
      this.guard(() => {
        this.bridge.setSpeed(Number(speed.value));
        this.events.dispatchEvent(new Event("speed"));
      }),
    );

    byID("playpause").addEventListener("click", () =>
      this.guard(() => {
        if (this.state().running) this.bridge.pause();
        else this.bridge.play();
        this.poll();
      }),
    );
    byID("step").addEventListener("click", () =>
      this.guard(() => {
        if (this.state().running) this.bridge.pause();
        this.bridge.step();
        this.poll();
      }),
    );
    byID("reset").addEventListener("click", () =>
      this.guard(() => {
        this.bridge.reset();
        this.restartCharts();
        this.poll();
      }),
    );

    byID("case").addEventListener("change", () => {
      const c = this.cur;
      if (!c) return;
      void this.loadFromUI({ scenario: c.s.id, case: byID<HTMLSelectElement>("case").value, knobs: c.knobs, seed: c.seed }, true);
    });
    byID("compare").addEventListener("change", () => {
      const c = this.cur;
      if (!c) return;
      const on = byID<HTMLInputElement>("compare").checked;
      const compare = on ? (c.s.compare.length >= 2 ? c.s.compare : c.s.cases.slice(0, 2).map((x) => x.id)) : undefined;
      void this.loadFromUI({ scenario: c.s.id, case: compare ? c.caseID : (c.compare?.[0] ?? c.caseID), compare, knobs: this.keepKnobs(c, compare), seed: c.seed }, true);
    });
    byID("compare-cases").addEventListener("change", () => {
      const c = this.cur;
      if (!c) return;
      const picked = [...document.querySelectorAll<HTMLInputElement>("#compare-cases input:checked")].map((i) => i.value);
      if (picked.length < 2 || picked.length > 3) {
        this.message(`Compare needs 2 or 3 cases; ${picked.length} ${picked.length === 1 ? "is" : "are"} ticked.`, "info");
        return;
      }
      void this.loadFromUI({ scenario: c.s.id, case: c.caseID, compare: picked, knobs: this.keepKnobs(c, picked), seed: c.seed }, true);
    });

    byID<HTMLFormElement>("knob-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.applyForm();
    });
    byID("defaults").addEventListener("click", () => {
      const c = this.cur;
      if (c) void this.loadFromUI({ scenario: c.s.id, case: c.caseID, compare: c.compare ?? undefined, seed: c.seed }, true);
    });
    // "change" fires on Enter and on leaving the field.
    byID<HTMLInputElement>("seed").addEventListener("change", () => this.applyForm());

    byID("fullrun-run").addEventListener("click", () => void this.fullRunFromUI());
    byID("fullrun-cancel").addEventListener("click", () => this.fullJob?.cancel());
  }

  /** Keeps the overrides that still make sense when the compared cases change. */
  private keepKnobs(c: Current, compare: string[] | undefined): Record<string, KnobValue> {
    if (!compare) return c.knobs;
    const varied = variedKnobs(c.s, compare);
    return Object.fromEntries(Object.entries(c.knobs).filter(([k]) => !varied.has(k)));
  }

  /** Applies the knob form and the seed: checked here, then by the simulator. */
  private applyForm(): void {
    const c = this.cur;
    if (!c || !this.form) return;
    const first = c.compare ? c.compare[0] : c.caseID;
    const { knobs, errors } = this.form.read(caseValues(c.s.cases.find((x) => x.id === first)));
    for (const k of this.locks?.notes().keys() ?? []) {
      if (c.knobs[k] !== undefined && knobs[k] === undefined) knobs[k] = String(c.knobs[k]); // locked: kept as loaded
    }
    const seedText = byID<HTMLInputElement>("seed").value.trim();
    const seed = /^\d+$/.test(seedText) ? Number(seedText) : NaN;
    if (!Number.isSafeInteger(seed)) errors.push(`seed "${seedText}": expected a non-negative integer`);
    if (errors.length > 0) {
      for (const e of errors) this.message(e);
      return; // the running simulation is untouched
    }
    void this.loadFromUI({ scenario: c.s.id, case: c.caseID, compare: c.compare ?? undefined, knobs, seed }, true);
  }

  /** Reset, then play: the way back from a recovered panic. */
  private resetAndPlay(): void {
    this.guard(() => {
      this.bridge.reset();
      this.restartCharts();
      this.bridge.play();
      this.poll();
    });
  }

  private guard(f: () => void): void {
    try {
      f();
    } catch (e) {
      this.message(e instanceof Error ? e.message : String(e));
    }
  }

  // ---- full runs ---------------------------------------------------------

  runFull(spec: Spec, onProgress?: Progress): Job<RunResult> {
    const c = this.check(spec);
    return this.runner.runFull({ scenario: c.s.id, case: c.caseID, knobs: c.knobs, seed: c.seed }, onProgress);
  }

  verify(scenario: string, onProgress?: Progress): Promise<Verification> {
    const s = this.scenario(scenario);
    if (this.cur?.s.id !== s.id) return this.runner.verifyParallel(s.id, verifyCases(s), onProgress).promise;
    return this.verifyPanel.run(onProgress);
  }

  private async fullRunFromUI(): Promise<void> {
    const c = this.cur;
    if (!c) return;
    const caseID = c.compare ? c.compare[0] : c.caseID;
    const bar = byID<HTMLProgressElement>("fullrun-progress");
    const label = byID("fullrun-label");
    const btn = byID<HTMLButtonElement>("fullrun-run");
    const cancel = byID<HTMLButtonElement>("fullrun-cancel");
    this.fullJob?.cancel();
    const job = this.runner.runFull({ scenario: c.s.id, case: caseID, knobs: c.knobs, seed: c.seed }, (f) => {
      bar.value = f;
      label.textContent = `${Math.round(f * 100)} %`;
    });
    this.fullJob = job;
    btn.disabled = true;
    cancel.hidden = false;
    bar.hidden = false;
    bar.value = 0;
    label.textContent = `running ${c.s.id}/${caseID}…`;
    try {
      const r = await job.promise;
      label.textContent = `${r.scenario}/${r.case}: ${r.outcome}, ${fmt(r.sim_seconds)} virtual s in ${fmt(r.wall_seconds)} s`;
      byID("fullrun-result").replaceChildren(resultTable(r));
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      label.textContent = msg === "cancelled" ? "cancelled" : "failed";
      if (msg !== "cancelled") this.message(`Full run: ${msg}`, "error", [{ label: "Retry", run: () => void this.fullRunFromUI() }]);
    } finally {
      if (this.fullJob === job) {
        this.fullJob = null;
        btn.disabled = false;
        cancel.hidden = true;
        bar.hidden = true;
      }
    }
  }
}

function resultTable(r: RunResult): HTMLElement {
  const rows = Object.keys(r.metrics)
    .sort()
    .map((k) => {
      const v = r.metrics[k];
      return el("tr", {}, el("td", {}, el("code", {}, k)), el("td", {}, typeof v === "number" ? fmt(v) : JSON.stringify(v)));
    });
  return el(
    "table",
    { class: "result" },
    el("caption", {}, `${r.scenario}/${r.case}, seed ${r.seed}, ${fmt(r.events)} events`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Metric"), el("th", { scope: "col" }, "Value"))),
    el("tbody", {}, ...rows),
  );
}

/** The per-side states: the sides of a comparison, or the single run. */
export function sidesOf(st: GameState): SideState[] {
  return st.sides && st.sides.length > 0 ? st.sides : [st];
}

/** Selects the speed x, adding it to the list when it is not one of the presets (set through the API or by the playground). */
function showSpeed(sel: HTMLSelectElement, x: number): void {
  const v = String(x);
  if (sel.value === v) return;
  if (![...sel.options].some((o) => o.value === v)) {
    const opt = el("option", { value: v }, speedText(x));
    const after = [...sel.options].find((o) => Number(o.value) > x);
    sel.insertBefore(opt, after ?? null);
  }
  sel.value = v;
}
