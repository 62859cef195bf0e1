// The types of running text that exact structure decides, before the learned model is asked:
// an ordered list of named rules, the first that fires gives a paragraph its label. Each rule
// reports the values it saw, for the trace.
import type { ParagraphLabel } from '../model/analysis.js';
import type { Page, TextLine } from '../model/document.js';
import { DOT_LEADERS, isListStart } from '../model/text.js';
import type { TraceValue } from '../model/trace.js';

/** What a rule may look at: the paragraph, its page, and where in the document it stands. */
export interface ParagraphFacts {
  lines: readonly TextLine[];
  /** The paragraph's lines joined, hyphenation undone. */
  text: string;
  bodySize: number;
  page: Page;
  /** The page's lines of running text (a paragraph's row may hold other lines). */
  flow: readonly TextLine[];
  /** A display equation. */
  equation: boolean;
  /** After a "References" heading and before the next heading. */
  inReferences: boolean;
}

export interface ClassRule {
  id: string;
  label: ParagraphLabel;
  /** The values seen when the rule fires; null when it does not. */
  test(p: ParagraphFacts): Record<string, TraceValue> | null;
}

/** In order: the first rule that fires decides; when none does, the model decides. */
export const RULES: readonly ClassRule[] = [
  // The equation detector assembled it from its glyphs.
  { id: 'equation.display-formula', label: 'equation', test: (p) => (p.equation ? {} : null) },
  // Every line set in a monospaced font.
  { id: 'code.monospace', label: 'code', test: (p) => (p.bodySize > 0 && p.lines.every((l) => l.monospace) ? { lines: p.lines.length } : null) },
  // Two lines or more, each opening with a bullet or an enumerator ("1.", "a)"): items set one
  // under the other without space. Entries of a bibliography, and of a table of contents (dot
  // leaders), are their own.
  {
    id: 'list.every-line-an-item',
    label: 'list',
    test: (p) => (!p.inReferences && p.lines.length >= 2 && p.lines.every((l) => isListStart(l.text) && !DOT_LEADERS.test(l.text)) ? { items: p.lines.length } : null),
  },
];

/** A heading that opens a bibliography. */
export const REFERENCES_HEADING = /^(\d+\.?\s*)?(references|bibliography|works cited|literature cited)$/i;
