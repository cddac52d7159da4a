// Entry point of index.html: load the scenario metadata, build the page,
// attach the playground and publish window.loomlab.

import { App } from "./app";
import { teach } from "./classroom";
import { comfort, earlyTheme } from "./comfort";
import { makeAPI, LoomLab } from "./api";
import { messageItem, tryAgain } from "./failure";
import { keepFirstScreenFitted } from "./firstscreen";
import { fetchMeta } from "./spec";
import { errorText, LoomError } from "./types";

declare global {
  interface Window {
    loomlab: LoomLab;
  }
}

async function boot(): Promise<App> {
  return new App(await fetchMeta());
}

earlyTheme();
const app = boot();
const ready = app.then((a) => a.start());
void app.then((a) => comfort(a, ready));
void app.then((a) => teach(a, ready));
void ready.then(() => keepFirstScreenFitted());
window.loomlab = makeAPI(app, ready);
void app.then((a) => {
  window.loomlab.sweep = {
    run: () => a.sweeps.run().then((o) => o.sweep),
    request: () => a.sweeps.request(),
    result: () => a.sweeps.result(),
    chartMarks: (m) => a.sweeps.chartMarks(m),
    chartCrossings: (m) => a.sweeps.chartCrossings(m),
  };
});

ready.catch((e: unknown) => {
  if (e instanceof LoomError && e.shown) return;
  const msg = errorText(e);
  document.getElementById("messages")?.append(messageItem(`Loomlab could not start: ${msg}`, "error", [tryAgain]));
});
