// OCR of Latin-script languages with diacritics (and English and Chinese, which must not get
// worse), on generated scanned pages: paragraphs of each language's prose (language-texts.ts)
// set in DejaVu and Liberation fonts, rendered at 200 or 300 dpi, slightly blurred and saved as
// JPEG as a scanner would (and some pages skewed, blurred and noisy). Engines, side by side in one run:
//   ppocr      Quire's PP-OCR alone (QUIRE_OCR_LANGUAGES=off, the old behaviour)
//   quire      Quire as it is now: PP-OCR, the page's language decided, Latin lines re-read by
//              tesseract.js in that language (languages.ts); the same PP-OCR pass as "ppocr" plus
//              the language step, so their CPU differs by what the step costs
//   tjs-page   tesseract.js on the whole page in the page's true language (automatic segmentation)
//   tess-deb   Debian's tesseract 5 (one thread), the npm packs' traineddata, the true language
// Scores: word accuracy (word-accuracy.ts, micro-averaged), and the F1 of accented letters
// (every letter outside ASCII and CJK, counted as multisets) — what the old engine loses — and CPU
// seconds per page (process CPU, all threads; tesseract's own user+system).
//
//   node --import tsx bench/ocr/languages.ts [--split tune|report] [--langs fra,deu] [--engines ppocr,quire]
//
// Tune on --split tune; the numbers of record come from --split report (other sentences, other
// fonts and resolutions). Writes bench/tmp/languages-<split>.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import { decideLanguage, languagePackDir, PageLanguages, TesseractLineReader, type RereadLanguage } from '../../src/engine/input/ocr/languages.js';
import type { RgbImage } from '../../src/engine/input/pdf/pdfium.js';
import { TEXTS } from './language-texts.js';
import { wordAccuracy } from './word-accuracy.js';

interface LanguagePage {
  id: string;
  language: string;
  truth: string;
  image: RgbImage;
  png: Buffer;
}

const FONTS = ['DejaVu Serif', 'Liberation Sans', 'DejaVu Sans', 'Liberation Serif'];
/** Average advance of a character, in ems, per font (a little generous, so lines never overflow). */
const EM_PER_CHAR: Record<string, number> = { 'DejaVu Serif': 0.6, 'DejaVu Sans': 0.58, 'Liberation Sans': 0.52, 'Liberation Serif': 0.5 };

