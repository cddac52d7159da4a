// Entry point of embed.html: the playground for iframes in posts. It reads
// its link through the simulator (scenario.ParseLink, like the main page),
// shows a poster until the simulator is up, offers as much chrome as
// controls= asks for, plays while in view when autoplay=visible, tells its
// parent its height, and publishes the main page's window.loomlab API.

import { devOverlayKey, regionsDescriber } from "./explain";
import { applyTheme, Narrator, preferredTheme, reducedMotion } from "./a11y";
import { LoomLab, makeAPI } from "./api";
import { GameBridge } from "./bridge";
import { byID, clockOf, el } from "./dom";
import { shortcuts, transportKeys } from "./keys";
import { LinkState, linkQuery, linkSpec, pageQuery, pageURL, parseLink, previewParam, withExerciseScenario } from "./link";
import { Job, Progress, Runner } from "./runner";
import { Action, guarding, messageItem, PlaygroundWatch, playgroundReady, tryAgain } from "./failure";
import { checkSpec, Current, fetchMeta, findScenario, loadOrDefault, loadSpec } from "./spec";
import { nextSpeed, speeds, speedShort, speedText } from "./speeds";
import { Poller } from "./poller";
import { allDone, errorText, GameState, MetaFile, RunResult, ScenarioMeta, Spec, Verification } from "./types";
import { verifyCases } from "./verify";
import { addTourAPI, Story } from "./story";
import { openStory, OpeningState } from "./opening";

declare global {
  interface Window {
    loomlab: LoomLab;
  }
}

const controlValues = ["full", "minimal", "none"] as const;

class Embed {
  readonly bridge: GameBridge;
  /** Milliseconds from navigation: the poster drawn, the playground answering, the first simulation loaded. */
  readonly timings = { posterMs: NaN, gameReadyMs: NaN, firstLoadMs: NaN };
  private runner: Runner | null = null;
  private cur: Current | null = null;
  private opts: LinkState | null = null;
  private narrator = new Narrator(byID("narration"), byID("picture-summary"));
  private readonly story: Story;
  /** Whether the stage is in view (autoplay=visible plays only then). */
  private visible = false;
  /** The reader paused: autoplay leaves the transport alone until they play again. */
  private userPaused = false;
  private started = false;
  /** Fast-forwarding to the story's moment (toOpening): autoplay waits for it to arrive. */
  private opening = false;
  /** Held where the opening stopped, until the run plays on (the clock says where it is). */
  private atMoment = false;
  private lastHeight = -1;
  private watch: PlaygroundWatch;
  private poller: Poller;

  constructor(readonly meta: MetaFile) {
    this.bridge = new GameBridge(byID<HTMLIFrameElement>("game"), (m) => this.watch.report(m));
    this.story = new Story(this.bridge, byID("stage"), byID("playpause"), byID("narration"), () => this.poll());
    this.watch = new PlaygroundWatch(
      this.bridge,
      (text, actions) => this.message(text, "error", actions),
      () => this.reset(true),
      () => {
        for (const id of ["playpause", "step", "reset", "speed", "case"]) byID<HTMLButtonElement>(id).disabled = true;
        byID("big-play").hidden = true;
      },
    );
    this.poller = new Poller(
      {
        loaded: () => this.cur !== null,
        read: () => this.state(),
        silent: () => this.silent(),
        show: (st) => this.show(st),
      },
      this.watch,
    );
  }

  // ---- the API's host ------------------------------------------------------

  async load(spec: Spec): Promise<Current> {
    const c = await loadSpec(this.bridge, spec, (s) => checkSpec(this.meta, s), (m) => this.message(m));
    this.cur = c;
    this.narrator.reset();
    this.renderControls();
    return c;
  }

  state(): GameState {
    return this.bridge.state();
  }

  /** window.loomlab's tour(), tourContinue() and tourEnd(). */
  tourAPI(): void {
    addTourAPI(this.story);
  }

