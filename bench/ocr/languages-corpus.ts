// The language step on real pages of ../shared/corpus (when present), as a guard that it leaves
// English and Chinese alone:
//   1. OmniDocBench demo page images (Chinese and English pages): PP-OCR alone vs PP-OCR with the
//      language step, text edit distance against the human annotation, and each page's decision.
//   2. Real French pages (a two-column LaTeX paper, council minutes) rendered at 200 dpi: PP-OCR
//      alone vs with the language step, against the page's own text layer.
//   3. The text layer of every PDF page of the corpus (mostly English): the language each page
//      would be decided as (its text stripped of accents, as PP-OCR would read it). Pages decided
//      as another language are listed with their first words, to be checked by eye.
//
//   node --import tsx bench/ocr/languages-corpus.ts [CORPUS] [--text-layers]   (the second part only)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import { decideLanguage, PageLanguages, plainWord, TesseractLineReader } from '../../src/engine/input/ocr/languages.js';
import { extractPage } from '../../src/engine/input/pdf/extract.js';
import { loadPdfium, PdfDocument, renderPage } from '../../src/engine/input/pdf/pdfium.js';
import { loadOmniDocBench, omniEditDistance } from '../quality/omnidocbench.js';
import { scorePage, summary, type PageScore } from './languages.js';

const corpus = process.argv[2] ?? join('..', 'shared', 'corpus');

async function omniDocBench() {
  const pages = loadOmniDocBench(corpus);
  const engine = await OcrEngine.create({ threads: 1, languages: { mode: 'off' } });
  const step = new PageLanguages({ mode: 'auto' }, new TesseractLineReader());
  let before = 0;
  let after = 0;
  let changed = 0;
  for (const page of pages) {
    const { data, info } = await sharp(readFileSync(page.file)).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const read = await engine.recognize({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
    const { lines, trace } = await step.apply(read.image, read.lines);
    const old = read.lines.map((l) => l.text).join('\n');
    const now = lines.map((l) => l.text).join('\n');
    const [d0, d1] = [omniEditDistance(page, old), omniEditDistance(page, now)];
    before += d0;
    after += d1;
    if (old !== now) changed++;
    console.log(`${page.id}: ${trace.rule} ${JSON.stringify(trace.values)} edit distance ${d0.toFixed(3)} -> ${d1.toFixed(3)}`);
  }
  console.log(`OmniDocBench demo: ${pages.length} pages, ${changed} changed; mean text edit distance ${(before / pages.length).toFixed(4)} -> ${(after / pages.length).toFixed(4)}`);
  await engine.release();
  await step.release();
}

function pdfFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...pdfFiles(path));
    else if (name.toLowerCase().endsWith('.pdf')) out.push(path);
  }
  return out;
}

async function textLayers() {
  const pdfium = await loadPdfium();
  const tally = new Map<string, number>();
  const others: string[] = [];
  for (const file of pdfFiles(corpus)) {
    let doc: PdfDocument;
    try {
      doc = PdfDocument.open(pdfium, new Uint8Array(readFileSync(file)));
    } catch {
      continue;
    }
    try {
      for (let i = 0; i < Math.min(doc.pageCount, 5); i++) {
        const texts = extractPage(doc, i).lines.map((l) => l.text.split(/(\s+)/).map((w) => (/\s/.test(w) ? w : plainWord(w))).join(''));
        const decision = decideLanguage(texts);
        const key = decision.language ?? decision.rule;
        tally.set(key, (tally.get(key) ?? 0) + 1);
        if (decision.language && decision.language !== 'eng') others.push(`${file.slice(corpus.length + 1)} p${i + 1}: ${key} ${JSON.stringify(decision.values)} "${texts.join(' ').slice(0, 90)}"`);
      }
    } finally {
      doc.close();
    }
  }
  console.log(`Text layers: ${JSON.stringify(Object.fromEntries(tally))}`);
  for (const o of others) console.log(`  ${o}`);
}

/** Real pages in French of the corpus, scanned at 200 dpi, scored against their text layer. */
const FRENCH_PAGES: [string, number][] = [
  ['unstructured/unlabeled/pdf/fr_olap.pdf', 0],
  ['unstructured/unlabeled/pdf/fr_olap.pdf', 1],
  ['unstructured/unlabeled/pdf/fr_olap.pdf', 2],
  ['pdfplumber/unlabeled/2023-06-20-PV.pdf', 0],
  ['pdfplumber/unlabeled/2023-06-20-PV.pdf', 1],
];

async function frenchScans() {
  const pdfium = await loadPdfium();
  const engine = await OcrEngine.create({ threads: 1, languages: { mode: 'off' } });
  const step = new PageLanguages({ mode: 'auto' }, new TesseractLineReader());
  const old: PageScore[] = [];
  const now: PageScore[] = [];
  for (const [file, index] of FRENCH_PAGES) {
    const doc = PdfDocument.open(pdfium, new Uint8Array(readFileSync(join(corpus, file))));
    try {
      const truth = extractPage(doc, index).lines.map((l) => l.text).join('\n');
      const image = renderPage(doc, index, 200);
      let start = process.cpuUsage();
      const read = await engine.recognize(image);
      const cpu = process.cpuUsage(start);
      start = process.cpuUsage();
      const { lines, trace } = await step.apply(read.image, read.lines);
      const extra = process.cpuUsage(start);
      const seconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
      old.push(scorePage(truth, read.lines.map((l) => l.text).join('\n'), seconds(cpu)));
      now.push(scorePage(truth, lines.map((l) => l.text).join('\n'), seconds(cpu) + seconds(extra)));
      console.log(`${file} p${index + 1}: ${trace.rule} ${JSON.stringify(trace.values)}`);
    } finally {
      doc.close();
    }
  }
  console.log(`French scans: PP-OCR ${JSON.stringify(summary(old))}; with the language step ${JSON.stringify(summary(now))}`);
  await engine.release();
  await step.release();
}

await textLayers();
if (!process.argv.includes('--text-layers')) {
  await frenchScans();
  await omniDocBench();
}
