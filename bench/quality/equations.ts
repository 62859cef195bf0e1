// Display-equation edit distance, after OmniDocBench: the LaTeX of each true equation and of
// its matched predicted equation are normalized (OmniDocBench's normalized_formula: delimiters,
// \tag, \hspace, \begin/\end, font and spacing commands and all spaces removed, lower-cased;
// and, beyond it, a one-token script braced: x^2 and x^{2} typeset the same),
// then compared by Levenshtein distance divided by the longer length (0 = identical).
// Sources: generated documents with display equations (equation-documents.ts), olmOCR-Bench's
// math tests, and OmniDocBench's isolated equations.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { distance } from 'fastest-levenshtein';
import type { ParseResult } from '../../src/engine/index.js';
import { equationDocuments } from './equation-documents.js';
import { omniDocBenchPages } from './omnidocbench-pages.js';
import { sourceTable } from './report.js';

/** OmniDocBench's list, in its order (so "\text" also strips the "\text" of "\textit"). */
const DROPPED = [
  '\\mathbf', '\\mathrm', '\\mathnormal', '\\mathit', '\\mathbb', '\\mathcal', '\\mathscr', '\\mathfrak', '\\mathsf', '\\mathtt',
  '\\textbf', '\\text', '\\boldmath', '\\boldsymbol', '\\operatorname', '\\bm', '\\symbfit', '\\mathbfcal', '\\symbf',
  '\\scriptscriptstyle', '\\notag', '\\setlength', '\\coloneqq', '\\space', '\\thickspace', '\\thinspace', '\\medspace',
  '\\nobreakspace', '\\negmedspace', '\\quad', '\\qquad', '\\enspace', '\\substackw', ' ',
];

export function normalizeLatex(latex: string): string {
  let text = latex.trim();
  // Display delimiters: $$…$$, $…$, \[…\], \(…\).
  const fenced = /^\$\$([\s\S]*)\$\$$/.exec(text) ?? /^\$([\s\S]*)\$$/.exec(text) ?? /^\\\[([\s\S]*)\\\]$/.exec(text) ?? /^\\\(([\s\S]*)\\\)$/.exec(text);
  if (fenced) text = fenced[1]!.trim();
  text = text
    .replace(/\\tag\{.*?\}/g, '')
    .replace(/\\hspace\{.*?\}/g, '')
    .replace(/\\begin\{.*?\}/g, '')
    .replace(/\\end\{.*?\}/g, '')
    .replace(/\\arraycolsep.*?\}/g, '')
    .replace(/^\.+|\.+$/g, '');
  for (const d of DROPPED) text = text.split(d).join('');
  // One token as a script is the same with or without braces (x^2, x^{2}): braced, always.
  text = text.replace(/([\^_])\s*(\\[A-Za-z]+|\\.|[A-Za-z0-9])/g, '$1{$2}');
  return text.replace(/\s+/g, '').toLowerCase();
}

/** Normalized edit distance of two LaTeX strings after normalizeLatex (0 when both are empty). */
export function latexDistance(a: string, b: string): number {
  const x = normalizeLatex(a);
  const y = normalizeLatex(b);
  const longest = Math.max(x.length, y.length);
  return longest ? distance(x, y) / longest : 0;
}

export interface EquationScore {
  /** One distance per true equation (1 when nothing matched it), then 1 per unmatched prediction. */
  distances: number[];
  truth: number;
  predicted: number;
  matched: number;
}

/**
 * True and predicted display equations matched one to one, closest pairs first; a true
 * equation left without a partner counts 1 (compared with nothing), and so does a predicted
 * equation left over (`penalizeExtra`, off when the truth lists only some of the equations).
 */
export function equationEditDistance(truth: string[], predicted: string[], penalizeExtra = true): EquationScore {
  const pairs: [number, number, number][] = [];
  truth.forEach((t, i) => predicted.forEach((p, j) => pairs.push([latexDistance(t, p), i, j])));
  pairs.sort((a, b) => a[0] - b[0]);
  const best = truth.map(() => 1);
  const matchedTruth = new Set<number>();
  const usedPredicted = new Set<number>();
  for (const [d, i, j] of pairs) {
    if (d >= 1 || matchedTruth.has(i) || usedPredicted.has(j)) continue;
    best[i] = d;
    matchedTruth.add(i);
    usedPredicted.add(j);
  }
  const extra = penalizeExtra ? predicted.length - usedPredicted.size : 0;
  return { distances: [...best, ...new Array<number>(extra).fill(1)], truth: truth.length, predicted: predicted.length, matched: matchedTruth.size };
}

/** Display equations of a parse result, optionally of one page: the LaTeX of equation blocks. */
export function predictedEquations(result: ParseResult, page?: number): string[] {
  return result.content_list.filter((b) => b.type === 'equation' && (page === undefined || b.page_idx === page)).map((b) => b.text ?? '');
}

