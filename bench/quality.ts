// Quality benchmark: parses documents with ground truth and prints per-source metrics.
// Sources: documents generated here (exact truth; also as scans and images, and through Debian's
// tesseract for comparison), and ../shared/corpus when present: omnidocbench-demo (human
// annotations of page images), olmocr-bench-sample (human-reviewed present/absent/order tests;
// some of its pages are scans), docling-eval-cvat, py-pdf-sample-files and docling (Docling's
// own Markdown: a peer's answer, not truth). Tables: TEDS per source (quality/tables.ts);
// display equations: LaTeX edit distance (quality/equations.ts).
// Writes bench/out/quality.json and quality.md.
// The generated corpus (bench/corpus; quality/corpus.ts): the committed sample always, and the
// full corpus in bench/tmp/corpus when `npm run bench:corpus` has made it. OCR on real pages
// against tesseract: bench/ocr/real-pages-bench.ts.
// Usage: npm run bench:quality [-- text|tables|equations|math|ocr|corpus [full]]
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OcrEngine, parseDocument, type ParseResult } from '../src/engine/index.js';
import { STAGES } from '../src/engine/pipeline/pipeline.js';
import { corpusMarkdown, scoreCorpusDocuments, summarizeCorpus, type CorpusDocScore } from './quality/corpus.js';
import { loadCorpus } from './corpus/truth.js';
import { loadCvat, pagesAcross, scoreCvat } from './quality/cvat.js';
import { equationsMarkdown, scoreEquations, summarizeEquations } from './quality/equations.js';
import { headingsOf, METRICS, scoreGenerated, summarize, timed, type DocScore } from './quality/generated-scores.js';
import { containsFuzzy, matchF1, normalize, normalizedEditDistance, stripMarkdown } from './quality/metrics.js';
import { mathMarkdown, mathCorpusDir, scoreMath } from './math/quality.js';
import { loadOmniDocBench, omniEditDistance } from './quality/omnidocbench.js';
import { sourceTable } from './quality/report.js';
import { scoreTables, summarizeTables, tablesMarkdown } from './quality/tables.js';
import { benchRealPages, realPagesMarkdown } from './ocr/real-pages-bench.js';
import { lazyOcr } from './quality/lazy-ocr.js';

const CORPUS = join(import.meta.dirname, '..', '..', 'shared', 'corpus');


const ocr = lazyOcr(() => OcrEngine.create({ threads: 2 }));
const parse = (bytes: Uint8Array): Promise<ParseResult> => parseDocument(bytes, { maxPages: 50, ocr: ocr.engine });
/** Tables split over a page break left one per page: for truths that are one page's table (camelot, tabula-java). */
const parsePerPage = (bytes: Uint8Array): Promise<ParseResult> =>
  parseDocument(bytes, { maxPages: 50, ocr: ocr.engine, stages: { ...STAGES, continuedTables: (pages) => pages.map((units) => [...units]) } });

/**
 * The text OmniDocBench's text metric reads: text-like blocks in order. Tables, equations and
 * figures are scored by their own metrics there (TEDS, CDM), so they are left out, as its
 * Markdown parser separates them.
 */
function textBlocksOf(result: ParseResult): string {
  return result.content_list
    .filter((b) => b.type === 'text' || b.type === 'list' || b.type === 'code' || b.type === 'ref_text')
    .map((b) => b.text ?? b.list_items?.join('\n') ?? b.code_body ?? '')
    .join('\n\n');
}

/** OmniDocBench demo page images: page text edit distance (definitions in quality/omnidocbench.ts). */
async function scoreOmniDocBench(): Promise<DocScore[]> {
  const scores: DocScore[] = [];
  for (const page of loadOmniDocBench(CORPUS)) {
    try {
      const [result, seconds] = await timed(() => parse(readFileSync(page.file)));
      scores.push({ source: 'omnidocbench-demo', id: page.id, textEditDistance: omniEditDistance(page, textBlocksOf(result)), seconds });
    } catch (e) {
      scores.push({ source: 'omnidocbench-demo', id: page.id, seconds: 0, error: (e as Error).message });
    }
  }
  return scores;
}

interface OlmoTest {
  pdf: string;
  page: number;
  type: string;
  text?: string;
  before?: string;
  after?: string;
  max_diffs?: number;
  max_length?: number;
  case_sensitive?: boolean;
  first_n?: number;
  last_n?: number;
}

