import { describe, expect, it } from 'vitest';
import { asciiForFullWidth, lettersForDigits } from '../src/engine/input/ocr/letters.js';
import { FAINT, inkColumns, withWordSpaces, type DecodedChar } from '../src/engine/input/ocr/spacing.js';

const COLUMNS_PER_STEP = 4;
const GLYPH = 6;
const LETTER_GAP = 2;

/**
 * A synthetic line: `drawn` is the text as printed (spaces `spaceGap` columns wide, letters
 * GLYPH wide with LETTER_GAP between them); `read` is what the recognizer emitted, the same text
 * with some of the spaces missing; a '|' in `drawn` widens the gap between two letters to 8
 * columns (letter spacing, never read as a space); a '~' is a gap as wide as a space crossed by
 * faint ink only (a thin stroke faded by blur), never read. Each character's CTC step sits on its
 * glyph (or its gap), shifted by `lag` columns.
 */
function line(drawn: string, read: string, spaceGap = 10, lag = 0): { chars: DecodedChar[]; ink: Uint8Array } {
  const columns: number[] = [];
  const centres: number[] = [];
  for (const ch of drawn) {
    if (ch === '|') {
      for (let i = 0; i < 6; i++) columns.push(0);
      centres.push(0);
      continue;
    }
    if (ch === '~') {
      for (let i = 0; i < spaceGap - LETTER_GAP; i++) columns.push(FAINT);
      centres.push(0);
      continue;
    }
    if (ch === ' ') {
      centres.push(columns.length - LETTER_GAP + spaceGap / 2);
      for (let i = 0; i < spaceGap - LETTER_GAP; i++) columns.push(0);
      continue;
    }
    centres.push(columns.length + GLYPH / 2);
    for (let i = 0; i < GLYPH; i++) columns.push(1);
    for (let i = 0; i < LETTER_GAP; i++) columns.push(0);
  }
  const chars: DecodedChar[] = [];
  let j = 0;
  for (const ch of read) {
    while (drawn[j] !== ch) j++;
    const step = Math.floor((centres[j]! + lag) / COLUMNS_PER_STEP);
    chars.push({ text: ch, first: step, last: step });
    j++;
  }
  return { chars, ink: Uint8Array.from(columns) };
}

describe('withWordSpaces', () => {
  it('puts back a space the recognizer dropped between two words', () => {
    const { chars, ink } = line('she are by in all it have not', 'she are by in allit have not');
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('she are by in all it have not');
  });

  it('puts no space in a gap a faded stroke crosses, however wide', () => {
    // Blurred scans: a t's crossbar or a w's hairline fades below half-way ("let ters", "w ith").
    const { chars, ink } = line('she are by in all~it have not', 'she are by in allit have not');
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('she are by in allit have not');
  });

  it('puts back a dropped space whose letters meet just past the end of its gap', () => {
    // "ab, cd" read "ab,cd": the comma is too faint to be ink (a JPEG page), so its gap runs from
    // the b to the c (columns 14-24), and the recognizer's comma / c boundary falls 2 columns past
    // it, out of reach of the gap's centre.
    const ink = Uint8Array.from([...'11111100111111', ...'0000000000', ...'111111']);
    const chars: DecodedChar[] = [
      { text: 'a', first: 0, last: 0 },
      { text: 'b', first: 1, last: 1 },
      { text: ',', first: 2, last: 2 },
      { text: 'c', first: 10, last: 10 },
    ];
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('ab, c');
  });

  it('finds dropped spaces when the CTC steps lag behind the glyphs', () => {
    const { chars, ink } = line('with the we and the with all by', 'with thewe and the withall by', 10, 3);
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('with the we and the with all by');
  });

  it('puts back a dropped space mid-gap when the spaces read lag behind their gaps', () => {
    // The spaces read sit two steps (8 columns) after their gaps; the letters around the dropped
    // space have their boundary in the middle of its gap, as the recognizer places them.
    const { chars, ink } = line('with the we and the', 'with the weand the');
    for (const c of chars) if (c.text === ' ') c.first = c.last = c.first + 2;
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('with the we and the');
  });

  it('leaves words alone when every space was read', () => {
    const { chars, ink } = line('the northern region grew', 'the northern region grew');
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('the northern region grew');
  });

  it('does not split a word at gaps narrower than the spaces read on the line', () => {
    // Spaces 16 columns wide on this line; an 8-column gap inside "wide" is letter spacing.
    const { chars, ink } = line('so wi|de a gap', 'so wide a gap', 16);
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 30)).toBe('so wide a gap');
    // Had the line's spaces been 10 columns wide, the same gap would be a dropped space.
    const narrow = line('so wi|de a gap', 'so wide a gap', 10);
    expect(withWordSpaces(narrow.chars, narrow.ink, COLUMNS_PER_STEP, 30)).toBe('so wi de a gap');
  });

  it('splits a line read with no spaces at all by blank runs a fifth of the line height wide', () => {
    const { chars, ink } = line('all it is', 'allitis', 12);
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('all it is');
    // The same gaps on a line three times taller are letter spacing.
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 120)).toBe('allitis');
  });

  it('puts no space inside an e-mail or web address, and drops the spaces read beside its at sign', () => {
    // Wide gaps inside the address (Helvetica's "ll"), as wide as the line's lone spaces.
    const { chars, ink } = line('hel|lo @ real|lygreat.com', 'hello @ reallygreat.com', 12);
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('hello@reallygreat.com');
    const web = line('www.real|ly.com and more', 'www.really.com and more', 12);
    expect(withWordSpaces(web.chars, web.ink, COLUMNS_PER_STEP, 40)).toBe('www.really.com and more');
    // The same gaps in plain words are still parted.
    const words = line('hel|lo real|ly', 'hello really', 12);
    expect(withWordSpaces(words.chars, words.ink, COLUMNS_PER_STEP, 40)).not.toBe('hello really');
  });

  it('never puts spaces between characters of other scripts, symbols or two digits', () => {
    const { chars, ink } = line('中文 字符 a,b V × A (1 0)', '中文字符 a,b V×A (10)', 12);
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 40)).toBe('中文字符 a,b V×A (10)');
  });

  it('leaves lines too small to tell letter gaps from spaces alone', () => {
    const { chars, ink } = line('she are by in all it have not', 'she are by in allit have not');
    expect(withWordSpaces(chars, ink, COLUMNS_PER_STEP, 12)).toBe('she are by in allit have not');
  });
});