/** Inline math ($…$) in the text blocks of a page. */
function inlineMath(result: ParseResult, page: number): string[] {
  return result.content_list
    .filter((b) => b.page_idx === page && b.text)
    .flatMap((b) => [...b.text!.matchAll(/(?<!\$)\$([^$]+)\$(?!\$)/g)].map((m) => m[1]!));
}

export interface EquationDocScore extends EquationScore {
  source: string;
  id: string;
  seconds: number;
  error?: string;
}

type Parse = (bytes: Uint8Array) => Promise<ParseResult>;

async function scoreDocument(source: string, id: string, bytes: Uint8Array, parse: Parse, truth: string[], score: (r: ParseResult) => EquationScore): Promise<EquationDocScore> {
  const start = performance.now();
  try {
    const result = await parse(bytes);
    return { source, id, ...score(result), seconds: (performance.now() - start) / 1000 };
  } catch (e) {
    return { source, id, ...equationEditDistance(truth, []), seconds: 0, error: (e as Error).message };
  }
}

/** OmniDocBench demo pages: every isolated (display) equation of the page is truth. */
async function scoreOmniDocBench(parse: Parse, corpus: string): Promise<EquationDocScore[]> {
  const scores: EquationDocScore[] = [];
  for (const page of omniDocBenchPages(corpus)) {
    const truth = page.blocks.filter((b) => b.category_type === 'equation_isolated' && b.latex).map((b) => b.latex!);
    if (!truth.length) continue;
    const bytes = new Uint8Array(readFileSync(page.file));
    scores.push(await scoreDocument('omnidocbench-demo', basename(page.file), bytes, parse, truth, (r) => equationEditDistance(truth, predictedEquations(r))));
  }
  return scores;
}

/**
 * olmOCR-Bench math tests: each names one formula of a page, display or inline, and the page
 * has others it does not list; so its formulas are matched against the page's display
 * equations and inline math, and predictions left over are not counted.
 */
async function scoreOlmocrMath(parse: Parse, corpus: string): Promise<EquationDocScore[]> {
  const dir = join(corpus, 'olmocr-bench-sample');
  if (!existsSync(dir)) return [];
  const tests: { pdf: string; page: number; type: string; math?: string }[] = readFileSync(join(dir, 'dataset.shared.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const byPage = new Map<string, string[]>();
  for (const t of tests) if (t.type === 'math' && t.math) byPage.set(`${t.pdf}#${t.page}`, [...(byPage.get(`${t.pdf}#${t.page}`) ?? []), t.math]);
  const scores: EquationDocScore[] = [];
  for (const [key, truth] of byPage) {
    const [pdf, page] = key.split('#') as [string, string];
    const bytes = new Uint8Array(readFileSync(join(dir, 'pdfs', pdf)));
    const index = Number(page) - 1;
    scores.push(await scoreDocument('olmocr-bench math', key, bytes, parse, truth, (r) => equationEditDistance(truth, [...predictedEquations(r, index), ...inlineMath(r, index)], false)));
  }
  return scores;
}

export async function scoreGeneratedEquations(parse: Parse): Promise<EquationDocScore[]> {
  const scores: EquationDocScore[] = [];
  for (const doc of await equationDocuments()) {
    scores.push(await scoreDocument('generated equations', doc.id, doc.pdf, parse, doc.equations, (r) => equationEditDistance(doc.equations, predictedEquations(r))));
  }
  return scores;
}

export async function scoreEquations(parse: Parse, corpus: string): Promise<EquationDocScore[]> {
  return [...(await scoreGeneratedEquations(parse)), ...(await scoreOlmocrMath(parse, corpus)), ...(await scoreOmniDocBench(parse, corpus))];
}

export interface EquationSummary {
  documents: number;
  equations: number;
  predicted: number;
  matched: number;
  /** Mean over true equations and (where counted) unmatched predictions; lower is better. */
  editDistance: number;
  errors: number;
}

export function summarizeEquations(scores: EquationDocScore[]): Record<string, EquationSummary> {
  const rows: Record<string, EquationSummary> = {};
  for (const source of new Set(scores.map((s) => s.source))) {
    const list = scores.filter((s) => s.source === source);
    const distances = list.flatMap((s) => s.distances);
    rows[source] = {
      documents: list.length,
      equations: list.reduce((n, s) => n + s.truth, 0),
      predicted: list.reduce((n, s) => n + s.predicted, 0),
      matched: list.reduce((n, s) => n + s.matched, 0),
      editDistance: Number((distances.reduce((a, b) => a + b, 0) / Math.max(distances.length, 1)).toFixed(4)),
      errors: list.filter((s) => s.error).length,
    };
  }
  return rows;
}

export function equationsMarkdown(summary: Record<string, EquationSummary>): string {
  const cols = ['documents', 'equations', 'predicted', 'matched', 'editDistance', 'errors'] as const;
  return [
    '## Display equations',
    '',
    'Normalized edit distance of the LaTeX (OmniDocBench normalization), mean over true equations (1 when not found) and unmatched predictions; lower is better.',
    '',
    ...sourceTable(summary, cols),
    '',
  ].join('\n');
}
