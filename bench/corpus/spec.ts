// What a generated document says, before any typesetting system sets it: a sequence of
// abstract blocks (headings, paragraphs, lists, tables, figures, …) that each family's renderer
// turns into LaTeX, HTML or OpenDocument. The registry gives every block (and every list item,
// table cell and diagram label) an id, and the colour that encodes it in the truth rendering.
import type { BlockType, TruthBlock } from './truth.js';
import type { Content } from './random.js';

export interface SpecCell {
  text: string;
  rowspan?: number;
  colspan?: number;
  header?: boolean;
}

/**
 * How a table is ruled: a full grid ('ruled'), top, head and bottom rules ('booktabs'), none
 * ('borderless', 'dotleader': leader dots after the row labels), shaded rows ('striped'), or a rule
 * under every row and none between columns ('rowruled': Bootstrap's `.table`, Word's plain table
 * styles, a LaTeX tabular with \hline after each row and no `|`).
 */
export type TableStyle = 'booktabs' | 'ruled' | 'borderless' | 'dotleader' | 'striped' | 'rowruled';

export type SpecBlock =
  | { kind: 'heading'; level: number; text: string; number?: string; role?: string }
  | { kind: 'paragraph'; text: string; runIn?: string; footnote?: string; marginNote?: string; role?: string }
  | { kind: 'list'; enumerated: boolean; loose: boolean; items: Array<{ text: string; level: number }>; references?: boolean }
  | { kind: 'table'; caption?: string; rows: SpecCell[][]; headRows: number; style: TableStyle; notes?: string; wide?: boolean; sideBySide?: boolean; words?: boolean }
  | { kind: 'figure'; figure: 'diagram' | 'chart' | 'image'; labels: string[]; caption: string; wrap?: boolean }
  | { kind: 'equation'; latex: string }
  | { kind: 'code'; lines: string[] }
  | { kind: 'fields'; role: 'memo-field' | 'infobox' | 'document-control' | 'form'; title?: string; fields: Array<[string, string]> };

/** Colour of an id: 5 bits per channel, each in the middle of an 8-wide bin (robust to rounding). */
export function idColour(id: number): [number, number, number] {
  if (id <= 0 || id >= 1 << 15) throw new Error(`colour id out of range: ${id}`);
  return [((id >> 10) & 31) * 8 + 4, ((id >> 5) & 31) * 8 + 4, (id & 31) * 8 + 4];
}

/** The id a fill colour encodes (0: black text, no block). */
export function colourId(r: number, g: number, b: number): number {
  return ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
}

export type PartKind = 'item' | 'cell' | 'label' | 'marker';

export interface Part {
  block: number;
  kind: PartKind;
  /** Item index, cell index or label index within the block. */
  index: number;
}

/**
 * A block before its glyphs are read back: everything the source says. Furniture blocks set by
 * the typesetter on every page (running heads, page numbers) take their text from the glyphs
 * of each page (`textFromGlyphs`).
 */
export type PendingBlock = Omit<TruthBlock, 'boxes' | 'lines'> & { textFromGlyphs?: boolean; furniturePerPage?: boolean; specRows?: SpecCell[][] };

export class Registry {
  readonly blocks: PendingBlock[] = [];
  readonly parts = new Map<number, Part>();
  private nextId = 1;

  private take(): number {
    return this.nextId++;
  }

  block(type: BlockType, fields: Omit<PendingBlock, 'id' | 'type'>): number {
    const id = this.take();
    this.blocks.push({ id, type, ...fields });
    return id;
  }

  /** A sub-part of a block (list item, table cell, diagram label, figure marker) with its own colour. */
  part(block: number, kind: PartKind, index: number): number {
    const id = this.take();
    this.parts.set(id, { block, kind, index });
    return id;
  }

  get(id: number): PendingBlock {
    const b = this.blocks.find((x) => x.id === id);
    if (!b) throw new Error(`no block ${id}`);
    return b;
  }
}

