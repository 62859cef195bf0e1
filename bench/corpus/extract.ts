// Reads the truth back from the colour-coded rendering: every glyph's fill colour names the
// block (or list item, table cell) it belongs to; filled rectangles in a block's marker colour
// give figure boxes. The glyphs of each id become lines, boxes per page and column, and text.
import { loadPdfium, PdfDocument } from '../../src/engine/index.js';
import { colourId, placeSpecCells, tableHtml, type PendingBlock, type Registry } from './spec.js';
import { FURNITURE, type Box, type CorpusTruth, type PageBox, type TruthBlock, type TruthCell, type TruthLine } from './truth.js';

interface Glyph {
  code: number;
  /** TeX's line-end hyphen (PDFium reports it as code 2). */
  softHyphen: boolean;
  box: Box;
  size: number;
  id: number;
}

interface PageGlyphs {
  width: number;
  height: number;
  /** In content order; code 32 for spaces, 10 for line breaks PDFium generates. */
  glyphs: Glyph[];
  /** Filled rectangles (path objects) by colour id: figure markers. */
  fills: Map<number, Box>;
}

const FPDF_PAGEOBJ_PATH = 2;

/** Every page's glyphs with their fill-colour ids (and filled paths by colour). */
export async function readGlyphs(pdf: Uint8Array, withColour: boolean): Promise<PageGlyphs[]> {
  const pdfium = await loadPdfium();
  const doc = PdfDocument.open(pdfium, pdf);
  const scratch = pdfium.pdfium.wasmExports.malloc(64);
  const getF64 = (o: number) => pdfium.pdfium.getValue(scratch + o, 'double') as number;
  const getF32 = (o: number) => pdfium.pdfium.getValue(scratch + o, 'float') as number;
  const getU32 = (o: number) => (pdfium.pdfium.getValue(scratch + o, 'i32') as number) >>> 0;
  const pages: PageGlyphs[] = [];
  try {
    for (let p = 0; p < doc.pageCount; p++) {
      const page = pdfium.FPDF_LoadPage(doc.handle, p);
      const width = pdfium.FPDF_GetPageWidthF(page);
      const height = pdfium.FPDF_GetPageHeightF(page);
      const glyphs: Glyph[] = [];
      const fills = new Map<number, Box>();
      const text = pdfium.FPDFText_LoadPage(page);
      const count = pdfium.FPDFText_CountChars(text);
      for (let i = 0; i < count; i++) {
        const code = pdfium.FPDFText_GetUnicode(text, i);
        if (code === 10 || code === 13) {
          glyphs.push({ code: 10, softHyphen: false, box: [0, 0, 0, 0], size: 0, id: -1 });
          continue;
        }
        if (code <= 32 || code === 0xa0) {
          glyphs.push({ code: 32, softHyphen: false, box: [0, 0, 0, 0], size: 0, id: -1 });
          continue;
        }
        pdfium.FPDFText_GetCharBox(text, i, scratch, scratch + 8, scratch + 16, scratch + 24);
        const [left, right, bottom, top] = [getF64(0), getF64(8), getF64(16), getF64(24)];
        let id = 0;
        if (withColour && pdfium.FPDFText_GetFillColor(text, i, scratch + 32, scratch + 36, scratch + 40, scratch + 44)) id = colourId(getU32(32), getU32(36), getU32(40));
        glyphs.push({ code: code === 2 ? 0x2d : code, softHyphen: code === 2, box: [left, height - top, right, height - bottom], size: pdfium.FPDFText_GetFontSize(text, i), id });
      }
      pdfium.FPDFText_ClosePage(text);
      if (withColour) {
        const objects = pdfium.FPDFPage_CountObjects(page);
        for (let i = 0; i < objects; i++) {
          const obj = pdfium.FPDFPage_GetObject(page, i);
          if (pdfium.FPDFPageObj_GetType(obj) !== FPDF_PAGEOBJ_PATH) continue;
          if (!pdfium.FPDFPageObj_GetFillColor(obj, scratch + 32, scratch + 36, scratch + 40, scratch + 44)) continue;
          if (!pdfium.FPDFPageObj_GetBounds(obj, scratch, scratch + 4, scratch + 8, scratch + 12)) continue;
          const id = colourId(getU32(32), getU32(36), getU32(40));
          if (!id) continue;
          const box: Box = [getF32(0), height - getF32(12), getF32(8), height - getF32(4)];
          const prev = fills.get(id);
          fills.set(id, prev ? union(prev, box) : box);
        }
      }
      pdfium.FPDF_ClosePage(page);
      pages.push({ width, height, glyphs, fills });
    }
  } finally {
    pdfium.pdfium.wasmExports.free(scratch);
    doc.close();
  }
  return pages;
}

