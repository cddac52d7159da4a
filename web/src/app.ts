// The main page: it composes the scenario picker, the article text, the
// setup form, the transport bar, the live charts, the article-vs-model
// table and the full-run panel (each in a file of its own), loads specs into
// the playground in the iframe through GameBridge, polls it, and runs
// background jobs through Runner; the simulator (Go) is the authority on
// every value.

import { GameBridge } from "./bridge";
import { byID } from "./dom";
import { Action, guarding, messageItem, PlaygroundWatch, playgroundReady, tryAgain } from "./failure";
import { FullRunPanel, seedEffect } from "./fullrun";
import { GCLogPanel } from "./gclogpanel";
import type { GCLogImport } from "./gclogtypes";
import { LinkState, linkSpec, pageQuery, parseLink, ParsedLink, previewParam, withExerciseScenario } from "./link";
import { LiveCharts } from "./livecharts";
import { Picker } from "./picker";
import { Poller } from "./poller";
import { Job, Progress, Runner } from "./runner";
import { showScenarioText } from "./scenariotext";
import { Locks, SetupForm, titleCompare } from "./setupform";
import { checkSpec, Current, findScenario, loadOrDefault, loadSpec, scenarioSpec } from "./spec";
import { TransportBar } from "./transport";
import { GameState, MetaFile, RunResult, ScenarioMeta, Spec, Verification } from "./types";
import { SweepLink, SweepPanel } from "./sweep";
import { verifyCases, VerifyPanel } from "./verify";
import { mainPageStory } from "./story";
import { OpeningLine, openStory } from "./opening";
import { HeadlineFigures } from "./headline";

export type { Current, Locks };

