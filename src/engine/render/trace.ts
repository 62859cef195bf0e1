// The trace as text (`quire parse FILE --trace`): for every block, in reading order, the rules
// that decided its type, its place in the order and its extent, with the values they saw; and
// the stages that failed, first.
import type { Block } from '../model/blocks.js';
import type { StageFailure, TraceEntry } from '../model/trace.js';

const PREVIEW = 60;

function preview(b: Block): string {
  const text =
    b.type === 'list' ? b.items.map((i) => i.text).join(' | ') : b.type === 'code' ? b.code : b.type === 'equation' ? b.latex : b.type === 'table' ? `${b.table.rows}×${b.table.cols} table` : 'captions' in b ? b.captions.join(' ') : b.text;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW ? `${flat.slice(0, PREVIEW - 1)}…` : flat;
}

function rule(e: TraceEntry): string {
  const values = e.values && Object.keys(e.values).length ? ` (${Object.entries(e.values).map(([k, v]) => `${k}=${v}`).join(', ')})` : '';
  return `${e.stage}: ${e.rule}${values}`;
}

export function renderTrace(blocks: readonly Block[], failures: readonly StageFailure[]): string {
  const out: string[] = [];
  for (const f of failures) out.push(`! stage ${f.stage} failed${f.page === undefined ? '' : ` on page ${f.page + 1}`}: ${f.message} (fell back to plain text there)`);
  blocks.forEach((b, i) => {
    out.push(`#${i} page ${b.pageIndex + 1} ${b.type} [${b.box.map((v) => Math.round(v)).join(', ')}] "${preview(b)}"`);
    for (const e of b.trace) out.push(`    ${rule(e)}`);
  });
  return out.join('\n') + '\n';
}
