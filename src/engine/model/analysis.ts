// What the analysis stages hand each other: labels and regions proposed on a page's lines, then
// paragraphs in reading order with their labels. Stages read the page model and these, and return
// new ones; none of them creates a block (analysis/assemble.ts does).
import type { Box, TextLine } from './document.js';
import type { Table } from './table.js';
import type { TraceEntry } from './trace.js';

/** Running matter and margin notes: in content_list, not in the Markdown. */
export type FurnitureKind = 'header' | 'footer' | 'page_number' | 'aside_text';

export interface FurnitureLabel {
  kind: FurnitureKind;
  trace: TraceEntry;
}

interface RegionBase {
  box: Box;
  /** The page's lines inside it: a table's cells, a chart's labels. They leave the text flow. */
  lines: TextLine[];
  trace: TraceEntry[];
  /** The frame drawn around it (an infobox): it is read with the frame's own text. */
  frame?: Box;
}

/** A part of the page that is not running text (a table, a chart, an image) and the lines it takes. */
export type Region = (RegionBase & { kind: 'table'; table: Table }) | (RegionBase & { kind: 'chart' | 'image' });

/** A display equation: the lines (and number) it was assembled from, and its LaTeX. */
export interface Equation {
  box: Box;
  lines: TextLine[];
  latex: string;
  trace: TraceEntry[];
}

/**
 * The labels a paragraph of running text can get: a caption (taken by its float, else text), and
 * running matter the furniture detector left in the flow.
 */
export type ParagraphLabel = 'title' | 'text' | 'list' | 'code' | 'equation' | 'page_footnote' | 'ref_text' | 'caption' | FurnitureKind;

/** Lines of running text that read as one unit, in reading order, and why they are one. */
export interface Paragraph {
  lines: TextLine[];
  /** The display equation this paragraph is, if it is one. */
  equation?: Equation;
  trace: TraceEntry[];
}

export interface LabelledParagraph extends Paragraph {
  label: ParagraphLabel;
}

/** A region placed in the reading order, with the captions and notes found for it. */
export interface PlacedRegion {
  region: Region;
  captions: LabelledParagraph[];
  notes: LabelledParagraph[];
}

/** One item of a page's reading order. */
export type Unit = { kind: 'paragraph'; paragraph: LabelledParagraph } | { kind: 'region'; placed: PlacedRegion };
