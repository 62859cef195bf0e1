// The blocks of a parsed document, in reading order: a discriminated union on `type`, each kind
// holding its own structure (a table its cells, a list its items). Blocks are created in one
// place (analysis/assemble.ts) and rendered as Markdown and as the API's content_list.
import type { Box } from './document.js';
import type { TableStructure } from './table.js';
import type { TraceEntry } from './trace.js';

interface BlockBase {
  pageIndex: number;
  box: Box;
  /** The rules that decided this block's type, order and extent. */
  trace: TraceEntry[];
}

/** Text-like blocks: their text is what they hold. */
export interface TextBlock extends BlockBase {
  type: 'title' | 'text' | 'page_footnote' | 'ref_text' | 'header' | 'footer' | 'page_number' | 'aside_text';
  text: string;
}

export interface ListItem {
  /** The item's text, bullet glyph removed, enumerator kept. */
  text: string;
  /** Enumerated (1., a), (iii)) rather than bulleted. */
  enumerated: boolean;
  /** Nesting depth, 0 for the outermost items. */
  level: number;
}

export interface ListBlock extends BlockBase {
  type: 'list';
  items: ListItem[];
  subType: 'text' | 'ref_text';
}

export interface CodeBlock extends BlockBase {
  type: 'code';
  /** The code with its line breaks and indentation. */
  code: string;
  subType: 'code' | 'algorithm';
}

export interface EquationBlock extends BlockBase {
  type: 'equation';
  latex: string;
}

export interface TableBlock extends BlockBase {
  type: 'table';
  table: TableStructure;
  captions: string[];
  /** Notes printed right under the table. */
  footnotes: string[];
}

export interface FigureBlock extends BlockBase {
  type: 'image' | 'chart';
  captions: string[];
  /** Credit lines and notes printed with the figure ("Photo: A. Name / Reuters"). */
  footnotes: string[];
}

export type Block = TextBlock | ListBlock | CodeBlock | EquationBlock | TableBlock | FigureBlock;
export type BlockType = Block['type'];
