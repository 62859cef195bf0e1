// Table failures by class, from the per-document scores `evaluate.ts --out FILE` writes: per
// family, true tables missed, found with too few or too many rows or columns, found with their
// grid but wrong cells, and tables found where there is none; then the examples of each class.
// Usage: node --import tsx bench/train/table-failures.ts SCORES.json [--family NAME] [--examples N]
import { readFileSync } from 'node:fs';
import type { CorpusDocScore, TableShape } from '../quality/corpus.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A found table's grid is "right" when its TEDS reaches this. */
const GOOD_TEDS = 0.9;

type FailureClass = 'missed' | 'rows-short' | 'rows-extra' | 'cols-short' | 'cols-extra' | 'cells' | 'good';

function classOf(t: TableShape): FailureClass {
  if (!t.predicted) return 'missed';
  if ((t.teds ?? 0) >= GOOD_TEDS) return 'good';
  if (t.predicted.cols < t.cols) return 'cols-short';
  if (t.predicted.cols > t.cols) return 'cols-extra';
  if (t.predicted.rows < t.rows) return 'rows-short';
  if (t.predicted.rows > t.rows) return 'rows-extra';
  return 'cells';
}

const scores = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as CorpusDocScore[];
const family = option('--family');
const examples = Number(option('--examples') ?? 6);
const classes: FailureClass[] = ['good', 'missed', 'rows-short', 'rows-extra', 'cols-short', 'cols-extra', 'cells'];
const counts = new Map<string, Map<string, number>>();
const seen = new Map<string, string[]>();
const bump = (fam: string, cls: string, example: string) => {
  const row = counts.get(fam) ?? new Map<string, number>();
  row.set(cls, (row.get(cls) ?? 0) + 1);
  counts.set(fam, row);
  const list = seen.get(cls) ?? [];
  list.push(example);
  seen.set(cls, list);
};
for (const s of scores) {
  if (!s.tables || (family && s.family !== family)) continue;
  for (const t of s.tables.truth) {
    const cls = classOf(t);
    const p = t.predicted;
    bump(s.family, cls, `${s.id} p${t.page + 1} ${t.role ?? ''} truth ${t.rows}×${t.cols} [${t.box.map(Math.round).join(',')}]${p ? ` → ${p.rows}×${p.cols} [${p.box.map(Math.round).join(',')}] teds ${t.teds?.toFixed(2)}` : ''}`);
  }
  for (const u of s.tables.unmatched) bump(s.family, 'false', `${s.id} p${u.page + 1} ${u.rows}×${u.cols} [${u.box.map(Math.round).join(',')}]`);
}
const header = [...classes, 'false'];
console.log(`| family | ${header.join(' | ')} |\n| --- | ${header.map(() => '---').join(' | ')} |`);
for (const [fam, row] of [...counts].sort()) console.log(`| ${fam} | ${header.map((c) => row.get(c) ?? 0).join(' | ')} |`);
for (const cls of header.filter((c) => c !== 'good')) {
  const list = seen.get(cls) ?? [];
  if (!list.length) continue;
  console.log(`\n## ${cls} (${list.length})`);
  for (const line of list.slice(0, examples)) console.log(`- ${line}`);
}
