// Scanned pages in Latin-script languages with diacritics: the page's language is decided from
// what PP-OCR read, its lines are re-read by tesseract.js in that language (languages.ts), and
// the decision is in the trace. Fixtures are pages of text drawn with the system's DejaVu fonts
// (SVG rendered by sharp) at 200 dpi.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import { decideLanguage, languageSetting, lineCropGrey, plainWord, TesseractLineReader, type LineReader } from '../src/engine/input/ocr/languages.js';
import type { RgbImage } from '../src/engine/input/pdf/pdfium.js';
import { parseWithDetails } from '../src/engine/parse.js';
import { ConfigError, loadConfig } from '../src/config.js';

const FRENCH = [
  'Le conseil municipal a décidé que la façade de la bibliothèque',
  'sera rénovée cet été, après une année de débats très animés.',
  'Les élèves pourront y étudier dès la rentrée, et le maître a déjà',
  'préparé une fête pour célébrer la réouverture du bâtiment.',
  'Ça coûtera cher, mais la forêt voisine ne sera pas touchée.',
];

const POLISH = [
  'Wczoraj wieczorem w małym mieście nad jeziorem odbył się koncert.',
  'Mieszkańcy przyszli tłumnie, a dzieci tańczyły na łące obok sceny.',
  'Burmistrz powiedział, że takie spotkania są ważne dla całej gminy',
  'i że w przyszłym roku zaprosi jeszcze więcej zespołów z okolicy.',
  'Żółta łódź płynęła powoli po wodzie, a ludzie śpiewali piosenki.',
];

const ENGLISH = [
  'The committee met on Thursday morning to review the annual budget',
  'and the plans for the new library in the centre of the town.',
  'Most of the members agreed that the old building should be repaired',
  'before any new work begins, and the treasurer was asked to prepare',
  'a detailed report on the costs for the next meeting of the council.',
];

const DPI = 200;

/** A page with the lines set in DejaVu Serif at 12 pt, as a 200-dpi scan. */
async function page(lines: string[]): Promise<{ png: Buffer; image: RgbImage }> {
  const size = (12 * DPI) / 72;
  const width = Math.round(8.5 * DPI);
  const height = Math.round(4 * DPI);
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const texts = lines.map((l, i) => `<text x="${DPI}" y="${Math.round(DPI * 0.8 + i * size * 1.6)}">${escape(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/><g font-family="DejaVu Serif" font-size="${size}" fill="#111">${texts}</g></svg>`;
  const png = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { png, image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) } };
}

const words = (text: string) => text.split(/[^\p{L}]+/u).filter(Boolean);
/** Share of the expected words (with their accents) found in the text read. */
function wordRecall(expected: string[], read: string): number {
  const have = new Set(words(read));
  const want = words(expected.join(' '));
  return want.filter((w) => have.has(w)).length / want.length;
}

