// Caption failures by class: parses each document of a corpus split and, for every true caption
// the captions-attached metric judges, says what became of it — attached to its float, attached
// to another float, split (part of it attached), run on into other text, its float not found,
// or left in the text flow typed as text, title, list, furniture, … — with where it sits against
// its float (above, below, beside), whether it opens with a label ("Figure 3"), and the trace
// of the block that holds it. Same matching as bench/quality/corpus.ts.
// Usage: node --import tsx bench/train/caption-failures.ts [CORPUS_DIR] [--split tune] [--families A,B] [--examples N] [--out FILE.json] [--engine DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CorpusTruth, PageBox, TruthBlock } from '../corpus/truth.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

type Box1000 = [number, number, number, number];

const root = resolve(option('--engine') ?? join(import.meta.dirname, '..', '..'));
const engine = (await import(join(root, 'src/engine/index.ts'))) as typeof import('../../src/engine/index.js');
const truthMod = (await import(join(import.meta.dirname, '..', 'corpus', 'truth.ts'))) as typeof import('../corpus/truth.js');
const metrics = (await import(join(import.meta.dirname, '..', 'quality', 'metrics.ts'))) as typeof import('../quality/metrics.js');
const text = (await import(join(root, 'src/engine/model/text.ts'))) as typeof import('../../src/engine/model/text.js');

const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : join(import.meta.dirname, '..', 'tmp', 'corpus');
const split = option('--split') ?? 'tune';
const families = option('--families')?.split(',');
const examples = Number(option('--examples') ?? 8);
const limit = Number(option('--limit') ?? Infinity);

const norm = metrics.normalize;
const { similar, to1000, overlap, mainBoxes } = (await import(join(import.meta.dirname, '..', 'quality', 'corpus.ts'))) as typeof import('../quality/corpus.js');

interface Failure {
  id: string;
  family: string;
  cls: string;
  where: string;
  labelled: boolean;
  floatType: string;
  caption: string;
  got: string;
  trace: string[];
}

const docs = truthMod
  .loadCorpus(dir)
  .filter((d) => d.truth.split === split && d.truth.variant === 'digital' && (!families || families.includes(d.truth.family)))
  .slice(0, limit);
