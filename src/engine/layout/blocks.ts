// From ordered column segments of lines to typed blocks: paragraphs split at vertical gaps and
// style changes, then each classified as title, list, code or text.
import type { Block, Box, TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';

// Bullet glyphs, including Symbol/Wingdings bullets that map to the Private Use Area (U+F0xx).
const BULLET_CHARS = '•◦▪▫●○■□‣⁃∙·*–\\-»►▶▸▹➢➤✓✔❖◆◇→\\uF0A7\\uF0B7\\uF076\\uF0D8\\uF0FC\\uF0A8';
// Round and square bullets may touch their text (OCR often reads "•Item" as one word).
const BULLET = new RegExp(`^([${BULLET_CHARS}]\\s+|[•◦▪●■·∙](?=\\p{Lu}))`, 'u');
/** A line that is only a bullet glyph (set apart from its text by a tab stop). */
export const LONE_BULLET = new RegExp(`^[${BULLET_CHARS}]$`, 'u');
const ENUMERATOR = /^(\(?(\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]|\d{1,3}(\.\d{1,3})+\.?)\s+/i;

export function isListStart(text: string): boolean {
  return BULLET.test(text) || ENUMERATOR.test(text);
}

/** Splits one column segment (lines in reading order) into paragraphs. */
export function paragraphs(lines: TextLine[]): TextLine[][] {
  const out: TextLine[][] = [];
  let current: TextLine[] = [];
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev && startsNewParagraph(prev, line, current)) {
      out.push(current);
      current = [];
    }
    current.push(line);
  }
  if (current.length) out.push(current);
  return out;
}

function startsNewParagraph(prev: TextLine, line: TextLine, block: TextLine[]): boolean {
  if (prev.equation || line.equation) return true;
  const size = Math.max(prev.fontSize, line.fontSize, 1);
  // Baseline-to-baseline distance against the paragraph's own line pitch so far.
  const pitch = line.baseline - prev.baseline;
  const usual = block.length >= 2 ? medianPitch(block) : size * 1.25;
  if (pitch > Math.max(usual * 1.35, size * 1.5)) return true;
  if (pitch < size * 0.3) return true; // same row or moved up: a new column segment slipped in
  if (Math.abs(prev.fontSize - line.fontSize) > 0.15 * size) return true;
  if (prev.bold !== line.bold && (isHeadingLike(prev) || isHeadingLike(line))) return true;
  if (prev.monospace !== line.monospace) return true;
  // A list item starts a new block unless the block is already a list.
  if (isListStart(line.text) && !line.monospace && !isListStart(block[0]!.text)) return true;
  if (startsWithIndent(prev, line, block)) return true;
  // A paragraph's first line runs to its right edge: a short first line followed by a full
  // one is a line of its own (a heading whose weight OCR could not tell, a one-line paragraph).
  if (block.length === 1 && !BULLET.test(prev.text) && line.box[2] - prev.box[2] > 4 * size && Math.abs(line.box[0] - prev.box[0]) < size) return true;
  return false;
}

/**
 * A first-line indent (as LaTeX and most books set paragraphs, with no space between them):
 * the line starts one to four quads right of the block's left edge, where the line before it
 * started. Lists (hanging indents), code, bold lines and centred lines are left alone.
 */
function startsWithIndent(prev: TextLine, line: TextLine, block: TextLine[]): boolean {
  if (line.monospace || line.bold || isListStart(block[0]!.text)) return false;
  const left = Math.min(...block.map((l) => l.box[0]));
  const indent = line.box[0] - left;
  const size = line.fontSize;
  if (indent < 0.8 * size || indent > 4 * size || Math.abs(prev.box[0] - left) > 0.3 * size) return false;
  // A centred block has ragged left edges and a short line of its own: only a line that runs
  // on to the block's right edge is a paragraph's first line.
  const right = Math.max(...block.map((l) => l.box[2]));
  return Math.abs(line.box[2] - right) < size || line.box[2] > right;
}

function isHeadingLike(line: TextLine): boolean {
  return line.bold && line.text.length < 120;
}

function medianPitch(lines: TextLine[]): number {
  return median(lines.slice(1).map((l, i) => l.baseline - lines[i]!.baseline));
}