  current(): Current | null {
    return this.cur;
  }

  runFull(spec: Spec, onProgress?: Progress): Job<RunResult> {
    const c = checkSpec(this.meta, spec);
    return this.workers().runFull({ scenario: c.s.id, case: c.caseID, knobs: c.knobs, seed: c.seed }, onProgress);
  }

  verify(scenario: string, onProgress?: Progress): Promise<Verification> {
    const s = findScenario(this.meta, scenario);
    return this.workers().verifyParallel(s.id, verifyCases(s), onProgress).promise;
  }

  /** The embed draws no charts. */
  chartPoints(): number {
    return 0;
  }

  workers(): Runner {
    // Created on first use: an embed that only animates never starts a worker.
    this.runner ??= new Runner(new URL(__LOOM_WORKER_URL__, document.baseURI).href, () => this.bridge.playing());
    return this.runner;
  }

  // ---- start ---------------------------------------------------------------

  /** Lays out the chrome and the poster from a preview of the link, before the simulator is up. */
  preview(): void {
    const q = pageQuery();
    this.setControls((previewParam(q, "controls", controlValues) as LinkState["controls"] | null) ?? "full");
    const id = previewParam(q, "scenario", this.meta.scenarios.map((s) => s.id));
    const s = id ? findScenario(this.meta, id) : this.meta.scenarios[0];
    this.poster(s);
    applyTheme(previewParam(q, "theme", ["high-contrast"]) ? "high-contrast" : preferredTheme(), null);
  }

  async start(): Promise<void> {
    await playgroundReady(this.bridge, (reason) => this.posterNote(`The animation cannot run here. ${reason}`, true));
    this.timings.gameReadyMs = Math.round(performance.now());
    const parsed = parseLink(this.bridge, withExerciseScenario(pageQuery(), this.meta.exercises ?? []));
    const l = parsed.link;
    this.opts = l;
    for (const e of parsed.errors) this.message(`Link: ${e.replace(/^link: /, "")}`);
    this.setControls(l.controls);
    applyTheme(l.theme === "high-contrast" ? "high-contrast" : preferredTheme(), this.bridge);
    const spec: Spec = l.scenario ? linkSpec(l) : { scenario: this.meta.scenarios[0].id, seed: 1 };
    await loadOrDefault((s) => this.load(s), spec);
    if (l.speed > 0) this.guard(() => this.bridge.setSpeed(l.speed));
    this.toOpening(true);
    this.timings.firstLoadMs = Math.round(performance.now());
    this.wire();
    byID("poster").classList.add("gone");
    window.setTimeout(() => (byID("poster").hidden = true), reducedMotion() ? 0 : 450);
    if (l.tour) this.guard(() => this.story.start(true)); // held at the start: Play or autoplay runs it
    if (l.autoplay !== "visible" || reducedMotion()) this.showBigPlay();
    this.autoplay();
    this.poller.start();
  }

  /** Paused at the link's start time (Reset, a loop's next round). */
  private toStart(): void {
    this.bridge.pause();
    if (this.opts && this.opts.t > 0) this.guard(() => this.bridge.seek(this.opts!.t * 1000));
  }

  /**
   * Where a story starts in an embed, as on the main page (opening.ts): at
   * the moment the story is about, fast-forwarded to (held there, or playing
   * on when the reader was playing); its first milliseconds look alike in
   * every case. A link's time is kept exactly; a tour plays from the start
   * by itself; a looping embed replays the run from its start, so it starts
   * there too. Reset still starts from the link's time or 0.
   */
  private toOpening(held: boolean): void {
    const l = this.opts;
    if (!l || l.t > 0 || l.tour || l.loop) {
      this.toStart();
      return;
    }
    this.guard(() => {
      openStory(this.bridge, held);
      this.opening = true;
    });
  }

  // ---- the chrome ----------------------------------------------------------

  private setControls(c: LinkState["controls"]): void {
    byID("embed").dataset.controls = c;
  }