const failures: Failure[] = [];
const counts = new Map<string, Map<string, number>>();
const bump = (fam: string, cls: string) => {
  const row = counts.get(fam) ?? new Map<string, number>();
  row.set(cls, (row.get(cls) ?? 0) + 1);
  counts.set(fam, row);
};
for (const doc of docs) {
  const truth = doc.truth;
  const captions = truth.blocks.filter((b) => b.type === 'caption' && !b.role && b.captionOf !== undefined);
  if (!captions.length) continue;
  let details: Awaited<ReturnType<typeof engine.parseWithDetails>>;
  try {
    details = await engine.parseWithDetails(readFileSync(doc.pdfPath), { maxPages: 50, ocr: () => Promise.reject(new Error('digital documents only')) });
  } catch (e) {
    process.stderr.write(`${truth.id} ${String(e)}\n`);
    continue;
  }
  const list = details.result.content_list;
  const capText = (b: (typeof list)[number]) => [...(b.image_caption ?? []), ...(b.table_caption ?? [])].join(' ');
  for (const cap of captions) {
    const float = truth.blocks.find((b) => b.id === cap.captionOf);
    if (!float) continue;
    const fBoxes = mainBoxes(float).map((x) => ({ page: x.page, box: to1000(x, truth) }));
    const cBox = mainBoxes(cap).map((x) => ({ page: x.page, box: to1000(x, truth) }))[0]!;
    const overFloat = (b: (typeof list)[number]) => fBoxes.some((x) => x.page === b.page_idx && b.bbox && overlap(x.box, b.bbox as Box1000) >= 0.3);
    const hit = list.some((b) => capText(b) && similar(cap.text, capText(b)) && overFloat(b));
    // Where the caption sits against its float (same page).
    const f = fBoxes.find((x) => x.page === cBox.page)?.box;
    let where = 'other-page';
    if (f) {
      const c = cBox.box;
      if (c[2] <= f[0] + 5 || c[0] >= f[2] - 5) where = 'beside';
      else if (c[3] <= f[1] + 5) where = 'above';
      else if (c[1] >= f[3] - 5) where = 'below';
      else where = 'inside';
    }
    const labelled = text.ANY_CAPTION.test(cap.text.trim());
    bump(truth.family, 'all');
    if (hit) {
      bump(truth.family, 'ok');
      continue;
    }
    const floatFound = list.some((b) => (b.type === 'image' || b.type === 'chart' || b.type === 'table') && overFloat(b));
    let cls: string;
    let holder = -1;
    const elsewhere = list.findIndex((b) => capText(b) && similar(cap.text, capText(b)));
    const partial = list.findIndex((b) => {
      const t = norm(capText(b));
      return t.length > 8 && (norm(cap.text).includes(t) || t.includes(norm(cap.text)));
    });
    if (elsewhere >= 0) {
      cls = 'attached-to-other-float';
      holder = elsewhere;
    } else if (partial >= 0) {
      const t = norm(capText(list[partial]!));
      cls = t.length < norm(cap.text).length ? 'split(part attached)' : 'overrun(more text attached)';
      if (!overFloat(list[partial]!)) cls += '-other-float';
      holder = partial;
    } else {
      // The block over the caption's box.
      let best = -1;
      let bestV = 0;
      list.forEach((b, i) => {
        if (b.page_idx !== cBox.page || !b.bbox) return;
        const v = overlap(cBox.box, b.bbox as Box1000);
        if (v > bestV) {
          bestV = v;
          best = i;
        }
      });
      holder = best;
      const b = list[best];
      if (!b || bestV < 0.3) cls = 'lost';
      else {
        const kind = details.blocks[best]!.type;
        const t = b.text ?? '';
        const merged = t && norm(t).length > norm(cap.text).length * 1.3 ? '+merged' : '';
        cls = `as-${kind}${merged}`;
      }
      if (!floatFound) cls = `no-float/${cls}`;
      else if (f) {
        // The float found, but its box stops short of the caption (a table found in part).
        const gap = (a: Box1000, b: Box1000) => Math.max(0, b[1] - a[3], a[1] - b[3]);
        const ours = list.filter((b) => (b.type === 'image' || b.type === 'chart' || b.type === 'table') && overFloat(b) && b.page_idx === cBox.page);
        if (ours.length && ours.every((b) => gap(cBox.box, b.bbox as Box1000) > gap(cBox.box, f) + 15)) cls = `float-short/${cls}`;
      }
    }
    bump(truth.family, cls);
    const hb = details.blocks[holder];
    failures.push({
      id: truth.id,
      family: truth.family,
      cls,
      where,
      labelled,
      floatType: float.type,
      caption: cap.text.slice(0, 90),
      got: hb ? `${hb.type} p${hb.pageIndex + 1} [${hb.box.map(Math.round).join(',')}] ${JSON.stringify((list[holder]!.text ?? capText(list[holder]!)).slice(0, 120))}` : '',
      trace: hb ? hb.trace.filter((e) => e.stage !== 'ocr').map((e) => `${e.stage}: ${e.rule}${e.values ? ' ' + JSON.stringify(e.values) : ''}`) : [],
    });
  }
  process.stderr.write(`${truth.id}\n`);
}

const classes = [...new Set([...counts.values()].flatMap((r) => [...r.keys()]))].filter((c) => c !== 'all' && c !== 'ok').sort();
console.log(`| family | all | ok | ${classes.join(' | ')} |\n| --- | --- | --- | ${classes.map(() => '---').join(' | ')} |`);
for (const [fam, row] of [...counts].sort()) console.log(`| ${fam} | ${row.get('all') ?? 0} | ${row.get('ok') ?? 0} | ${classes.map((c) => row.get(c) ?? 0).join(' | ')} |`);
const byWhere = new Map<string, number>();
for (const f of failures) byWhere.set(`${f.where}${f.labelled ? '' : ' unlabelled'} ${f.floatType}`, (byWhere.get(`${f.where}${f.labelled ? '' : ' unlabelled'} ${f.floatType}`) ?? 0) + 1);
console.log('\nFailures by place:', Object.fromEntries([...byWhere].sort((a, b) => b[1] - a[1])));
for (const cls of classes) {
  const list = failures.filter((f) => f.cls === cls);
  console.log(`\n## ${cls} (${list.length})`);
  for (const f of list.slice(0, examples)) {
    console.log(`- ${f.id} [${f.where}${f.labelled ? '' : ', unlabelled'}, ${f.floatType}] ${JSON.stringify(f.caption)}\n    → ${f.got}`);
    for (const t of f.trace.slice(-6)) console.log(`      ${t}`);
  }
}
const out = option('--out');
if (out) writeFileSync(out, JSON.stringify(failures, null, 1));