export class App {
  readonly bridge: GameBridge;
  readonly runner: Runner;
  private charts: LiveCharts;
  private verifyPanel: VerifyPanel;
  private picker: Picker;
  private transport: TransportBar;
  private setup: SetupForm;
  private fullRuns: FullRunPanel;
  private gclog: GCLogPanel;
  readonly sweeps: SweepPanel;
  private poller: Poller;
  private cur: Current | null = null;
  private shown: string | null = null;
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
   * the speed control changed it, "link" when a part of the page changed
   * what the link carries besides the loaded spec (the sweep panel).
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
      () => this.transport.disable(),
    );
    this.poller = new Poller(
      {
        loaded: () => this.cur !== null,
        read: () => this.state(),
        silent: (msg) => this.transport.silent(msg),
        show: (st) => this.show(st),
      },
      this.watch,
    );
    this.runner = new Runner(new URL(__LOOM_WORKER_URL__, document.baseURI).href, () => this.bridge.playing());
    this.charts = new LiveCharts(byID("charts"), byID("callouts"));
    this.verifyPanel = new VerifyPanel(byID("verify"), this.runner, (m, retry) => this.message(m, "error", [{ label: "Retry", run: retry }]));
    this.picker = new Picker(this.meta.scenarios, (s) => void this.loadFromUI(this.storySpec(s, this.cur?.seed ?? 1), true));
    this.transport = new TransportBar({
      bridge: this.bridge,
      state: () => this.state(),
      poll: () => this.poll(),
      guard: (f) => this.guard(f),
      restartCharts: () => this.restartCharts(),
      speedChanged: () => this.events.dispatchEvent(new Event("speed")),
    });
    this.setup = new SetupForm({
      current: () => this.cur,
      locks: () => this.locks,
      message: (text, kind) => this.message(text, kind),
      loadFromUI: (spec) => void this.loadFromUI(spec),
    });
    this.fullRuns = new FullRunPanel(this.runner, () => this.cur, (text, kind, actions) => this.message(text, kind, actions));
    this.gclog = new GCLogPanel(this.runner);
    this.sweeps = new SweepPanel(
      this.meta,
      this.runner,
      () => this.cur,
      (text, kind, actions) => this.message(text, kind, actions),
      () => this.events.dispatchEvent(new Event("link")),
    );
    mainPageStory(this);
    const line = new OpeningLine(byID("start-hint"), byID("playpause"));
    this.events.addEventListener("state", (ev) => line.update((ev as CustomEvent<GameState>).detail));
    const figures = new HeadlineFigures(byID("headline-figures"), byID("scenario-title"));
    this.events.addEventListener("state", (ev) => figures.update(this.cur, (ev as CustomEvent<GameState>).detail));
  }

  /** Reads a GC log's text in a worker and shows it in the "Your GC log" panel (window.loomlab.importGCLog). */
  importGCLog(text: unknown): Promise<GCLogImport> {
    return this.gclog.importText(text);
  }

  /** The sweep panel's link fields ("" when it has no setup to share). */
  sweepLink(): SweepLink {
    return this.sweeps.link();
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

  /** Runs f, showing what it throws as a message. */
  private readonly guard = guarding((m) => this.message(m));

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
    markSides(c);
    this.render(c);
    this.restartCharts();
    this.events.dispatchEvent(new Event("loaded"));
    return c;
  }

  /**
   * Loads from the page's own controls and fast-forwards to the story's
   * moment (opening.ts): held there when the reader arrives at a story
   * (the picker), playing on after a change of case, comparison or knobs.
   * Errors are shown, not thrown.
   */
  private async loadFromUI(spec: Spec, held = false): Promise<void> {
    try {
      await this.load(spec);
      openStory(this.bridge, held);
      this.poll();
    } catch {
      if (this.cur) this.renderControls(this.cur); // the old simulation is still the one shown
    }
  }

  /** The page's initial scenario: the first article, on its own case. */
  initialSpec(): Spec {
    return this.storySpec(this.meta.scenarios[0], 1);
  }

  /**
   * A story as the page and the picker open it: its own case alone, at
   * the picture's full size, on every screen; Compare (one click) adds the
   * others. Opened compared, the first screen was two full panel layouts
   * side by side, each with its own caption and callout: the densest view
   * of the product, and the one fresh readers rated lowest.
   */
  private storySpec(s: ScenarioMeta, seed: number): Spec {
    const spec = scenarioSpec(s, seed);
    delete spec.compare;
    return spec;
  }

  async start(): Promise<void> {
    let spec = this.initialSpec();
    const query = pageQuery();
    // The text, knobs and table show while the playground starts: the
    // linked scenario's if the link names a known one (a preview only; the
    // simulator reads the link once it is up).
    const hint = previewParam(query, "scenario", this.meta.scenarios.map((s) => s.id));
    this.render(this.check(hint ? { scenario: hint } : spec));
    // Without the animation the rest of the page still works.
    await playgroundReady(this.bridge, (reason) =>
      this.message(`The animation could not start. ${reason} The knobs, the article-vs-model table and full runs still work.`, "error", [tryAgain]),
    );
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
    await loadOrDefault((s) => this.load(s), spec);
    if (this.link?.link.sweep && this.cur?.s.id === this.link.link.scenario) this.sweeps.fromLink(this.link.link);
    const whatIf = this.link?.link.whatIf ?? {};
    if (this.link?.link.scenario === "gc-lab" && Object.keys(whatIf).length > 0) this.gclog.fromLink(this.link.link.knobs, whatIf);
    const t = this.link?.link.t ?? 0;
    if (t > 0) this.guard(() => this.bridge.seek(t * 1000)); // the link's start time (virtual seconds)
    this.timings.firstLoadMs = Math.round(performance.now());
    if (t <= 0 && !this.link?.link.tour && this.cur) {
      // No time in the link (or no link): the story opens at its moment,
      // held there for the reader's Play. A tour starts from 0 by itself.
      this.guard(() => openStory(this.bridge, true));
    } else if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) this.bridge.play();
    this.poller.start();
  }

  current(): Current | null {
    return this.cur;
  }

  // ---- state -------------------------------------------------------------

  /** Reads the playground's state. Every read goes through here so that no latency window is lost to the charts. */
  state(): GameState {
    const st = this.bridge.state();
    this.charts.observe(st);
    return st;
  }

  /** Reads the state now and updates the status line and charts (it also runs every pollMs). */
  poll(): void {
    this.poller.poll();
  }

  /** Shows a polled state: the transport bar, the page's other parts ("state" event), the charts. */
  private show(st: GameState): void {
    this.runner.recheck();
    const c = this.cur!;
    this.transport.show(st, c.compare ?? [st.case]);
    showSeedEffect(st);
    titleCompare(st);
    this.events.dispatchEvent(new CustomEvent("state", { detail: st }));
    this.charts.feed(st, c);
  }

  private restartCharts(): void {
    this.charts.restart(this.cur!);
  }

  chartPoints(): number {
    return this.charts.points();
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

  // ---- rendering ---------------------------------------------------------

  private render(c: Current): void {
    if (this.shown !== c.s.id) {
      this.shown = c.s.id;
      showScenarioText(c.s);
      this.fullRuns.clear();
      this.setup.showScenario(c.s);
      this.verifyPanel.show(c.s);
    }
    this.renderControls(c);
    this.sweeps.show(c);
  }

  /** Puts the loaded spec back into the controls. */
  private renderControls(c: Current): void {
    this.picker.mark(c.s.id);
    this.setup.show(c);
  }

  // ---- background runs ---------------------------------------------------

  runFull(spec: Spec, onProgress?: Progress): Job<RunResult> {
    const c = this.check(spec);
    return this.runner.runFull({ scenario: c.s.id, case: c.caseID, knobs: c.knobs, seed: c.seed }, onProgress);
  }

  verify(scenario: string, onProgress?: Progress): Promise<Verification> {
    const s = this.scenario(scenario);
    if (this.cur?.s.id !== s.id) return this.runner.verifyParallel(s.id, verifyCases(s), onProgress).promise;
    return this.verifyPanel.run(onProgress);
  }
}

/**
 * Says on the picture's frame how many runs it draws (style.css stacks
 * compared runs on a phone in a taller frame).
 */
function markSides(c: Current): void {
  const frame = document.querySelector<HTMLElement>("#stage .frame-wrap");
  if (frame) frame.dataset.sides = String(Math.max(1, c.compare?.length ?? 1));
}

/**
 * Says beside the seed whether another seed would change what plays, from
 * the runs drawn so far (every compared side's): most cases draw nothing at
 * random, and a reader trying seeds there looked for a difference that
 * cannot come. A run that drew is said in `loomsim run`'s words (seedEffect);
 * one that has not, "so far", since the run goes on.
 */
function showSeedEffect(st: GameState): void {
  const drew = (st.sides?.length ? st.sides : [st]).some((s) => s.drewAtRandom);
  const text = drew ? seedEffect(true) : "nothing drawn at random so far, so another seed gives the same run";
  const e = document.getElementById("seed-effect");
  if (e && e.textContent !== text) e.textContent = text;
}
