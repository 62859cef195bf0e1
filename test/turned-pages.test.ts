// Pages whose text runs along the page turned (a portrait page stored with /Rotate, shown
// sideways): read in the text's own frame, boxes given on the page as displayed.
import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseWithDetails, renderTrace } from '../src/engine/index.js';
import { readingTurn } from '../src/engine/input/pdf/extract.js';
import { makePdf, reportPage } from './fixtures.js';

const noOcr = () => Promise.reject(new Error('no OCR expected'));

async function turned(pdf: Uint8Array, rotation: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  for (const page of doc.getPages()) page.setRotation(degrees(rotation));
  return doc.save();
}

/** Where a 0–1000 box of the upright page shows once the page is displayed turned clockwise by `rotation`. */
function shown(box: number[], rotation: number): number[] {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  if (rotation === 90) return [1000 - y1, x0, 1000 - y0, x1];
  if (rotation === 180) return [1000 - x1, 1000 - y1, 1000 - x0, 1000 - y0];
  return [y0, 1000 - x1, y1, 1000 - x0];
}

describe('pages stored turned', () => {
  it.each([90, 180, 270])('reads a page shown turned by /Rotate %i as the upright page, boxes on the page as displayed', async (rotation) => {
    const upright = await makePdf([reportPage(1, 'Results'), reportPage(2, 'Discussion')]);
    const base = await parseWithDetails(upright, { maxPages: 50, ocr: noOcr });
    const read = await parseWithDetails(await turned(upright, rotation), { maxPages: 50, ocr: noOcr });
    expect(base.result.markdown).toContain('# Results');
    expect(read.result.markdown).toBe(base.result.markdown);
    expect(read.result.content_list.map((b) => b.type)).toEqual(base.result.content_list.map((b) => b.type));
    read.result.content_list.forEach((block, i) => {
      const expected = shown(base.result.content_list[i]!.bbox!, rotation);
      block.bbox!.forEach((v, k) => expect(Math.abs(v - expected[k]!)).toBeLessThanOrEqual(2));
    });
    // The decision is in every block's trace.
    expect(renderTrace(read.blocks, read.failures)).toContain(`input: page.turned (rotation=${(360 - rotation) % 360}`);
    expect(renderTrace(base.blocks, base.failures)).not.toContain('page.turned');
  });

  it('turns a page only when most of its glyphs run one turned way', () => {
    expect(readingTurn([0, 40, 0, 0])).toBe(270); // running down: a quarter turn counter-clockwise
    expect(readingTurn([0, 0, 0, 40])).toBe(90);
    expect(readingTurn([0, 0, 40, 0])).toBe(180);
    expect(readingTurn([1, 0, 0, 5])).toBe(0); // too few glyphs to tell
    expect(readingTurn([30, 0, 0, 40])).toBe(0); // a sideways stamp beside upright text
    expect(readingTurn([400, 0, 0, 0])).toBe(0);
  });
});