/** olmOCR-Bench text tests (present, absent, order, baseline); table and math tests belong to later issues. */
async function scoreOlmocr(): Promise<DocScore[]> {
  const dir = join(CORPUS, 'olmocr-bench-sample');
  if (!existsSync(dir)) return [];
  const tests: OlmoTest[] = ['dataset.shared.jsonl', 'blanks.shared.jsonl']
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const byPdf = new Map<string, OlmoTest[]>();
  for (const t of tests) if (['present', 'absent', 'order', 'baseline'].includes(t.type)) byPdf.set(t.pdf, [...(byPdf.get(t.pdf) ?? []), t]);
  const scores: DocScore[] = [];
  for (const [pdf, list] of byPdf) {
    try {
      const [result, seconds] = await timed(() => parse(readFileSync(join(dir, 'pdfs', pdf))));
      const text = stripMarkdown(result.markdown).trim();
      let passed = 0;
      const failedTests: string[] = [];
      for (const t of list) {
        let ok = false;
        // olmOCR's definitions: case-sensitive by default, optionally only the first/last N characters.
        const scope = t.first_n ? text.slice(0, t.first_n) : t.last_n ? text.slice(-t.last_n) : text;
        const caseSensitive = t.case_sensitive ?? true;
        if (t.type === 'present') ok = containsFuzzy(scope, t.text!, t.max_diffs ?? 0, caseSensitive);
        else if (t.type === 'absent') ok = !containsFuzzy(scope, t.text!, t.max_diffs ?? 0, caseSensitive);
        else if (t.type === 'baseline') ok = normalize(text).length <= (t.max_length ?? Infinity);
        else if (t.type === 'order') {
          const hay = normalize(text);
          const a = hay.indexOf(normalize(t.before!));
          const b = hay.lastIndexOf(normalize(t.after!));
          ok = a >= 0 && b >= 0 && a < b;
        }
        if (ok) passed++;
        else failedTests.push(`${t.type}: ${t.text ?? `${t.before} < ${t.after}`}`.slice(0, 120));
      }
      scores.push({ source: 'olmocr-bench', id: pdf, testsPassed: passed, testsTotal: list.length, failedTests, seconds });
    } catch (e) {
      scores.push({ source: 'olmocr-bench', id: pdf, testsPassed: 0, testsTotal: list.length, seconds: 0, error: (e as Error).message });
    }
  }
  return scores;
}

/** Docling's Markdown for its own test PDFs: edit distance to a peer, not to the truth. */
async function scoreDocling(): Promise<DocScore[]> {
  const dir = join(CORPUS, 'docling', 'pdf');
  if (!existsSync(dir)) return [];
  const scores: DocScore[] = [];
  for (const file of readdirSync(join(dir, 'sources')).filter((f) => f.endsWith('.pdf'))) {
    const gt = join(dir, 'groundtruth', file.replace(/\.pdf$/, '.md'));
    if (!existsSync(gt)) continue;
    try {
      const [result, seconds] = await timed(() => parse(readFileSync(join(dir, 'sources', file))));
      const peer = readFileSync(gt, 'utf8').replace(/<!-- image -->/g, '');
      const peerHeadings = peer.split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, ''));
      scores.push({
        source: 'docling (peer)',
        id: file,
        textEditDistance: normalizedEditDistance(stripMarkdown(peer), stripMarkdown(result.markdown)),
        headingF1: matchF1(peerHeadings, headingsOf(result)).f1,
        seconds,
      });
    } catch (e) {
      scores.push({ source: 'docling (peer)', id: file, seconds: 0, error: (e as Error).message });
    }
  }
  return scores;
}

function markdownSummary(rows: ReturnType<typeof summarize>, scores: DocScore[]): string {
  const cols = ['documents', ...METRICS, 'testPassRate', 'errors'];
  const lines = [
    '# Quality benchmark',
    '',
    'Text edit distance, furniture leak: lower is better. Reading order, F1, pass rate: higher is better.',
    '',
    ...sourceTable(rows, cols),
    '',
    '## Worst documents by text edit distance',
    '',
    ...scores
      .filter((s) => s.textEditDistance !== undefined)
      .sort((a, b) => b.textEditDistance! - a.textEditDistance!)
      .slice(0, 5)
      .map((s) => `- ${s.source} / ${s.id}: ${s.textEditDistance!.toFixed(3)}`),
    '',
  ];
  return lines.join('\n');
}


/** docling-eval-cvat: human layout labels of page 1, matched to our blocks by box. */
async function scoreCvatSource(): Promise<DocScore[]> {
  const scores: DocScore[] = [];
  for (const page of loadCvat(CORPUS)) {
    try {
      const [result, seconds] = await timed(() => parse(readFileSync(page.file)));
      const headings = new Set(headingsOf(result));
      const titles = new Set(result.content_list.filter((b) => b.type === 'text' && b.text !== null && headings.has(b.text)));
      scores.push({ source: 'docling-eval-cvat', id: page.id, ...scoreCvat(page, result.content_list, titles, await pagesAcross(page.file, page.width / page.height)), seconds });
    } catch (e) {
      scores.push({ source: 'docling-eval-cvat', id: page.id, seconds: 0, error: (e as Error).message });
    }
  }
  return scores;
}

/**
 * py-pdf sample files: headings from the LaTeX source (\section, numbered as LaTeX prints
 * them), text from the HTML source.
 */
