// Generates the math corpus: documents with display equations (numbered and not, every amsmath
// environment) between paragraphs and inline math inside them, typeset by pdflatex and lualatex
// under several font setups and templates; each with its
// exact source and the position of every formula (written by TeX itself with \pdfsavepos).
//
// Usage: npm run bench:math:generate [-- --docs N] [-- --out DIR] [-- --only SETUP[,SETUP…]]
//        npm run bench:math:generate -- --sample   (copies held-out documents into bench/math/sample)
// Output (gitignored): bench/math/corpus/<id>.pdf, <id>.tex, <id>.json (truth.ts) and index.json.
// Installs the TeX Live packages it needs from Debian when they are missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPdfium, PdfDocument } from '../../src/engine/index.js';
import { displayFormula, FormulaGrammar, inlineFormula, Rng } from './grammar.js';
import { FONT_SETUPS, TEMPLATES, type FontSetup, type Template } from './setups.js';
import type { DisplayTruth, DocumentTruth, InlineTruth, ParagraphTruth, Region } from './truth.js';

export const CORPUS_DIR = join(import.meta.dirname, 'corpus');

const DEBIAN_PACKAGES = [
  'texlive-latex-base', 'texlive-latex-recommended', 'texlive-latex-extra', 'texlive-fonts-recommended',
  'texlive-fonts-extra', 'texlive-plain-generic', 'texlive-luatex', 'lmodern',
];

function ensureTools(): void {
  const have = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
  const kpse = (file: string) => have('kpsewhich') && spawnSync('kpsewhich', [file]).stdout.toString().trim() !== '';
  if (have('pdflatex') && have('lualatex') && kpse('newtxmath.sty') && kpse('STIXTwoMath-Regular.otf')) return;
  console.log(`installing ${DEBIAN_PACKAGES.join(' ')} …`);
  execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...DEBIAN_PACKAGES], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const VOCABULARY = (
  'we consider the model where each term is bounded and the estimate follows from the previous lemma ' +
  'let denote a function on the domain such that for every point the sequence converges to its limit ' +
  'this shows that the operator is continuous and the error decreases with the step size as expected ' +
  'in particular the energy of the system is conserved while the measure remains finite on compact sets ' +
  'hence the solution exists and is unique under the stated assumptions on the coefficients of the equation'
).split(' ');

function words(rng: Rng, n: number): string[] {
  return Array.from({ length: n }, () => rng.pick(VOCABULARY));
}

function sentence(rng: Rng, n: number): string {
  const w = words(rng, n);
  return `${w[0]![0]!.toUpperCase()}${w.join(' ').slice(1)}.`;
}

/** Marks a position: TeX writes "label equation-counter x y page" (sp, from the page's bottom left) at shipout. */
const POSITION_MACROS = String.raw`
\makeatletter
\ifdefined\pdfsavepos\else\let\pdfsavepos\savepos\let\pdflastxpos\lastxpos\let\pdflastypos\lastypos\fi
\newwrite\qpos\immediate\openout\qpos=\jobname.pos
\newcommand\qmark[1]{\pdfsavepos\edef\qtmp{\noexpand\write\noexpand\qpos{#1 \theequation\space\noexpand\the\noexpand\pdflastxpos\space\noexpand\the\noexpand\pdflastypos\space\noexpand\the\noexpand\c@page}}\qtmp}
\AtBeginDocument{\immediate\write\qpos{geometry \the\columnwidth\space\f@size}}
\makeatother
`;

interface Built {
  tex: string;
  displays: Omit<DisplayTruth, 'numbers' | 'page' | 'region'>[];
  inline: Omit<InlineTruth, 'page' | 'region'>[];
  paragraphs: ParagraphTruth[];
}

function displaySource(kind: string, body: string): string {
  switch (kind) {
    case 'brackets':
      return `\\[\n${body}\n\\]`;
    default:
      return `\\begin{${kind}}\n${body}\n\\end{${kind}}`;
  }
}

