// Labels every paragraph of running text, reading the document in order (a "References"
// heading makes the entries after it references). Certain cases are decided by exact structure
// (rules.ts: a display equation); the rest by the boosted-tree model trained on the generated
// corpus (bench/train), from the paragraph's features (features.ts). The trace names the
// model's class, its probability and the features that weighed most for it.
import type { LabelledParagraph, Paragraph, ParagraphLabel } from '../model/analysis.js';
import type { Page, TextLine } from '../model/document.js';
import { SAME_ROW } from '../model/typography.js';
import { unionOf } from '../model/geometry.js';
import { joinLines } from '../model/text.js';
import { joinDivisionLabels, joinWrappedHeadings } from '../paragraphs/headings.js';
import { joinListItems } from '../paragraphs/lists.js';
import { entry, type TraceValue } from '../model/trace.js';
import { documentFacts, paragraphFeatures, type DocumentFacts, type Float, type PageContext } from './features.js';
import { contributions, predict, type BoostedModel } from './gbdt.js';
import trained from './model.json' with { type: 'json' };
import { REFERENCES_HEADING, RULES, type ClassRule, type ParagraphFacts } from './rules.js';

export interface PageParagraphs {
  page: Page;
  paragraphs: Paragraph[];
  flow: readonly TextLine[];
  bodySize: number;
  /** The page's floats the detectors found (tables, charts, images): captions and notes stand by them. */
  floats?: readonly Float[];
}

/** Where the reading is in the document (inside a bibliography or not), and what recurs across its pages. */
export interface ClassifyState {
  inReferences: boolean;
  /** Absent: measured on the page alone. */
  doc?: DocumentFacts;
}

/** The state at the start of a document. */
export function classifyState(pages: readonly Page[]): ClassifyState {
  return { inReferences: false, doc: documentFacts(pages) };
}

/** Sees each paragraph's features as they are measured (bench/train collects them). */
export type FeatureObserver = (paragraph: Paragraph, features: number[], page: Page) => void;

export const MODEL: BoostedModel = trained;

/** The model's classes as labels: text of floats the detectors left in the flow reads as text. */
const LABEL_OF: Record<string, ParagraphLabel> = {
  title: 'title',
  text: 'text',
  list: 'list',
  caption: 'caption',
  page_footnote: 'page_footnote',
  header: 'header',
  footer: 'footer',
  page_number: 'page_number',
  aside_text: 'aside_text',
  code: 'code',
  ref_text: 'ref_text',
  other: 'text',
};

/** Figures with a sign, a unit or a note mark and no letter: a value, not a heading. */
const LARGE_VALUE = /^(?=[^\p{L}]*$)(?=.*\d)(?=.*[%‰$€£¥*†‡.,+±−–-]).*$/u;

/**
 * A short heading whose first line's row holds this many other lines, each of them short, stands in a row
 * of labels (a diagram's boxes, a table's header), not over a section: three page columns hold
 * two headings beside one at most.
 */
const ROW_OF_LABELS = 3;
/** A label in such a row is at most this many characters long, on at most this many lines. */
const ROW_LABEL_CHARS = 60;
const ROW_LABEL_LINES = 2;

/** Labels of one row share their type: sizes within this share of each other, and one weight. */
const ROW_LABEL_SIZE = 0.1;

/**
 * The number of other short lines in the type of `line` on its row, left or right of it (the
 * lines of other page columns beside a heading are in the body's type).
 */
function labelsBeside(line: TextLine, flow: readonly TextLine[]): number {
  const size = Math.max(line.fontSize, 1);
  return flow.filter(
    (l) =>
      l !== line &&
      l.text.trim().length <= ROW_LABEL_CHARS &&
      l.bold === line.bold &&
      Math.abs(l.fontSize - line.fontSize) <= ROW_LABEL_SIZE * size &&
      Math.abs((l.box[1] + l.box[3]) / 2 - (line.box[1] + line.box[3]) / 2) < SAME_ROW * size &&
      (l.box[0] >= line.box[2] || l.box[2] <= line.box[0]),
  ).length;
}

