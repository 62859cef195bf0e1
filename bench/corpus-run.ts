// Parses every PDF and image under a folder (by default ../shared/corpus) and writes each
// result (Markdown and content_list JSON) under bench/out/runs/NAME/, with a summary of errors
// and times. Two runs of different engine versions compare with `diff -r`: a restructuring that
// must not change output shows none.
// Usage: node --import tsx bench/corpus-run.ts NAME [FOLDER]
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { OcrEngine, parseWithDetails, writeDebugPages } from '../src/engine/index.js';
import { lazyOcr } from './quality/lazy-ocr.js';

const DOCUMENT = /\.(pdf|png|jpe?g)$/i;
/** Stages whose trace entries decide a block's extent or order, not its type. */
const EXTENT_STAGES = new Set(['paragraphs', 'order']);

function documents(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...documents(path));
    else if (DOCUMENT.test(name)) out.push(path);
  }
  return out;
}

async function main() {
  const name = process.argv[2];
  if (!name) throw new Error('usage: corpus-run.ts NAME [FOLDER]');
  const folder = process.argv[3] ?? join(import.meta.dirname, '..', '..', 'shared', 'corpus');
  const out = join(import.meta.dirname, 'out', 'runs', name);
  const ocr = lazyOcr(() => OcrEngine.create({ threads: 2 }));
  const summary: { file: string; seconds: number; pages?: number; error?: string; untraced?: number; undrawnPages?: number; stageFailures?: number }[] = [];
  for (const file of documents(folder)) {
    const id = relative(folder, file);
    const started = performance.now();
    try {
      const bytes = readFileSync(file);
      const details = await parseWithDetails(bytes, { maxPages: 50, ocr: ocr.engine });
      const seconds = (performance.now() - started) / 1000;
      const { result } = details;
      const target = join(out, id);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(`${target}.md`, result.markdown);
      writeFileSync(`${target}.json`, JSON.stringify(result.content_list, null, 1) + '\n');
      // Every block must say which rule gave it its type; every page must be drawn.
      const untraced = details.blocks.filter((b) => !b.trace.some((t) => !EXTENT_STAGES.has(t.stage))).length;
      const drawn = await writeDebugPages(bytes, details, join(out, 'debug', id));
      const undrawnPages = result.page_count - drawn.length;
      summary.push({ file: id, seconds, pages: result.page_count, untraced, undrawnPages, stageFailures: details.failures.length });
    } catch (e) {
      summary.push({ file: id, seconds: (performance.now() - started) / 1000, error: (e as Error).message });
    }
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'summary.json'), JSON.stringify(summary, null, 1) + '\n');
  const errors = summary.filter((s) => s.error);
  const sum = (key: 'untraced' | 'undrawnPages' | 'stageFailures') => summary.reduce((s, d) => s + (d[key] ?? 0), 0);
  console.log(`${summary.length} documents, ${errors.length} errors, ${summary.reduce((s, d) => s + d.seconds, 0).toFixed(1)} s`);
  console.log(`blocks without a classification rule in their trace: ${sum('untraced')}; pages not drawn: ${sum('undrawnPages')}; contained stage failures: ${sum('stageFailures')}`);
  for (const e of errors) console.log(`  ${e.file}: ${e.error}`);
  for (const d of summary.filter((d) => d.untraced || d.undrawnPages || d.stageFailures)) console.log(`  ${d.file}: ${d.untraced ?? 0} untraced, ${d.undrawnPages ?? 0} undrawn, ${d.stageFailures ?? 0} stage failures`);
  await ocr.release();
}

await main();