async function scorePyPdf(): Promise<DocScore[]> {
  const dir = join(CORPUS, 'py-pdf-sample-files');
  if (!existsSync(dir)) return [];
  const scores: DocScore[] = [];
  for (const sub of readdirSync(dir).filter((d) => /^\d{3}-/.test(d))) {
    const files = readdirSync(join(dir, sub));
    const pdf = files.find((f) => f.endsWith('.pdf'));
    if (!pdf) continue;
    const [result, seconds] = await timed(() => parse(readFileSync(join(dir, sub, pdf))));
    const score: DocScore = { source: 'py-pdf-sample-files', id: sub, seconds };
    const tex = files.find((f) => f.endsWith('.tex'));
    if (tex) {
      let n = 0;
      const sections = [...readFileSync(join(dir, sub, tex), 'utf8').matchAll(/\\section\{([^}]*)\}/g)].map((m) => `${++n} ${m[1]}`);
      if (sections.length) score.headingF1 = matchF1(sections, headingsOf(result)).f1;
    }
    const html = files.find((f) => f.endsWith('.html'));
    if (html) {
      const text = readFileSync(join(dir, sub, html), 'utf8')
        .replace(/<(script|style|head)[\s\S]*?<\/\1>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&nbsp;/g, ' ');
      score.textEditDistance = normalizedEditDistance(text, stripMarkdown(result.markdown));
    }
    scores.push(score);
  }
  return scores;
}

const CORPUS_SAMPLE = join(import.meta.dirname, 'corpus-sample');
const GENERATED_CORPUS = join(import.meta.dirname, 'tmp', 'corpus');
/** Documents scored per source of the full corpus (all with `corpus full`): scans go through OCR (~1.5 s a page). */
const DIGITAL_PER_SOURCE = 60;
const SCANS_PER_SOURCE = 4;

async function scoreGeneratedCorpus(full: boolean): Promise<{ sample: CorpusDocScore[]; corpus: CorpusDocScore[] }> {
  const progress = (s: CorpusDocScore) => process.stderr.write(`corpus ${s.id}: ${s.error ?? `text ${s.textEditDistance.toFixed(3)}, headings ${s.headingF1.toFixed(2)}`}\n`);
  const sample = await scoreCorpusDocuments(loadCorpus(CORPUS_SAMPLE), parse, { onDocument: progress });
  const docs = loadCorpus(GENERATED_CORPUS);
  const corpus = [
    ...(await scoreCorpusDocuments(docs, parse, { variants: ['digital'], perSource: full ? undefined : DIGITAL_PER_SOURCE, onDocument: progress })),
    ...(await scoreCorpusDocuments(docs, parse, { variants: ['scan'], perSource: full ? undefined : SCANS_PER_SOURCE, onDocument: progress })),
  ];
  return { sample, corpus };
}

async function main() {
  // An optional part name ("text", "tables" or "equations") runs only that part, for quick turns;
  // "layout" runs only the born-digital layout sources of the text part (human labels, Docling's headings).
  const only = process.argv[2];
  const part = (name: string) => !only || only === name;
  const scores = only === 'layout' ? [...(await scoreCvatSource()), ...(await scoreDocling())] : !part('text') ? [] : [
    ...(await scoreGenerated(parse)),
    ...(await scoreOmniDocBench()),
    ...(await scoreOlmocr()),
    ...(await scoreCvatSource()),
    ...(await scorePyPdf()),
    ...(await scoreDocling()),
  ];
  const summary = summarize(scores);
  const tableScores = part('tables') ? await scoreTables(parse, CORPUS, parsePerPage) : [];
  const tables = summarizeTables(tableScores);
  const equationScores = part('equations') ? await scoreEquations(parse, CORPUS) : [];
  const equations = summarizeEquations(equationScores);
  // The generated math corpus (or its committed sample): held-out validate families only.
  const math = part('math') ? await scoreMath(mathCorpusDir(), { split: 'validate', workDir: join(import.meta.dirname, 'tmp', 'math-render') }) : undefined;
  const ocrPages = part('ocr') ? await benchRealPages(CORPUS) : [];
  const generated = part('corpus') ? await scoreGeneratedCorpus(process.argv[3] === 'full') : { sample: [], corpus: [] };
  mkdirSync(join(import.meta.dirname, 'out'), { recursive: true });
  const report = {
    summary,
    tables,
    equations,
    math,
    ocrPages,
    corpus: { sample: summarizeCorpus(generated.sample), full: summarizeCorpus(generated.corpus) },
    documents: scores,
    tableDocuments: tableScores,
    equationDocuments: equationScores,
    corpusDocuments: [...generated.sample, ...generated.corpus],
  };
  writeFileSync(join(import.meta.dirname, 'out', 'quality.json'), JSON.stringify(report, null, 2) + '\n');
  const sections = [
    (part('text') || only === 'layout') && markdownSummary(summary, scores),
    part('tables') && tablesMarkdown(tables, tableScores),
    part('equations') && equationsMarkdown(equations),
    math && mathMarkdown(math),
    part('ocr') && ocrPages.length > 0 && realPagesMarkdown(ocrPages),
    generated.sample.length > 0 && corpusMarkdown('Generated corpus, committed sample (bench/corpus-sample)', generated.sample),
    generated.corpus.length > 0 && corpusMarkdown('Generated corpus (bench/tmp/corpus)', generated.corpus),
  ];
  const md = sections.filter(Boolean).join('\n');
  writeFileSync(join(import.meta.dirname, 'out', 'quality.md'), md);
  console.log(md);
  await ocr.release();
}

await main();