/** The trace names this many of the features that weighed most for the decision. */
const TRACE_FEATURES = 3;

/** The model's decision for one paragraph, with the trace entry explaining it. */
export function decide(model: BoostedModel, features: readonly number[]): { label: ParagraphLabel; values: Record<string, TraceValue>; cls: string } {
  const probs = predict(model, features);
  const k = probs.indexOf(Math.max(...probs));
  const cls = model.classes[k]!;
  const weights = contributions(model, features, k);
  const top = weights
    .map((w, f) => ({ w, f }))
    .sort((a, b) => b.w - a.w)
    .slice(0, TRACE_FEATURES);
  const values: Record<string, TraceValue> = { p: probs[k]! };
  for (const { f } of top) values[model.features[f]!] = features[f]!;
  return { label: LABEL_OF[cls] ?? 'text', values, cls };
}

/** Labels one page's paragraphs, carrying the document state from page to page. */
export function classifyPage(input: PageParagraphs, state: ClassifyState, observe?: FeatureObserver, rules: readonly ClassRule[] = RULES, model: BoostedModel = MODEL): LabelledParagraph[] {
  const ctx: PageContext = { ...input, doc: state.doc ?? documentFacts([input.page]) };
  const labelled = input.paragraphs.map((paragraph, i): LabelledParagraph => {
    const features = paragraphFeatures(ctx, i, state.inReferences);
    if (observe) observe(paragraph, features, input.page);
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
      if (values) return { ...paragraph, label: rule.label, trace: [...paragraph.trace, entry('classify', rule.id, values)] };
    }
    const { label, values, cls } = decide(model, features);
    const decided = entry('classify', `${cls}.model`, values);
    // A heading names something: figures set large with a sign ("72%*", "$575,000") are a value,
    // not a heading (a year alone, "2021", may head a timeline's part).
    if (label === 'title' && LARGE_VALUE.test(facts.text)) return { ...paragraph, label: 'text', trace: [...paragraph.trace, decided, entry('classify', 'title.without-words')] };
    // One of a row of short labels side by side (a diagram's boxes): text, not a heading.
    if (label === 'title' && paragraph.lines.length <= ROW_LABEL_LINES && facts.text.length <= ROW_LABEL_CHARS) {
      const beside = labelsBeside(paragraph.lines[0]!, input.flow);
      if (beside >= ROW_OF_LABELS) return { ...paragraph, label: 'text', trace: [...paragraph.trace, decided, entry('classify', 'title.in-a-row', { beside })] };
    }
    if (label === 'title') state.inReferences = REFERENCES_HEADING.test(facts.text);
    return { ...paragraph, label, trace: [...paragraph.trace, decided] };
  });
  return joinWrappedHeadings(joinDivisionLabels(joinListItems(footnotesAtTheFoot(labelled))));
}

/** Labels that a footnote stands below: the body's running text. */
const BODY_LABELS: ReadonlySet<ParagraphLabel> = new Set(['text', 'title', 'list']);

/**
 * A footnote stands at the foot of its column: a paragraph the model called one with the body's
 * text below it, in its own column, is text (a numbered question in a textbook, "2 Do you
 * remember…", read like a footnote's opening mark).
 */
function footnotesAtTheFoot(paragraphs: LabelledParagraph[]): LabelledParagraph[] {
  const boxes = paragraphs.map((p) => unionOf(p.lines));
  return paragraphs.map((p, i) => {
    if (p.label !== 'page_footnote') return p;
    const box = boxes[i]!;
    const below = paragraphs.findIndex((q, k) => BODY_LABELS.has(q.label) && boxes[k]![1] >= box[3] && boxes[k]![0] < box[2] && boxes[k]![2] > box[0]);
    if (below < 0) return p;
    return { ...p, label: 'text', trace: [...p.trace, entry('classify', 'footnote.not-at-foot', { below: joinLines(paragraphs[below]!.lines.map((l) => l.text)).slice(0, 40) })] };
  });
}