  private poster(s: ScenarioMeta): void {
    byID("poster-title").textContent = s.title;
    document.title = `Loomlab: ${s.title} — embedded simulation`;
    byID("poster-art").replaceChildren(posterArt());
    this.timings.posterMs = Math.round(performance.now());
  }

  /** The poster's line under the title; an error keeps the poster up and offers Try again (a reload). */
  private posterNote(text: string, error = false): void {
    const note = byID("poster-note");
    note.textContent = text;
    note.classList.toggle("error", error);
    if (error) note.setAttribute("role", "alert");
    byID("poster-again").hidden = !error;
  }

  private showBigPlay(): void {
    const b = byID<HTMLButtonElement>("big-play");
    byID("big-play-label").textContent = reducedMotion() ? "Play (paused for reduced motion)" : "Play";
    b.hidden = false;
  }

  message(text: string, kind: "error" | "info" = "error", actions: Action[] = []): void {
    const box = byID("messages");
    box.append(messageItem(text, kind, actions, false));
    while (box.children.length > 4) box.firstElementChild?.remove();
  }

  /** Runs f, showing what it throws as a message. */
  private readonly guard = guarding((m) => this.message(m));

  private renderControls(): void {
    const c = this.cur;
    if (!c) return;
    byID("embed").classList.toggle("comparing", !!c.compare);
    const sel = byID<HTMLSelectElement>("case");
    sel.replaceChildren(...c.s.cases.map((x) => el("option", { value: x.id }, x.id)));
    sel.value = c.caseID;
    const what = c.compare ? c.compare.join(" vs ") : c.caseID;
    byID("game").setAttribute("title", `Animation of ${c.s.id} (${what}): carriers, threads, StackChunks and the heap`);
    // "Open in Loomlab" opens the main page on the same setup.
    try {
      const open = byID<HTMLAnchorElement>("open");
      open.href = pageURL("", linkQuery(this.bridge, { scenario: c.s.id, caseID: c.caseID, compare: c.compare, knobs: c.knobs, seed: c.seed }));
    } catch {
      // the main page without state still helps
    }
  }

  private wire(): void {
    for (const id of ["playpause", "step", "reset", "speed", "case"]) byID<HTMLButtonElement>(id).disabled = false;
    const speed = byID<HTMLSelectElement>("speed");
    speed.replaceChildren(...speeds.map((x) => el("option", { value: String(x) }, speedShort(x))));
    byID("playpause").addEventListener("click", () => this.togglePlay());
    byID("big-play").addEventListener("click", () => this.togglePlay());
    byID("step").addEventListener("click", () => this.step());
    byID("reset").addEventListener("click", () => this.reset(false));
    speed.addEventListener("change", () => this.guard(() => this.bridge.setSpeed(Number(speed.value))));
    byID("case").addEventListener("change", () => {
      const c = this.cur;
      if (!c) return;
      const running = this.state().running;
      void this.load({ scenario: c.s.id, case: byID<HTMLSelectElement>("case").value, knobs: c.knobs, seed: c.seed }).then(
        () => {
          this.toOpening(!running);
          if (running && !this.opening) this.bridge.play();
        },
        () => this.renderControls(),
      );
    });
    byID("shortcuts-button").addEventListener("click", () => shortcuts.toggleHelp());
    transportKeys(shortcuts, {
      togglePlay: () => this.togglePlay(),
      step: () => this.step(),
      speed: (dir) =>
        this.guard(() => {
          const x = nextSpeed(this.state().speed, dir);
          this.bridge.setSpeed(x);
          this.narrator.say(`Speed: ${speedText(x)}.`);
          this.poll();
        }),
    });
    devOverlayKey(shortcuts, () => this.bridge.frame());
    this.narrator.describer = regionsDescriber(() => this.bridge.frame());
    shortcuts.listen(window);
    const w = this.bridge.frame();
    if (w) shortcuts.listen(w, true);

    // autoplay=visible: play while at least a quarter of the picture is in
    // view. The observer's root is the top-level viewport, also from
    // inside a (cross-origin) iframe.
    new IntersectionObserver(
      (entries) => {
        for (const e of entries) this.visible = e.isIntersecting && e.intersectionRatio >= 0.25;
        this.autoplay();
      },
      { threshold: [0, 0.25, 0.5, 1] },
    ).observe(byID("stage"));
  }

