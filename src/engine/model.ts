// The one document model every engine stage reads and writes. Coordinates are in PDF points
// (1/72 inch) for PDF pages and in pixels for images, always in the page's displayed orientation
// with the origin at the top-left corner.

/** [x0, y0, x1, y1], x0 <= x1, y0 <= y1. */
export type Box = [number, number, number, number];

/** A run of text on one visual line, as extracted (PDF text layer) or recognised (OCR). */
export interface TextLine {
  text: string;
  box: Box;
  /** Vertical position of the baseline (bottom of the box for OCR lines). */
  baseline: number;
  /** Typical glyph height in page units (font size for PDF text, box height for OCR). */
  fontSize: number;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  /** Runs vertically or upside down on the displayed page (margin stamps, rotated labels). */
  rotated?: boolean;
}

export interface Page {
  index: number;
  width: number;
  height: number;
  lines: TextLine[];
  /** Bounding boxes of embedded raster images. */
  images: Box[];
  /** Horizontal (y0 === y1) and vertical (x0 === x1) rules: vector paths, or lines of a scan. */
  rules?: Box[];
  /** Bounding boxes of the other vector drawings (curves, shapes): plots are made of these. */
  graphics?: Box[];
  /** How the text was obtained. */
  source: 'text-layer' | 'ocr';
}

export type BlockType =
  | 'title'
  | 'text'
  | 'list'
  | 'code'
  | 'equation'
  | 'image'
  | 'chart'
  | 'table'
  | 'header'
  | 'footer'
  | 'page_number'
  | 'page_footnote'
  | 'aside_text'
  | 'ref_text';

export interface Block {
  type: BlockType;
  pageIndex: number;
  box: Box;
  /** Text of text-like blocks; LaTeX for equations. */
  text?: string;
  listItems?: string[];
  /** For lists: whether the items are enumerated (1., a), (iii)) rather than bulleted. */
  enumerated?: boolean;
  codeBody?: string;
  tableHtml?: string;
  subType?: string;
  captions?: string[];
  /** Notes printed right under a table. */
  footnotes?: string[];
}

export interface ParsedDocument {
  pages: Page[];
  blocks: Block[];
}
