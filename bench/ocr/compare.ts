// Quire's OCR and Debian's tesseract side by side on the same page images, in one run: word
// accuracy (word-accuracy.ts) and CPU seconds per page. Both with their models loaded once:
// Quire's engine is created once and timed around recognize() with process.cpuUsage() (every
// thread of the process); tesseract reads the whole list of images in one process (one thread,
// its most CPU-thrifty setting) and is timed with /usr/bin/time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import type { RgbImage } from '../../src/engine/input/pdf/pdfium.js';
import { ensureTesseract } from '../quality/tesseract.js';
import { toPng } from './real-pages.js';
import { wordAccuracy, type WordScore } from './word-accuracy.js';

export interface OcrCase {
  id: string;
  truth: string;
  image: RgbImage;
}

export interface EngineResult {
  /** Per case: its word score. */
  scores: WordScore[];
  /** Texts read, per case. */
  texts: string[];
  /** CPU seconds per page (user + system, all threads). */
  cpuSecondsPerPage: number;
}

export interface Summary {
  pages: number;
  wordAccuracy: number;
  recall: number;
  precision: number;
  cpuSecondsPerPage: number;
}

/** Micro-averaged over all words of the cases (long pages weigh more). */
export function summarize(result: EngineResult): Summary {
  const truth = result.scores.reduce((a, s) => a + s.truth, 0);
  const read = result.scores.reduce((a, s) => a + s.read, 0);
  const matched = result.scores.reduce((a, s) => a + s.matched, 0);
  const recall = truth ? matched / truth : 1;
  const precision = read ? matched / read : 0;
  const round = (v: number) => Number(v.toFixed(4));
  return {
    pages: result.scores.length,
    wordAccuracy: round(recall + precision ? (2 * recall * precision) / (recall + precision) : 0),
    recall: round(recall),
    precision: round(precision),
    cpuSecondsPerPage: Number(result.cpuSecondsPerPage.toFixed(3)),
  };
}

export async function runQuire(engine: OcrEngine, cases: OcrCase[]): Promise<EngineResult> {
  const texts: string[] = [];
  let cpu = 0;
  for (const c of cases) {
    const start = process.cpuUsage();
    const page = await engine.recognize(c.image);
    const used = process.cpuUsage(start);
    cpu += (used.user + used.system) / 1e6;
    texts.push(page.lines.map((l) => l.text).join('\n'));
  }
  return { scores: cases.map((c, i) => wordAccuracy(c.truth, texts[i]!)), texts, cpuSecondsPerPage: cases.length ? cpu / cases.length : 0 };
}

/** Whether /usr/bin/time runs, installing Debian's `time` first if needed. */
function ensureTime(): boolean {
  const runs = () => {
    try {
      execFileSync('/usr/bin/time', ['-f', '%U', 'true'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (runs()) return true;
  try {
    execFileSync('apt-get', ['install', '-y', 'time'], { stdio: 'ignore', timeout: 300_000 });
  } catch {
    return false;
  }
  return runs();
}

/** Tesseract (English model, default page segmentation, one thread) on every case in one process; undefined when it cannot run. */
export async function runTesseract(cases: OcrCase[]): Promise<EngineResult | undefined> {
  if (!ensureTesseract() || !ensureTime() || cases.length === 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'quire-ocr-bench-'));
  try {
    const files: string[] = [];
    for (const [i, c] of cases.entries()) {
      const file = join(dir, `${i}.png`);
      writeFileSync(file, await toPng(c.image));
      files.push(file);
    }
    const list = join(dir, 'list.txt');
    writeFileSync(list, files.join('\n') + '\n');
    const timeFile = join(dir, 'time.txt');
    const out = execFileSync('/usr/bin/time', ['-o', timeFile, '-f', '%U %S', 'tesseract', list, 'stdout', '-l', 'eng'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString('utf8');
    const [user = 0, system = 0] = execFileSync('cat', [timeFile]).toString().trim().split(/\s+/).map(Number);
    // Pages are separated by form feeds.
    const texts = out.split('\f').slice(0, cases.length);
    while (texts.length < cases.length) texts.push('');
    return { scores: cases.map((c, i) => wordAccuracy(c.truth, texts[i]!)), texts, cpuSecondsPerPage: (user + system) / cases.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Two engines on the same cases, page by page one after the other (which goes first alternating),
 * so that the load of a shared machine falls on both alike: compare their CPU times as a ratio.
 */
export async function runInterleaved(a: OcrEngine, b: OcrEngine, cases: OcrCase[]): Promise<[EngineResult, EngineResult]> {
  const ra: EngineResult[] = [];
  const rb: EngineResult[] = [];
  for (const [i, c] of cases.entries()) {
    if (i % 2) {
      rb.push(await runQuire(b, [c]));
      ra.push(await runQuire(a, [c]));
    } else {
      ra.push(await runQuire(a, [c]));
      rb.push(await runQuire(b, [c]));
    }
  }
  const merge = (parts: EngineResult[]): EngineResult => ({
    scores: parts.flatMap((p) => p.scores),
    texts: parts.flatMap((p) => p.texts),
    cpuSecondsPerPage: parts.length ? parts.reduce((s, p) => s + p.cpuSecondsPerPage, 0) / parts.length : 0,
  });
  return [merge(ra), merge(rb)];
}
