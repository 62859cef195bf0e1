// Generates the corpus: `npm run bench:corpus -- --pages 3000 [--jobs 2] [--out bench/tmp/corpus]
// [--families tex-article,html-invoice] [--scan-share 0.3] [--report]` (--report: only rewrite
// manifest.json from the logs, e.g. after a stopped run; a new run resumes where one stopped). Reproducible: which documents exist
// follows from the page budget (documents per family) and their seeds; the same seeds give
// the same documents. Installs TeX Live, Chromium and LibreOffice from Debian when missing.
// Output: <out>/<digital|scan>/<tune|validate>/<family>/<id>.pdf + .json, and <out>/manifest.json.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateDocument } from './document.js';
import { FAMILIES, familyNamed, splitOf, type Family } from './families.js';
import { Rng } from './random.js';
import { degrade, scanSettings } from './scan.js';

const DEFAULT_OUT = join(import.meta.dirname, '..', 'tmp', 'corpus');

/** Debian packages each generator needs, and the command that shows they are there. */
const TOOLS: Record<Family['generator'], { command: string; packages: string[] }> = {
  latex: { command: 'pdflatex', packages: ['texlive-latex-base', 'texlive-latex-recommended', 'texlive-latex-extra', 'texlive-fonts-recommended', 'texlive-fonts-extra', 'texlive-publishers', 'texlive-science', 'lmodern'] },
  chromium: { command: 'chromium', packages: ['chromium', 'fonts-liberation', 'fonts-dejavu-core', 'fonts-lmodern', 'fonts-texgyre', 'fonts-linuxlibertine'] },
  libreoffice: { command: 'soffice', packages: ['libreoffice-writer-nogui', 'fonts-liberation', 'fonts-dejavu-core', 'fonts-crosextra-carlito', 'fonts-crosextra-caladea'] },
};

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Installs what the chosen families need (Debian's packages; only for generating, never at run time). */
export function ensureTools(families: Family[]): void {
  const missing = [...new Set(families.map((f) => f.generator))].filter((g) => !has(TOOLS[g].command));
  if (!missing.length) return;
  const packages = [...new Set(missing.flatMap((g) => TOOLS[g].packages))];
  console.log(`installing ${packages.join(' ')} (apt-get)…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

export interface PlannedDoc {
  family: string;
  seed: number;
  targetPages: number;
  scan: boolean;
}

/** The documents a page budget buys: the same number of pages per family, seeds 1, 2, 3, … */
export function plan(totalPages: number, families: Family[], scanShare: number): PlannedDoc[] {
  const docs: PlannedDoc[] = [];
  for (const family of families) {
    const mean = (family.pages[0] + family.pages[1]) / 2;
    const count = Math.max(1, Math.ceil(totalPages / families.length / mean));
    for (let seed = 1; seed <= count; seed++) {
      const r = new Rng(seed * 977 + family.name.length);
      docs.push({ family: family.name, seed, targetPages: r.int(family.pages[0], family.pages[1]), scan: r.next() < scanShare });
    }
  }
  // Seed by seed across families, so that a run stopped early still covers every family.
  return docs.sort((a, b) => a.seed - b.seed || families.findIndex((f) => f.name === a.family) - families.findIndex((f) => f.name === b.family));
}

interface Args {
  pages: number;
  jobs: number;
  out: string;
  families: Family[];
  scanShare: number;
  worker?: [number, number];
  /** Only write manifest.json from the workers' logs (e.g. after a run was stopped). */
  reportOnly?: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { pages: 3000, jobs: 2, out: DEFAULT_OUT, families: FAMILIES, scanShare: 0.3 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    switch (argv[i]) {
      case '--pages':
        args.pages = Number(value);
        i++;
        break;
      case '--jobs':
        args.jobs = Math.max(1, Number(value));
        i++;
        break;
      case '--out':
        args.out = resolve(value!);
        i++;
        break;
      case '--families':
        args.families = value!.split(',').map(familyNamed);
        i++;
        break;
      case '--scan-share':
        args.scanShare = Number(value);
        i++;
        break;
      case '--report':
        args.reportOnly = true;
        break;
      case '--worker': {
        const [k, n] = value!.split('/').map(Number);
        args.worker = [k!, n!];
        i++;
        break;
      }
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!(args.pages > 0)) throw new Error('--pages must be a positive number');
  return args;
}

/** One worker: generates its share of the planned documents (every n-th), logging one JSON line per document. */
async function work(args: Args, k: number, n: number): Promise<void> {
  const docs = plan(args.pages, args.families, args.scanShare).filter((_, i) => i % n === k);
  const log = join(args.out, `log-${k}.jsonl`);
  // Documents any worker of an earlier run already made are not made again (dropped ones are retried).
  const done = new Set(readLogs(args.out).filter((l) => l.ok).map((l) => l.id));
  for (const d of docs) {
    const family = familyNamed(d.family);
    const id = `${d.family}-${d.seed}`;
    if (done.has(id)) continue;
    const start = process.hrtime.bigint();
    const split = splitOf(family, d.seed);
    const dir = join(args.out, 'digital', split, d.family);
    mkdirSync(dir, { recursive: true });
    const outcome = await generateDocument(family, d.seed, d.targetPages, dir);
    let scanned = false;
    if (outcome.ok && d.scan && outcome.truth && outcome.pdf) {
      const scanDir = join(args.out, 'scan', split, d.family);
      mkdirSync(scanDir, { recursive: true });
      const scan = await degrade(outcome.pdf, outcome.truth, scanSettings(d.seed));
      writeFileSync(join(scanDir, `${scan.truth.id}.pdf`), scan.pdf);
      writeFileSync(join(scanDir, `${scan.truth.id}.json`), JSON.stringify(scan.truth));
      scanned = true;
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    appendFileSync(log, JSON.stringify({ id, family: d.family, split, ok: outcome.ok, pages: outcome.pages, scanned, problem: outcome.problem, seconds: Number(seconds.toFixed(2)) }) + '\n');
  }
}

interface LogLine {
  id: string;
  family: string;
  split: string;
  ok: boolean;
  pages: number;
  scanned: boolean;
  problem?: string;
  seconds: number;
}

/** Every worker's log lines, one per document (the last when a document was made twice). */
function readLogs(out: string): LogLine[] {
  const byId = new Map<string, LogLine>();
  for (const file of readdirSync(out).filter((f) => /^log-\d+\.jsonl$/.test(f))) {
    for (const l of readFileSync(join(out, file), 'utf8').split('\n').filter(Boolean)) {
      const line = JSON.parse(l) as LogLine;
      byId.set(line.id, line);
    }
  }
  return [...byId.values()];
}

/** Counts per family and split (documents, pages, scans, dropped), written to manifest.json. */
function manifest(args: Args, wallSeconds: number): void {
  const lines = readLogs(args.out);
  const families: Record<string, Record<string, { documents: number; pages: number; scans: number; scanPages: number; dropped: number }>> = {};
  for (const l of lines) {
    const row = ((families[l.family] ??= {})[l.split] ??= { documents: 0, pages: 0, scans: 0, scanPages: 0, dropped: 0 });
    if (!l.ok) row.dropped++;
    else {
      row.documents++;
      row.pages += l.pages;
      if (l.scanned) {
        row.scans++;
        row.scanPages += l.pages;
      }
    }
  }
  const ok = lines.filter((l) => l.ok);
  const summary = {
    pagesRequested: args.pages,
    documents: ok.length,
    pages: ok.reduce((a, l) => a + l.pages, 0),
    scans: ok.filter((l) => l.scanned).length,
    dropped: lines.length - ok.length,
    // Wall time of each document added up over the workers (typesetting, reading back, scanning).
    documentSeconds: Number(lines.reduce((a, l) => a + l.seconds, 0).toFixed(1)),
    wallSeconds: Number(wallSeconds.toFixed(1)),
    jobs: args.jobs,
    families,
    droppedDocuments: lines.filter((l) => !l.ok).map((l) => ({ id: l.id, problem: l.problem })),
  };
  writeFileSync(join(args.out, 'manifest.json'), JSON.stringify(summary, null, 2) + '\n');
  console.log(`${summary.documents} documents, ${summary.pages} pages (${summary.scans} also as scans), ${summary.dropped} dropped, in ${summary.wallSeconds} s → ${args.out}`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(args.out, { recursive: true });
  if (args.worker) return work(args, args.worker[0], args.worker[1]);
  if (args.reportOnly) return manifest(args, 0);
  ensureTools(args.families);
  const start = performance.now();
  // Workers are child processes (the typesetters are external programs; one document at a time each).
  const passOn = process.argv.slice(2).filter((_, i, a) => a[i] !== '--jobs' && a[i - 1] !== '--jobs');
  await Promise.all(
    Array.from({ length: args.jobs }, (_, k) =>
      new Promise<void>((done, fail) => {
        const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, ...passOn, '--out', args.out, '--worker', `${k}/${args.jobs}`], { stdio: 'inherit' });
        child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`worker ${k} exited with ${code}`))));
      }),
    ),
  );
  manifest(args, (performance.now() - start) / 1000);
}

await main();
