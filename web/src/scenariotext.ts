// The main page's text about the chosen scenario: title, credit, summary,
// notes, its cases and the constants of its profile.

import { byID, el } from "./dom";
import { ScenarioMeta } from "./types";

export function showScenarioText(s: ScenarioMeta): void {
  // A title's closing parenthesis lists the story's topics ("(StackChunks,
  // JIT tiers, Full GCs)"): drawn smaller and dimmer (hidden on a phone),
  // so that the title's claim reads on one line above the picture.
  const topics = /^(.*\S) (\([^()]*\))$/.exec(s.title);
  byID("scenario-title").replaceChildren(...(topics ? [topics[1], " ", el("span", { class: "title-topics" }, topics[2])] : [s.title]));
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
}
