// Paragraphs of scanned pages and the sizes OCR measures: an OCR line's x-height band and its box
// each misjudge the type size with the letters the line holds, so a paragraph breaks at a size
// change only where both say so, and not where its sentence runs on into the line.
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../src/engine/model/document.js';
import { splitParagraphs } from '../src/engine/paragraphs/split.js';

/** An OCR line: no glyphs, a box `box` high, the band's size `ink`. */
const ocr = (text: string, baseline: number, ink: number, box = 13, x1 = 540): TextLine => ({ text, box: [72, baseline - box + 3, x1, baseline + 3], baseline, fontSize: box / 1.3, inkSize: ink, bold: false, italic: false, monospace: false });

describe('size changes between OCR lines', () => {
  it('keeps a paragraph whole where only the band measures another size (a line of dates read at the figures\' height)', () => {
    const lines = [
      ocr('The consolidated tax liability was hedged in Aarhus between the', 100, 10),
      ocr('03.03.2020 and 8 March 2026. The recurring margin was hedged in', 113, 14.3),
      ocr('the fiscal year and reported to the board by the end of the year.', 126, 10),
    ];
    expect(splitParagraphs(lines, 'page').map((p) => p.lines.length)).toEqual([3]);
  });
  it('keeps a short last line whose sentence runs on into it, whatever both measures say', () => {
    const lines = [
      ocr('The consolidated tax liability was hedged in Aarhus between the', 100, 10),
      ocr('first and the last quarter, which is close to the unaudited value', 113, 10),
      ocr('than the fiscal revenue.', 126, 8, 10, 200),
    ];
    expect(splitParagraphs(lines, 'page').map((p) => p.lines.length)).toEqual([3]);
  });
  it('still parts a smaller note under a paragraph where band and box both show the smaller type', () => {
    const lines = [
      ocr('The consolidated tax liability was hedged in Aarhus between the', 100, 10),
      ocr('first and the last quarter of the fiscal year, as reported.', 113, 10, 13, 480),
      ocr('Source: the annual report of the company, audited in March.', 124, 7.5, 9.8, 400),
    ];
    expect(splitParagraphs(lines, 'page').map((p) => p.lines.length)).toEqual([2, 1]);
  });
});

describe('lines side by side in the reading order', () => {
  it('parts a margin note read after the line it stands beside from the body line under it', () => {
    // The note's size is read close to the body's (as an OCR band may), so only its place tells.
    const note: TextLine = { ...ocr('Fluorescent culture', 113, 9.6), box: [560, 103, 640, 116] };
    const lines = [
      ocr('We compared the significant substrate, the mean supernatant and the', 100, 10),
      ocr('buffer reviewed by the panel. As expected, the reagent was stable and', 113, 10),
      note,
      ocr('the culture was measured again in the following week by the same team.', 126, 10),
    ];
    const paragraphs = splitParagraphs(lines, 'page');
    const alone = paragraphs.find((p) => p.lines.includes(note));
    expect(alone?.lines).toEqual([note]);
    // The body line after it starts a block for that reason (the order stage put the note between).
    const after = paragraphs[paragraphs.indexOf(alone!) + 1];
    expect(after?.trace[0]!.rule).toBe('side-by-side');
  });
});