export function union(a: Box, b: Box): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

const round = (box: Box): Box => box.map((v) => Math.round(v * 100) / 100) as Box;

/**
 * The normal and the colour-coded renderings must set the same glyphs in the same places (the
 * colour commands are the only difference): else the document is dropped.
 */
export function sameLayout(a: PageGlyphs[], b: PageGlyphs[]): string | undefined {
  if (a.length !== b.length) return `page counts differ (${a.length} vs ${b.length})`;
  for (let p = 0; p < a.length; p++) {
    const x = a[p]!.glyphs.filter((g) => g.code > 32);
    const y = b[p]!.glyphs.filter((g) => g.code > 32);
    if (x.length !== y.length) return `page ${p + 1}: ${x.length} vs ${y.length} glyphs`;
    for (let i = 0; i < x.length; i++) {
      if (x[i]!.code !== y[i]!.code || x[i]!.box.some((v, k) => Math.abs(v - y[i]!.box[k]!) > 0.05)) return `page ${p + 1}: glyph ${i} moved`;
    }
  }
  return undefined;
}

/** A gap between glyph boxes wider than this share of the font size is a space even where PDFium gives none. */
const WIDE_GAP = 0.6;

/** Glyphs of one id on one page, cut into printed lines (a new line where the baseline moves or the pen jumps back or far ahead). */
function linesOf(glyphs: Glyph[], page: number): TruthLine[] {
  const lines: TruthLine[] = [];
  let current: { box: Box; text: string; last: Glyph } | undefined;
  let pendingSpace = false;
  const flush = () => {
    if (current) lines.push({ page, box: round(current.box), text: current.text.trim() });
    current = undefined;
  };
  for (const g of glyphs) {
    if (g.code === 32 || g.code === 10) {
      if (current) pendingSpace = true;
      continue;
    }
    if (current) {
      const last = current.last;
      const h = Math.max(1, Math.min(last.box[3] - last.box[1], g.box[3] - g.box[1]));
      const sameRow = Math.abs((g.box[1] + g.box[3]) / 2 - (last.box[1] + last.box[3]) / 2) < h * 0.6 || (g.box[1] < last.box[3] && g.box[3] > last.box[1] && g.box[0] >= last.box[0]);
      const size = Math.max(g.size, last.size, 4);
      const forward = g.box[0] > last.box[0] - size * 0.5 && g.box[0] - last.box[2] < size * 2.5;
      if (!(sameRow && forward)) flush();
    }
    if (!current) {
      current = { box: [...g.box], text: '', last: g };
      pendingSpace = false;
    } else {
      // A space where PDFium found one (it infers them from the gaps), or where the gap is wide.
      if (pendingSpace || g.box[0] - current.last.box[2] > Math.max(g.size, 4) * WIDE_GAP) current.text += ' ';
      current.box = union(current.box, g.box);
    }
    pendingSpace = false;
    current.text += g.softHyphen ? '\u00ad' : String.fromCodePoint(g.code);
    current.last = g;
  }
  flush();
  return lines;
}

