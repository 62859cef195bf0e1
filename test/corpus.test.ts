// The generated corpus: colour coding of ids, truth read back from glyph colours, scan box
// mapping, the committed sample's integrity, and its scoring.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { assembleTruth, readGlyphs, sameLayout } from '../bench/corpus/extract.js';
import { rotateBox } from '../bench/corpus/scan.js';
import { generateDocument } from '../bench/corpus/document.js';
import { FAMILIES, familyNamed, splitOf } from '../bench/corpus/families.js';
import { newsDocument } from '../bench/corpus/html-news.js';
import { Content, Rng } from '../bench/corpus/random.js';
import { colourId, idColour, Registry } from '../bench/corpus/spec.js';
import { FURNITURE, loadCorpus } from '../bench/corpus/truth.js';
import { scoreCorpusFolder, scoreCorpusResult } from '../bench/quality/corpus.js';
import type { CorpusTruth } from '../bench/corpus/truth.js';
import { parseDocument } from '../src/engine/index.js';

describe('colour coding', () => {
  it('round-trips every id, also when a channel is off by up to 3', () => {
    for (const id of [1, 2, 31, 32, 1023, 1024, 5000, 32767]) {
      const [r, g, b] = idColour(id);
      expect(colourId(r, g, b)).toBe(id);
      expect(colourId(r + 3, g - 3, b + 3)).toBe(id);
    }
    expect(colourId(0, 0, 0)).toBe(0);
    expect(() => idColour(0)).toThrow();
  });
});

/** A PDF whose text is drawn in the colours of the given ids (or black), one line each. */
async function colouredPdf(lines: Array<{ text: string; id: number; y: number }>, coloured: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  for (const l of lines) {
    const [r, g, b] = coloured ? idColour(l.id) : [0, 0, 0];
    page.drawText(l.text, { x: 40, y: 300 - l.y, size: 12, font, color: rgb(r / 255, g / 255, b / 255) });
  }
  return doc.save();
}

describe('truth from glyph colours', () => {
  it('gives each block its lines, text and box, list items apart, furniture per page', async () => {
    const reg = new Registry();
    const title = reg.block('title', { level: 1, text: 'Results of the survey', textFromGlyphs: true });
    const list = reg.block('list', { text: '', enumerated: true, items: [], textFromGlyphs: true });
    const first = reg.part(list, 'item', 0);
    const second = reg.part(list, 'item', 1);
    reg.get(list).items!.push({ text: '', level: 0, boxes: [], lines: [] }, { text: '', level: 0, boxes: [], lines: [] });
    const page = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    const lines = [
      { text: 'Results of the survey', id: title, y: 40 },
      { text: '1. Sampling was random', id: first, y: 80 },
      { text: '2. Answers were coded', id: second, y: 100 },
      { text: '7', id: page, y: 280 },
    ];
    const plain = await readGlyphs(await colouredPdf(lines, false), false);
    const coded = await readGlyphs(await colouredPdf(lines, true), true);
    expect(sameLayout(plain, coded)).toBeUndefined();
    const { truth, problem } = assembleTruth(reg, coded);
    expect(problem).toBeUndefined();
    expect(truth.pages[0]).toEqual({ width: 400, height: 300 });
    expect(truth.blocks.map((b) => b.type)).toEqual(['title', 'list', 'page_number']);
    const [t, l, p] = truth.blocks;
    expect(t!.text).toBe('Results of the survey');
    expect(t!.boxes).toHaveLength(1);
    const [x0, y0, x1, y1] = t!.boxes[0]!.box;
    expect(x0).toBeGreaterThanOrEqual(39);
    expect(x0).toBeLessThan(42);
    expect(y1).toBeGreaterThan(y0);
    expect(y1).toBeLessThanOrEqual(44); // the baseline is at 40, descenders below
    expect(x1).toBeGreaterThan(150);
    expect(l!.items!.map((i) => i.text)).toEqual(['1. Sampling was random', '2. Answers were coded']);
    expect(l!.text).toBe('1. Sampling was random\n2. Answers were coded');
    expect(p!.text).toBe('7');
  });

  it('reports glyphs that belong to no block', async () => {
    const reg = new Registry();
    const text = reg.block('text', { text: 'Known', textFromGlyphs: true });
    const pdf = await colouredPdf([{ text: 'Known', id: text, y: 40 }, { text: 'Stray text with no block at all', id: 999, y: 80 }], true);
    expect(assembleTruth(reg, await readGlyphs(pdf, true)).problem).toMatch(/belong to no block/);
  });

  it('finds a layout change between the two renderings', async () => {
    const a = await readGlyphs(await colouredPdf([{ text: 'Same text', id: 1, y: 40 }], false), false);
    const b = await readGlyphs(await colouredPdf([{ text: 'Same text', id: 1, y: 44 }], false), false);
    expect(sameLayout(a, b)).toMatch(/moved/);
  });
});

