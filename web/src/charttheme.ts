// How every uPlot chart of the page looks under the page's theme (the
// default or high contrast): its axes, grid and neutral inks come from CSS
// variables (palette.css, theme.css), and a chart is drawn again when the
// theme changes, so that no chart keeps the other theme's colours.

import type uPlot from "uplot";

/** The value of the page's CSS variable --name, else fallback. */
export function cssColor(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim();
  return v || fallback;
}

/**
 * The neutral inks of the charts: none is a colour of the picture's
 * grammar (game/view/meaning.go), so a line in one of them means "this
 * quantity" or "this side", never a kind of thread or data.
 */
export interface ChartInks {
  axis: string; // tick labels and axis titles
  grid: string;
  strong: string; // the darkest (default) or brightest (high contrast) line
  mid: string;
  light: string;
  plate: string; // the chart's background (behind labels drawn over lines)
}

export function chartInks(): ChartInks {
  return {
    axis: cssColor("chart-axis", "#333333"),
    grid: cssColor("chart-grid", "#e2e2dc"),
    strong: cssColor("chart-ink", "#1b1b1b"),
    mid: cssColor("chart-ink-mid", "#6b6b6b"),
    light: cssColor("chart-ink-light", "#949494"),
    plate: cssColor("panel", "#ffffff"),
  };
}

/** An axis styled for the current theme (extra: its label, size, scale, side...). */
export function themedAxis(extra: uPlot.Axis): uPlot.Axis {
  const c = chartInks();
  return {
    stroke: c.axis,
    ticks: { stroke: c.grid, width: 1 },
    ...extra,
    grid: { stroke: c.grid, width: 1, ...(extra.grid ?? {}) },
  };
}

/**
 * The legend's swatches say how a line is drawn: dashed or dotted like its
 * series, hollow for a point series without fill.
 */
export const themedLegend: uPlot.Legend = {
  show: true,
  live: false,
  markers: {
    dash: (u, i) => {
      const d = u.series[i]?.dash;
      if (!d || d.length === 0) return "solid";
      return d[0] <= 2 ? "dotted" : "dashed";
    },
  },
};

/** Calls redraw whenever the page's theme changes (the theme toggle, a link's theme=). */
export function onThemeChange(redraw: () => void): void {
  let last = document.documentElement.dataset.theme ?? "";
  new MutationObserver(() => {
    const now = document.documentElement.dataset.theme ?? "";
    if (now === last) return;
    last = now;
    redraw();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
}
