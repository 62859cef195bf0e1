// The quality gate CI runs after the tests: the generated sources of the quality benchmark
// (exact truth, no ../shared needed: the pdf-lib documents, tables and equations, and the
// committed sample of the generated TeX/HTML/Office corpus, born-digital and scanned), scored
// pooled per source and compared metric by metric with the committed
// baseline (bench/baseline.json). A metric worse than its baseline by more than its tolerance
// fails the check. Moving the baseline is a deliberate commit: `npm run bench:check -- --update`
// writes the current scores, and the commit message says why they moved.
// Usage: npm run bench:check [-- --update]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OcrEngine, parseDocument, type ParseResult } from '../src/engine/index.js';
import { summarizeEquations, scoreGeneratedEquations } from './quality/equations.js';
import { loadCorpus } from './corpus/truth.js';
import { scoreCorpusDocuments, summarizeCorpus } from './quality/corpus.js';
import { scoreGenerated, summarize } from './quality/generated-scores.js';
import { sourceTable } from './quality/report.js';
import { scoreGeneratedTables, summarizeTables } from './quality/tables.js';
import { lazyOcr } from './quality/lazy-ocr.js';

const BASELINE = join(import.meta.dirname, 'baseline.json');
const CORPUS_SAMPLE = join(import.meta.dirname, 'corpus-sample');

/** Metrics where lower is better; every other metric is better higher. */
const LOWER_IS_BETTER = new Set(['textEditDistance', 'furnitureLeak', 'editDistance', 'errors']);
/** Descriptions of the sources, not scores; per-type label accuracies are summed up in labelAccuracy. */
const NOT_COMPARED = new Set(['documents', 'tables', 'equations', 'predicted', 'matched', 'pages', 'labelsByType']);
/** How much worse than the baseline a metric may get before the check fails (OCR thread counts move the last digits). */
const TOLERANCE: Record<string, number> = { textEditDistance: 0.002, furnitureLeak: 0.005, editDistance: 0.01, errors: 0 };
const DEFAULT_TOLERANCE = 0.01;

type Scores = Record<string, Record<string, number>>;

async function currentScores(): Promise<Scores> {
  const ocr = lazyOcr(() => OcrEngine.create({ threads: 2 }));
  const parse = (bytes: Uint8Array): Promise<ParseResult> => parseDocument(bytes, { maxPages: 50, ocr: ocr.engine });
  const text = summarize(await scoreGenerated(parse, { tesseract: false }));
  const tables = summarizeTables(await scoreGeneratedTables(parse));
  const equations = summarizeEquations(await scoreGeneratedEquations(parse));
  // The corpus sample pooled per variant: a few documents per family are too few to score alone.
  const corpus = summarizeCorpus(await scoreCorpusDocuments(loadCorpus(CORPUS_SAMPLE), parse), (s) => `corpus sample ${s.variant}`);
  await ocr.release();
  const scores: Scores = {};
  for (const [source, row] of [...Object.entries(text), ...Object.entries(tables), ...Object.entries(equations), ...Object.entries(corpus)]) {
    scores[source] = Object.fromEntries(Object.entries(row).filter((e): e is [string, number] => typeof e[1] === 'number' && !NOT_COMPARED.has(e[0])));
  }
  return scores;
}

/** The regressions of `now` against `baseline`, as sentences; sources or metrics gone count too. */
export function regressions(baseline: Scores, now: Scores): string[] {
  const out: string[] = [];
  for (const [source, metrics] of Object.entries(baseline)) {
    for (const [metric, before] of Object.entries(metrics)) {
      const after = now[source]?.[metric];
      if (after === undefined) {
        out.push(`${source} / ${metric}: missing (baseline ${before})`);
        continue;
      }
      const worse = LOWER_IS_BETTER.has(metric) ? after - before : before - after;
      if (worse > (TOLERANCE[metric] ?? DEFAULT_TOLERANCE) + 1e-9) out.push(`${source} / ${metric}: ${after} (baseline ${before})`);
    }
  }
  return out;
}

async function main() {
  const now = await currentScores();
  const columns = [...new Set(Object.values(now).flatMap((m) => Object.keys(m)))];
  console.log(sourceTable(now, columns).join('\n'));
  if (process.argv.includes('--update') || !existsSync(BASELINE)) {
    writeFileSync(BASELINE, JSON.stringify(now, null, 2) + '\n');
    console.log(`\nwrote ${BASELINE}`);
    return;
  }
  const failed = regressions(JSON.parse(readFileSync(BASELINE, 'utf8')) as Scores, now);
  if (failed.length) {
    console.log(`\nquality check failed: ${failed.length} metric(s) worse than bench/baseline.json\n${failed.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('\nquality check passed: no metric worse than bench/baseline.json');
}

if (process.argv[1] === import.meta.filename) await main();
