// Scores math on the generated math corpus, per font setup and split (tune / validate):
// - "module": src/engine/math driven directly on the true regions (glyphs of each display's
//   region and its rules; the text band of each inline formula), so its quality is measured
//   apart from detection;
// - "engine": the whole engine end to end (parseDocument), equation blocks and $…$ in text.
// Metrics: normalized LaTeX edit distance (OmniDocBench's normalization, quality/equations.ts),
// render-back match (renderback.ts), share of emitted LaTeX KaTeX parses, inline math found,
// and the text edit distance of the paragraphs holding inline math.
//
// Usage: npm run bench:math [-- --corpus DIR] [-- --split validate|tune|all] [-- --no-engine] [-- --no-render]
//        [-- --docs ID,ID…] (documents whose id contains one of these) [-- --dump] (every display's
//        results, module and engine, in bench/out/math.json's `displays`) [-- --name N] (writes
//        bench/out/math-N.json and .md instead, for runs side by side)
// Without --corpus it reads the generated corpus (bench/math/corpus), else the committed sample.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPdfium, parseDocument, PdfDocument, type ParseResult } from '../../src/engine/index.js';
import { extractPage, type ExtractedPage } from '../../src/engine/input/pdf/extract.js';
import { mathFlagUntrusted } from '../../src/engine/equations/detect.js';
import { formulaLatex, inlineMath, katexParses } from '../../src/engine/math/index.js';
import { isMathFont } from '../../src/engine/model/math-fonts.js';
import type { Box, Glyph } from '../../src/engine/model/document.js';
import { equationEditDistance, latexDistance, predictedEquations } from '../quality/equations.js';
import { normalizedEditDistance } from '../quality/metrics.js';
import { sourceTable } from '../quality/report.js';
import { CORPUS_DIR } from './generate.js';
import { renderFormulas, renderMatch } from './renderback.js';
import { loadCorpus, type CorpusDocument, type Region } from './truth.js';

export const SAMPLE_DIR = join(import.meta.dirname, 'sample');

/** One true formula and what was emitted for it. */
interface Pair {
  /** The document and the index of the formula in its truth. */
  doc: string;
  index: number;
  setup: string;
  split: string;
  truth: string;
  predicted: string | undefined;
}

interface InlinePair extends Pair {
  found: boolean;
}

