// Why true paragraphs come out in pieces: every break between two consecutive lines of a true
// paragraph (on one page) that lie in different blocks of ours, classed by where the next line
// stands (a column further on, a line missing from every block, or within the column) and, within
// a column, by the paragraph rule that opened the second block. Born-digital documents only.
// Usage: node --import tsx bench/train/paragraph-breaks.ts [CORPUS_DIR] [--split tune] [--families A,B] [--examples N]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWithDetails } from '../../src/engine/parse.js';
import { loadCorpus } from '../corpus/truth.js';
import { holderOf, paragraphHolders } from '../quality/corpus.js';

/** A next line whose top stands this many points above the line before it starts a column further on (a run-in head's pieces share a row). */
const COLUMN_RISE = 2;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : join(import.meta.dirname, '..', 'tmp', 'corpus');
const split = option('--split') ?? 'tune';
const families = option('--families')?.split(',');
const examples = Number(option('--examples') ?? 5);
const docs = loadCorpus(dir).filter((d) => d.truth.split === split && d.truth.variant === 'digital' && (!families || families.includes(d.truth.family)));
const noOcr = async (): Promise<never> => {
  throw new Error('born-digital documents only');
};

const perFamily: Record<string, Record<string, number>> = {};
const byRule: Record<string, string[]> = {};
const count = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
for (const doc of docs) {
  const { result, blocks } = await parseWithDetails(new Uint8Array(readFileSync(doc.pdfPath)), { maxPages: 50, ocr: noOcr });
  const truth = doc.truth;
  // content_list is the blocks, one for one: a block's index there is its index in `blocks`.
  const ours = paragraphHolders(result);
  const counts = (perFamily[truth.family] ??= {});
  for (const para of truth.blocks.filter((b) => b.type === 'text' && !b.role)) {
    for (const page of new Set(para.lines.map((l) => l.page))) {
      const lines = para.lines.filter((l) => l.page === page);
      if (lines.length < 2) continue;
      count(counts, 'paragraphs');
      // The block of ours holding each line's centre, as the corpus metric paragraphsWhole finds it.
      const holders = lines.map((line) => holderOf(ours, line, truth));
      let broken = false;
      for (let k = 1; k < lines.length; k++) {
        const [a, b] = [holders[k - 1], holders[k]];
        if (a && b && a === b) continue;
        broken = true;
        const [before, after] = [lines[k - 1]!, lines[k]!];
        if (!a || !b) count(counts, 'missing');
        else if (after.box[1] < before.box[1] - COLUMN_RISE) count(counts, 'column');
        else {
          count(counts, `within:${a.type}>${b.type}`);
          const rule = blocks[result.content_list.indexOf(b)]?.trace.find((t) => t.stage === 'paragraphs');
          const key = rule?.rule ?? 'none';
          (byRule[key] ??= []).push(`${truth.id} p${page + 1} | …${before.text.slice(-40)} || ${after.text.slice(0, 40)}… | ${JSON.stringify(rule?.values ?? {})}`);
        }
      }
      if (broken) count(counts, 'broken');
    }
  }
}
for (const [family, counts] of Object.entries(perFamily)) console.log(family, JSON.stringify(counts));
console.log('\nwithin a column, by the rule that opened the second block:');
for (const [rule, cases] of Object.entries(byRule).sort((x, y) => y[1].length - x[1].length)) {
  console.log(`== ${rule}: ${cases.length}`);
  // One example per document, the first few documents.
  const seen = new Set<string>();
  for (const c of cases) {
    const id = c.split(' ')[0]!;
    if (seen.has(id)) continue;
    seen.add(id);
    console.log(`   ${c}`);
    if (seen.size >= examples) break;
  }
}