/** Minimal HTML of a table (what TEDS compares): <table><tr><td colspan rowspan>. */
export function tableHtml(rows: SpecCell[][]): string {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const tr = rows.map((row) => '<tr>' + row.map((c) => `<td${(c.colspan ?? 1) > 1 ? ` colspan="${c.colspan}"` : ''}${(c.rowspan ?? 1) > 1 ? ` rowspan="${c.rowspan}"` : ''}>${esc(c.text)}</td>`).join('') + '</tr>');
  return `<table>${tr.join('')}</table>`;
}

/** Grid positions of a table's cells (HTML row/col with spans), in row-major order. */
export function placeSpecCells(rows: SpecCell[][]): Array<{ row: number; col: number; cell: SpecCell }> {
  const taken = new Set<string>();
  const placed: Array<{ row: number; col: number; cell: SpecCell }> = [];
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      while (taken.has(`${r},${c}`)) c++;
      placed.push({ row: r, col: c, cell });
      for (let dr = 0; dr < (cell.rowspan ?? 1); dr++) for (let dc = 0; dc < (cell.colspan ?? 1); dc++) taken.add(`${r + dr},${c + dc}`);
      c += cell.colspan ?? 1;
    }
  });
  return placed;
}

export function columnCount(rows: SpecCell[][]): number {
  return Math.max(...placeSpecCells(rows).map((p) => p.col + (p.cell.colspan ?? 1)));
}

export interface TableOptions {
  cols?: number;
  rows?: number;
  spans?: boolean;
  wrapped?: boolean;
  numeric?: boolean;
  /** A table of words: text cells of 1–12 words, one column of short sentences that wrap in a narrow column. */
  words?: boolean;
}

/** Heads of word tables ("Term | Definition | Notes"). */
const WORD_HEADS = [
  ['Term', 'Definition', 'Notes', 'Source'],
  ['Item', 'Description', 'Status', 'Owner'],
  ['Option', 'Effect', 'Default', 'Remarks'],
  ['Step', 'Action', 'Result', 'Comment'],
  ['Risk', 'Mitigation', 'Owner', 'Review'],
  ['Role', 'Responsibilities', 'Reports to', 'Notes'],
];

