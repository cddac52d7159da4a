// The shapes the worker's gclog reader answers with (wasm/worker/gclog.go,
// gclog.Summary, gclog.Finding, gclog.Series). The summary is passed on
// untouched: it is what `loomsim gclog summary --json` prints.

export type GCKind = "young" | "mixed" | "full" | "remark" | "cleanup" | "concurrent" | "pause" | "degenerated";

/** gclog.Summary: sizes in MiB, null where the log cannot give a number. */
export interface GCLogSummary {
  collector: string;
  jvm_version?: string;
  heap_max_mb: number | null;
  duration_s: number | null;
  lines: number;
  skipped_lines: number;
  unknown_lines: number;
  events: number;
  young_gcs: number;
  mixed_gcs: number;
  full_gcs: number;
  pause_total_ms: number;
  pause_max_ms: number;
  old_after_full_gc_mb: number | null;
  [key: string]: unknown;
}

export interface GCLogFinding {
  rule: string;
  text: string;
}

export interface GCLogSeries {
  time_s: number[];
  kind: GCKind[];
  before_mb: (number | null)[];
  after_mb: (number | null)[];
  committed_mb: (number | null)[];
  old_after_mb: (number | null)[];
  pause_ms: (number | null)[];
  stride: number;
  rate_time_s: number[];
  allocation_mb_s: (number | null)[];
  promotion_mb_s: (number | null)[];
  rate_window_s: number;
  unknown_examples: { line: number; text: string }[];
}

/** One metric of the fit's quality (fit.Row): the log's value, the model's, model/log and the verdict. */
export interface FitRow {
  metric: string;
  log: number | null;
  model: number | null;
  ratio: number | null;
  tolerance: string;
  verdict: "within" | "miss" | "agree" | "info";
}

/** The fit exactly as `loomsim gclog fit --json` prints it (fit.Result). */
export interface FitResult {
  scenario: "gc-lab";
  knobs: Record<string, string>;
  quality: { window_s: number; runs: number; metrics: FitRow[]; notes: string[] };
}

/** One run of the fitted model, measured as the fit measures the log (fit.Model). */
export interface FitModel {
  knobs: Record<string, string>;
  outcome: string;
  duration_s: number;
  requests: number;
  throughput_rps: number;
  young_gcs_per_s: number;
  full_gcs_per_s: number;
  allocation_rate_mb_s: number;
  promotion_rate_mb_s: number;
  gc_time_pct: number;
  old_after_full_gc_mb: number | null;
  live_at_end_mb: number;
  eden_mb: number | null;
  series: {
    time_s: number[];
    kind: string[];
    after_mb: number[];
    old_after_mb: number[];
    pause_ms: number[];
    offset_s: number;
    rate_time_s: number[];
    allocation_mb_s: number[];
    promotion_mb_s: number[];
    rate_window_s: number;
  };
}

/** What the worker reports on a log; fit, fit_error and fit_model only when a fit was asked for. */
export interface GCLogReport {
  summary: GCLogSummary;
  describe: string[];
  diagnosis: GCLogFinding[];
  series: GCLogSeries;
  bytes: number;
  fit: FitResult | null;
  fit_error?: string;
  fit_model?: FitModel;
}

/** What window.loomlab.importGCLog resolves to: the summary and fit as `loomsim gclog summary --json` and `loomsim gclog fit --json` print them (fit null when the model cannot be fitted to the log). */
export interface GCLogImport {
  summary: GCLogSummary;
  fit: FitResult | null;
}