/** Spacing accents TeX sets as separate glyphs, and the combining marks they stand for. */
const ACCENTS = new Map<number, number>([
  [0x60, 0x300], [0xb4, 0x301], [0x2c6, 0x302], [0x5e, 0x302], [0x2dc, 0x303], [0x7e, 0x303], [0xaf, 0x304], [0x2c9, 0x304],
  [0x2d8, 0x306], [0x2d9, 0x307], [0xa8, 0x308], [0x2da, 0x30a], [0x2dd, 0x30b], [0x2c7, 0x30c], [0xb8, 0x327], [0x2db, 0x328],
]);

/**
 * An accent drawn as its own glyph over (or under) a letter goes onto that letter: the letter of
 * the same block whose middle is nearest the accent's middle, right below or above it.
 */
function attachAccents(glyphs: Glyph[]): Glyph[] {
  const isLetter = (g: Glyph) => g.code > 32 && /\p{L}/u.test(String.fromCodePoint(g.code)) && !ACCENTS.has(g.code);
  const drop = new Set<Glyph>();
  const composed = new Map<Glyph, string>();
  for (const g of glyphs) {
    const mark = ACCENTS.get(g.code);
    if (mark === undefined) continue;
    const mid = (g.box[0] + g.box[2]) / 2;
    let best: Glyph | undefined;
    let bestDistance = Infinity;
    for (const l of glyphs) {
      if (!isLetter(l) || mid < l.box[0] - 0.5 || mid > l.box[2] + 0.5) continue;
      const h = l.box[3] - l.box[1];
      const vertical = g.box[1] >= l.box[3] ? g.box[1] - l.box[3] : l.box[1] - g.box[3];
      if (vertical > h * 0.6) continue;
      const d = Math.abs(mid - (l.box[0] + l.box[2]) / 2) + Math.abs(vertical);
      if (d < bestDistance) {
        bestDistance = d;
        best = l;
      }
    }
    if (!best) continue;
    drop.add(g);
    composed.set(best, ((composed.get(best) ?? String.fromCodePoint(best.code)) + String.fromCodePoint(mark)).normalize('NFC'));
  }
  if (!drop.size) return glyphs;
  return glyphs.filter((g) => !drop.has(g)).map((g) => {
    const text = composed.get(g);
    return text && [...text].length === 1 ? { ...g, code: text.codePointAt(0)! } : g;
  });
}

/** Lines joined into text: a line-end soft hyphen (TeX's) disappears with the break. */
export function joinLines(lines: TruthLine[]): string {
  let text = '';
  for (const l of lines) {
    if (text.endsWith('\u00ad')) text = text.slice(0, -1) + l.text;
    else text += (text ? ' ' : '') + l.text;
  }
  return text.replace(/\u00ad/g, '-').replace(/\s+/g, ' ').trim();
}

/** Lines of one block merged into boxes: consecutive lines one below the other on the same page and column. */
function fragments(lines: TruthLine[]): PageBox[] {
  const out: PageBox[] = [];
  for (const l of lines) {
    const last = out[out.length - 1];
    const height = l.box[3] - l.box[1];
    if (last && last.page === l.page && l.box[1] >= last.box[1] - height && l.box[1] - last.box[3] < height * 2.2 && l.box[0] < last.box[2] && l.box[2] > last.box[0]) last.box = union(last.box, l.box);
    else out.push({ page: l.page, box: [...l.box] });
  }
  return out.map((f) => ({ page: f.page, box: round(f.box) }));
}

/** One box per page around all the lines there. */
function pageUnions(lines: TruthLine[]): PageBox[] {
  const byPage = new Map<number, Box>();
  for (const l of lines) byPage.set(l.page, byPage.has(l.page) ? union(byPage.get(l.page)!, l.box) : [...l.box]);
  return [...byPage].map(([page, box]) => ({ page, box: round(box) }));
}

/** Glyphs that list labels are drawn with. */
const LIST_LABELS = new Set([...'•◦▪▸▶►‣■□–-*'].map((c) => c.codePointAt(0)!));

