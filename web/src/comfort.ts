// The main page's comfort and access parts, wired onto the App: link state
// in the URL bar, "Copy link" and "Copy embed code", keyboard shortcuts,
// the narration and text description of the canvas, and the theme.

import { devOverlayKey, regionsDescriber } from "./explain";
import { applyTheme, currentTheme, Narrator, preferredTheme, reducedMotion, storeTheme, Theme } from "./a11y";
import type { App } from "./app";
import { byID, clockOf } from "./dom";
import { guarding } from "./failure";
import { shortcuts, transportKeys } from "./keys";
import { copyText, embedSnippet, LinkState, linkQuery, pageURL, replaceURL, selfURL, Shown } from "./link";
import { nextSpeed, speedText } from "./speeds";
import { errorText, GameState } from "./types";

/** Applies the remembered (or system-preferred) theme before anything else is drawn. */
export function earlyTheme(): void {
  applyTheme(preferredTheme(), null);
}

export function comfort(app: App, ready: Promise<void>): void {
  const narrator = new Narrator(byID("narration"), byID("picture-summary"));
  const names = (): string[] => {
    const c = app.current();
    return c?.compare ?? (c ? [c.caseID] : []);
  };
  let synced = false; // the URL bar follows the controls once the page has started

  /** What is shown, with the speed the playground runs at. */
  const shown = (): Shown | null => {
    const c = app.current();
    if (!c) return null;
    let speed: number | undefined;
    try {
      speed = app.state().speed;
    } catch {
      speed = undefined;
    }
    return { scenario: c.s.id, caseID: c.caseID, compare: c.compare, knobs: c.knobs, seed: c.seed, speed };
  };
  const query = (extra: Partial<LinkState> = {}): string | null => {
    const s = shown();
    if (!s) return null;
    const theme: Partial<LinkState> = currentTheme() === "high-contrast" ? { theme: "high-contrast" } : {};
    return linkQuery(app.bridge, s, { ...theme, ...app.sweepLink(), ...(app.linkExtras?.() ?? {}), ...extra });
  };
  const syncURL = (): void => {
    if (!synced) return;
    try {
      const q = query();
      if (q !== null) replaceURL(q);
    } catch (e) {
      app.message(`The link could not be updated: ${errorText(e)}`);
    }
  };

  app.events.addEventListener("state", (ev) => narrator.update((ev as CustomEvent<GameState>).detail, names()));
  app.events.addEventListener("loaded", () => {
    narrator.reset();
    syncURL();
  });
  app.events.addEventListener("speed", syncURL);
  app.events.addEventListener("link", syncURL);

  // Theme: the remembered one now; a link's after the simulator read it.
  applyTheme(currentTheme(), app.bridge);
  const setTheme = (t: Theme, remember: boolean) => {
    applyTheme(t, app.bridge);
    if (remember) storeTheme(t);
    syncURL();
  };
  byID("theme-toggle").addEventListener("click", () => {
    const t: Theme = currentTheme() === "high-contrast" ? "default" : "high-contrast";
    setTheme(t, true);
    narrator.say(`High contrast ${t === "high-contrast" ? "on" : "off"}.`);
  });

  // Keyboard.
  byID("shortcuts-button").addEventListener("click", () => shortcuts.toggleHelp());
  const guard = guarding((m) => app.message(m));
  transportKeys(shortcuts, {
    togglePlay: () =>
      guard(() => {
        byID("playpause").click();
        const st = app.state();
        narrator.say(st.running ? `Playing at ${speedText(st.speed)}.` : `Paused at ${clockOf(st)} of virtual time.`);
      }),
    step: () => guard(() => byID("step").click()),
    speed: (dir) =>
      guard(() => {
        const x = nextSpeed(app.state().speed, dir);
        const sel = byID<HTMLSelectElement>("speed");
        sel.value = String(x);
        sel.dispatchEvent(new Event("change"));
        narrator.say(`Speed: ${speedText(x)}.`);
      }),
  });
  devOverlayKey(shortcuts, () => app.bridge.frame());
  narrator.describer = regionsDescriber(() => app.bridge.frame());
  shortcuts.listen(window);
  void app.bridge.ready.then(() => {
    const w = app.bridge.frame();
    if (w) shortcuts.listen(w, true);
  });

  // Sharing.
  const status = byID("share-status");
  const out = byID<HTMLTextAreaElement>("share-text");
  const share = async (text: string, what: string) => {
    out.value = text;
    out.hidden = false;
    const ok = await copyText(text);
    status.textContent = ok ? `${what} copied to the clipboard.` : `The clipboard is not available here: copy the ${what.toLowerCase()} below.`;
  };
  byID("copy-link").addEventListener("click", () =>
    guard(() => {
      const q = query();
      if (q !== null) void share(selfURL(q), "Link");
    }),
  );
  byID("copy-embed").addEventListener("click", () =>
    guard(() => {
      const c = app.current();
      const controls = byID<HTMLSelectElement>("embed-controls").value as LinkState["controls"];
      const autoplay: LinkState["autoplay"] = byID<HTMLInputElement>("embed-autoplay").checked ? "visible" : "off";
      const q = query({ controls, autoplay, theme: "default", sweep: "", sweepSides: [], sweepMetrics: [] }); // an embed has no sweep panel
      if (!c || q === null) return;
      const what = c.compare ? c.compare.join(" vs ") : c.caseID;
      const title = `Loomlab: ${c.s.title} (${what}), an animated simulation of Java virtual threads`;
      void share(embedSnippet(pageURL("embed.html", q), title, controls), "Embed code");
    }),
  );

  void ready.then(() => {
    const lt = app.link?.link.theme;
    if (lt === "high-contrast") setTheme(lt, false);
    synced = true;
    if (reducedMotion()) {
      app.message("Your system asks for reduced motion, so the animation waits for you: press Play (or Space). Flights between the lanes and the heap are turned off.", "info");
    }
  });
}