const hasChromium = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v chromium'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('html-news family', () => {
  const FURNITURE_TYPES = new Set(['header', 'footer', 'page_number']);

  it('is a tune family appended after the others (their seeds keep their values)', () => {
    const news = familyNamed('html-news');
    expect(FAMILIES.indexOf(news)).toBeGreaterThanOrEqual(11);
    expect(FAMILIES.slice(0, 11).map((f) => f.name)).toEqual(['tex-article', 'tex-report', 'tex-ieee', 'tex-llncs', 'tex-beamer', 'tex-elsarticle', 'html-article', 'html-invoice', 'html-magazine', 'office-report', 'office-memo']);
    expect(news.validateOnly).toBe(false);
    expect(news.generator).toBe('chromium');
    expect(news.pages).toEqual([1, 4]);
    expect(splitOf(news, 1)).toBe('tune');
    expect(splitOf(news, 4)).toBe('validate');
  });

  it('colours every block and part, and differs between its renderings in the colours only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-news-'));
    try {
      const roles = new Set<string>();
      for (let seed = 1; seed <= 12; seed++) {
        const doc = newsDocument(new Content(new Rng(seed * 7919)), 1 + (seed % 4), dir);
        const normal = doc.source(false);
        const truth = doc.source(true);
        const body = (html: string) => html.slice(html.indexOf('</style>'));
        expect(body(truth)).toBe(body(normal));
        for (const b of doc.reg.blocks) {
          // A list or table is coloured through its items or cells.
          const coloured = normal.includes(`var(--q${b.id})`) || [...doc.reg.parts.values()].some((p) => p.block === b.id && p.kind !== 'marker');
          expect(coloured, `block ${b.id} (${b.type}/${b.role ?? ''})`).toBe(true);
          roles.add(`${b.type}/${b.role ?? ''}`);
          if (b.type === 'title') expect(b.level).toBeGreaterThanOrEqual(1);
          if (b.type === 'title') expect(b.level).toBeLessThanOrEqual(4);
        }
        for (const [id, part] of doc.reg.parts) expect(normal).toContain(part.kind === 'marker' ? `var(--m${id})` : `var(--q${id})`);
        // Inline styles are double-quoted attributes: a double quote inside one (a font name) would cut it.
        expect(normal).not.toMatch(/style="[^"]*font-family:[^";]*"[^"]*"/);
        expect(doc.reg.blocks.filter((b) => b.type === 'title' && b.level === 1)).toHaveLength(1);
        expect(doc.reg.blocks.some((b) => FURNITURE_TYPES.has(b.type) && b.role === 'masthead')).toBe(true);
        expect(doc.reg.blocks.some((b) => b.type === 'footer' && b.role === 'site-footer')).toBe(true);
        expect(doc.reg.blocks.some((b) => b.type === 'page_number')).toBe(true);
      }
      // Over a dozen seeds the template shows its furniture, its article parts and its boxes.
      for (const role of ['header/nav', 'text/author-list', 'title/sidebar-heading', 'list/', 'table/', 'caption/']) expect(roles).toContain(role);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasChromium)('prints a document whose truth reads back', async () => {
    const outcome = await generateDocument(familyNamed('html-news'), 2, 2);
    expect(outcome.problem).toBeUndefined();
    expect(outcome.ok).toBe(true);
    const types = new Set(outcome.truth!.blocks.map((b) => b.type));
    for (const t of ['header', 'title', 'text', 'footer', 'page_number']) expect(types).toContain(t);
    const ids = outcome.truth!.blocks.map((b) => b.id);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
  }, 60_000);
});

describe('scan boxes', () => {
  it('keeps a box without skew and turns it about the page centre', () => {
    expect(rotateBox([10, 20, 30, 40], 0, 100, 100)).toEqual([10, 20, 30, 40]);
    // A quarter turn clockwise moves the top-left region to the top-right.
    const [x0, y0, x1, y1] = rotateBox([0, 0, 10, 10], 90, 100, 100);
    expect(x0).toBeCloseTo(90);
    expect(x1).toBeCloseTo(100);
    expect(y0).toBeCloseTo(0);
    expect(y1).toBeCloseTo(10);
  });
});

const SAMPLE = join(import.meta.dirname, '..', 'bench', 'corpus-sample');

