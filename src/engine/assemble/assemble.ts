// Assembly: the one place blocks are made. Furniture labels, labelled paragraphs and placed
// regions become blocks, in the page's reading order: headers and margin notes first, then the
// page's units, then footers and page numbers.
import type { FurnitureLabel, LabelledParagraph, PlacedRegion, Unit } from '../model/analysis.js';
import type { Block, ListItem } from '../model/blocks.js';
import type { Page, TextLine } from '../model/document.js';
import { unionOf } from '../model/geometry.js';
import type { Cell, Table, TableStructure } from '../model/table.js';
import { BULLET, ENUMERATOR, isListStart, joinLines, TRAILING_LEADERS } from '../model/text.js';
import type { TraceEntry } from '../model/trace.js';
import { readingSort } from '../model/typography.js';

export interface AssembledPage {
  page: Page;
  furniture: Map<TextLine, FurnitureLabel>;
  units: Unit[];
}

/** List items whose left edges are within this many ems share a nesting level. */
const SAME_INDENT = 0.8;

export function assemble(pages: readonly AssembledPage[]): Block[] {
  const blocks: Block[] = [];
  for (const { page, furniture, units } of pages) {
    const margins = page.lines.filter((l) => furniture.has(l)).map((line) => furnitureBlock(page, line, furniture.get(line)!));
    blocks.push(...margins.filter((b) => b.type === 'header' || b.type === 'aside_text'));
    for (const unit of units) blocks.push(...(unit.kind === 'paragraph' ? paragraphBlocks(page, unit.paragraph) : [regionBlock(page, unit.placed)]));
    blocks.push(...margins.filter((b) => b.type === 'footer' || b.type === 'page_number'));
  }
  return blocks;
}

function furnitureBlock(page: Page, line: TextLine, label: FurnitureLabel): Block {
  return { type: label.kind, pageIndex: page.index, box: line.box, text: line.text, trace: [label.trace] };
}

function textOf(lines: readonly TextLine[]): string {
  return joinLines(lines.map((l) => l.text));
}

/** A paragraph's block; a reference list gives one block per entry. */
function paragraphBlocks(page: Page, p: LabelledParagraph): Block[] {
  const pageIndex = page.index;
  const box = p.equation?.box ?? unionOf(p.lines);
  const trace = p.trace;
  switch (p.label) {
    case 'equation':
      return [{ type: 'equation', pageIndex, box, latex: p.equation?.latex ?? textOf(p.lines), trace: [...trace, ...(p.equation?.trace ?? [])] }];
    case 'code':
      return [{ type: 'code', pageIndex, box, code: codeText(p.lines), subType: 'code', trace }];
    case 'list':
      return [{ type: 'list', pageIndex, box, items: listItems(p.lines), subType: 'text', trace }];
    case 'ref_text': {
      const entries = isListStart(p.lines[0]!.text) ? listItems(p.lines).map((i) => i.text) : [textOf(p.lines)];
      return entries.filter((t) => t.trim()).map((text) => ({ type: 'ref_text', pageIndex, box, text, trace }));
    }
    case 'caption':
      // A caption no float took reads as text where it stands.
      return [{ type: 'text', pageIndex, box, text: textOf(p.lines), trace }];
    default:
      return [{ type: p.label, pageIndex, box, text: textOf(p.lines), trace }];
  }
}

function regionBlock(page: Page, placed: PlacedRegion): Block {
  const { region } = placed;
  const captions = placed.captions.map((c) => textOf(c.lines));
  const trace: TraceEntry[] = [...region.trace, ...placed.captions.flatMap((c) => c.trace.filter((t) => t.stage === 'floats'))];
  if (region.kind === 'table') {
    return { type: 'table', pageIndex: page.index, box: region.box, table: tableStructure(region.table), captions, footnotes: placed.notes.map((n) => textOf(n.lines)), trace };
  }
  return { type: region.kind, pageIndex: page.index, box: region.box, captions, footnotes: placed.notes.map((n) => textOf(n.lines)), trace };
}

/**
 * A table's cells with their text, read row by row and left to right (as laid out on the page,
 * right-to-left tables too: grids as camelot and tabula give them), hyphenation undone; the
 * leader dots that run a row label out to its values are layout, not text.
 */
function tableStructure(table: Table): TableStructure {
  const text = (c: Cell) => {
    const all = textOf(readingSort(c.lines));
    return all.replace(TRAILING_LEADERS, '') || all;
  };
  return { rows: table.rows, cols: table.cols, cells: table.cells.map((c: Cell) => ({ row: c.row, col: c.col, rowSpan: c.rowSpan, colSpan: c.colSpan, text: text(c) })) };
}

/**
 * The items of a list: each starts at a bullet or enumerator line; other lines continue the
 * item above. Nesting depth comes from the item's indentation among the list's indents.
 */
function listItems(lines: readonly TextLine[]): ListItem[] {
  const groups: TextLine[][] = [];
  for (const line of lines) {
    if (isListStart(line.text) || !groups.length) groups.push([line]);
    else groups[groups.length - 1]!.push(line);
  }
  const indents: number[] = [];
  for (const g of groups) {
    const x = g[0]!.box[0];
    if (!indents.some((i) => Math.abs(i - x) < SAME_INDENT * g[0]!.fontSize)) indents.push(x);
  }
  indents.sort((a, b) => a - b);
  return groups.map((g) => {
    const first = g[0]!;
    return {
      text: textOf(g).replace(BULLET, ''),
      enumerated: ENUMERATOR.test(first.text) && !BULLET.test(first.text),
      level: Math.max(0, indents.findIndex((i) => Math.abs(i - first.box[0]) < SAME_INDENT * first.fontSize)),
    };
  });
}

/** Code with its indentation, rebuilt from the lines' left edges in character widths. */
function codeText(lines: readonly TextLine[]): string {
  const left = Math.min(...lines.map((l) => l.box[0]));
  return lines
    .map((l) => {
      const charWidth = l.text.length ? (l.box[2] - l.box[0]) / l.text.length : l.fontSize * 0.6;
      const indent = charWidth > 0 ? Math.round((l.box[0] - left) / charWidth) : 0;
      return ' '.repeat(Math.max(0, indent)) + l.text;
    })
    .join('\n');
}

