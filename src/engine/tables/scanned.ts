// Tables on pages read by OCR. The recognizer's line detector joins words into a line unless they
// lie far apart, so neighbouring cells set close together ("Budget   50.12", "663,107   869,382")
// come back as one line, with no glyph positions to tell the cells apart (fragments.ts cuts
// text-layer lines by their glyphs). The page's pixels give where each word of an OCR line lies
// (TextLine.words, input/ocr-words.ts): a gap between words much wider than the line's other
// word spaces is a cell gap, as it is between glyphs.
import type { TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';

/** A cell gap is at least this many ems wide (word spaces are 0.2–0.6 em as OCR boxes measure them). */
const CELL_GAP = 1;
/** …and this many times the line's usual word space, when it has other spaces. */
const GAP_OVER_SPACES = 2.5;

/** The words of an OCR line with their extents, when the extents still match its text. */
function wordsOf(line: TextLine): { text: string; span: [number, number] }[] | null {
  if (!line.words || line.glyphs?.length) return null;
  const words = line.text.trim().split(/\s+/u).filter(Boolean);
  if (words.length !== line.words.length) return null;
  return words.map((text, i) => ({ text, span: line.words![i]! }));
}

/** An OCR line cut at its cell gaps (the line itself when it has none, or no word extents). */
export function scannedCellFragments(line: TextLine): TextLine[] {
  if (line.rotated || line.equation) return [line];
  const words = wordsOf(line);
  if (!words || words.length < 2) return [line];
  const gaps = words.slice(1).map((w, i) => ({ at: i + 1, width: w.span[0] - words[i]!.span[1] }));
  const size = line.fontSize;
  const cuts = gaps.filter((g) => {
    if (g.width < CELL_GAP * size) return false;
    const others = gaps.filter((o) => o !== g).map((o) => o.width);
    return !others.length || g.width >= GAP_OVER_SPACES * median(others);
  });
  if (!cuts.length) return [line];
  const pieces: TextLine[] = [];
  let from = 0;
  for (const end of [...cuts.map((c) => c.at), words.length]) {
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