describe('committed corpus sample', () => {
  const docs = loadCorpus(SAMPLE);

  it('has TeX, Chromium and LibreOffice documents of the validate part, digital and scanned', () => {
    expect(docs.length).toBeGreaterThanOrEqual(30);
    expect(new Set(docs.map((d) => d.truth.generator))).toEqual(new Set(['latex', 'chromium', 'libreoffice']));
    expect(new Set(docs.map((d) => d.truth.variant))).toEqual(new Set(['digital', 'scan']));
    expect(docs.every((d) => d.truth.split === 'validate')).toBe(true);
  });

  it('has consistent truth: boxes on their pages, ids in reading order, captions pointing at floats', () => {
    for (const { truth } of docs) {
      const ids = truth.blocks.map((b) => b.id);
      expect(ids).toEqual(ids.map((_, i) => i + 1));
      let lastPage = 0;
      for (const b of truth.blocks) {
        expect(b.boxes.length).toBeGreaterThan(0);
        for (const { page, box } of [...b.boxes, ...b.lines]) {
          const size = truth.pages[page]!;
          expect(box[0]).toBeLessThanOrEqual(box[2]);
          expect(box[1]).toBeLessThanOrEqual(box[3]);
          expect(box[0]).toBeGreaterThanOrEqual(0);
          expect(box[3]).toBeLessThanOrEqual(size.height + 1);
        }
        const first = Math.min(...b.boxes.map((x) => x.page));
        expect(first).toBeGreaterThanOrEqual(lastPage);
        lastPage = first;
        if (b.type === 'caption' && b.captionOf !== undefined) expect(['table', 'image', 'chart']).toContain(truth.blocks[b.captionOf - 1]!.type);
        if (b.type === 'list') expect(b.items!.length).toBeGreaterThan(0);
        if (b.type === 'table') expect(b.html).toMatch(/^<table><tr>/);
        if (FURNITURE.has(b.type) && b.type !== 'aside_text') expect(new Set(b.boxes.map((x) => x.page)).size).toBe(1);
      }
    }
  });

  it('scores born-digital sample documents with the engine', async () => {
    const parse = (bytes: Uint8Array) => parseDocument(bytes, { maxPages: 50, ocr: () => Promise.reject(new Error('no OCR in this test')) });
    const { documents, summary } = await scoreCorpusFolder(SAMPLE, parse, { variants: ['digital'], perSource: 1 });
    expect(documents.length).toBeGreaterThanOrEqual(8);
    expect(documents.every((d) => !d.error)).toBe(true);
    for (const row of Object.values(summary)) {
      expect(row.textEditDistance).toBeGreaterThanOrEqual(0);
      expect(row.textEditDistance).toBeLessThan(0.6);
      expect(row.readingOrder).toBeGreaterThan(0.5);
      expect(row.labelAccuracy).toBeGreaterThan(0.2);
    }
  });

  it('scores list items as the API states them: the bullet the truth read from the page is no part of the item', () => {
    const box = { page: 0, box: [72, 100, 300, 112] as [number, number, number, number] };
    const item = (text: string) => ({ text, level: 0, boxes: [box], lines: [{ ...box, text }] });
    const truth: CorpusTruth = {
      id: 't-1', family: 't', generator: 'latex', seed: 1, split: 'tune', variant: 'digital', pages: [{ width: 612, height: 792 }],
      blocks: [{ id: 1, type: 'list', text: '• Cold cache\n• Tail\n– Lazy pool\n1. Numbered', boxes: [box], lines: [], items: [item('• Cold cache'), item('• Tail'), item('– Lazy pool'), item('1. Numbered')] }],
    } as CorpusTruth;
    const list = { type: 'list', text: null, page_idx: 0, bbox: [117, 126, 490, 141], sub_type: null, list_items: ['Cold cache', 'Tail', 'Lazy pool', '1. Numbered'] };
    const result = { markdown: '- Cold cache\n- Tail\n- Lazy pool\n- 1. Numbered', content_list: [list] } as unknown as Parameters<typeof scoreCorpusResult>[1];
    const score = scoreCorpusResult(truth, result, 0);
    expect(score.listF1).toBe(1);
    expect(score.listsWhole).toBe(1);
  });
  it('counts a true paragraph whole only when one block holds all its lines on the page', () => {
    const line = (top: number) => ({ page: 0, box: [72, top, 540, top + 12] as [number, number, number, number], text: 'a line of the paragraph' });
    const lines = [line(100), line(114), line(128)];
    const truth: CorpusTruth = {
      id: 't-2', family: 't', generator: 'latex', seed: 1, split: 'tune', variant: 'scan', pages: [{ width: 612, height: 792 }],
      blocks: [{ id: 1, type: 'text', text: 'a line of the paragraph a line of the paragraph a line of the paragraph', boxes: [{ page: 0, box: [72, 100, 540, 140] }], lines }],
    } as CorpusTruth;
    const block = (y0: number, y1: number) => ({ type: 'text', text: 'a line of the paragraph', page_idx: 0, bbox: [110, y0, 890, y1], sub_type: null });
    const score = (blocks: object[]) => scoreCorpusResult(truth, { markdown: 'x', content_list: blocks } as unknown as Parameters<typeof scoreCorpusResult>[1], 0).paragraphsWhole;
    // One block over the three lines (page units: 1000 / 792 per point).
    expect(score([block(120, 180)])).toBe(1);
    // The first line apart from the other two.
    expect(score([block(120, 140), block(141, 180)])).toBe(0);
    // A line left out of every block.
    expect(score([block(120, 160)])).toBe(0);
  });
});
