// The life of one background job as a panel shows it: a Run button, a
// Cancel button, a progress bar and a label. The full-run, article-vs-model
// and sweep panels share it, so that each starts, reports, cancels, fails
// and cleans up the same way: a new run cancels the one before it; while a
// job runs the Run button is disabled and Cancel and the bar are shown; a
// cancelled job says "cancelled", a failed one "failed" and tells its
// panel (which offers Retry); only the newest job puts the panel back to
// rest, so a cancelled older job finishing late cannot undo a newer one.

import type { Job } from "./runner";
import { errorText } from "./types";

/** The elements a job's panel shows it with. */
export interface JobParts {
  run: HTMLButtonElement;
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

  /** Runs one job to its end; rejects when it fails or is cancelled. */
  async run<T>(r: JobRun<T>): Promise<T> {
    const { bar, label } = this.parts;
    this.job?.cancel();
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
      const msg = errorText(e);
      label.textContent = msg === "cancelled" ? "cancelled" : "failed";
      if (msg !== "cancelled") r.failed(msg);
      throw e;
    } finally {
      if (this.job === job) {
        this.job = null;
        this.busy(false);
      }
    }
  }

  private busy(on: boolean): void {
    this.parts.run.disabled = on;
    this.parts.cancel.hidden = !on;
    this.parts.bar.hidden = !on;
  }
}
