// The life of one background job as a panel shows it: a Run button, a
// Cancel button, a progress bar and a label. The full-run, article-vs-model
// sweep and GC-log panels share it, so that each starts, reports, cancels,
// fails and cleans up the same way: a new run cancels the one before it;
// while a job runs the Run button (a panel may have none: the GC-log panel
// starts a read from a file, a drop or pasted text) is disabled and Cancel
// and the bar are shown; a cancelled job says "cancelled", a failed one
// "failed" and tells its panel (which offers Retry), and either puts back
// what the panel showed before the job's part results; a job replaced by a
// newer one says nothing more, and only the newest job puts the panel back
// to rest, so a cancelled older job finishing late cannot undo a newer one.

import type { Job } from "./runner";
import { errorText } from "./types";

/** The elements a job's panel shows it with. */
export interface JobParts {
  run?: HTMLButtonElement;
  cancel: HTMLButtonElement;
  bar: HTMLProgressElement;
  label: HTMLElement;
}

/** Reports how far a job is: the bar's fraction and the label's words. */
export type ShowProgress = (fraction: number, text: string) => void;

/** What a panel gives for one run. */
export interface JobRun<T> {
  /** Starts the job; the job reports its progress through show. */
  start(show: ShowProgress): Job<T>;
  /** The label while the job has not reported yet. */
  starting: string;
  /** Shows the result; returns the label's words for it. */
  done(result: T): string;
  /** Tells the reader that the job failed (never called for a cancelled job). */
  failed(message: string): void;
  /**
   * Puts back what the panel showed before the job began to show its part
   * results, when the job is cancelled or fails (not when a newer job
   * replaced it: that one has the panel now).
   */
  undone?(): void;
}

export class JobControls {
  private job: Job<unknown> | null = null;

  constructor(private readonly parts: JobParts) {
    parts.cancel.addEventListener("click", () => this.cancel());
  }

  /** Cancels the running job, if any (its panel then says "cancelled"). */
  cancel(): void {
    this.job?.cancel();
  }

  /**
   * Cancels the running job, if any, as replaced by something newer: it
   * says nothing more, and the panel is at rest until the next run.
   */
  abandon(): void {
    const job = this.job;
    if (!job) return;
    this.job = null;
    job.cancel();
    this.busy(false);
  }

  /** Runs one job to its end; rejects when it fails or is cancelled. */
  async run<T>(r: JobRun<T>): Promise<T> {
    const { bar, label } = this.parts;
    this.abandon();
    const job = r.start((f, text) => {
      bar.value = f;
      label.textContent = text;
    });
    this.job = job;
    this.busy(true);
    bar.value = 0;
    label.textContent = r.starting;
    try {
      const out = await job.promise;
      label.textContent = r.done(out);
      return out;
    } catch (e) {
      if (this.job !== job) throw e; // replaced: the newer job has the panel
      const msg = errorText(e);
      label.textContent = msg === "cancelled" ? "cancelled" : "failed";
      if (msg !== "cancelled") r.failed(msg);
      r.undone?.();
      throw e;
    } finally {
      if (this.job === job) {
        this.job = null;
        this.busy(false);
      }
    }
  }

  private busy(on: boolean): void {
    if (this.parts.run) this.parts.run.disabled = on;
    this.parts.cancel.hidden = !on;
    this.parts.bar.hidden = !on;
  }
}
