// Fault isolation: every stage runs through `isolated`, which turns a throw into a recorded
// failure and the stage's fallback (its region falls back to plain text), so that one stage's
// bug never loses a document.
import type { StageFailure } from '../model/trace.js';

export class Failures {
  readonly list: StageFailure[] = [];

  /** Runs `run`; when it throws, records the failure and returns `fallback()` instead. */
  isolated<T>(stage: string, page: number | undefined, run: () => T, fallback: () => T): T {
    try {
      return run();
    } catch (e) {
      this.list.push({ stage, ...(page === undefined ? {} : { page }), message: e instanceof Error ? e.message : String(e) });
      return fallback();
    }
  }
}
