// Entry point of game.html, the animation page inside index.html's and
// embed.html's iframe (Ebiten owns its whole page, see browser.md): checks
// for WebGL2, downloads and starts the playground wasm, and says so in the
// page instead of leaving a dead canvas when any of that fails or the Go
// program stops. The parent learns of a failure from window.loomfailed and
// the "loomerror" event (bridge.ts); "loomready" comes from the Go side.
//
// It lives in a module of its own, not inline in the page, so that the
// Content-Security-Policy can forbid inline script.

import "go:wasm_exec";
import { errorText } from "./types";
import { ExplainApi, installExplain, toggleDevOverlay } from "./explain";
import { FramePacer, installFramePacer } from "./framepace";

declare global {
  interface Window {
    /** The message of a failure before or instead of "loomready" (for a parent that looks late). */
    loomfailed?: string;
    /** The Go wasm's linear memory in bytes (memory.buffer.byteLength; it only grows): for the soak test. */
    loomwasmBytes?: () => number;
    /** The animation loop's pacing at rest (framepace.ts): game/rest.go calls rest. */
    loomframes?: FramePacer;
  }
}

// Before the Go program starts: Ebiten keeps the requestAnimationFrame it finds then.
window.loomframes = installFramePacer(window);

const msg = document.getElementById("msg")!;
const text = document.getElementById("msg-text")!;
const again = document.getElementById("msg-again") as HTMLButtonElement;

/** Shows a failure with a button that reloads the page hosting the animation, and tells the parent. */
function fail(message: string): void {
  text.textContent = message;
  msg.className = "error";
  msg.setAttribute("role", "alert");
  again.hidden = false;
  window.loomfailed = message;
  window.dispatchEvent(new CustomEvent("loomerror", { detail: message }));
}

again.addEventListener("click", () => {
  // Reload the Loomlab page around this frame (its address holds its
  // state); on its own, or framed by another site, reload this page.
  let host: Window = window;
  try {
    if (window.parent !== window && window.parent.location.origin === location.origin) host = window.parent;
  } catch {
    // cross-origin parent: not ours to reload
  }
  host.location.reload();
});

window.addEventListener("loomready", () => {
  msg.className = "hidden";
  const api = (window as unknown as { loomgame?: ExplainApi }).loomgame;
  if (!api) return;
  installExplain(api);
  if (window.parent === window) {
    // Opened on its own: no Loomlab page around it registers the key.
    window.addEventListener("keydown", (ev) => {
      if ((ev.key === "d" || ev.key === "D") && !ev.ctrlKey && !ev.metaKey && !ev.altKey) toggleDevOverlay(api, document);
    });
  }
});

/** WebGL2, which Ebiten 2.8 draws with (it has no WebGL1 fallback). The probe's context is given back at once. */
function hasWebGL2(): boolean {
  try {
    const gl = document.createElement("canvas").getContext("webgl2");
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
    return !!gl;
  } catch {
    return false;
  }
}

async function instantiate(go: Go): Promise<WebAssembly.Instance> {
  const resp = await fetch(__LOOM_PLAYGROUND_WASM_URL__);
  if (!resp.ok) throw new Error(`HTTP ${resp.status} ${resp.statusText}`);
  const type = resp.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/wasm")) return (await WebAssembly.instantiateStreaming(resp, go.importObject)).instance;
  // A server that does not send application/wasm: compile from bytes.
  return (await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject)).instance;
}

async function start(): Promise<void> {
  if (!hasWebGL2()) {
    fail("This browser cannot show the animation: WebGL2 is not available (it may be disabled, or hardware acceleration turned off).");
    return;
  }
  const go = new Go();
  let instance: WebAssembly.Instance;
  try {
    instance = await instantiate(go);
  } catch (e) {
    fail(`The simulator failed to load (${__LOOM_PLAYGROUND_WASM_URL__}: ${errorText(e)}).`);
    return;
  }
  const mem = instance.exports.mem as WebAssembly.Memory | undefined;
  window.loomwasmBytes = () => (mem ? mem.buffer.byteLength : 0);
  text.textContent = "Starting…";
  // go.run resolves only when the Go program exits, which the game never
  // does unless it crashed (a panic nothing recovered, a fatal error).
  await go.run(instance);
  fail("The simulator stopped on an internal error (the browser console has the details).");
}

void start();
