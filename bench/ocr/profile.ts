// Where a page's OCR CPU goes (detection vs recognition) and what it reads, on the tuning pages.
// node --import tsx bench/ocr/profile.ts [corpus] [dpi] [threads] [pages]
import { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import { loadRealPages, TUNE_PAGES } from './real-pages.js';
import { wordAccuracy } from './word-accuracy.js';

const corpus = process.argv[2] ?? '/work/shared/corpus';
const dpi = Number(process.argv[3] ?? 200);
const threads = Number(process.argv[4] ?? 1);
const pages = await loadRealPages(corpus, TUNE_PAGES.slice(0, Number(process.argv[5] ?? TUNE_PAGES.length)), dpi);
const engine = await OcrEngine.create({ threads });
await engine.recognize(pages[0]!.image);
let cpu = 0, det = 0, rec = 0, cols = 0, boxes = 0, truth = 0, read = 0, matched = 0;
for (const p of pages) {
  const s = process.cpuUsage();
  const out = await engine.recognize(p.image);
  const u = process.cpuUsage(s);
  cpu += (u.user + u.system) / 1e6;
  const t = engine.lastTimings;
  det += t.detCpuMs; rec += t.recCpuMs; cols += t.recColumns; boxes += t.boxes;
  const w = wordAccuracy(p.truth, out.lines.map((l) => l.text).join('\n'));
  truth += w.truth; read += w.read; matched += w.matched;
}
const n = pages.length;
const r = matched / truth, pr = matched / read;
console.log(JSON.stringify({ dpi, threads, pages: n, f1: +((2 * r * pr) / (r + pr)).toFixed(4), cpuPerPage: +(cpu / n).toFixed(3), detCpuMs: Math.round(det / n), recCpuMs: Math.round(rec / n), recColumns: Math.round(cols / n), boxes: Math.round(boxes / n) }));
await engine.release();
