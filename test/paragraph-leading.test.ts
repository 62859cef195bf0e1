// Paragraphs of 1.5- and double-spaced text: the segment's running pitch, not a default, is what a gap exceeds.
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../src/engine/model/document.js';
import { splitParagraphs } from '../src/engine/paragraphs/split.js';

const line = (text: string, x0: number, x1: number, baseline: number): TextLine => ({ text, box: [x0, baseline - 9, x1, baseline + 2], baseline, fontSize: 10, bold: false, italic: false, monospace: false });

/** Two paragraphs of six lines each at `pitch` points: indented first lines, a short last line. */
function manuscript(pitch: number): TextLine[] {
  const lines: TextLine[] = [];
  for (let i = 0; i < 12; i++) {
    const first = i % 6 === 0;
    const last = i % 6 === 5;
    lines.push(line(last ? 'and so the paragraph ends here.' : 'the running text of a manuscript set with wide spacing', first ? 87 : 72, last ? 300 : 540, 100 + pitch * i));
  }
  return lines;
}

describe('paragraphs of loosely spaced text', () => {
  it('keeps 1.5- and double-spaced paragraphs whole, parted at their first lines', () => {
    for (const pitch of [12, 17.5, 24]) {
      const paragraphs = splitParagraphs(manuscript(pitch), 'page');
      expect(paragraphs.map((p) => p.lines.length), `pitch ${pitch}`).toEqual([6, 6]);
    }
  });
  it('still parts single-line paragraphs set apart by space (no running lines to tell a looser pitch)', () => {
    const notes = ['To: the board', 'From: the chair', 'Date: 3 May', 'Subject: budget'].map((t, i) => line(t, 72, 200, 100 + 24 * i));
    expect(splitParagraphs(notes, 'page')).toHaveLength(4);
  });
});
