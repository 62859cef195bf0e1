// Copies a small sample of the validate part of a generated corpus into bench/corpus-sample,
// committed so that CI scores TeX, HTML and Office documents without installing TeX Live,
// Chromium or LibreOffice: `node --import tsx bench/corpus/sample.ts [corpus dir]`.
// Per family: the smallest-seed validate documents of at most MAX_PAGES pages, and a few scans.
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadCorpus } from './truth.js';

const SOURCE = process.argv[2] ?? join(import.meta.dirname, '..', 'tmp', 'corpus');
const TARGET = join(import.meta.dirname, '..', 'corpus-sample');
const DIGITAL_PER_FAMILY = 4;
const SCANS_PER_FAMILY = 1;
const MAX_PAGES = 3;
const MAX_SCAN_PAGES = 1;

const docs = loadCorpus(SOURCE)
  .filter((d) => d.truth.split === 'validate')
  .sort((a, b) => a.truth.seed - b.truth.seed);
rmSync(TARGET, { recursive: true, force: true });
const taken = new Map<string, number>();
let bytes = 0;
let count = 0;
for (const d of docs) {
  const key = `${d.truth.family}/${d.truth.variant}`;
  const limit = d.truth.variant === 'scan' ? SCANS_PER_FAMILY : DIGITAL_PER_FAMILY;
  if ((taken.get(key) ?? 0) >= limit || d.truth.pages.length > (d.truth.variant === 'scan' ? MAX_SCAN_PAGES : MAX_PAGES)) continue;
  taken.set(key, (taken.get(key) ?? 0) + 1);
  for (const file of [d.pdfPath, d.pdfPath.replace(/\.pdf$/, '.json')]) {
    const to = join(TARGET, relative(SOURCE, file));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(file, to);
    bytes += statSync(file).size;
  }
  count++;
}
console.log(`${count} documents, ${(bytes / 1e6).toFixed(1)} MB → ${TARGET}`);