describe('languages of scanned pages', () => {
  let auto: OcrEngine;
  let off: OcrEngine;
  let failing: OcrEngine;
  const failingReader: LineReader = {
    read: () => Promise.reject(new Error('the secondary recognizer broke')),
    release: () => Promise.resolve(),
  };

  beforeAll(async () => {
    [auto, off, failing] = await Promise.all([
      OcrEngine.create({ languages: { mode: 'auto' } }),
      OcrEngine.create({ languages: { mode: 'off' } }),
      OcrEngine.create({ languages: { mode: 'auto' }, lineReader: failingReader }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([auto?.release(), off?.release(), failing?.release()]);
  });

  it('reads a French page with its accents', async () => {
    const { image } = await page(FRENCH);
    const before = await off.recognize(image);
    const after = await auto.recognize(image);
    const text = after.lines.map((l) => l.text).join('\n');
    for (const w of ['façade', 'bibliothèque', 'été', 'rénovée', 'élèves', 'maître', 'déjà', 'fête', 'bâtiment', 'Ça', 'coûtera', 'forêt']) expect(text).toContain(w);
    expect(wordRecall(FRENCH, text)).toBeGreaterThan(0.95);
    // PP-OCR alone loses some of them: the test would fail without the re-reading.
    expect(wordRecall(FRENCH, before.lines.map((l) => l.text).join('\n'))).toBeLessThan(wordRecall(FRENCH, text));
    expect(after.language?.values).toMatchObject({ language: 'fra' });
    // PP-OCR's boxes are kept.
    expect(after.lines.map((l) => l.box)).toEqual(before.lines.map((l) => l.box));
  });

  it('reads a Polish page with its accents', async () => {
    const { image } = await page(POLISH);
    const after = await auto.recognize(image);
    const text = after.lines.map((l) => l.text).join('\n');
    for (const w of ['małym', 'odbył', 'się', 'łące', 'powiedział', 'że', 'są', 'ważne', 'całej', 'przyszłym', 'więcej', 'zespołów', 'Żółta', 'łódź', 'płynęła', 'śpiewali']) expect(text).toContain(w);
    expect(after.language?.values).toMatchObject({ language: 'pol' });
  });

  it('leaves an English page as PP-OCR read it', async () => {
    const { image } = await page(ENGLISH);
    const before = await off.recognize(image);
    const after = await auto.recognize(image);
    expect(after.lines).toEqual(before.lines);
    expect(after.language).toMatchObject({ stage: 'ocr', rule: 'language.stop-words', values: { language: 'eng', reread: 0 } });
  });

  it('puts the language decision and its evidence in the trace of the page\'s blocks', async () => {
    const { png } = await page(FRENCH);
    const details = await parseWithDetails(new Uint8Array(png), { maxPages: 1, ocr: () => Promise.resolve(auto) });
    expect(details.blocks.length).toBeGreaterThan(0);
    for (const block of details.blocks) {
      const decision = block.trace.find((t) => t.stage === 'ocr');
      expect(decision?.rule).toBe('language.stop-words');
      expect(decision?.values).toMatchObject({ language: 'fra' });
      expect(Number(decision?.values?.fra)).toBeGreaterThan(Number(decision?.values?.words) * 0.15);
    }
    expect(details.result.markdown).toContain('bibliothèque');
  });

  it("keeps PP-OCR's text when the secondary recognizer fails, and says so in the trace", async () => {
    const { image } = await page(FRENCH);
    const before = await off.recognize(image);
    const after = await failing.recognize(image);
    expect(after.lines).toEqual(before.lines);
    expect(after.language?.rule).toBe('language.stop-words.reread-failed');
    expect(after.language?.values).toMatchObject({ language: 'fra', error: 'the secondary recognizer broke' });
  });
});

describe('tesseract line reader', () => {
  it('reads line crops from the packs in node_modules and keeps two languages loaded', async () => {
    const reader = new TesseractLineReader();
    try {
      const { image } = await page(['Où est la forêt ? Ça déçoit.']);
      // The line's box, found from the ink.
      let [x0, y0, x1, y1] = [image.width, image.height, 0, 0];
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++)
          if (image.data[(y * image.width + x) * 3]! < 128) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
      const crop = lineCropGrey(image, [x0, y0, x1, y1]);
      const [french] = await reader.read('fra', [crop]);
      expect(french?.text).toBe('Où est la forêt ? Ça déçoit.');
      expect(french?.confidence).toBeGreaterThan(50);
      await reader.read('deu', [crop]);
      expect(reader.loaded).toEqual(['fra', 'deu']);
      await reader.read('fra', [crop]);
      await reader.read('pol', [crop]);
      // German was used least recently: let go.
      expect(reader.loaded).toEqual(['fra', 'pol']);
    } finally {
      await reader.release();
    }
    expect(reader.loaded).toEqual([]);
  }, 120_000);
});

describe('language decision', () => {
  it('decides from accent-free stop words, as PP-OCR reads them', () => {
    const read = ['Le conseil municipal s est reuni jeudi pour etudier le budget de l annee et le projet de la', 'nouvelle bibliotheque. Les agriculteurs de la region sement desormais plus tot au printemps'];
    expect(decideLanguage(read)).toMatchObject({ language: 'fra', rule: 'language.stop-words' });
    expect(decideLanguage(['Hoi dong thanh pho da hop vao sang thu nam de xem xet ngan sach cua nam va ke hoach cho nguoi dan trong vung']).language).toBe('vie');
  });

  it('leaves too little text, mixed evidence and CJK pages alone', () => {
    const few = decideLanguage(['Le budget de la ville']);
    expect(few.language).toBeUndefined();
    expect(few.rule).toBe('language.too-few-words');
    // A table of an English page: "no" is Portuguese too, but counts for no language.
    const figures = decideLanguage(['Table 3 Revenue by region 2021 2022 Q1 Q2 total margin growth', `${'yes no '.repeat(9)}Alcona Alger Allegan Alpena Antrim`]);
    expect(figures.language).toBeUndefined();
    expect(figures.rule).toBe('language.undecided');
    expect(decideLanguage(['市议会星期四上午召开会议，审议年度预算和新图书馆的建设计划。', 'PDF 2.0 de la'])).toMatchObject({ language: 'cjk' });
  });

  it('takes a fixed language or none from QUIRE_OCR_LANGUAGES', () => {
    expect(languageSetting(undefined)).toEqual({ mode: 'auto' });
    expect(languageSetting('off')).toEqual({ mode: 'off' });
    expect(languageSetting('FRA')).toEqual({ mode: 'fixed', language: 'fra' });
    expect(() => languageSetting('klingon')).toThrow(/QUIRE_OCR_LANGUAGES/);
    // The service does not start with a wrong value.
    expect(() => loadConfig({ QUIRE_OCR_LANGUAGES: 'klingon' })).toThrow(ConfigError);
    expect(() => loadConfig({ QUIRE_OCR_LANGUAGES: 'pol' })).not.toThrow();
    expect(decideLanguage(['anything at all'], { mode: 'fixed', language: 'deu' })).toMatchObject({ language: 'deu', rule: 'language.fixed' });
    expect(decideLanguage(['Le conseil municipal de la ville'], { mode: 'off' }).language).toBeUndefined();
  });

  it('compares words without accents and strokes', () => {
    expect(plainWord('Łódź')).toBe('lodz');
    expect(plainWord('được')).toBe('duoc');
    expect(plainWord('Straße')).toBe('strasse');
  });

  it('crops a line on a white border, reaching a little above and below its box', () => {
    const image: RgbImage = { width: 100, height: 40, data: new Uint8Array(100 * 40 * 3) }; // all black
    const crop = lineCropGrey(image, [10, 10, 90, 30]);
    // 80 x (20 + 2 x 2) pixels of the image on a border of 6 (0.3 x 20).
    expect(crop.width).toBe(80 + 12);
    expect(crop.height).toBe(24 + 12);
    expect(crop.data[0]).toBe(255);
    expect(crop.data[6 * crop.width + 6]).toBe(0);
  });
});
