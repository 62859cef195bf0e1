// The classifier's held-out check: scores the engine on the validate documents of the generated
// corpus (never trained on) with the corpus benchmark's metrics, pooled per variant, and per
// family. `--engine DIR` scores another checkout's engine (e.g. main) on the same documents, for
// an old/new comparison. Writes the per-document scores as JSON when given `--out FILE`.
// `--split tune` looks at the tune documents instead, to find what fails there (fix there, report on validate).
// Usage: node --import tsx bench/train/evaluate.ts [CORPUS_DIR] [--engine DIR] [--variant digital|scan] [--split tune] [--families A,B] [--same-as SCORES.json] [--limit N] [--out FILE] [--ocr-cache DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lazyOcr } from '../quality/lazy-ocr.js';
import { cachedOcr } from '../quality/ocr-cache.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const root = resolve(option('--engine') ?? join(import.meta.dirname, '..', '..'));
  const variant = (option('--variant') ?? 'digital') as 'digital' | 'scan';
  const limit = Number(option('--limit') ?? Infinity);
  const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : join(import.meta.dirname, '..', 'tmp', 'corpus');
  const engine = (await import(join(root, 'src/engine/index.ts'))) as typeof import('../../src/engine/index.js');
  const corpus = (await import(join(root, 'bench/quality/corpus.ts'))) as typeof import('../quality/corpus.js');
  const truth = (await import(join(root, 'bench/corpus/truth.ts'))) as typeof import('../corpus/truth.js');
  const ocr = lazyOcr(() => engine.OcrEngine.create({ threads: 1 }));
  // --ocr-cache DIR: what OCR read on each scanned page is kept in DIR (layout work on scans).
  const cache = option('--ocr-cache');
  const ocrEngine = cache ? cachedOcr(cache, ocr.engine) : ocr.engine;
  const parse = (bytes: Uint8Array) => engine.parseDocument(bytes, { maxPages: 50, ocr: ocrEngine });
  const split = option('--split') ?? 'validate';
  const families = option('--families')?.split(',');
  // --same-as: the documents an earlier run scored (the corpus may have grown since).
  const sameAs = option('--same-as');
  const ids = sameAs ? new Set((JSON.parse(readFileSync(sameAs, 'utf8')) as Array<{ id: string }>).map((s) => s.id)) : undefined;
  const docs = truth.loadCorpus(dir).filter((d) => d.truth.split === split && d.truth.variant === variant && (!families || families.includes(d.truth.family)) && (!ids || ids.has(d.truth.id)));
  const scores = await corpus.scoreCorpusDocuments(docs, parse, { perSource: Number.isFinite(limit) ? limit : undefined, onDocument: (s) => process.stderr.write(`${s.id} ${s.error ?? ''}\n`) });
  console.log(corpus.corpusMarkdown(`${variant} ${split} documents, engine ${root}`, scores));
  const out = option('--out');
  if (out) writeFileSync(out, JSON.stringify(scores, null, 1));
  await ocr.release();
}

await main();