const letters = (t: string) => t.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export interface Assembled {
  truth: Omit<CorpusTruth, 'id' | 'family' | 'generator' | 'seed' | 'split' | 'variant'>;
  /** Why the document cannot be trusted, when it cannot. */
  problem?: string;
}

/** Where a block sits in a page's reading order: running heads, then the body, then footnotes, then footers. */
function band(b: TruthBlock): number {
  return b.type === 'header' ? 0 : b.type === 'page_footnote' ? 2 : b.type === 'footer' || b.type === 'page_number' ? 3 : 1;
}

/** The truth of a document from its registry and its colour-coded rendering. */
export function assembleTruth(reg: Registry, pages: PageGlyphs[]): Assembled {
  const byId = new Map<number, Glyph[][]>();
  let unassigned = 0;
  let total = 0;
  const known = (id: number) => id > 0 && (reg.parts.has(id) || reg.blocks.some((b) => b.id === id));
  // A list label a class draws in its theme's colour (beamer's ▶) belongs to the item it opens.
  for (const page of pages) {
    page.glyphs.forEach((g, i) => {
      if (known(g.id) || !LIST_LABELS.has(g.code)) return;
      const next = page.glyphs.slice(i + 1).find((n) => n.code > 32);
      if (next && reg.parts.get(next.id)?.kind === 'item') g.id = next.id;
    });
  }
  pages.forEach((page, p) => {
    let lastId = -1;
    for (const g of page.glyphs) {
      // Spaces and line breaks belong to the id of the glyph before them.
      const id = g.id === -1 ? lastId : g.id;
      if (g.id !== -1) {
        total++;
        if (!known(g.id)) {
          unassigned++;
          lastId = -1;
          continue;
        }
        lastId = g.id;
      }
      if (id <= 0) continue;
      const list = byId.get(id) ?? pages.map(() => []);
      list[p]!.push(g);
      byId.set(id, list);
    }
  });
  const linesFor = (id: number) => (byId.get(id) ?? []).flatMap((gs, p) => linesOf(attachAccents(gs), p));
  const problems: string[] = [];
  if (total === 0) problems.push('no text');
  else if (unassigned / total > 0.005) problems.push(`${unassigned} of ${total} glyphs belong to no block`);

  const blocks: TruthBlock[] = [];
  const sourceOrder = new Map<TruthBlock, number>();
  for (const pending of reg.blocks) {
    const partIds = [...reg.parts.entries()].filter(([, part]) => part.block === pending.id);
    const own = linesFor(pending.id);
    const partLines = new Map(partIds.map(([id]) => [id, linesFor(id)]));
    const marker = partIds.find(([, part]) => part.kind === 'marker');
    const markerBoxes: PageBox[] = [];
    if (marker) pages.forEach((page, p) => page.fills.has(marker[0]) && markerBoxes.push({ page: p, box: round(page.fills.get(marker[0])!) }));
    const block = buildBlock(pending, own, partIds, partLines, markerBoxes);
    if (!block.boxes.length) {
      if (pending.text.length > 20 && !FURNITURE.has(pending.type)) problems.push(`block ${pending.id} (${pending.type}) was not printed`);
      continue;
    }
    // Source text against printed text: the print may add numbers and marks, never lose words.
    if (!pending.textFromGlyphs || pending.type === 'table' || pending.type === 'list' || pending.type === 'ref_text' || FURNITURE.has(pending.type) || !pending.text) {
      // Nothing to compare.
    } else if (!letters(block.text).includes(letters(pending.text).slice(0, 60))) problems.push(`block ${pending.id} printed as "${block.text.slice(0, 60)}", source "${pending.text.slice(0, 60)}"`);
    if (pending.furniturePerPage) {
      // One block per page it is printed on.
      const pagesOf = [...new Set(block.lines.map((l) => l.page))];
      for (const p of pagesOf) {
        const lines = block.lines.filter((l) => l.page === p);
        const b: TruthBlock = { ...block, text: joinLines(lines), lines, boxes: fragments(lines) };
        blocks.push(b);
        sourceOrder.set(b, pending.id);
      }
    } else {
      blocks.push(block);
      sourceOrder.set(block, pending.id);
    }
  }
  // Reading order: by page, then band (heads, body, footnotes, feet), then source order.
  const firstPage = (b: TruthBlock) => Math.min(...b.boxes.map((x) => x.page));
  blocks.sort((a, b) => firstPage(a) - firstPage(b) || band(a) - band(b) || sourceOrder.get(a)! - sourceOrder.get(b)!);
  // Final ids: reading-order position; captions follow.
  const newId = new Map<number, number>();
  blocks.forEach((b, i) => {
    if (!newId.has(b.id)) newId.set(b.id, i + 1);
  });
  blocks.forEach((b, i) => {
    b.id = i + 1;
    if (b.captionOf !== undefined) b.captionOf = newId.get(b.captionOf);
  });
  return {
    truth: { pages: pages.map((p) => ({ width: Math.round(p.width * 100) / 100, height: Math.round(p.height * 100) / 100 })), blocks },
    problem: problems.length ? problems.slice(0, 3).join('; ') : undefined,
  };
}

