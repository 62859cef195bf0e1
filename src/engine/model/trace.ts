// The trace: why each block has its type, its place in the reading order and its extent. Every
// stage records the rules that decided something, with the values they saw, on the thing they
// decided about; the blocks carry them, and `quire parse --trace` prints them.

export type TraceValue = number | string | boolean;

export interface TraceEntry {
  /** The stage that decided (furniture, tables, order, paragraphs, classify, …). */
  stage: string;
  /** The rule that fired, e.g. "title.larger-than-body". */
  rule: string;
  /** What the rule saw (sizes in ems, shares, counts), rounded for reading. */
  values?: Record<string, TraceValue>;
}

/** A stage that failed on a page or on the document: its work there fell back to plain text. */
export interface StageFailure {
  stage: string;
  /** 0-based page index, absent for a document-wide stage. */
  page?: number;
  message: string;
}

export function entry(stage: string, rule: string, values?: Record<string, TraceValue>): TraceEntry {
  if (!values) return { stage, rule };
  const rounded: Record<string, TraceValue> = {};
  for (const [k, v] of Object.entries(values)) rounded[k] = typeof v === 'number' ? Math.round(v * 100) / 100 : v;
  return { stage, rule, values: rounded };
}