/** A document body: sections of paragraphs with inline math, display equations between them. */
function buildDocument(setup: FontSetup, template: Template, seed: number): Built {
  const rng = new Rng(seed);
  const grammar = new FormulaGrammar(rng);
  const displays: Built['displays'] = [];
  const inline: Built['inline'] = [];
  const paragraphs: ParagraphTruth[] = [];
  const body: string[] = [];
  const paragraph = (withMarkBefore?: string, markAfter?: string) => {
    const parts: string[] = [];
    const truth: string[] = [];
    const first = inline.length;
    const sentences = rng.int(2, 4);
    for (let s = 0; s < sentences; s++) {
      const w = words(rng, rng.int(7, 14));
      w[0] = w[0]![0]!.toUpperCase() + w[0]!.slice(1);
      const withMath = rng.chance(0.6);
      const at = rng.int(1, w.length - 1);
      for (let i = 0; i < w.length; i++) {
        if (withMath && i === at) {
          const f = inlineFormula(grammar, rng);
          const n = inline.length;
          inline.push({ latex: f.tex, paragraph: paragraphs.length });
          parts.push(`\\qmark{i${n}b}\\mbox{$${f.tex}$}\\qmark{i${n}e}`);
          truth.push(`$${f.tex}$`);
        }
        parts.push(w[i]!);
        truth.push(w[i]!);
      }
      parts[parts.length - 1] += '.';
      truth[truth.length - 1] += '.';
    }
    paragraphs.push({ text: truth.join(' '), inline: [first, inline.length - first] });
    body.push(`${withMarkBefore ? `\\noindent\\qmark{${withMarkBefore}}` : ''}${parts.join(' ')}${markAfter ? `\\qmark{${markAfter}}` : ''}`);
  };
  const sections = rng.int(2, 3);
  for (let s = 0; s < sections; s++) {
    body.push(`\\section{${sentence(rng, rng.int(2, 4)).slice(0, -1)}}`);
    const count = rng.int(3, 5);
    paragraph();
    for (let d = 0; d < count; d++) {
      const n = displays.length;
      // The paragraph before ends with a mark, the one after starts with one: the display is between.
      body[body.length - 1] += `\\qmark{d${n}b}`;
      const f = displayFormula(grammar, rng);
      displays.push({ latex: f.latex, kind: f.kind });
      body.push(displaySource(f.kind, f.body));
      paragraph(`d${n}a`);
    }
  }
  const tex = [
    template.head,
    '\\usepackage{amsmath}',
    setup.preamble,
    POSITION_MACROS,
    '\\begin{document}',
    body.join('\n\n').replace(/\\qmark\{d(\d+)b\}\n\n\\(begin|\[)/g, '\\qmark{d$1b}\n\\$2'),
    '\\end{document}',
    '',
  ].join('\n');
  return { tex, displays, inline, paragraphs };
}

interface Mark {
  counter: number;
  x: number;
  y: number;
  page: number;
}

/** TeX scaled points to PDF points (1 bp = 72.27/72 pt). */
const spToBp = (sp: number) => (sp / 65536) * (72 / 72.27);

function readMarks(file: string): { marks: Map<string, Mark>; columnWidth: number; fontSize: number } {
  const marks = new Map<string, Mark>();
  let columnWidth = 0;
  let fontSize = 10;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const p = line.trim().split(/\s+/);
    if (p[0] === 'geometry') {
      columnWidth = (parseFloat(p[1]!) * 72) / 72.27;
      fontSize = parseFloat(p[2]!);
    } else if (p.length === 5) {
      marks.set(p[0]!, { counter: Number(p[1]), x: spToBp(Number(p[2])), y: spToBp(Number(p[3])), page: Number(p[4]) - 1 });
    }
  }
  return { marks, columnWidth, fontSize };
}