/** `n` words: a word or a phrase for one or two, else the first `n` words of a sentence, capitalised, without its full stop. */
function someWords(c: Content, n: number): string {
  if (n <= 2) {
    const t = n === 1 ? c.word() : c.phrase(2);
    return t[0]!.toUpperCase() + t.slice(1);
  }
  const words: string[] = [];
  while (words.length < n) words.push(...c.sentence().replace(/\.$/, '').split(/\s+/));
  const text = words.slice(0, n).join(' ').replace(/[,;:(]+$/, '');
  return text[0]!.toUpperCase() + text.slice(1);
}

/**
 * A table of words: a head row, a column of terms (1–3 words), one column of short sentences
 * (4–12 words, which wrap in a narrow column) and the others short phrases (1–6 words).
 */
function wordTable(c: Content, opts: TableOptions): { rows: SpecCell[][]; headRows: number } {
  const r = c.rng;
  const cols = Math.min(4, opts.cols ?? r.int(2, 4));
  const bodyRows = opts.rows ?? r.int(2, 6);
  const named = r.pick(WORD_HEADS);
  const heads = r.chance(0.6) ? named.slice(0, cols) : Array.from({ length: cols }, () => someWords(c, r.int(1, 2)));
  const wide = r.int(1, cols - 1);
  const rows: SpecCell[][] = [heads.map((text) => ({ text, header: true }))];
  for (let i = 0; i < bodyRows; i++) {
    const row: SpecCell[] = [{ text: r.chance(0.4) ? someWords(c, 1) : c.phrase(r.int(2, 4)) }];
    for (let j = 1; j < cols; j++) row.push({ text: someWords(c, j === wide ? r.int(4, 12) : r.int(1, 6)) });
    rows.push(row);
  }
  return { rows, headRows: 1 };
}

/** A data table: one or two head rows (a spanning group header when `spans`), a row label column, numbers or short text. */
export function randomTable(c: Content, opts: TableOptions = {}): { rows: SpecCell[][]; headRows: number } {
  if (opts.words) return wordTable(c, opts);
  const r = c.rng;
  const cols = opts.cols ?? r.int(3, 6);
  const bodyRows = opts.rows ?? r.int(3, 9);
  const rows: SpecCell[][] = [];
  let headRows = 1;
  const headText = () => (r.chance(0.5) ? c.word() : c.phrase(2));
  const headWord = () => {
    const t = headText();
    return t[0]!.toUpperCase() + t.slice(1);
  };
  if (opts.spans && cols >= 4) {
    // A group header spanning the value columns, the row label column spanning both head rows.
    const groupCols = cols - 1;
    const first = Math.max(1, Math.floor(groupCols / 2));
    rows.push([
      { text: headWord(), rowspan: 2, header: true },
      { text: headWord(), colspan: first, header: true },
      { text: headWord(), colspan: groupCols - first, header: true },
    ]);
    rows.push(Array.from({ length: groupCols }, () => ({ text: String(r.int(2015, 2026)), header: true })));
    headRows = 2;
  } else {
    rows.push(Array.from({ length: cols }, () => ({ text: headWord(), header: true })));
  }
  for (let i = 0; i < bodyRows; i++) {
    const label = opts.wrapped && r.chance(0.4) ? c.sentence().slice(0, r.int(40, 70)).replace(/\s+\S*$/, '') : c.phrase(r.int(1, 3));
    const row: SpecCell[] = [{ text: label }];
    for (let j = 1; j < cols; j++) row.push({ text: opts.numeric === false ? c.word() : c.number() });
    rows.push(row);
  }
  if (opts.spans && bodyRows > 3 && r.chance(0.5)) {
    // A row label spanning two body rows.
    const at = headRows + r.int(0, bodyRows - 2);
    rows[at]![0]!.rowspan = 2;
    rows[at + 1]!.shift();
  }
  return { rows, headRows };
}

/** A display equation's LaTeX (what the truth gives for equation blocks). */
export function randomEquation(c: Content): string {
  const r = c.rng;
  const v = r.pick(['x', 'y', 'u', 'z', 'p', 'q']);
  const w = r.pick(['a', 'b', 'k', 'n', 'm']);
  return r.pick([
    `${v}_{${w}} = \\frac{1}{N} \\sum_{i=1}^{N} ${v}_{i}^{2}`,
    `E = \\int_{0}^{\\infty} ${v}(t) e^{-${w} t} \\, dt`,
    `\\sigma^{2} = \\frac{1}{n-1} \\sum_{j=1}^{n} ( ${v}_{j} - \\bar{${v}} )^{2}`,
    `f(${v}) = \\alpha ${v}^{2} + \\beta ${v} + \\gamma`,
    `P( ${v} \\mid ${w} ) = \\frac{P( ${w} \\mid ${v} ) P( ${v} )}{P( ${w} )}`,
    `\\mathbf{${v}}_{t+1} = \\mathbf{${v}}_{t} - \\eta \\nabla L ( \\mathbf{${v}}_{t} )`,
  ]);
}

export function randomCode(c: Content): string[] {
  const r = c.rng;
  const fn = r.pick(['load_samples', 'normalize', 'compute_margin', 'retry_request', 'parse_header', 'update_index']);
  const arg = r.pick(['items', 'rows', 'values', 'batch']);
  const lines = [`def ${fn}(${arg}, limit=${r.int(2, 64)}):`, `    result = []`, `    for entry in ${arg}:`, `        if entry.score > ${r.range(0, 1).toFixed(2)}:`, `            result.append(entry.value * ${r.int(2, 9)})`, `    return result[:limit]`];
  return lines.slice(0, r.int(4, 6)).concat(lines.length > 6 ? [] : [lines[lines.length - 1]!]).filter((l, i, a) => a.indexOf(l) === i);
}

export interface BodyOptions {
  sections: number;
  /** Deepest heading level to use (2 sections, 3 subsections, 4 subsubsections). */
  depth: number;
  numbered: boolean;
  /** Numbers printed as "2.1." (with the trailing dot) or "2.1". */
  trailingDot?: boolean;
  runIn?: boolean;
  lists?: boolean;
  tables?: boolean;
  figures?: boolean;
  equations?: boolean;
  code?: boolean;
  footnotes?: boolean;
  marginNotes?: boolean;
  /** Table styles this family uses. */
  tableStyles?: TableStyle[];
  figureKinds?: Array<'diagram' | 'chart' | 'image'>;
  references?: boolean;
  paragraphsPerSection?: [number, number];
}

/** Rolls from 0.2 (where tables start) below this make a table of words: a quarter of the tables. */
const WORD_TABLE_ROLL = 0.23;

/** The body of a document: sections of paragraphs with lists, tables, figures, equations and code between them. */
export function randomBody(c: Content, o: BodyOptions): SpecBlock[] {
  const r = c.rng;
  const out: SpecBlock[] = [];
  const topics = r.sample([...c.domain.topics], o.sections);
  for (let s = 0; s < o.sections; s++) {
    const number = (parts: number[]) => (o.numbered ? parts.join('.') + (o.trailingDot ? '.' : '') : undefined);
    out.push({ kind: 'heading', level: 2, text: topics[s] ?? c.phrase(), number: number([s + 1]) });
    const subsections = o.depth >= 3 ? r.int(0, 3) : 0;
    const chunks = Math.max(1, subsections);
    for (let k = 0; k < chunks; k++) {
      if (subsections) out.push({ kind: 'heading', level: 3, text: c.phrase(r.int(2, 5)), number: number([s + 1, k + 1]) });
      const [lo, hi] = o.paragraphsPerSection ?? [1, 3];
      for (let p = r.int(lo, hi); p > 0; p--) {
        const para: SpecBlock = { kind: 'paragraph', text: c.paragraph() };
        if (o.runIn && r.chance(0.25)) para.runIn = c.phrase(r.int(2, 4)) + '.';
        if (o.footnotes && r.chance(0.15)) para.footnote = c.sentence();
        if (o.marginNotes && r.chance(0.12)) para.marginNote = c.phrase(2);
        out.push(para);
        const roll = r.next();
        if (o.lists && roll < 0.2) {
          const enumerated = r.chance(0.4);
          const items: Array<{ text: string; level: number }> = [];
          for (let i = r.int(2, 6); i > 0; i--) {
            items.push({ text: c.item(), level: 0 });
            if (r.chance(0.15)) items.push({ text: c.item(false), level: 1 });
          }
          out.push({ kind: 'list', enumerated, loose: r.chance(0.35), items });
        } else if (o.tables && roll < 0.32) {
          // A quarter of the tables are tables of words: taken from the roll already drawn, so that
          // documents without one draw as before up to their first table.
          const words = roll >= 0.2 && roll < WORD_TABLE_ROLL;
          const t = randomTable(c, { spans: r.chance(0.35), wrapped: r.chance(0.3), words });
          out.push({ kind: 'table', caption: r.chance(0.9) ? `${c.phrase(r.int(2, 5))}${r.chance(0.3) ? '. ' + c.sentence() : ''}` : undefined, ...t, style: r.pick(o.tableStyles ?? ['booktabs', 'ruled', 'borderless']), notes: r.chance(0.2) ? `Note: ${c.sentence()}` : undefined, ...(words ? { words } : {}) });
        } else if (o.figures && roll < 0.44) {
          const labels = Array.from({ length: r.int(2, 5) }, () => c.word());
          out.push({ kind: 'figure', figure: r.pick(o.figureKinds ?? ['diagram', 'chart', 'image']), labels, caption: `${c.phrase(r.int(2, 5))}. ${r.chance(0.5) ? c.sentence() + (r.chance(0.4) ? ' ' + c.sentence() : '') : ''}`.trim() });
        } else if (o.equations && roll < 0.52) {
          out.push({ kind: 'equation', latex: randomEquation(c) });
        } else if (o.code && roll < 0.57) {
          out.push({ kind: 'code', lines: randomCode(c) });
        }
      }
    }
  }
  if (o.references) {
    out.push({ kind: 'heading', level: 2, text: 'References' });
    out.push({ kind: 'list', enumerated: true, loose: false, references: true, items: Array.from({ length: r.int(3, 8) }, (_, i) => ({ text: c.reference(i), level: 0 })) });
  }
  return out;
}