  /** Back to the link's start (and playing, if asked: the way back from a recovered panic). */
  private reset(play: boolean): void {
    this.guard(() => {
      this.bridge.reset();
      this.toStart();
      if (play) {
        this.bridge.play();
        this.userPaused = false;
      }
      this.poll();
    });
  }

  private togglePlay(): void {
    this.guard(() => {
      const st = this.state();
      if (st.running) {
        this.bridge.pause();
        this.userPaused = true;
        this.narrator.say(`Paused at ${clockOf(st)} of virtual time.`);
      } else {
        if (allDone(st)) {
          this.bridge.reset();
          this.toStart();
        }
        this.bridge.play();
        this.userPaused = false;
        this.started = true;
        byID("big-play").hidden = true;
        this.narrator.say(`Playing at ${speedText(st.speed)}.`);
      }
      this.poll();
    });
  }

  private step(): void {
    this.guard(() => {
      this.bridge.step();
      this.userPaused = true;
      this.started = true;
      byID("big-play").hidden = true;
      this.poll();
    });
  }

  /** autoplay=visible: play in view, pause out of view, unless the reader took over or asked for reduced motion. */
  private autoplay(): void {
    // While fast-forwarding to the story's moment the transport is the
    // opening's: a pause out of view would leave the run short of it.
    if (!this.cur || this.opening || this.opts?.autoplay !== "visible" || this.userPaused || reducedMotion()) return;
    this.guard(() => {
      const st = this.state();
      if (this.visible && !st.running && !allDone(st)) {
        this.bridge.play();
        this.started = true;
      } else if (!this.visible && st.running) {
        this.bridge.pause();
      }
    });
  }

  // ---- polling ---------------------------------------------------------------

  /** Reads the state now (the API's controls call it after each change). */
  poll(): void {
    this.poller.poll();
  }

  /** The playground did not answer a read. */
  private silent(): void {
    this.reportHeight();
    byID("clock").textContent = "not answering";
  }

  /** Shows a polled state: narration, transport, clock; loop=1 starts a finished run again. */
  private show(st: GameState): void {
    this.runner?.recheck();
    this.reportHeight();
    const c = this.cur!;
    const names = c.compare ?? [c.caseID];
    this.narrator.update(st, names);
    this.story.update(st);
    const btn = byID("playpause");
    btn.textContent = st.running ? "❚❚ Pause" : "▶ Play";
    btn.setAttribute("aria-pressed", String(st.running));
    const sel = byID<HTMLSelectElement>("speed");
    if (document.activeElement !== sel && [...sel.options].some((o) => o.value === String(st.speed))) sel.value = String(st.speed);
    const done = allDone(st);
    const o = (st as GameState & { opening?: OpeningState }).opening;
    if (this.opening && !o?.active) {
      // Arrived at the story's moment (or the reader took over): autoplay may go on from here.
      this.opening = false;
      this.atMoment = !st.running && !!o?.reached;
      this.autoplay();
    }
    if (st.running && !o?.active) this.atMoment = false;
    const where = o?.active ? " · fast-forwarding to the story's moment" : this.atMoment && !done ? ` · paused at ${o?.reached}` : "";
    // While it plays, no time here: the picture's header has it, and this
    // line, polled less often and written another way, read as a second
    // clock ("22.5 ms" under "27 ms" in a blog's embed). Still, the
    // header's words.
    const time = clockOf(st);
    byID("clock").textContent = st.running ? where.replace(/^ · /, "") : `${time}${where || (done ? " · finished" : " · paused")}`;
    // The clock's words can wrap to another line: the parent gets the height they leave.
    this.reportHeight();
    if (done && this.opts?.loop && !this.userPaused && this.started) {
      this.guard(() => {
        this.bridge.reset();
        this.toStart();
        this.bridge.play();
      });
    }
  }

