// Tables on pages read by OCR. The recognizer's line detector joins words into a line unless they
// lie far apart, so neighbouring cells set close together ("Budget   50.12", "663,107   869,382")
// come back as one line, with no glyph positions to tell the cells apart (fragments.ts cuts
// text-layer lines by their glyphs). The page's pixels give where each word of an OCR line lies
// (TextLine.words, input/ocr-words.ts): a gap between words much wider than the line's other
// word spaces is a cell gap, as it is between glyphs.
import type { TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';

interface PlacedWord {
  text: string;
  /** [x0, x1) in page units. */
  span: [number, number];
}

/** The words of an OCR line with their extents, when the extents still match its text. */
function placedWords(line: TextLine): PlacedWord[] | null {
  if (!line.words || line.glyphs?.length) return null;
  const words = line.text.trim().split(/\s+/u).filter(Boolean);
  if (words.length !== line.words.length) return null;
  return words.map((text, i) => ({ text, span: line.words![i]! }));
}

/** `line` cut before each word index of `cuts` (ascending, within 1..words.length-1). */
function cutBetweenWords(line: TextLine, words: readonly PlacedWord[], cuts: readonly number[]): TextLine[] {
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

/** A cell gap is at least this many ems wide (word spaces are 0.2–0.6 em as OCR boxes measure them). */
const CELL_GAP = 1;
/** …and this many times the line's usual word space, when it has other spaces. */
const GAP_OVER_SPACES = 2.5;

/** An OCR line cut at its cell gaps (the line itself when it has none, or no word extents). */
export function scannedCellFragments(line: TextLine): TextLine[] {
  if (line.rotated || line.equation) return [line];
  const words = placedWords(line);
  if (!words || words.length < 2) return [line];
  const gaps = words.slice(1).map((w, i) => ({ at: i + 1, width: w.span[0] - words[i]!.span[1] }));
  const size = line.fontSize;
  const cuts = gaps.filter((g) => {
    if (g.width < CELL_GAP * size) return false;
    const others = gaps.filter((o) => o !== g).map((o) => o.width);
    return !others.length || g.width >= GAP_OVER_SPACES * median(others);
  });
  if (!cuts.length) return [line];
  return cutBetweenWords(line, words, cuts.map((c) => c.at));
}

/**
 * Ends of OCR words and cells line up to this many ems in a column (pixel extents of one font's
 * figures and words on a 200-dpi page: a pixel or two; a text layer's glyphs line up to 0.1 em).
 */
const ALIGNED_OCR = 0.2;

/** Column edges a table's cells share (fragments.ts ColumnAlignment). */
interface Alignment {
  left?: number;
  right?: number;
}

/**
 * An OCR line cut at the word gaps where a table's columns part (a header row whose cells are set
 * a word space apart), as fragments.ts cutAtColumns cuts a text-layer line by its glyphs: every
 * column edge the line crosses must be matched by a word gap that ends the column's right-aligned
 * cells or starts the next column's left-aligned ones; otherwise null.
 */
export function scannedCutAtColumns(line: TextLine, edges: readonly number[], columns: readonly Alignment[]): { pieces: TextLine[]; edges: number[] } | null {
  if (line.rotated || line.equation) return null;
  const words = placedWords(line);
  if (!words || words.length < 2) return null;
  const size = line.fontSize;
  const aligned = (x: number, edge: number | undefined) => edge !== undefined && Math.abs(x - edge) <= ALIGNED_OCR * size;
  // A number's thousands set apart ("2, 800") is no cell gap.
  const inNumber = (i: number) => /\d,$/.test(words[i - 1]!.text) && /^\d/.test(words[i]!.text);
  const cuts: number[] = [];
  const moved = [...edges];
  for (let e = 1; e < edges.length - 1; e++) {
    const edge = edges[e]!;
    if (line.box[0] >= edge || line.box[2] <= edge) continue;
    let best = -1;
    for (let i = 1; i < words.length; i++) {
      if (inNumber(i)) continue;
      if (!aligned(words[i - 1]!.span[1], columns[e - 1]?.right) && !aligned(words[i]!.span[0], columns[e]?.left)) continue;
      if (best < 0 || Math.abs(words[i]!.span[0] - edge) < Math.abs(words[best]!.span[0] - edge)) best = i;
    }
    if (best < 0) return null;
    cuts.push(best);
    moved[e] = (words[best - 1]!.span[1] + words[best]!.span[0]) / 2;
  }
  if (!cuts.length || cuts.some((c, i) => i > 0 && c <= cuts[i - 1]!)) return null;
  return { pieces: cutBetweenWords(line, words, cuts), edges: moved };
}

/**
 * A column's shared edges (fragments.ts columnAlignment) from OCR cells: their ink's ends, to
 * `ALIGNED_OCR` ems (an OCR box's padding differs from line to line by a point or two, the ink does not).
 */
export function scannedColumnAlignment(cells: readonly TextLine[]): Alignment {
  if (cells.length < 2) return {};
  const size = median(cells.map((l) => l.fontSize)) || 10;
  const ink = cells.map((l) => {
    const words = placedWords(l);
    return words ? [words[0]!.span[0], words[words.length - 1]!.span[1]] : [l.box[0], l.box[2]];
  });
  const shared = (xs: number[]) => (Math.max(...xs) - Math.min(...xs) <= ALIGNED_OCR * size ? median(xs) : undefined);
  return { left: shared(ink.map((x) => x[0]!)), right: shared(ink.map((x) => x[1]!)) };
}

/** Whether a table's cells were read by OCR with their words' extents (none has glyphs). */
export function readByOcr(cells: readonly TextLine[]): boolean {
  return cells.length > 0 && cells.every((l) => !l.glyphs?.length) && cells.some((l) => l.words);
}
