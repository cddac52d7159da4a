// The main page's text about the chosen scenario: title, credit, summary,
// notes, its cases and the constants of its profile.

import { byID, el } from "./dom";
import { ScenarioMeta } from "./types";

export function showScenarioText(s: ScenarioMeta): void {
  // A title's closing parenthesis lists what the whole story covers
  // ("(StackChunks, JIT tiers, Full GCs)"), across all its cases and
  // moments: above the opening picture it promised what that picture does
  // not draw (no JIT tiers at the first Full GC), so the heading keeps the
  // claim and the list moves to "What this story is about".
  const topics = /^(.*\S) \(([^()]*)\)$/.exec(s.title);
  const title = byID("scenario-title");
  title.textContent = topics ? topics[1] : s.title;
  title.dataset.claim = title.textContent; // the headline's figures mark the pictured setting in it (titlemark.ts)
  const covers = byID("scenario-topics");
  covers.hidden = !topics;
  covers.textContent = topics ? `Across its cases, this story covers: ${topics[2]}.` : "";
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
