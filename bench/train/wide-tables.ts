// Found tables that reach sideways past the true table they overlap (into a neighbouring page
// column): lists each with the truth's and the found box (per mille of the page), for reading
// the class "a table takes the next column's lines as cells" on tune documents.
// Usage: node --import tsx bench/train/wide-tables.ts DOC.pdf...
import { readFileSync } from 'node:fs';
import { parseDocument } from '../../src/engine/parse.js';

/** How far (per mille of the page width) a found table may reach past its true table's side before it is listed. */
const REACH = 40;
for (const pdf of process.argv.slice(2)) {
  const truth = JSON.parse(readFileSync(pdf.replace(/\.pdf$/, '.json'), 'utf8')) as { pages: Array<{ width: number; height: number }>; blocks: Array<{ type: string; boxes: Array<{ page: number; box: number[] }> }> };
  let parsed;
  try {
    parsed = await parseDocument(new Uint8Array(readFileSync(pdf)), { maxPages: 50, ocr: async () => { throw new Error('no OCR'); } });
  } catch (e) { console.log(pdf, 'ERROR', String(e)); continue; }
  const trueTables = truth.blocks.filter((b) => b.type === 'table').map((t) => {
    const p = t.boxes[0]!.page, w = truth.pages[p]!.width, h = truth.pages[p]!.height, b = t.boxes[0]!.box;
    return { page: p, box: [b[0]! / w, b[1]! / h, b[2]! / w, b[3]! / h].map((v) => v * 1000) };
  });
  for (const f of parsed.content_list.filter((x) => x.type === 'table')) {
    const fb = f.bbox ?? [];
    const over = trueTables.filter((t) => t.page === f.page_idx && Math.min(t.box[3]!, fb[3]!) > Math.max(t.box[1]!, fb[1]!) && Math.min(t.box[2]!, fb[2]!) > Math.max(t.box[0]!, fb[0]!));
    if (over.length !== 1) continue;
    const t = over[0]!;
    if (fb[2]! - t.box[2]! > REACH || t.box[0]! - fb[0]! > REACH) console.log(`${pdf} p${f.page_idx + 1} truth [${t.box.map(Math.round).join(',')}] found [${fb.map(Math.round).join(',')}]`);
  }
}
