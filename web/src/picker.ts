// The main page's scenario picker: one button per scenario (an article each, and gc-lab); the
// loaded one is pressed.

import { byID, el } from "./dom";
import { ScenarioMeta } from "./types";

export class Picker {
  private nav = byID("picker");

  /** Lists scenarios; a click on one calls pick with it. */
  constructor(scenarios: ScenarioMeta[], pick: (s: ScenarioMeta) => void) {
    this.nav.replaceChildren(
      el("span", { class: "picker-label", id: "picker-label" }, "Stories — five articles and a lab to run beside a real JVM:"),
      el(
        "ul",
        { "aria-labelledby": "picker-label" },
        ...scenarios.map((s) =>
          el("li", {}, el("button", { type: "button", class: "pick", "data-scenario": s.id, "aria-pressed": "false", title: s.title }, s.id)),
        ),
      ),
    );
    this.nav.addEventListener("click", (ev) => {
      const b = (ev.target as HTMLElement).closest("button[data-scenario]") as HTMLButtonElement | null;
      if (!b) return;
      const s = scenarios.find((x) => x.id === b.dataset.scenario);
      if (s) pick(s);
    });
  }

  /** Presses the button of the loaded scenario id. */
  mark(id: string): void {
    for (const b of this.nav.querySelectorAll<HTMLButtonElement>("button[data-scenario]")) {
      b.setAttribute("aria-pressed", String(b.dataset.scenario === id));
    }
  }
}
