// Bullets drawn as shapes (a browser's list markers printed to PDF): the items are found as one
// list with one item per marker, and small labels beside legend swatches take no bullet.
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../src/engine/index.js';
import { withInlineMath } from '../src/engine/equations/inline.js';
import type { Glyph, Page, TextLine } from '../src/engine/model/document.js';
import { attachVectorBullets } from '../src/engine/paragraphs/lines.js';

const noOcr = () => Promise.reject(new Error('no OCR expected'));

function line(text: string, x0: number, top: number, size = 11): TextLine {
  return { text, box: [x0, top, x0 + text.length * size * 0.5, top + size], baseline: top + size * 0.8, fontSize: size, bold: false, italic: false, monospace: false };
}

describe('bullets drawn as shapes', () => {
  it('puts a small disc left of a line in front of it, and nothing else', () => {
    const lines = [line('Body text of the page that runs full width.', 72, 100), line('First item', 90, 120), line('Second item', 90, 140), line('Legend label', 90, 160, 7)];
    const disc: [number, number, number, number] = [80, 122.5, 84, 126.5];
    const wide: [number, number, number, number] = [70, 142, 86, 146]; // a dash, not a dot
    const swatch: [number, number, number, number] = [84, 161, 87, 164]; // beside a small label
    const out = attachVectorBullets(lines, [disc, wide, swatch], 11);
    expect(out.map((l) => l.text)).toEqual(['Body text of the page that runs full width.', '• First item', 'Second item', 'Legend label']);
    expect(out[1]!.box[0]).toBe(80);
  });

  it('reads a browser-style list (discs, then circles nested) as one list, an item per marker', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const text = (s: string, x: number, y: number) => page.drawText(s, { x, y: 792 - y, size: 11, font });
    text('The paragraph before the list runs across the whole column of the page, as body text does.', 72, 100);
    text('It has a second line, so the body size and the column are clear to the reader.', 72, 114);
    const items: [string, number][] = [
      ['The first item is long enough to wrap onto a second line, which', 0],
      ['stays with it since no marker starts that line.', -1],
      ['The second item is one line.', 0],
      ['A nested item marked with a circle', 1],
      ['The third item closes the list.', 0],
    ];
    let y = 140;
    for (const [s, level] of items) {
      const x = level === 1 ? 126 : 96;
      text(s, x, y);
      if (level === 1) page.drawCircle({ x: x - 10, y: 792 - y + 3.5, size: 1.8, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
      else if (level === 0) page.drawCircle({ x: x - 10, y: 792 - y + 3.5, size: 1.9, color: rgb(0, 0, 0) });
      y += 14;
    }
    text('The paragraph after the list is body text again and runs across the column of the page.', 72, y + 10);
    const result = await parseDocument(await doc.save(), { maxPages: 5, ocr: noOcr });
    const lists = result.content_list.filter((b) => b.type === 'list');
    expect(lists).toHaveLength(1);
    expect(lists[0]!.list_items).toHaveLength(4);
    expect(lists[0]!.list_items![0]).toContain('which stays with it');
    expect(result.markdown).toMatch(/^- The second item is one line\.$/m);
    expect(result.markdown).toMatch(/^\s+- A nested item marked with a circle$/m);
  });

  it('reads a framed "Read more" box of drawn-disc items as a list under its label, its discs no chart\'s marks', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    const page = doc.addPage([612, 792]);
    const text = (s: string, x: number, y: number, size = 11) => page.drawText(s, { x, y: 792 - y, size, font });
    // The frame, as a web page's bordered aside prints.
    const edge = (x0: number, y0: number, x1: number, y1: number) => page.drawLine({ start: { x: x0, y: 792 - y0 }, end: { x: x1, y: 792 - y1 }, thickness: 0.75, color: rgb(0.8, 0.8, 0.8) });
    edge(78, 60, 518, 60);
    edge(78, 200, 518, 200);
    edge(78, 60, 78, 200);
    edge(518, 60, 518, 200);
    text('READ MORE', 86, 74, 8);
    const items = ['Pediatric prevalence under caregiver', 'Regional clinic and admission', 'Eligible intervention and dose', 'Chronic survey and vaccination rate', 'Regional ward under patient'];
    items.forEach((s, i) => {
      const y = 94 + i * 22;
      page.drawCircle({ x: 92, y: 792 - y + 3.5, size: 1.6, color: rgb(0.2, 0.3, 0.6) });
      text(s, 100, y);
    });
    const result = await parseDocument(await doc.save(), { maxPages: 5, ocr: noOcr });
    expect(result.content_list.filter((b) => b.type === 'chart')).toHaveLength(0);
    const lists = result.content_list.filter((b) => b.type === 'list');
    expect(lists).toHaveLength(1);
    expect(lists[0]!.list_items).toEqual(items);
    // The box's small label at the top of the page heads the box: no running head to drop.
    expect(result.markdown).toContain('READ MORE');
  });

  it('gives the bullet a glyph of its own: a smaller date joined to the item\'s row later keeps the item\'s text whole', () => {
    // A "Read more" box: each item is followed by a date set smaller on its row (a line of its own).
    const withGlyphs = (text: string, x0: number, top: number, size: number, font: string): TextLine => {
      const glyphs: Glyph[] = [];
      let x = x0;
      for (const ch of text) {
        if (ch !== ' ') glyphs.push({ code: ch.codePointAt(0)!, x0: x, x1: x + size * 0.45, y0: top, y1: top + size * 0.75, base: top + size * 0.75, size, font, style: { bold: false, italic: false, monospace: false, math: false } });
        x += ch === ' ' ? size * 0.25 : size * 0.5;
      }
      return { text, box: [x0, top, x, top + size * 0.75], baseline: top + size * 0.75, fontSize: size, bold: false, italic: false, monospace: false, glyphs };
    };
    const item = withGlyphs('Pediatric prevalence under caregiver', 96.9, 84.3, 16, 'unnamed-1');
    const date = withGlyphs('16 November 2026', item.box[2] + 3.8, 87.3, 12, 'unnamed-1');
    const body = Array.from({ length: 4 }, (_, i) => withGlyphs(`Body text line ${i} of the page runs across the column here`, 72, 200 + i * 16, 12, 'unnamed-2'));
    const lines = attachVectorBullets([item, date, ...body], [[86, 88.5, 90.4, 92.9]], 12);
    expect(lines[0]!.text).toBe('• Pediatric prevalence under caregiver');
    expect(lines[0]!.glyphs!.map((g) => String.fromCodePoint(g.code)).join('')).toBe('•Pediatricprevalenceundercaregiver');
    const page: Page = { index: 0, width: 612, height: 792, images: [], source: 'text-layer', lines };
    const joined = withInlineMath(lines, page).find((l) => l.text.includes('ediatric'));
    expect(joined!.text).toMatch(/^• Pediatric prevalence under caregiver/);
  });
});
