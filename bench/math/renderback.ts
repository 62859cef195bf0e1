// Render-back match, in the spirit of OmniDocBench's CDM: the true LaTeX and the emitted LaTeX
// are typeset again by pdflatex (same template, so the same fonts), their glyphs are read with
// PDFium, and the glyphs are matched by identity and relative position. The score is the F1 of
// the matched glyphs: 2·matched / (true glyphs + emitted glyphs); 1 when both render the same.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPdfium, PdfDocument } from '../../src/engine/index.js';
import { extractPage } from '../../src/engine/input/pdf/extract.js';

interface Mark {
  code: number;
  /** Centre, in em from the formula's left edge and vertical centre. */
  x: number;
  y: number;
}

/** Glyphs of one rendered formula, or undefined when it did not typeset. */
type Rendered = Mark[] | undefined;

const TEMPLATE_HEAD = '\\documentclass{article}\\usepackage{amsmath,amssymb}\\pagestyle{empty}\\begin{document}\n';
/** Formulas typeset per pdflatex run. */
const BATCH = 200;
/** Vertical distance (em) within which two glyphs of the same identity are the same place in the formula. */
const Y_TOLERANCE = 0.35;
/** Horizontal distance, as a share of the wider formula, within which two glyphs can match. */
const X_TOLERANCE = 0.2;

/** Typesets each formula on its own page; a formula that does not compile renders nothing. */
export async function renderFormulas(formulas: string[], workDir: string): Promise<Rendered[]> {
  mkdirSync(workDir, { recursive: true });
  const pdfium = await loadPdfium();
  const out: Rendered[] = [];
  for (let b = 0; b < formulas.length; b += BATCH) out.push(...renderBatch(pdfium, formulas.slice(b, b + BATCH), workDir));
  return out;
}

/**
 * One pdflatex run for a batch. A formula that makes pdflatex give up (100 errors) loses the
 * whole batch's PDF: the batch is then typeset again in halves, so only that formula renders nothing.
 */
function renderBatch(pdfium: Awaited<ReturnType<typeof loadPdfium>>, batch: string[], workDir: string): Rendered[] {
  // A page per formula with a marker glyph, so a formula that fails still leaves its page.
  const body = batch.map((f, i) => `\\noindent{}Q${i}\\par\\vspace*{10pt}\n\\[ ${sanitize(f)} \\]\n\\newpage`).join('\n');
  writeFileSync(join(workDir, 'render.tex'), TEMPLATE_HEAD + body + '\n\\end{document}\n');
  rmSync(join(workDir, 'render.pdf'), { force: true });
  spawnSync('pdflatex', ['-interaction=batchmode', 'render.tex'], { cwd: workDir, timeout: 600_000 });
  if (!existsSync(join(workDir, 'render.pdf'))) {
    if (batch.length === 1) return [undefined];
    const half = Math.ceil(batch.length / 2);
    return [...renderBatch(pdfium, batch.slice(0, half), workDir), ...renderBatch(pdfium, batch.slice(half), workDir)];
  }
  const pages = new Map<number, Mark[]>();
  const doc = PdfDocument.open(pdfium, new Uint8Array(readFileSync(join(workDir, 'render.pdf'))));
  try {
    for (let p = 0; p < doc.pageCount; p++) {
      const page = extractPage(doc, p);
      const glyphs = page.lines.flatMap((l) => l.glyphs ?? []);
      const marker = page.lines.find((l) => /^Q\d+$/.test(l.text));
      if (!marker) continue;
      const index = Number(marker.text.slice(1));
      const rest = glyphs.filter((g) => !(marker.glyphs ?? []).includes(g));
      pages.set(index, marks(rest));
    }
  } finally {
    doc.close();
  }
  return batch.map((_, i) => pages.get(i));
}

/** \tag needs an equation environment; the number is not part of the formula's glyphs anyway. */
function sanitize(latex: string): string {
  return latex.replace(/\\tag\{[^}]*\}/g, '');
}

function marks(glyphs: { code: number; x0: number; y0: number; x1: number; y1: number }[]): Mark[] {
  if (!glyphs.length) return [];
  const em = 10;
  const left = Math.min(...glyphs.map((g) => g.x0));
  const top = Math.min(...glyphs.map((g) => g.y0));
  const bottom = Math.max(...glyphs.map((g) => g.y1));
  const middle = (top + bottom) / 2;
  return glyphs.map((g) => ({ code: g.code, x: ((g.x0 + g.x1) / 2 - left) / em, y: ((g.y0 + g.y1) / 2 - middle) / em }));
}

/**
 * F1 of the glyphs of two renderings: the longest chain of glyph pairs, in left-to-right order,
 * with the same identity at about the same relative place.
 */
export function renderMatch(truth: Rendered, predicted: Rendered): number {
  if (!truth || !predicted) return 0;
  if (!truth.length && !predicted.length) return 1;
  if (!truth.length || !predicted.length) return 0;
  const a = [...truth].sort((p, q) => p.x - q.x);
  const b = [...predicted].sort((p, q) => p.x - q.x);
  const width = Math.max(a[a.length - 1]!.x, b[b.length - 1]!.x, 1);
  // Longest common subsequence with a position condition.
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      const p = a[i - 1]!;
      const q = b[j - 1]!;
      const same = p.code === q.code && Math.abs(p.y - q.y) < Y_TOLERANCE && Math.abs(p.x - q.x) < X_TOLERANCE * width;
      row[j] = same ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    }
    prev = row;
  }
  return (2 * prev[b.length]!) / (a.length + b.length);
}
