// The recognizer's cut head (ocr.ts, LATIN_HEAD_SENTINELS): a Latin page reads as with the whole
// head; a page with a Chinese line goes back to the whole head and reads as it does.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import type { RgbImage } from '../src/engine/input/pdf/pdfium.js';

async function page(lines: Array<{ text: string; font: string }>): Promise<RgbImage> {
  const width = 1600;
  const height = 120 + lines.length * 70;
  const texts = lines.map((l, i) => `<text x="60" y="${100 + i * 70}" font-family="${l.font}" font-size="34">${l.text}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/><g fill="#111">${texts}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

const LATIN = [
  'The committee met on Thursday to review the 2024 budget.',
  'Most members agreed that the old hall (built 1911) needs repairs;',
  'costs rose 12.5% to $48,300 — see Table 3, p. 17.',
  'Visitors may register at https://example.org/form before May 5.',
];

describe('recognizer cut head', () => {
  let whole: OcrEngine;
  let cut: OcrEngine;
  beforeAll(async () => {
    whole = await OcrEngine.create({ latinHead: false, languages: { mode: 'off' } });
    cut = await OcrEngine.create({ languages: { mode: 'off' } });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([whole?.release(), cut?.release()]);
  });

  it('reads a Latin page as the whole head does, to its end', async () => {
    const image = await page(LATIN.map((text) => ({ text, font: 'DejaVu Sans' })));
    const a = await whole.recognize(image);
    const b = await cut.recognize(image);
    expect(cut.lastTimings.latinHead).toBe(true);
    expect(whole.lastTimings.latinHead).toBe(false);
    expect(a.lines.length).toBe(LATIN.length);
    expect(b.lines.map((l) => l.text)).toEqual(a.lines.map((l) => l.text));
    expect(b.lines.map((l) => l.box)).toEqual(a.lines.map((l) => l.box));
  }, 60_000);

  it('goes back to the whole head on a page with a Chinese line, and reads it as the whole head does', async () => {
    const image = await page([
      { text: LATIN[0]!, font: 'DejaVu Sans' },
      { text: '市议会星期四上午召开会议，审议年度预算。', font: 'Droid Sans Fallback' },
      { text: LATIN[1]!, font: 'DejaVu Sans' },
    ]);
    const a = await whole.recognize(image);
    const b = await cut.recognize(image);
    expect(cut.lastTimings.latinHead).toBe(false);
    expect(a.lines.some((l) => /\p{Script=Han}{6}/u.test(l.text))).toBe(true);
    expect(b.lines.map((l) => l.text)).toEqual(a.lines.map((l) => l.text));
  }, 60_000);
});
