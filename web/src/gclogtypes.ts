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

/** What the worker reports on a log. */
export interface GCLogReport {
  summary: GCLogSummary;
  describe: string[];
  diagnosis: GCLogFinding[];
  series: GCLogSeries;
  bytes: number;
}

/** What window.loomlab.importGCLog resolves to; fit stays null until the model can be fitted to a log. */
export interface GCLogImport {
  summary: GCLogSummary;
  fit: null;
}
