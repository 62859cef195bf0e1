// The real documents the classifier must not make worse, scored as bench/quality.ts scores them:
// docling-eval-cvat (human layout labels: label accuracy, headings) and Docling's Markdown of its
// test PDFs (headings against a peer). `--engine DIR` scores another checkout (e.g. main).
// Usage: node --import tsx bench/train/real.ts [--engine DIR]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pagesAcross } from '../quality/cvat.js';
import { lazyOcr } from '../quality/lazy-ocr.js';

const at = process.argv.indexOf('--engine');
const root = resolve(at >= 0 ? process.argv[at + 1]! : join(import.meta.dirname, '..', '..'));
const CORPUS = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
const engine = (await import(join(root, 'src/engine/index.ts'))) as typeof import('../../src/engine/index.js');
const { loadCvat, scoreCvat } = (await import(join(root, 'bench/quality/cvat.ts'))) as typeof import('../quality/cvat.js');
const { headingsOf } = (await import(join(root, 'bench/quality/generated-scores.ts'))) as typeof import('../quality/generated-scores.js');
const { matchF1 } = (await import(join(root, 'bench/quality/metrics.ts'))) as typeof import('../quality/metrics.js');
const ocr = lazyOcr(() => engine.OcrEngine.create({ threads: 1 }));
const parse = (bytes: Uint8Array) => engine.parseDocument(bytes, { maxPages: 50, ocr: ocr.engine });
const mean = (v: number[]) => (v.length ? (v.reduce((a, b) => a + b, 0) / v.length).toFixed(4) : '–');


const cvat = { labels: [] as number[], headings: [] as number[], leak: [] as number[], order: [] as number[] };
for (const page of loadCvat(CORPUS)) {
  const result = await parse(readFileSync(page.file));
  const headings = new Set(headingsOf(result));
  const titles = new Set(result.content_list.filter((b) => b.type === 'text' && b.text !== null && headings.has(b.text)));
  const s = scoreCvat(page, result.content_list, titles, await pagesAcross(page.file, page.width / page.height));
  cvat.labels.push(s.labelAccuracy);
  cvat.headings.push(s.headingF1);
  cvat.leak.push(s.furnitureLeak);
  cvat.order.push(s.readingOrder);
}
console.log(`docling-eval-cvat (${cvat.labels.length} pages): label accuracy ${mean(cvat.labels)}, heading F1 ${mean(cvat.headings)}, furniture leak ${mean(cvat.leak)}, reading order ${mean(cvat.order)}`);

const dir = join(CORPUS, 'docling', 'pdf');
const peer: number[] = [];
if (existsSync(dir)) {
  for (const file of readdirSync(join(dir, 'sources')).filter((f) => f.endsWith('.pdf'))) {
    const gt = join(dir, 'groundtruth', file.replace(/\.pdf$/, '.md'));
    if (!existsSync(gt)) continue;
    const result = await parse(readFileSync(join(dir, 'sources', file)));
    const peerHeadings = readFileSync(gt, 'utf8').split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, ''));
    peer.push(matchF1(peerHeadings, headingsOf(result)).f1);
  }
}
console.log(`docling (peer, ${peer.length} documents): heading F1 ${mean(peer)}`);
await ocr.release();