/** Compiles a LaTeX document; returns the PDF path, or an error message. */
function compile(dir: string, id: string, tex: string, engine: string): string | undefined {
  writeFileSync(join(dir, `${id}.tex`), tex);
  const run = spawnSync(engine, ['-interaction=nonstopmode', '-halt-on-error', `${id}.tex`], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  if (run.status !== 0 || !existsSync(join(dir, `${id}.pdf`))) {
    const error = (run.stdout ?? '').split('\n').filter((l) => l.startsWith('!')).slice(0, 3).join(' ') || `exit ${run.status}`;
    return error;
  }
  for (const ext of ['aux', 'log']) rmSync(join(dir, `${id}.${ext}`), { force: true });
  return undefined;
}

/** Page heights of a PDF in points (TeX's \\paperheight need not be the PDF's page size). */
async function pageHeights(file: string): Promise<number[]> {
  const pdfium = await loadPdfium();
  const doc = PdfDocument.open(pdfium, new Uint8Array(readFileSync(file)));
  try {
    return Array.from({ length: doc.pageCount }, (_, i) => {
      const page = pdfium.FPDF_LoadPage(doc.handle, i);
      const height = pdfium.FPDF_GetPageHeightF(page);
      pdfium.FPDF_ClosePage(page);
      return height;
    });
  } finally {
    doc.close();
  }
}

async function texDocument(dir: string, setup: FontSetup, template: Template, seed: number): Promise<DocumentTruth | string> {
  const id = `${setup.name}-${template.name}-${seed}`;
  const built = buildDocument(setup, template, seed);
  const error = compile(dir, id, built.tex, setup.engine);
  if (error) return `${id}: ${error}`;
  const { marks, columnWidth, fontSize } = readMarks(join(dir, `${id}.pos`));
  rmSync(join(dir, `${id}.pos`), { force: true });
  const heights = await pageHeights(join(dir, `${id}.pdf`));
  const pageHeight = heights[0] ?? 792;
  const top = (y: number) => pageHeight - y;
  const displays: DisplayTruth[] = built.displays.map((d, n) => {
    const before = marks.get(`d${n}b`);
    const after = marks.get(`d${n}a`);
    const numbers: string[] = [];
    if (before && after) for (let c = before.counter + 1; c <= after.counter; c++) numbers.push(String(c));
    // Between the last line of the paragraph before (below its descenders) and the first line of
    // the one after (above its ascenders); across the column the paragraph after starts in.
    const located = before && after && before.page === after.page && top(after.y) > top(before.y);
    const region: Region | null = located
      ? [after.x - 1, top(before.y) + 0.3 * fontSize, after.x + columnWidth + 1, top(after.y) - 0.8 * fontSize]
      : null;
    return { ...d, numbers, page: after?.page ?? before?.page ?? 0, region };
  });
  const inline: InlineTruth[] = built.inline.map((f, n) => {
    const b = marks.get(`i${n}b`);
    const e = marks.get(`i${n}e`);
    const located = b && e && b.page === e.page && Math.abs(b.y - e.y) < 0.1 && e.x > b.x;
    const region: Region | null = located ? [b.x - 0.5, top(b.y) - 1.3 * fontSize, e.x + 0.5, top(b.y) + 0.6 * fontSize] : null;
    return { ...f, page: b?.page ?? 0, region };
  });
  return { id, setup: setup.name, template: template.name, engine: setup.engine, split: setup.split, seed, displays, inline, paragraphs: built.paragraphs };
}

/** Documents per validate setup copied into the committed sample (bench/math/sample) for CI. */
const SAMPLE_PER_SETUP = 2;

/** Copies a few held-out documents of the generated corpus into the committed sample. */
function writeSample(from: string): void {
  const sample = join(import.meta.dirname, 'sample');
  mkdirSync(sample, { recursive: true });
  const ids: string[] = JSON.parse(readFileSync(join(from, 'index.json'), 'utf8'));
  const chosen: string[] = [];
  for (const setup of FONT_SETUPS.filter((s) => s.split === 'validate')) {
    chosen.push(...ids.filter((id) => id.startsWith(`${setup.name}-`)).slice(0, SAMPLE_PER_SETUP));
  }
  for (const id of chosen) for (const ext of ['pdf', 'json', 'tex']) copyFileSync(join(from, `${id}.${ext}`), join(sample, `${id}.${ext}`));
  writeFileSync(join(sample, 'index.json'), JSON.stringify(chosen, null, 1) + '\n');
  console.log(`sample: ${chosen.length} documents in ${sample}`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--sample')) return writeSample(CORPUS_DIR);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const docsPerPair = Number(arg('docs') ?? 6);
  const out = arg('out') ?? CORPUS_DIR;
  const only = arg('only');
  ensureTools();
  mkdirSync(out, { recursive: true });
  const ids: string[] = [];
  const failures: string[] = [];
  for (const setup of FONT_SETUPS) {
    if (only && !only.split(',').includes(setup.name)) continue;
    // Templates follow the setup's split: held-out fonts are only seen in held-out templates.
    const templates = TEMPLATES.filter((t) => t.split === setup.split);
    for (let i = 0; i < docsPerPair * templates.length; i++) {
      const template = templates[i % templates.length]!;
      const seed = 1000 * (FONT_SETUPS.indexOf(setup) + 1) + i;
      const truth = await texDocument(out, setup, template, seed);
      if (typeof truth === 'string') {
        failures.push(truth);
        console.log(`failed ${truth}`);
        continue;
      }
      writeFileSync(join(out, `${truth.id}.json`), JSON.stringify(truth, null, 1) + '\n');
      ids.push(truth.id);
      console.log(`${truth.id}: ${truth.displays.length} displays, ${truth.inline.length} inline`);
    }
  }
  const previous: string[] = only && existsSync(join(out, 'index.json')) ? JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) : [];
  const all = [...new Set([...previous.filter((id) => !ids.includes(id)), ...ids])].sort();
  writeFileSync(join(out, 'index.json'), JSON.stringify(all, null, 1) + '\n');
  console.log(`${ids.length} documents written to ${out}; ${failures.length} failed`);
}

if (import.meta.filename === process.argv[1]) await main();