describe('inkColumns', () => {
  it('marks the columns that hold ink in a box', () => {
    const width = 20;
    const height = 10;
    const data = new Uint8Array(width * height * 3).fill(250);
    for (let y = 2; y < 8; y++) for (const x of [3, 4, 12]) data.fill(20, (y * width + x) * 3, (y * width + x) * 3 + 3);
    const ink = inkColumns({ width, height, data }, 2, 0, 14, 10)!;
    expect([...ink]).toEqual([0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
  });

  it('tells faint ink (a stroke faded by blur) from ink and from blank paper', () => {
    const width = 12;
    const height = 10;
    const data = new Uint8Array(width * height * 3).fill(250);
    const dot = (x: number, y: number, v: number) => data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    for (let y = 2; y < 8; y++) for (const x of [2, 9]) dot(x, y, 20);
    // A faded crossbar between the stems: 35 % of the way from paper to ink.
    for (const x of [3, 4, 5]) dot(x, 3, 170);
    // Paper grain: 5 %.
    for (const x of [6, 7, 8]) dot(x, 5, 238);
    const ink = inkColumns({ width, height, data }, 0, 0, width, height)!;
    expect([...ink]).toEqual([0, 0, 1, FAINT, FAINT, FAINT, 0, 0, 0, 1, 0, 0]);
  });

  it('gives nothing for a blank or faint box', () => {
    const data = new Uint8Array(10 * 10 * 3).fill(240);
    data.fill(220, 0, 30);
    expect(inkColumns({ width: 10, height: 10, data }, 0, 0, 10, 10)).toBeUndefined();
  });
});

describe('letters read as digits', () => {
  it('puts back a capital O read as a zero at a word\'s start and a small o between letters, never a zero among digits', () => {
    expect(lettersForDigits('2 0n is')).toBe('2 On is');
    expect(lettersForDigits('0ctober 2021, Krak0w')).toBe('October 2021, Krakow');
    for (const kept of ['0xff', '10.0 mm', '0.5', 'v0.1', '100 items', 'a 0 b', '20kg', 'x = 0']) expect(lettersForDigits(kept)).toBe(kept);
  });
});

describe('full-width punctuation', () => {
  const chars = (text: string) => [...text].map((t) => ({ text: t }));
  const text = (cs: Array<{ text: string }>) => cs.map((c) => c.text).join('');

  it('comes back in ASCII on a line without CJK characters', () => {
    expect(text(asciiForFullWidth(chars('found，otherwise v2:=i2f（v1） end。')))).toBe('found,otherwise v2:=i2f(v1) end.');
    // A section number read apart from its heading, in full width.
    expect(text(asciiForFullWidth(chars('７')))).toBe('7');
  });

  it('stays full-width on a line holding CJK characters, or no letter or digit', () => {
    expect(text(asciiForFullWidth(chars('市议会（2024），审议预算。')))).toBe('市议会（2024），审议预算。');
    expect(text(asciiForFullWidth(chars('。')))).toBe('。');
  });
});
