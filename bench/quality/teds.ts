// TEDS (Tree-Edit-Distance-based Similarity) of HTML tables, as defined by PubTabNet and used
// by OmniDocBench: TEDS = 1 - TED(T1, T2) / max(|T1|, |T2|), where TED is the optimal tree edit
// distance (insert and delete cost 1; renaming costs 1 between different tags or different
// colspan/rowspan, and the normalized Levenshtein distance of the cell contents, as token lists,
// between two cells) and |T| counts every element under <table>. TEDS-S ignores cell contents.
// Tables are first normalized as OmniDocBench does: th becomes td; thead, tbody and tfoot are
// unwrapped; span, div, p, sup and sub are dropped (their text kept); entities decoded; NFKC;
// whitespace runs become one space.
import { distance } from 'fastest-levenshtein';

export interface TableNode {
  tag: string;
  colspan: number;
  rowspan: number;
  /** Cell contents as tokens (characters, and inline tags such as "<b>", "</b>"); td only. */
  content: string[];
  /** A th cell, or a cell in thead (TEDS ignores this; olmOCR's table tests use it). */
  heading?: boolean;
  children: TableNode[];
}

/** Tags OmniDocBench removes while keeping what they contain. */
const UNWRAPPED = new Set(['thead', 'tbody', 'tfoot', 'span', 'div', 'p', 'sup', 'sub']);
const VOID = new Set(['br', 'hr', 'img', 'col', 'wbr', 'input', 'meta', 'link']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the named entities XML and HTML tables use, and numeric ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function spanOf(attributes: string, name: string): number {
  const m = new RegExp(`${name}\\s*=\\s*["']?\\s*(\\d+)`, 'i').exec(attributes);
  return m ? Number(m[1]) : 1;
}

/**
 * The first <table> of an HTML string as a tree (null when there is none). A new row or cell
 * closes the open cell (and a new row the open row), as in HTML; tags inside a cell are tokens
 * of its content, not nodes of the tree.
 */
export function parseTable(html: string): TableNode | null {
  const start = html.search(/<table\b/i);
  if (start < 0) return null;
  const tokens = html.slice(start).match(/<!--[\s\S]*?-->|<\/?[a-zA-Z][^>]*>|[^<]+|</g) ?? [];
  const root: TableNode = { tag: 'table', colspan: 1, rowspan: 1, content: [], children: [] };
  const stack: TableNode[] = [root];
  const top = () => stack[stack.length - 1]!;
  let inHead = false;
  const closeTo = (name: string) => {
    for (let at = stack.length - 1; at > 0; at--) {
      if (stack[at]!.tag === name) {
        stack.length = at;
        return;
      }
    }
  };
  for (const token of tokens.slice(1)) {
    if (token.startsWith('<!--')) continue;
    const cell = top().tag === 'td' ? top() : undefined;
    const tag = /^<\/?([a-zA-Z][a-zA-Z0-9]*)/.exec(token);
    if (!tag) {
      cell?.content.push(...Array.from(decodeEntities(token).normalize('NFKC').replace(/\s+/g, ' ')));
      continue;
    }
    const raw = tag[1]!.toLowerCase();
    const name = raw === 'th' ? 'td' : raw;
    const closing = token.startsWith('</');
    if (raw === 'thead') inHead = !closing;
    if (closing && name === 'table') break;
    if (UNWRAPPED.has(name) || name === 'table') continue;
    if (name === 'td' || name === 'tr') {
      if (name === 'tr') closeTo('tr');
      closeTo('td');
      if (closing) continue;
      const attributes = token.slice(tag[0].length);
      const node: TableNode = { tag: name, colspan: spanOf(attributes, 'colspan'), rowspan: spanOf(attributes, 'rowspan'), content: [], children: [] };
      if (name === 'td' && (raw === 'th' || inHead)) node.heading = true;
      top().children.push(node);
      stack.push(node);
    } else if (cell) {
      // Inline markup in a cell (b, i, br...): tokens of the content, closed at once when void.
      cell.content.push(closing ? `</${name}>` : `<${name}>`);
      if (!closing && (VOID.has(name) || token.endsWith('/>'))) cell.content.push(`</${name}>`);
    } else if (closing) {
      closeTo(name);
    } else {
      const node: TableNode = { tag: name, colspan: 1, rowspan: 1, content: [], children: [] };
      top().children.push(node);
      if (!VOID.has(name) && !token.endsWith('/>')) stack.push(node);
    }
  }
  return root;
}

/** Each cell of a parsed table with its top-left grid position, spans laid out as HTML does. */
export function placeCells(table: TableNode): { cell: TableNode; row: number; col: number }[] {
  const taken: boolean[][] = [];
  const placed: { cell: TableNode; row: number; col: number }[] = [];
  table.children
    .filter((n) => n.tag === 'tr')
    .forEach((tr, row) => {
      let col = 0;
      for (const cell of tr.children.filter((n) => n.tag === 'td')) {
        while (taken[row]?.[col]) col++;
        placed.push({ cell, row, col });
        for (let r = row; r < row + cell.rowspan; r++) for (let c = col; c < col + cell.colspan; c++) (taken[r] ??= [])[c] = true;
        col += cell.colspan;
      }
    });
  return placed;
}

/** Nodes in postorder with their leftmost-leaf indices, as Zhang–Shasha needs them. */
interface Flat {
  nodes: TableNode[];
  leftmost: Int32Array;
  keyroots: number[];
}

function flatten(root: TableNode): Flat {
  const nodes: TableNode[] = [];
  const left: number[] = [];
  const walk = (n: TableNode): number => {
    let first = -1;
    for (const c of n.children) {
      const l = walk(c);
      if (first < 0) first = l;
    }
    nodes.push(n);
    const self = nodes.length - 1;
    left.push(first < 0 ? self : first);
    return left[self]!;
  };
  walk(root);
  // Keyroots: the root and every node with a left sibling (the highest node per leftmost leaf).
  const highest = new Map<number, number>();
  left.forEach((l, i) => highest.set(l, i));
  return { nodes, leftmost: Int32Array.from(left), keyroots: [...highest.values()].sort((a, b) => a - b) };
}

/** Elements under <table> (the table itself not counted), inline elements in cells included. */
function countNodes(root: TableNode): number {
  let n = 0;
  const walk = (node: TableNode) => {
    for (const c of node.children) {
      n += 1 + (c.tag === 'td' ? c.content.filter((t) => t.startsWith('<') && !t.startsWith('</') && t.length > 1).length : 0);
      walk(c);
    }
  };
  walk(root);
  return n;
}

/** Cell contents as strings of one code unit per token, so Levenshtein can compare token lists. */
function encodeContents(a: TableNode[], b: TableNode[]): [string[], string[]] {
  const codes = new Map<string, string>();
  const encode = (n: TableNode) =>
    n.content
      .map((t) => {
        let c = codes.get(t);
        if (c === undefined) codes.set(t, (c = String.fromCharCode(codes.size + 1)));
        return c;
      })
      .join('');
  return [a.map(encode), b.map(encode)];
}

/** Optimal tree edit distance (Zhang–Shasha; the same optimum as APTED) with TEDS costs. */
function treeEditDistance(t1: TableNode, t2: TableNode, structureOnly: boolean): number {
  const a = flatten(t1);
  const b = flatten(t2);
  const [textA, textB] = structureOnly ? [[], []] : encodeContents(a.nodes, b.nodes);
  const n1 = a.nodes.length;
  const n2 = b.nodes.length;
  const rename = (i: number, j: number): number => {
    const x = a.nodes[i]!;
    const y = b.nodes[j]!;
    if (x.tag !== y.tag || x.colspan !== y.colspan || x.rowspan !== y.rowspan) return 1;
    if (x.tag !== 'td' || structureOnly) return 0;
    const s = textA[i]!;
    const t = textB[j]!;
    return s.length || t.length ? distance(s, t) / Math.max(s.length, t.length) : 0;
  };
  const tree = new Float64Array(n1 * n2);
  const forest = new Float64Array((n1 + 1) * (n2 + 1));
  const w = n2 + 1;
  for (const i of a.keyroots) {
    const li = a.leftmost[i]!;
    for (const j of b.keyroots) {
      const lj = b.leftmost[j]!;
      const rows = i - li + 2;
      const cols = j - lj + 2;
      forest[0] = 0;
      for (let x = 1; x < rows; x++) forest[x * w] = x;
      for (let y = 1; y < cols; y++) forest[y] = y;
      for (let x = 1; x < rows; x++) {
        const i1 = li + x - 1;
        const li1 = a.leftmost[i1]!;
        for (let y = 1; y < cols; y++) {
          const j1 = lj + y - 1;
          const lj1 = b.leftmost[j1]!;
          const edit = Math.min(forest[(x - 1) * w + y]! + 1, forest[x * w + y - 1]! + 1);
          if (li1 === li && lj1 === lj) {
            const d = Math.min(edit, forest[(x - 1) * w + y - 1]! + rename(i1, j1));
            forest[x * w + y] = d;
            tree[i1 * n2 + j1] = d;
          } else {
            forest[x * w + y] = Math.min(edit, forest[(li1 - li) * w + (lj1 - lj)]! + tree[i1 * n2 + j1]!);
          }
        }
      }
    }
  }
  return tree[(n1 - 1) * n2 + (n2 - 1)]!;
}

/** A cell's text: its content tokens without the inline tags. */
export function cellText(cell: TableNode): string {
  return cell.content.filter((t) => !(t.length > 1 && t.startsWith('<'))).join('');
}

/** TEDS of a predicted table against the true one (HTML strings); 0 when either has no table. */
export function teds(predicted: string, truth: string, options: { structureOnly?: boolean } = {}): number {
  const p = parseTable(predicted);
  const t = parseTable(truth);
  if (!p || !t) return 0;
  const nodes = Math.max(countNodes(p), countNodes(t));
  if (nodes === 0) return 1;
  return 1 - treeEditDistance(p, t, options.structureOnly ?? false) / nodes;
}