function buildBlock(pending: PendingBlock, own: TruthLine[], partIds: Array<[number, { kind: string; index: number }]>, partLines: Map<number, TruthLine[]>, markerBoxes: PageBox[]): TruthBlock {
  const { textFromGlyphs: _t, furniturePerPage: _f, specRows, ...fields } = pending;
  const parts = partIds.filter(([, part]) => part.kind !== 'marker');
  const lines = [...own, ...parts.flatMap(([id]) => partLines.get(id) ?? [])];
  const block: TruthBlock = { ...fields, boxes: [], lines };
  if (pending.type === 'list' || pending.type === 'ref_text') {
    block.items = parts
      .filter(([, part]) => part.kind === 'item')
      .map(([id, part]) => {
        const itemLines = partLines.get(id) ?? [];
        const source = pending.items?.[part.index];
        return { text: joinLines(itemLines), level: source?.level ?? 0, boxes: fragments(itemLines), lines: itemLines };
      })
      .filter((item) => item.lines.length);
    block.text = block.items.map((i) => i.text).join('\n');
  } else if (pending.type === 'table' && specRows) {
    const placed = placeSpecCells(specRows);
    const cells: TruthCell[] = placed.map((p, index) => {
      const id = parts.find(([, part]) => part.kind === 'cell' && part.index === index)?.[0];
      const cellLines = id ? (partLines.get(id) ?? []) : [];
      return { row: p.row, col: p.col, rowspan: p.cell.rowspan ?? 1, colspan: p.cell.colspan ?? 1, text: cellLines.length ? joinLines(cellLines) : p.cell.text, header: p.cell.header ?? false, boxes: fragments(cellLines) };
    });
    block.cells = cells;
    block.rows = specRows.length;
    block.cols = Math.max(...placed.map((p) => p.col + (p.cell.colspan ?? 1)));
    let k = 0;
    block.html = tableHtml(specRows.map((row) => row.map((cell) => ({ ...cell, text: cells[k++]!.text }))));
    block.text = cells.map((c) => c.text).join(' ');
  } else if (pending.type === 'image' || pending.type === 'chart') {
    block.labels = own;
    block.lines = [];
    block.text = '';
  } else if (pending.textFromGlyphs) {
    block.text = joinLines(lines);
  }
  // Tables are one box per page (their cells, side by side, are not one column of lines).
  block.boxes = markerBoxes.length ? markerBoxes : pending.type === 'table' ? pageUnions(lines) : fragments(lines);
  if ((pending.type === 'image' || pending.type === 'chart') && markerBoxes.length) {
    // Labels outside the marker (none expected) still widen the box.
    for (const l of own) {
      const m = block.boxes.find((b) => b.page === l.page);
      if (m) m.box = round(union(m.box, l.box));
    }
  }
  return block;
}
