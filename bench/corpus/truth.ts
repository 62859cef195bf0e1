// The ground truth of a generated document, exact by construction: every block of the source
// was typeset in a colour that encodes its id, and its glyphs were read back from that PDF
// (extract.ts). One JSON file per document, beside its PDF.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** [x0, y0, x1, y1] in PDF points of the displayed page, origin top-left. */
export type Box = [number, number, number, number];

/** A box on one page (0-based page index). */
export interface PageBox {
  page: number;
  box: Box;
}

/** One printed line of a block: its glyphs' box and their text as the PDF gives it. */
export interface TruthLine extends PageBox {
  text: string;
}

export type BlockType =
  | 'title'
  | 'text'
  | 'list'
  | 'table'
  | 'image'
  | 'chart'
  | 'caption'
  | 'page_footnote'
  | 'header'
  | 'footer'
  | 'page_number'
  | 'aside_text'
  | 'code'
  | 'equation'
  | 'ref_text';

export interface TruthListItem {
  text: string;
  /** 0 for top-level items, 1 for items nested one level, … */
  level: number;
  boxes: PageBox[];
  lines: TruthLine[];
}

export interface TruthCell {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  text: string;
  /** A header cell (a row of the table head, or a row label column marked as such). */
  header: boolean;
  boxes: PageBox[];
}

export interface TruthBlock {
  id: number;
  type: BlockType;
  /** What the block is within its type, for finer analysis: 'run-in' headings, 'toc', 'letterhead', 'memo-field', 'author-list', 'infobox', 'sidebar', 'document-control', 'diagram-label', … */
  role?: string;
  /** Titles: 1 for the document title, 2 for sections, 3 for subsections, … */
  level?: number;
  /** Body text as printed (titles with their printed number); for lists the items joined by newlines; for tables the cells row by row. */
  text: string;
  /** Every fragment of the block: one box per page and column it occupies. */
  boxes: PageBox[];
  /** The block's printed lines (what a line classifier is trained on). */
  lines: TruthLine[];
  /** Lists. */
  items?: TruthListItem[];
  enumerated?: boolean;
  /** Tables: cells with spans, and the minimal HTML (<table><tr><td>) TEDS compares. */
  cells?: TruthCell[];
  rows?: number;
  cols?: number;
  html?: string;
  /** Captions: the id of the table, image or chart they belong to. */
  captionOf?: number;
  /** Equations: their LaTeX. */
  latex?: string;
  /** Labels drawn inside a diagram or chart belong to it: their text and boxes. */
  labels?: TruthLine[];
}

export interface CorpusTruth {
  /** Document id: `${family}-${seed}`. */
  id: string;
  family: string;
  /** Which typesetting system made it. */
  generator: 'latex' | 'chromium' | 'libreoffice';
  seed: number;
  split: 'tune' | 'validate';
  /** Born-digital, or a degraded scan of the born-digital document (image-only PDF). */
  variant: 'digital' | 'scan';
  /** Scans: how they were degraded. */
  scan?: { dpi: number; blur: number; noise: number; skewDegrees: number; jpegQuality: number };
  /** Displayed page sizes in points. */
  pages: Array<{ width: number; height: number }>;
  /** Every block, in reading order (furniture of a page where it is printed: headers first, footers last). */
  blocks: TruthBlock[];
}

/** Types that are page furniture: never in the Markdown. */
export const FURNITURE: ReadonlySet<BlockType> = new Set(['header', 'footer', 'page_number', 'aside_text']);

export interface CorpusDocument {
  truth: CorpusTruth;
  pdfPath: string;
}

/** The truth of one document (`<id>.json` beside `<id>.pdf`). */
export function loadTruth(jsonPath: string): CorpusTruth {
  const truth = JSON.parse(readFileSync(jsonPath, 'utf8')) as CorpusTruth;
  if (!truth.id || !Array.isArray(truth.blocks) || !Array.isArray(truth.pages)) throw new Error(`${jsonPath}: not a corpus truth file`);
  return truth;
}

/** Every document of a corpus folder (searched recursively): PDF and truth pairs. */
export function loadCorpus(dir: string): CorpusDocument[] {
  if (!existsSync(dir)) return [];
  const docs: CorpusDocument[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && existsSync(path.replace(/\.json$/, '.pdf'))) docs.push({ truth: loadTruth(path), pdfPath: path.replace(/\.json$/, '.pdf') });
    }
  };
  walk(dir);
  return docs;
}