export interface MathRow {
  documents: number;
  displays: number;
  editDistance: number;
  renderMatch: number | string;
  katexParses: number;
  inline: number;
  inlineFound: number;
  inlineEditDistance: number;
  paragraphTextDistance: number | string;
  errors: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const round = (x: number) => Number(x.toFixed(4));

function inside(g: { x0: number; y0: number; x1: number; y1: number } | Box, r: Region): boolean {
  const [x0, y0, x1, y1] = Array.isArray(g) ? g : [g.x0, g.y0, g.x1, g.y1];
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return cx >= r[0] && cx <= r[2] && cy >= r[1] && cy <= r[3];
}

/** Horizontal rules of a region: the page's rules and thin filled drawings (short fraction bars). */
function regionRules(page: ExtractedPage, r: Region): Box[] {
  const thin = (page.graphics ?? []).filter((b) => b[3] - b[1] <= 1.5 && b[2] - b[0] > b[3] - b[1]);
  return [...(page.rules ?? []), ...thin].filter((b) => b[1] === b[3] || b[3] - b[1] <= 1.5).filter((b) => inside(b, r));
}

/** The module on true regions: LaTeX for each display, inline spans for each inline formula's line. */
async function moduleRun(docs: CorpusDocument[]): Promise<{ displays: Pair[]; inline: InlinePair[]; paragraphs: Map<string, number[]> }> {
  const pdfium = await loadPdfium();
  const displays: Pair[] = [];
  const inline: InlinePair[] = [];
  const paragraphs = new Map<string, number[]>();
  for (const { truth, pdf } of docs) {
    const doc = PdfDocument.open(pdfium, new Uint8Array(readFileSync(pdf)));
    const pages = new Map<number, ExtractedPage>();
    const page = (i: number) => pages.get(i) ?? pages.set(i, extractPage(doc, i)).get(i)!;
    try {
      for (const d of truth.displays) {
        if (!d.region) continue;
        const p = page(d.page);
        const glyphs = p.lines.flatMap((l) => l.glyphs ?? []).filter((g) => inside(g, d.region!));
        const out = formulaLatex({ glyphs, rules: regionRules(p, d.region) });
        displays.push({ doc: truth.id, index: truth.displays.indexOf(d), setup: truth.setup, split: truth.split, truth: d.latex, predicted: out.latex });
      }
      for (const f of truth.inline) {
        if (!f.region) continue;
        const p = page(f.page);
        const baseline = f.region[3] - 0.6 * ((f.region[3] - f.region[1]) / 1.9);
        const band: Region = [0, baseline - 1.4 * 10, p.width, baseline + 0.6 * 10];
        // As the engine's inline stage does: where the math flag marks most of the page, font names decide.
        const untrusted = mathFlagUntrusted(p.lines.flatMap((l) => l.glyphs ?? []));
        const glyphs: Glyph[] = p.lines
          .flatMap((l) => l.glyphs ?? [])
          .filter((g) => inside(g, band))
          .map((g) => (untrusted && g.style.math ? { ...g, style: { ...g.style, math: isMathFont(g.font) } } : g));
        const result = inlineMath(glyphs, regionRules(p, band));
        const [t0, t1] = [f.region[0], f.region[2]];
        const span = result.spans.find((s) => Math.min(s.box[2], t1) - Math.max(s.box[0], t0) > 0.5 * Math.max(t1 - t0, s.box[2] - s.box[0]));
        inline.push({ doc: truth.id, index: truth.inline.indexOf(f), setup: truth.setup, split: truth.split, truth: f.latex, predicted: span?.latex, found: !!span });
      }
    } finally {
      doc.close();
    }
  }
  return { displays, inline, paragraphs };
}

/** The whole engine: equation blocks against the true displays, $…$ in text against the inline truth. */
async function engineRun(docs: CorpusDocument[]): Promise<{ displays: Pair[]; inline: InlinePair[]; paragraphDistances: Map<string, number[]>; errors: Map<string, number> }> {
  const displays: Pair[] = [];
  const inline: InlinePair[] = [];
  const paragraphDistances = new Map<string, number[]>();
  const errors = new Map<string, number>();
  for (const { truth, pdf } of docs) {
    let result: ParseResult;
    try {
      result = await parseDocument(new Uint8Array(readFileSync(pdf)), { maxPages: 50, ocr: () => Promise.reject(new Error('no OCR for born-digital math documents')) });
    } catch {
      errors.set(truth.setup, (errors.get(truth.setup) ?? 0) + 1);
      result = { markdown: '', page_count: 0, content_list: [] } as unknown as ParseResult;
    }
    const predicted = predictedEquations(result);
    const trueLatex = truth.displays.map((d) => d.latex);
    // Pair each true display with its closest emitted equation (one to one), as equations.ts does.
    const score = equationEditDistance(trueLatex, predicted);
    const used = new Set<number>();
    trueLatex.forEach((t, i) => {
      let best: number | undefined;
      if (score.distances[i]! < 1) {
        best = predicted.findIndex((p, j) => !used.has(j) && Math.abs(latexDistance(t, p) - score.distances[i]!) < 1e-9);
        if (best >= 0) used.add(best);
        else best = undefined;
      }
      displays.push({ doc: truth.id, index: i, setup: truth.setup, split: truth.split, truth: t, predicted: best === undefined ? undefined : predicted[best] });
    });
    const texts = result.content_list.filter((b) => b.text && b.type !== 'equation').map((b) => b.text!);
    const emittedInline = texts.flatMap((t) => [...t.matchAll(/(?<!\$)\$([^$]+)\$(?!\$)/g)].map((m) => m[1]!));
    const free = new Set(emittedInline.map((_, i) => i));
    for (const [index, f] of truth.inline.entries()) {
      let bestIndex = -1;
      let bestDistance = 1;
      for (const i of free) {
        const d = latexDistance(f.latex, emittedInline[i]!);
        if (d < bestDistance) [bestIndex, bestDistance] = [i, d];
      }
      if (bestIndex >= 0 && bestDistance < 0.5) free.delete(bestIndex);
      const found = bestIndex >= 0 && bestDistance < 0.5;
      inline.push({ doc: truth.id, index, setup: truth.setup, split: truth.split, truth: f.latex, predicted: found ? emittedInline[bestIndex] : undefined, found });
    }
    // Paragraphs holding inline math: their words (math left out on both sides), against the closest block.
    const words = (t: string) => t.replace(/\$[^$]*\$/g, ' ');
    const list = paragraphDistances.get(truth.setup) ?? [];
    for (const p of truth.paragraphs.filter((q) => q.inline[1] > 0)) {
      const target = words(p.text);
      list.push(Math.min(1, ...texts.map((t) => normalizedEditDistance(target, words(t)))));
    }
    paragraphDistances.set(truth.setup, list);
  }
  return { displays, inline, paragraphDistances, errors };
}

function summarize(
  docs: CorpusDocument[],
  displays: Pair[],
  inline: InlinePair[],
  renders: Map<Pair, number> | undefined,
  paragraphDistances: Map<string, number[]> | undefined,
  errors: Map<string, number>,
): Record<string, MathRow> {
  const rows: Record<string, MathRow> = {};
  const groups = new Map<string, string[]>();
  for (const d of docs) groups.set(`${d.truth.split} ${d.truth.setup}`, [d.truth.setup]);
  for (const split of ['tune', 'validate']) {
    const setups = [...new Set(docs.filter((d) => d.truth.split === split).map((d) => d.truth.setup))];
    if (setups.length) groups.set(`${split} (all)`, setups);
  }
  for (const [name, setups] of [...groups].sort()) {
    const inGroup = <T extends Pair>(xs: T[]) => xs.filter((x) => setups.includes(x.setup));
    const ds = inGroup(displays);
    const emitted = [...ds, ...inGroup(inline)].filter((p) => p.predicted !== undefined);
    const is = inGroup(inline);
    const found = is.filter((p) => p.found);
    const paragraphs = paragraphDistances ? setups.flatMap((s) => paragraphDistances.get(s) ?? []) : undefined;
    rows[name] = {
      documents: docs.filter((d) => setups.includes(d.truth.setup)).length,
      displays: ds.length,
      editDistance: round(mean(ds.map((p) => (p.predicted === undefined ? 1 : latexDistance(p.truth, p.predicted))))),
      renderMatch: renders ? round(mean(ds.map((p) => renders.get(p) ?? 0))) : '-',
      katexParses: round(emitted.length ? emitted.filter((p) => katexParses(p.predicted!)).length / emitted.length : 1),
      inline: is.length,
      inlineFound: round(is.length ? found.length / is.length : 0),
      inlineEditDistance: round(mean(found.map((p) => latexDistance(p.truth, p.predicted!)))),
      paragraphTextDistance: paragraphs ? round(mean(paragraphs)) : '-',
      errors: setups.reduce((n, s) => n + (errors.get(s) ?? 0), 0),
    };
  }
  return rows;
}

async function renderScores(pairs: Pair[], workDir: string): Promise<Map<Pair, number>> {
  const truths = await renderFormulas(pairs.map((p) => p.truth), join(workDir, 'truth'));
  const predicted = await renderFormulas(pairs.map((p) => p.predicted ?? ''), join(workDir, 'predicted'));
  return new Map(pairs.map((p, i) => [p, p.predicted === undefined ? 0 : renderMatch(truths[i], predicted[i])]));
}

export const MATH_COLUMNS = ['documents', 'displays', 'editDistance', 'renderMatch', 'katexParses', 'inline', 'inlineFound', 'inlineEditDistance', 'paragraphTextDistance', 'errors'] as const;

/** One display's results, module and engine side by side (with --dump). */
interface DisplayResult {
  doc: string;
  index: number;
  truth: string;
  module?: string;
  moduleDistance?: number;
  moduleRender?: number;
  engine?: string;
  engineDistance?: number;
  engineRender?: number;
}

export interface MathReport {
  module: Record<string, MathRow>;
  engine?: Record<string, MathRow>;
  failures: Pair[];
  displays?: DisplayResult[];
  /** With --dump: the inline formulas the engine did not find. */
  inlineMissed?: { doc: string; index: number; truth: string }[];
}

function displayResults(module: Pair[], moduleRenders: Map<Pair, number> | undefined, engine: Pair[] | undefined, engineRenders: Map<Pair, number> | undefined): DisplayResult[] {
  const distance = (p: Pair) => round(p.predicted === undefined ? 1 : latexDistance(p.truth, p.predicted));
  const results = new Map<string, DisplayResult>();
  for (const p of module) {
    results.set(`${p.doc} ${p.index}`, { doc: p.doc, index: p.index, truth: p.truth, module: p.predicted, moduleDistance: distance(p), moduleRender: moduleRenders?.get(p) });
  }
  for (const p of engine ?? []) {
    const r = results.get(`${p.doc} ${p.index}`) ?? results.set(`${p.doc} ${p.index}`, { doc: p.doc, index: p.index, truth: p.truth }).get(`${p.doc} ${p.index}`)!;
    Object.assign(r, { engine: p.predicted, engineDistance: distance(p), engineRender: engineRenders?.get(p) });
  }
  return [...results.values()];
}

/** Scores the module (on true regions) and, unless told not to, the whole engine. */
export async function scoreMath(dir: string, options: { split?: string; docs?: string[]; engine?: boolean; render?: boolean; dump?: boolean; workDir: string }): Promise<MathReport> {
  const docs = loadCorpus(dir)
    .filter((d) => !options.split || options.split === 'all' || d.truth.split === options.split)
    .filter((d) => !options.docs || options.docs.some((name) => d.truth.id.includes(name)));
  const hasPdflatex = options.render !== false && existsSync('/usr/bin/pdflatex');
  const mod = await moduleRun(docs);
  const modRenders = hasPdflatex ? await renderScores(mod.displays, join(options.workDir, 'module')) : undefined;
  const report: MathReport = {
    module: summarize(docs, mod.displays, mod.inline, modRenders, undefined, new Map()),
    failures: mod.displays.filter((p) => latexDistance(p.truth, p.predicted ?? '') > 0.3).slice(0, 40),
  };
  if (options.engine !== false) {
    const eng = await engineRun(docs);
    const engRenders = hasPdflatex ? await renderScores(eng.displays, join(options.workDir, 'engine')) : undefined;
    report.engine = summarize(docs, eng.displays, eng.inline, engRenders, eng.paragraphDistances, eng.errors);
    if (options.dump) {
      report.displays = displayResults(mod.displays, modRenders, eng.displays, engRenders);
      report.inlineMissed = eng.inline.filter((p) => !p.found).map((p) => ({ doc: p.doc, index: p.index, truth: p.truth }));
    }
  } else if (options.dump) report.displays = displayResults(mod.displays, modRenders, undefined, undefined);
  return report;
}

export function mathMarkdown(report: MathReport): string {
  const lines = [
    '## Math (generated math corpus)',
    '',
    'Display equations: normalized LaTeX edit distance (lower is better) and render-back match (higher is better); katexParses: share of emitted formulas KaTeX accepts; inline: share of inline formulas found and the edit distance of those found; paragraphTextDistance: text edit distance of the paragraphs holding inline math, math left out.',
    '',
    '### src/engine/math on the true regions',
    '',
    ...sourceTable(report.module, [...MATH_COLUMNS]),
    '',
  ];
  if (report.engine) lines.push('### The whole engine (detection included)', '', ...sourceTable(report.engine, [...MATH_COLUMNS]), '');
  return lines.join('\n');
}

/** The generated corpus when it is there, else the committed sample. */
export function mathCorpusDir(): string {
  return existsSync(join(CORPUS_DIR, 'index.json')) ? CORPUS_DIR : SAMPLE_DIR;
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dir = arg('corpus') ?? mathCorpusDir();
  // Runs side by side keep apart: --name N writes math-N.json and renders in its own folder.
  const name = arg('name') ? `-${arg('name')}` : '';
  const out = join(import.meta.dirname, '..', 'out');
  mkdirSync(out, { recursive: true });
  const report = await scoreMath(dir, { split: arg('split') ?? 'all', docs: arg('docs')?.split(','), engine: !args.includes('--no-engine'), render: !args.includes('--no-render'), dump: args.includes('--dump'), workDir: join(import.meta.dirname, '..', 'tmp', `math-render${name}`) });
  writeFileSync(join(out, `math${name}.json`), JSON.stringify(report, null, 1) + '\n');
  const md = mathMarkdown(report);
  writeFileSync(join(out, `math${name}.md`), md);
  console.log(`corpus: ${dir}\n`);
  console.log(md);
}

if (import.meta.filename === process.argv[1]) await main();
