// The words of a line read by OCR, with where each lies (TextLine.words), and the line cut between
// words. Shared by the stages that part OCR lines: column gutters (input) and table cells (tables).
import type { TextLine } from './document.js';

export interface PlacedWord {
  text: string;
  /** [x0, x1) in page units. */
  span: [number, number];
}

/** The words of an OCR line with their extents, when the extents still match its text. */
export function placedWords(line: TextLine): PlacedWord[] | null {
  if (!line.words || line.glyphs?.length) return null;
  const words = line.text.trim().split(/\s+/u).filter(Boolean);
  if (words.length !== line.words.length) return null;
  return words.map((text, i) => ({ text, span: line.words![i]! }));
}

/** `line` cut before each word index of `cuts` (ascending, within 1..words.length-1). */
export function cutBetweenWords(line: TextLine, words: readonly PlacedWord[], cuts: readonly number[]): TextLine[] {
  const pieces: TextLine[] = [];
  let from = 0;
  for (const end of [...cuts, words.length]) {
    const part = words.slice(from, end);
    pieces.push({
      ...line,
      text: part.map((w) => w.text).join(' '),
      box: [part[0]!.span[0], line.box[1], part[part.length - 1]!.span[1], line.box[3]],
      words: part.map((w) => w.span),
    });
    from = end;
  }
  return pieces;
}