  /** Tells the parent page the embed's height when it changes. */
  reportHeight(): void {
    if (window.parent === window) return;
    const h = Math.ceil(byID("embed").getBoundingClientRect().height);
    if (h === this.lastHeight || h === 0) return;
    this.lastHeight = h;
    window.parent.postMessage({ type: "loomlab:resize", height: h }, "*");
  }
}

/** The poster's still picture: carrier lanes with mounted threads and their stacks, a run queue and the heap, in the canvas's colours. */
function posterArt(): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 320 200");
  svg.setAttribute("preserveAspectRatio", "xMidYMid slice");
  const add = (tag: string, attrs: Record<string, string | number>) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    svg.append(e);
    return e;
  };
  add("rect", { x: 0, y: 0, width: 320, height: 200, fill: "#121519" });
  const tiers = ["#d55e00", "#e69f00", "#009e73"];
  for (let i = 0; i < 4; i++) {
    const y = 14 + i * 24;
    add("rect", { x: 12, y, width: 180, height: 18, rx: 3, fill: i === 3 ? "#1a1e23" : "#20262d" });
    if (i === 3) continue;
    add("circle", { cx: 26, cy: y + 9, r: 6, fill: "#56b4e9" });
    const w = [70, 34, 52][i];
    add("rect", { x: 38, y: y + 5, width: w, height: 8, rx: 2, fill: tiers[i] });
  }
  for (let i = 0; i < 9; i++) add("circle", { cx: 208 + (i % 3) * 14, cy: 23 + Math.floor(i / 3) * 14, r: 5, fill: "#56b4e9", opacity: 0.55 });
  // The heap: eden, two survivors and old gen, with StackChunk blocks.
  const spaces = [
    { x: 12, w: 96, fill: 0.7 },
    { x: 112, w: 22, fill: 0.4 },
    { x: 138, w: 22, fill: 0 },
    { x: 164, w: 144, fill: 0.55 },
  ];
  for (const s of spaces) {
    add("rect", { x: s.x, y: 116, width: s.w, height: 34, rx: 3, fill: "none", stroke: "#4a525b" });
    if (s.fill > 0) add("rect", { x: s.x + 2, y: 118, width: (s.w - 4) * s.fill, height: 30, rx: 2, fill: "#0072b2", opacity: 0.6 });
  }
  for (let i = 0; i < 7; i++) add("rect", { x: 16 + i * 12, y: 121, width: 9, height: 9, fill: "#f0e442", opacity: 0.9 });
  for (let i = 0; i < 10; i++) add("rect", { x: 168 + i * 12, y: 121, width: 9, height: 9, fill: "#f0e442", opacity: i < 6 ? 0.9 : 0.35 });
  return svg;
}

async function boot(): Promise<Embed> {
  const e = new Embed(await fetchMeta());
  e.preview();
  // The height changes with the width (the picture keeps its ratio) and
  // with messages; report it whenever it does.
  new ResizeObserver(() => e.reportHeight()).observe(byID("embed"));
  e.reportHeight();
  return e;
}

const embed = boot();
const ready = embed.then((e) => e.start());
window.loomlab = makeAPI(embed, ready);
void embed.then((e) => e.tourAPI());
document.getElementById("poster-again")?.addEventListener("click", () => tryAgain.run());
ready.catch((err: unknown) => {
  const msg = errorText(err);
  const note = document.getElementById("poster-note");
  if (note && !note.classList.contains("error")) {
    note.textContent = `Loomlab could not start: ${msg}`;
    note.classList.add("error");
    note.setAttribute("role", "alert");
    const again = document.getElementById("poster-again");
    if (again) again.hidden = false;
  }
});