/** A deterministic shuffle (mulberry32). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A US Letter page of the sentences at `dpi`: paragraphs of three sentences, wrapped to the text width. */
export async function renderPage(sentences: string[], font: string, pt: number, dpi: number, cjk: boolean, degraded = false): Promise<{ image: RgbImage; png: Buffer; truth: string }> {
  const px = (inches: number) => Math.round(inches * dpi);
  const width = px(8.5);
  const height = px(11);
  const size = (pt * dpi) / 72;
  const textWidth = px(6.5);
  const charsPerLine = Math.floor(textWidth / (size * (cjk ? 1.02 : EM_PER_CHAR[font]!)));
  const rows: string[] = [];
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 3) paragraphs.push(sentences.slice(i, i + 3).join(cjk ? '' : ' '));
  for (const p of paragraphs) {
    if (cjk) {
      for (let i = 0; i < p.length; i += charsPerLine) rows.push(p.slice(i, i + charsPerLine));
    } else {
      let line = '';
      for (const word of p.split(' ')) {
        if (line && line.length + 1 + word.length > charsPerLine) {
          rows.push(line);
          line = word;
        } else line = line ? `${line} ${word}` : word;
      }
      if (line) rows.push(line);
    }
    rows.push('');
  }
  const lead = size * 1.45;
  const texts = rows.map((r, i) => (r ? `<text x="${px(1)}" y="${Math.round(px(1) + size + i * lead)}">${escapeXml(r)}</text>` : '')).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/><g font-family="${font}" font-size="${size.toFixed(2)}" fill="#111">${texts}</g></svg>`;
  // A scanner's softness and compression; a degraded page is also skewed, blurrier and noisy.
  let jpeg = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).blur(0.5).jpeg({ quality: 85 }).toBuffer();
  if (degraded) {
    const raw = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).rotate(0.7, { background: '#ffffff' }).blur(0.9).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let a = 12345;
    const noise = () => {
      a = (Math.imul(a, 1103515245) + 12345) >>> 0;
      return ((a >>> 8) / 16777216 - 0.5) * 48;
    };
    for (let i = 0; i < raw.data.length; i += raw.info.channels) {
      const v = Math.max(0, Math.min(255, raw.data[i]! + noise()));
      for (let c = 0; c < raw.info.channels; c++) raw.data[i + c] = v;
    }
    jpeg = await sharp(raw.data, { raw: raw.info }).jpeg({ quality: 60 }).toBuffer();
  }
  const { data, info } = await sharp(jpeg).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  return { image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }, png, truth: paragraphs.join('\n\n') };
}

/** The pages of a split: tuning pages from the first half of each language's sentences at 200 dpi, reported ones from the second half at 200 and 300 dpi. */
export async function languagePages(split: 'tune' | 'report', languages: string[]): Promise<LanguagePage[]> {
  const pages: LanguagePage[] = [];
  for (const language of languages) {
    const all = TEXTS[language]!;
    const half = Math.ceil(all.length / 2);
    const sentences = split === 'tune' ? all.slice(0, half) : all.slice(half);
    const variants =
      split === 'tune'
        ? [
            { seed: 1, font: FONTS[0]!, pt: 11, dpi: 200 },
            { seed: 2, font: FONTS[1]!, pt: 10, dpi: 200 },
            { seed: 7, font: FONTS[2]!, pt: 10, dpi: 200, degraded: true },
          ]
        : [
            { seed: 3, font: FONTS[2]!, pt: 11, dpi: 200 },
            { seed: 4, font: FONTS[3]!, pt: 10, dpi: 200 },
            { seed: 5, font: FONTS[0]!, pt: 10, dpi: 300 },
            { seed: 6, font: FONTS[1]!, pt: 12, dpi: 300 },
            { seed: 8, font: FONTS[3]!, pt: 10, dpi: 200, degraded: true },
            { seed: 9, font: FONTS[0]!, pt: 9, dpi: 200, degraded: true },
          ];
    for (const v of variants) {
      const degraded = 'degraded' in v && v.degraded;
      const { image, png, truth } = await renderPage(shuffled(sentences, v.seed), v.font, v.pt, v.dpi, language === 'chi', degraded);
      pages.push({ id: `${language}-${v.seed}-${v.font.replace(/ /g, '')}-${v.pt}pt-${v.dpi}dpi${degraded ? '-degraded' : ''}`, language, truth, image, png });
    }
  }
  return pages;
}

const ACCENTED = /[\p{L}]/gu;
/** Letters outside ASCII and CJK: the accented (and stroked, ß) letters of Latin scripts. */
function accentedLetters(text: string): string[] {
  return (text.normalize('NFC').match(ACCENTED) ?? []).filter((c) => c > '\u007f' && !/[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFF60]/u.test(c));
}

export interface PageScore {
  truthWords: number;
  readWords: number;
  matchedWords: number;
  truthAccents: number;
  readAccents: number;
  matchedAccents: number;
  cpu: number;
}

/** CJK characters as words of their own: Chinese is scored by characters. */
const cjkApart = (text: string) => text.replace(/([\u2E80-\u9FFF\uF900-\uFAFF])/gu, ' $1 ');

export function scorePage(truth: string, read: string, cpu: number): PageScore {
  const w = wordAccuracy(cjkApart(truth), cjkApart(read));
  const want = new Map<string, number>();
  const t = accentedLetters(truth);
  for (const c of t) want.set(c, (want.get(c) ?? 0) + 1);
  const r = accentedLetters(read);
  let matched = 0;
  for (const c of r) {
    const n = want.get(c) ?? 0;
    if (n > 0) {
      matched++;
      want.set(c, n - 1);
    }
  }
  return { truthWords: w.truth, readWords: w.read, matchedWords: w.matched, truthAccents: t.length, readAccents: r.length, matchedAccents: matched, cpu };
}

function f1(truth: number, read: number, matched: number): number {
  const recall = truth ? matched / truth : 1;
  const precision = read ? matched / read : truth ? 0 : 1;
  return recall + precision ? (2 * recall * precision) / (recall + precision) : 0;
}

export function summary(scores: PageScore[]) {
  const sum = (k: keyof PageScore) => scores.reduce((a, s) => a + s[k], 0);
  const r4 = (v: number) => Number(v.toFixed(4));
  return {
    pages: scores.length,
    wordAccuracy: r4(f1(sum('truthWords'), sum('readWords'), sum('matchedWords'))),
    accentF1: sum('truthAccents') ? r4(f1(sum('truthAccents'), sum('readAccents'), sum('matchedAccents'))) : null,
    cpuSecondsPerPage: Number((sum('cpu') / Math.max(1, scores.length)).toFixed(2)),
  };
}

const cpuSeconds = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1e6;
};

/** Language packs gunzipped into one tessdata folder, for Debian's tesseract. */
function tessdataDir(languages: string[]): string {
  const dir = join('bench', 'tmp', 'tessdata');
  mkdirSync(dir, { recursive: true });
  for (const l of languages) {
    const file = join(dir, `${l}.traineddata`);
    const pack = languagePackDir(l as RereadLanguage);
    if (!existsSync(file) && pack) writeFileSync(file, gunzipSync(readFileSync(join(pack, `${l}.traineddata.gz`))));
  }
  return dir;
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const split = (arg('split') ?? 'tune') as 'tune' | 'report';
  const languages = (arg('langs') ?? 'eng,fra,deu,spa,pol,vie,ita,por,nld,chi').split(',');
  const engines = (arg('engines') ?? 'ppocr,quire,tjs-page,tess-deb').split(',');
  const pages = await languagePages(split, languages);
  console.error(`${pages.length} pages (${split})`);
  const results: Record<string, Record<string, PageScore[]>> = {};
  const texts: Record<string, Record<string, string>> = {};
  const decisions: Record<string, unknown> = {};
  const record = (engine: string, page: LanguagePage, text: string, cpu: number) => {
    ((results[engine] ??= {})[page.language] ??= []).push(scorePage(page.truth, text, cpu));
    (texts[engine] ??= {})[page.id] = text;
  };

  const needsPpocr = engines.includes('ppocr') || engines.includes('quire');
  if (needsPpocr) {
    const engine = await OcrEngine.create({ threads: 1, languages: { mode: 'off' } });
    const step = new PageLanguages({ mode: 'auto' }, new TesseractLineReader());
    for (const page of pages) {
      let start = process.cpuUsage();
      const read = await engine.recognize(page.image);
      const ppocrCpu = cpuSeconds(start);
      if (engines.includes('ppocr')) record('ppocr', page, read.lines.map((l) => l.text).join('\n'), ppocrCpu);
      if (engines.includes('quire')) {
        start = process.cpuUsage();
        const { lines, trace } = await step.apply(read.image, read.lines);
        record('quire', page, lines.map((l) => l.text).join('\n'), ppocrCpu + cpuSeconds(start));
        decisions[page.id] = trace;
      }
      console.error(page.id, JSON.stringify(decisions[page.id] ?? ''), decideLanguage(read.lines.map((l) => l.text)).language);
    }
    await engine.release();
    await step.release();
  }

  if (engines.includes('tjs-page')) {
    const { createWorker, OEM } = await import('tesseract.js');
    for (const language of languages) {
      const code = language === 'chi' ? undefined : language;
      const langPath = code && languagePackDir(code as RereadLanguage);
      if (!langPath) continue;
      const worker = await createWorker(code, OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
      for (const page of pages.filter((p) => p.language === language)) {
        const start = process.cpuUsage();
        const { data } = await worker.recognize(page.png);
        record('tjs-page', page, data.text, cpuSeconds(start));
      }
      await worker.terminate();
    }
  }

  if (engines.includes('tess-deb')) {
    const dir = mkdtempSync(join(tmpdir(), 'quire-lang-bench-'));
    const tessdata = tessdataDir(languages.filter((l) => l !== 'chi'));
    try {
      for (const page of pages) {
        if (page.language === 'chi') continue;
        const file = join(dir, `${page.id}.png`);
        writeFileSync(file, page.png);
        const timeFile = join(dir, 'time.txt');
        const out = execFileSync('/usr/bin/time', ['-o', timeFile, '-f', '%U %S', 'tesseract', file, 'stdout', '--tessdata-dir', tessdata, '-l', page.language, '--oem', '1'], {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          stdio: ['ignore', 'pipe', 'ignore'],
        }).toString('utf8');
        const [user = 0, system = 0] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).map(Number);
        record('tess-deb', page, out, user + system);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const table: Record<string, Record<string, ReturnType<typeof summary>>> = {};
  for (const [engine, byLanguage] of Object.entries(results)) for (const [language, scores] of Object.entries(byLanguage)) (table[language] ??= {})[engine] = summary(scores);
  mkdirSync(join('bench', 'tmp'), { recursive: true });
  writeFileSync(join('bench', 'tmp', `languages-${split}.json`), JSON.stringify({ split, table, decisions, texts }, null, 1));
  const header = `| language | ${engines.map((e) => `${e} words / accents / CPU s`).join(' | ')} |`;
  console.log(header);
  console.log(`|${' --- |'.repeat(engines.length + 1)}`);
  for (const language of languages) {
    const row = engines.map((e) => {
      const s = table[language]?.[e];
      return s ? `${s.wordAccuracy.toFixed(3)} / ${s.accentF1 === null ? '-' : s.accentF1.toFixed(3)} / ${s.cpuSecondsPerPage.toFixed(2)}` : '-';
    });
    console.log(`| ${language} | ${row.join(' | ')} |`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
