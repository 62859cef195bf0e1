// Labels every paragraph of running text with the first rule of RULES that fires, reading the
// document in order (a "References" heading makes the entries after it references).
import type { LabelledParagraph, Paragraph } from '../model/analysis.js';
import type { Page, TextLine } from '../model/document.js';
import { joinLines } from '../model/text.js';
import { entry } from '../model/trace.js';
import { REFERENCES_HEADING, RULES, type ClassRule, type ParagraphFacts } from './rules.js';

export interface PageParagraphs {
  page: Page;
  paragraphs: Paragraph[];
  flow: readonly TextLine[];
  bodySize: number;
}

/** Where the reading is in the document: inside a bibliography or not. */
export interface ClassifyState {
  inReferences: boolean;
}

/** Labels one page's paragraphs, carrying the document state from page to page. */
export function classifyPage(input: PageParagraphs, state: ClassifyState, rules: readonly ClassRule[] = RULES): LabelledParagraph[] {
  return input.paragraphs.map((paragraph) => {
    const facts: ParagraphFacts = {
      lines: paragraph.lines,
      text: joinLines(paragraph.lines.map((l) => l.text)),
      bodySize: input.bodySize,
      page: input.page,
      flow: input.flow,
      equation: paragraph.equation !== undefined,
      inReferences: state.inReferences,
    };
    for (const rule of rules) {
      const values = rule.test(facts);
      if (!values) continue;
      if (rule.label === 'title') state.inReferences = REFERENCES_HEADING.test(facts.text);
      return { ...paragraph, label: rule.label, trace: [...paragraph.trace, entry('classify', rule.id, values)] };
    }
    return { ...paragraph, label: 'text', trace: [...paragraph.trace, entry('classify', 'text.no-rule')] };
  });
}
