// What a generated document is: its PDF and its exact truth.
import type { PDFFont } from 'pdf-lib';

export interface Truth {
  /** Body text in reading order (titles, paragraphs, list items), furniture excluded. */
  text: string;
  /** Paragraphs (and headings) in reading order. */
  paragraphs: string[];
  headings: string[];
  listItems: string[];
  /** Running headers, footers and page numbers as printed. */
  furniture: string[];
}

export interface GeneratedDoc {
  id: string;
  pdf: Uint8Array;
  truth: Truth;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}
