// One corpus document's tables side by side: each true table's grid (HTML) and the engine's
// table over it, for reading a failure class on tune documents.
// Usage: node --import tsx bench/train/show-tables.ts DOC.pdf [--page N] [--ocr-cache DIR]
// (a scan, DOC.scan.pdf, is read by OCR, through the cache when one is given).
import { readFileSync } from 'node:fs';
import { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import { parseDocument } from '../../src/engine/parse.js';
import { lazyOcr } from '../quality/lazy-ocr.js';
import { cachedOcr } from '../quality/ocr-cache.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const pdf = process.argv[2]!;
const truth = JSON.parse(readFileSync(pdf.replace(/\.pdf$/, '.json'), 'utf8')) as { pages: Array<{ width: number; height: number }>; blocks: Array<{ type: string; role?: string; html?: string; boxes: Array<{ page: number; box: number[] }> }> };
const page = option('--page') ? Number(option('--page')) - 1 : undefined;
const ocr = lazyOcr(() => OcrEngine.create({ threads: 1 }));
const cache = option('--ocr-cache');
const parsed = await parseDocument(new Uint8Array(readFileSync(pdf)), { maxPages: 50, ocr: cache ? cachedOcr(cache, ocr.engine) : ocr.engine });
const rows = (html: string) => html.split('<tr>').slice(1).map((r) => r.replace(/<\/?t[dh][^>]*>/g, (m) => (m.startsWith('</') ? ' | ' : '')).replace(/<[^>]+>/g, '').trim());
for (const t of truth.blocks.filter((b) => b.type === 'table')) {
  const p = t.boxes[0]!.page;
  if (page !== undefined && p !== page) continue;
  const w = truth.pages[p]!.width, h = truth.pages[p]!.height;
  const b = t.boxes[0]!.box;
  console.log(`\n=== TRUTH p${p + 1} ${t.role ?? ''} [${[b[0]! / w, b[1]! / h, b[2]! / w, b[3]! / h].map((v) => Math.round(v * 1000)).join(',')}]`);
  for (const r of rows(t.html ?? '')) console.log('  ' + r);
}
for (const b of parsed.content_list.filter((x) => x.type === 'table')) {
  if (page !== undefined && b.page_idx !== page) continue;
  console.log(`\n--- FOUND p${b.page_idx + 1} [${(b.bbox ?? []).map(Math.round).join(',')}]`);
  for (const r of rows(b.table_body ?? '')) console.log('  ' + r);
}
await ocr.release();
