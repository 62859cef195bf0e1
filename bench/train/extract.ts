// Training data for the paragraph classifier: every tune document of the generated corpus is
// parsed by the engine, and each paragraph the classify stage sees is written with its features
// (src/engine/classify/features.ts, the same code the engine runs) and the type the truth gives
// its lines (the type covering most of its characters). Validate documents are never read.
// Usage: node --import tsx bench/train/extract.ts [CORPUS_DIR] [OUT.csv] [--scans] [--limit N] [--ocr-cache DIR]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { classifyPage, type FeatureObserver } from '../../src/engine/classify/classify.js';
import { FEATURE_NAMES } from '../../src/engine/classify/features.js';
import { OcrEngine, parseWithDetails } from '../../src/engine/index.js';
import type { Paragraph } from '../../src/engine/model/analysis.js';
import type { Page, TextLine } from '../../src/engine/model/document.js';
import { STAGES } from '../../src/engine/pipeline/pipeline.js';
import { loadCorpus, type CorpusTruth, type TruthBlock } from '../corpus/truth.js';
import { lazyOcr } from '../quality/lazy-ocr.js';
import { cachedOcr } from '../quality/ocr-cache.js';

/** The classifier's classes: the truth's types, floats' own text (cells, diagram labels) as "other". */
export function classOf(block: TruthBlock): string {
  if (block.type === 'table' || block.type === 'image' || block.type === 'chart') return 'other';
  return block.type;
}

interface TruthLineRef {
  page: number;
  box: [number, number, number, number];
  block: TruthBlock;
}

function truthLines(truth: CorpusTruth): TruthLineRef[] {
  const out: TruthLineRef[] = [];
  for (const block of truth.blocks) {
    for (const l of block.lines ?? []) out.push({ page: l.page, box: l.box, block });
    for (const item of block.items ?? []) for (const l of item.lines) out.push({ page: l.page, box: l.box, block });
    for (const l of block.labels ?? []) out.push({ page: l.page, box: l.box, block });
    // Cells of tables whose lines are not listed: their boxes.
    for (const c of block.cells ?? []) for (const b of c.boxes) out.push({ page: b.page, box: b.box, block });
  }
  return out;
}

/** Share of the engine line's box covered by a truth line's box. */
function covered(line: TextLine, box: [number, number, number, number]): number {
  const w = Math.min(line.box[2], box[2]) - Math.max(line.box[0], box[0]);
  const h = Math.min(line.box[3], box[3]) - Math.max(line.box[1], box[1]);
  if (w <= 0 || h <= 0) return 0;
  const area = Math.max((line.box[2] - line.box[0]) * (line.box[3] - line.box[1]), 1e-6);
  return (w * h) / area;
}

/** A line's glyphs that must lie in one truth block's lines for the line to be that block's. */
const GLYPH_SHARE = 1 / 3;

/**
 * The truth block most of a line lies in, if any: by its glyphs' middles where it has glyphs (a
 * contents entry joined to its page number far right is mostly empty box, but all its glyphs are
 * the entry's), else by box (at least a third of it).
 */
function blockOfLine(line: TextLine, page: number, refs: readonly TruthLineRef[]): TruthBlock | undefined {
  const glyphs = line.glyphs?.filter((g) => g.code > 32);
  if (glyphs?.length) {
    const onPage = refs.filter((r) => r.page === page);
    const counts = new Map<TruthBlock, number>();
    for (const g of glyphs) {
      const x = (g.x0 + g.x1) / 2;
      const y = (g.y0 + g.y1) / 2;
      const ref = onPage.find((r) => x >= r.box[0] && x <= r.box[2] && y >= r.box[1] && y <= r.box[3]);
      if (ref) counts.set(ref.block, (counts.get(ref.block) ?? 0) + 1);
    }
    const [block, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
    if (block && count >= GLYPH_SHARE * glyphs.length) return block;
  }
  let best: TruthLineRef | undefined;
  let bestCover = 0.33;
  for (const r of refs) {
    if (r.page !== page) continue;
    const c = covered(line, r.box);
    if (c > bestCover) {
      bestCover = c;
      best = r;
    }
  }
  return best?.block;
}

const csvText = (s: string) => `"${s.replace(/"/g, "'").replace(/\s+/g, ' ').slice(0, 80)}"`;

async function main() {
  const limitAt = process.argv.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(process.argv[limitAt + 1]) : Infinity;
  const cacheAt = process.argv.indexOf('--ocr-cache');
  const args = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--limit' && all[i - 1] !== '--ocr-cache');
  const scans = process.argv.includes('--scans');
  const dir = args[0] ?? join(import.meta.dirname, '..', 'tmp', 'corpus');
  const out = args[1] ?? join(import.meta.dirname, '..', 'tmp', 'train', scans ? 'scan-features.csv' : 'features.csv');
  // --check: the pipeline tried on validate documents (never to train on).
  const split = process.argv.includes('--check') ? 'validate' : 'tune';
  const docs = loadCorpus(dir)
    .filter((d) => d.truth.split === split && d.truth.variant === (scans ? 'scan' : 'digital'))
    // Spread over the families: the documents in seed order.
    .sort((a, b) => a.truth.seed - b.truth.seed)
    .slice(0, limit);
  const ocr = lazyOcr(() => OcrEngine.create({ threads: 1 }));
  // --ocr-cache DIR: what OCR read on each page is kept (bench/quality/ocr-cache.ts), so a
  // second extraction after a layout change reads no page again.
  const ocrEngine = cacheAt >= 0 ? cachedOcr(process.argv[cacheAt + 1]!, ocr.engine) : ocr.engine;
  const rows: string[] = [['doc', 'family', 'variant', 'page', 'label', 'role', 'block', 'purity', 'text', ...FEATURE_NAMES].join(',')];
  let n = 0;
  for (const doc of docs) {
    const refs = truthLines(doc.truth);
    const seen: Array<{ paragraph: Paragraph; features: number[]; page: Page }> = [];
    const observe: FeatureObserver = (paragraph, features, page) => seen.push({ paragraph, features, page });
    try {
      await parseWithDetails(new Uint8Array(readFileSync(doc.pdfPath)), {
        maxPages: 50,
        ocr: ocrEngine,
        stages: { ...STAGES, classify: (input, state) => classifyPage(input, state, observe) },
      });
    } catch (e) {
      process.stderr.write(`${doc.truth.id}: ${(e as Error).message}\n`);
      continue;
    }
    for (const { paragraph, features, page } of seen) {
      if (paragraph.equation) continue;
      const chars = new Map<TruthBlock, number>();
      let total = 0;
      for (const line of paragraph.lines) {
        const block = blockOfLine(line, page.index, refs);
        total += line.text.length;
        if (block) chars.set(block, (chars.get(block) ?? 0) + line.text.length);
      }
      const [block, count] = [...chars].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
      if (!block) continue;
      const text = paragraph.lines.map((l) => l.text).join(' ');
      rows.push([doc.truth.id, doc.truth.family, doc.truth.variant, page.index, classOf(block), block.role ?? '', block.id, (count / Math.max(total, 1)).toFixed(2), csvText(text), ...features.map((f) => Number(f.toFixed(4)))].join(','));
    }
    n++;
    if (n % 20 === 0) process.stderr.write(`${n}/${docs.length} documents, ${rows.length - 1} paragraphs\n`);
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, rows.join('\n') + '\n');
  process.stderr.write(`${docs.length} documents, ${rows.length - 1} paragraphs → ${out}\n`);
  await ocr.release();
}

await main();
