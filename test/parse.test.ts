import { describe, expect, it } from 'vitest';
import { parseDocument } from '../src/engine/index.js';
import { makePdf, reportPage } from './fixtures.js';

const noOcr = () => Promise.reject(new Error('no OCR expected'));

describe('parseDocument', () => {
  it('reports each page as it is read', async () => {
    const pdf = await makePdf([reportPage(1, 'One'), reportPage(2, 'Two'), reportPage(3, 'Three')]);
    const seen: [number, number][] = [];
    const result = await parseDocument(pdf, { maxPages: 50, ocr: noOcr, onPage: (done, total) => seen.push([done, total]) });
    expect(result.page_count).toBe(3);
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('stops between pages when its signal is aborted, with the signal’s reason', async () => {
    const pdf = await makePdf([reportPage(1, 'One'), reportPage(2, 'Two'), reportPage(3, 'Three')]);
    const controller = new AbortController();
    const seen: number[] = [];
    const parse = parseDocument(pdf, {
      maxPages: 50,
      ocr: noOcr,
      signal: controller.signal,
      onPage: (done) => {
        seen.push(done);
        if (done === 1) controller.abort(new Error('client went away'));
      },
    });
    await expect(parse).rejects.toThrow('client went away');
    expect(seen).toEqual([1]);
  });
});
