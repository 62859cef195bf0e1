// The page model every engine stage reads: what the input stage found on each page. Coordinates are in PDF points
// (1/72 inch) for PDF pages and in pixels for images, always in the page's displayed orientation
// with the origin at the top-left corner.
import type { TraceEntry } from './trace.js';

/** [x0, y0, x1, y1], x0 <= x1, y0 <= y1. */
export type Box = [number, number, number, number];

export interface GlyphStyle {
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  /** Set in a math font (TeX's CMMI/CMSY/CMEX, Cambria Math, STIX Math, Symbol…). */
  math: boolean;
  /** Set in a colour of its own hue, not black or grey (PDF text layer only). */
  tinted?: boolean;
}

/** One character of the PDF text layer, in displayed page coordinates. */
export interface Glyph {
  code: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Baseline y. */
  base: number;
  size: number;
  style: GlyphStyle;
  /**
   * The size the PDF sets the font at (Tf), when known. Unlike `size` it does not depend on the
   * font's declared ascent and descent (huge in OpenType math fonts); 1 where a PDF scales text
   * by its matrix instead.
   */
  fontSize?: number;
  /** The PDF font's base name without its subset prefix ("CMMI10", "STIXTwoMath-Regular"), when known. */
  font?: string;
  /**
   * Horizontal extent of the glyph's advance (origin to the next pen position), when known (PDF
   * text layer): letters of a word touch there, whatever their side bearings.
   */
  advance?: [number, number];
}

/** Sums over one OCR word's pixels (input/ocr-word-ink.ts); they add up over several words. */
export interface WordInk {
  /** Ink pixels in the rows of the x-height band. */
  dark: number;
  /** Horizontal runs of ink in those rows: dark / runs is the mean stroke width. */
  runs: number;
  /** Σ (ink per pixel column)², over the whole box: high when the strokes stand upright. */
  upright: number;
  /** The same with each row shifted back by the italic slope (input/ocr-word-ink.ts): high when the strokes lean as italics do. */
  slanted: number;
}

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
  /** The line's characters (PDF text layer only): equations are rebuilt from their positions. */
  glyphs?: Glyph[];
  /**
   * OCR lines: the horizontal extent [x0, x1] of each space-separated word of `text`, from the
   * page's pixels (input/ocr-words.ts), when they tell; stale once the text changes (check the count).
   */
  words?: Array<[number, number]>;
  /** OCR lines: each word's stroke and slant sums, parallel to `words` (input/ocr-word-ink.ts). */
  wordInk?: WordInk[];
  /**
   * OCR lines: the type size from the line's x-height band (input/ocr-size.ts), in the scale of
   * `fontSize`. `fontSize` comes from the box, whose height depends on the letters the line holds;
   * this one tells lines of one size apart from lines of another.
   */
  inkSize?: number;
  /** A display equation assembled from several lines; `text` then holds its LaTeX. */
  equation?: boolean;
  /** A paragraph's first line with its drop cap put back in front (the lines after it start right of the letter). */
  dropCap?: boolean;
}

export interface Page {
  index: number;
  width: number;
  height: number;
  lines: TextLine[];
  /** Bounding boxes of embedded raster images. */
  images: Box[];
  /** A page read by OCR: its pictures, found in its pixels (input/image-pictures.ts), with the share of their area that is marked. */
  pictures?: Array<{ box: Box; marked: number }>;
  /** A page read by OCR: small lone marks of its pixels (bullets the recognizer does not read). */
  dots?: Box[];
  /** Horizontal (y0 === y1) and vertical (x0 === x1) rules: vector paths, or lines of a scan. */
  rules?: Box[];
  /** Bounding boxes of the other vector drawings (curves, shapes): plots are made of these. */
  graphics?: Box[];
  /** Of `graphics`, the filled rectangles: backgrounds of sidebars, code blocks and cells, bars. */
  fills?: Box[];
  /** How the text was obtained. */
  source: 'text-layer' | 'ocr';
  /** What the input stage decided for the whole page (an OCR'd page's language): every block of the page carries it in its trace. */
  trace?: TraceEntry[];
}
