// Old and new per-document scores (evaluate.ts --out) side by side on the documents both scored,
// pooled per variant and split, and per family.
// Usage: node --import tsx bench/train/compare.ts OLD.json NEW.json
import { readFileSync } from 'node:fs';
import { summarizeCorpus, type CorpusDocScore } from '../quality/corpus.js';

const [oldScores, newScores] = process.argv.slice(2, 4).map((f) => JSON.parse(readFileSync(f, 'utf8')) as CorpusDocScore[]);
const both = new Set(oldScores!.map((s) => s.id).filter((id) => newScores!.some((s) => s.id === id)));
const METRICS = ['headingF1', 'listF1', 'listsWhole', 'furnitureLeak', 'captionsAttached', 'labelAccuracy', 'readingOrder', 'textEditDistance'] as const;
for (const key of [(s: CorpusDocScore) => `all ${s.variant} (${s.split})`, (s: CorpusDocScore) => s.source]) {
  const a = summarizeCorpus(oldScores!.filter((s) => both.has(s.id)), key);
  const b = summarizeCorpus(newScores!.filter((s) => both.has(s.id)), key);
  console.log(`| source | docs | ${METRICS.join(' | ')} |`);
  console.log(`| --- | --- | ${METRICS.map(() => '---').join(' | ')} |`);
  for (const name of Object.keys(b)) {
    const cell = (m: (typeof METRICS)[number]) => `${a[name]?.[m] ?? '–'} → ${b[name]![m] ?? '–'}`;
    console.log(`| ${name} | ${b[name]!.documents} | ${METRICS.map(cell).join(' | ')} |`);
  }
  console.log('');
}
