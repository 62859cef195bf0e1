// Copies a small sample of the validate part of a generated corpus into bench/corpus-sample,
// committed so that CI scores TeX, HTML and Office documents without installing TeX Live,
// Chromium or LibreOffice: `node --import tsx bench/corpus/sample.ts [corpus dir…] [--add]`.
// Per family: its shortest validate documents (at most MAX_PAGES pages where it has such), and one scan.
// --add keeps the sample there is and adds only the families it lacks (a family generated later,
// in a corpus of its own).
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadCorpus } from './truth.js';

const add = process.argv.includes('--add');
const given = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const SOURCES = given.length ? given : [join(import.meta.dirname, '..', 'tmp', 'corpus')];
const TARGET = join(import.meta.dirname, '..', 'corpus-sample');
const DIGITAL_PER_FAMILY = 3;
const SCANS_PER_FAMILY = 1;
const MAX_PAGES = 3;
const MAX_SCAN_PAGES = 2;

const present = add ? new Set(loadCorpus(TARGET).map((d) => d.truth.family)) : new Set<string>();
const docs = SOURCES.flatMap((source) => loadCorpus(source).map((d) => ({ ...d, source }))).filter((d) => d.truth.split === 'validate' && !present.has(d.truth.family));
if (!add) rmSync(TARGET, { recursive: true, force: true });
// Per family and variant: the shortest documents (then smallest seeds) within the page limit;
// a family whose documents are all longer still gives its shortest one (reports, slides).
const groups = new Map<string, typeof docs>();
for (const d of docs) groups.set(`${d.truth.family}/${d.truth.variant}`, [...(groups.get(`${d.truth.family}/${d.truth.variant}`) ?? []), d]);
let bytes = 0;
let count = 0;
for (const [key, list] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
  const scan = key.endsWith('/scan');
  const sorted = list.sort((a, b) => a.truth.pages.length - b.truth.pages.length || a.truth.seed - b.truth.seed);
  const within = sorted.filter((d) => d.truth.pages.length <= (scan ? MAX_SCAN_PAGES : MAX_PAGES));
  const chosen = (within.length ? within : scan ? [] : sorted.slice(0, 1)).slice(0, scan ? SCANS_PER_FAMILY : DIGITAL_PER_FAMILY);
  for (const d of chosen) {
    for (const file of [d.pdfPath, d.pdfPath.replace(/\.pdf$/, '.json')]) {
      const to = join(TARGET, relative(d.source, file));
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(file, to);
      bytes += statSync(file).size;
    }
    count++;
  }
}
console.log(`${count} documents, ${(bytes / 1e6).toFixed(1)} MB → ${TARGET}`);