export function unionBox(lines: { box: Box }[]): Box {
  return [
    Math.min(...lines.map((l) => l.box[0])),
    Math.min(...lines.map((l) => l.box[1])),
    Math.max(...lines.map((l) => l.box[2])),
    Math.max(...lines.map((l) => l.box[3])),
  ];
}

/** Joins the lines of a paragraph, undoing end-of-line hyphenation ("exam-" + "ple"). */
export function joinLines(texts: string[]): string {
  let out = '';
  for (const raw of texts) {
    const t = raw.trim();
    if (!t) continue;
    if (!out) out = t;
    else if (/[A-Za-zÀ-ÿ]-$/.test(out) && /^[a-zà-ÿ]/.test(t)) out = out.slice(0, -1) + t;
    else out += ' ' + t;
  }
  return out;
}

/** Classifies a paragraph given the page's body font size. */
export function classify(lines: TextLine[], pageIndex: number, bodySize: number): Block {
  const box = unionBox(lines);
  const text = joinLines(lines.map((l) => l.text));

  if (lines[0]!.equation) return { type: 'equation', pageIndex, box, text };
  if (lines.every((l) => l.monospace) && lines.length >= 1 && bodySize > 0) {
    return { type: 'code', pageIndex, box, codeBody: codeText(lines), subType: 'code' };
  }
  // Before lists: numbered section headings ("2. Methods") are titles, not list items.
  if (isTitle(lines, text, bodySize)) return { type: 'title', pageIndex, box, text };
  if (isListStart(lines[0]!.text)) {
    const { items, enumerated, levels } = listItems(lines);
    return { type: 'list', pageIndex, box, listItems: items, enumerated, listLevels: levels, subType: 'text' };
  }
  return { type: 'text', pageIndex, box, text };
}

function isTitle(lines: TextLine[], text: string, bodySize: number): boolean {
  if (lines.length > 3 || text.length > 200 || text.length < 2) return false;
  if (!/\p{L}/u.test(text)) return false;
  const size = Math.max(...lines.map((l) => l.fontSize));
  const larger = bodySize > 0 && size >= bodySize * 1.15;
  const bold = lines.every((l) => l.bold);
  // A bold line the size of body text is a heading only when it is short and not a sentence.
  const shortBold = bold && text.length < 90 && !/[.:;,]$/.test(text);
  // A numbered section heading ("4.2 Results"), alone on its line, whatever its weight.
  const numbered = lines.length === 1 && text.length <= 70 && /^\d{1,2}(\.\d{1,2}){0,3}\s+\p{Lu}[^.:;!?]*$/u.test(text) && text.split(' ').length <= 9;
  return larger || shortBold || numbered;
}

/**
 * The items of a list: each starts at a bullet or enumerator line; other lines continue the
 * item above. Nesting depth comes from the item's indentation among the list's indents.
 */
function listItems(lines: TextLine[]): { items: string[]; enumerated: boolean[]; levels: number[] } {
  const groups: TextLine[][] = [];
  for (const line of lines) {
    if (isListStart(line.text) || !groups.length) groups.push([line]);
    else groups[groups.length - 1]!.push(line);
  }
  const indents: number[] = [];
  for (const g of groups) {
    const x = g[0]!.box[0];
    if (!indents.some((i) => Math.abs(i - x) < 0.8 * g[0]!.fontSize)) indents.push(x);
  }
  indents.sort((a, b) => a - b);
  return {
    items: groups.map((g) => joinLines(g.map((l) => l.text)).replace(BULLET, '')),
    enumerated: groups.map((g) => ENUMERATOR.test(g[0]!.text) && !BULLET.test(g[0]!.text)),
    levels: groups.map((g) => {
      const x = g[0]!.box[0];
      return Math.max(0, indents.findIndex((i) => Math.abs(i - x) < 0.8 * g[0]!.fontSize));
    }),
  };
}

/** Code with its indentation, rebuilt from the lines' left edges in character widths. */
function codeText(lines: TextLine[]): string {
  const left = Math.min(...lines.map((l) => l.box[0]));
  return lines
    .map((l) => {
      const charWidth = l.text.length ? (l.box[2] - l.box[0]) / l.text.length : l.fontSize * 0.6;
      const indent = charWidth > 0 ? Math.round((l.box[0] - left) / charWidth) : 0;
      return ' '.repeat(Math.max(0, indent)) + l.text;
    })
    .join('\n');
}
