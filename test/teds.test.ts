// TEDS, checked on small tables whose tree edit distance is worked out by hand.
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { parseTable, teds, type TableNode } from '../bench/quality/teds.js';

const table = (...rows: string[]) => `<table>${rows.map((r) => `<tr>${r}</tr>`).join('')}</table>`;

describe('parseTable', () => {
  it('reads rows and cells with spans, th as td, thead/tbody unwrapped, content as tokens', () => {
    const t = parseTable('<p>x</p><table><thead><tr><th colspan="2">A &amp; B</th></tr></thead><tbody><tr><td rowspan=2>1<b>2</b></td><td>3</td></tr></tbody></table>')!;
    expect(t.children.map((r) => r.tag)).toEqual(['tr', 'tr']);
    const [head, body] = t.children;
    expect(head!.children[0]).toMatchObject({ tag: 'td', colspan: 2, rowspan: 1, content: Array.from('A & B') });
    expect(body!.children[0]).toMatchObject({ tag: 'td', colspan: 1, rowspan: 2, content: ['1', '<b>', '2', '</b>'], children: [] });
    expect(body!.children[1]!.content).toEqual(['3']);
  });

  it('closes unclosed cells and rows as HTML does', () => {
    const t = parseTable('<table><tr><td>a<td>b<tr><td>c</table>')!;
    expect(t.children.map((r) => r.children.map((c) => c.content.join('')))).toEqual([['a', 'b'], ['c']]);
  });

  it('is null without a table', () => {
    expect(parseTable('no table here')).toBeNull();
  });
});

describe('teds', () => {
  const truth = table('<td>a</td><td>b</td>', '<td>c</td><td>d</td>');

  it('is 1 for identical tables, whatever the markup around them', () => {
    expect(teds(truth, truth)).toBe(1);
    expect(teds('<table><tbody>\n<tr><th>a</th><td>b</td></tr>\n<tr><td>c</td><td>d</td></tr></tbody></table>', truth)).toBe(1);
  });

  it('renames one cell: cost = normalized Levenshtein of the contents', () => {
    // 6 nodes (2 tr + 4 td); "d" -> "x" costs 1.
    expect(teds(table('<td>a</td><td>b</td>', '<td>c</td><td>x</td>'), truth)).toBeCloseTo(1 - 1 / 6, 10);
    // "abcd" -> "abed": 1 edit of 4 tokens.
    expect(teds(table('<td>abed</td>'), table('<td>abcd</td>'))).toBeCloseTo(1 - 0.25 / 2, 10);
  });

  it('deletes a missing cell and divides by the larger tree', () => {
    // Truth has 6 nodes, prediction 5: one deletion.
    expect(teds(table('<td>a</td><td>b</td>', '<td>c</td>'), truth)).toBeCloseTo(1 - 1 / 6, 10);
    // A missing row: delete tr and its two cells.
    expect(teds(table('<td>a</td><td>b</td>'), truth)).toBeCloseTo(1 - 3 / 6, 10);
  });

  it('TEDS-S ignores contents but not structure', () => {
    const wrongText = table('<td>w</td><td>x</td>', '<td>y</td><td>z</td>');
    expect(teds(wrongText, truth)).toBeCloseTo(1 - 4 / 6, 10);
    expect(teds(wrongText, truth, { structureOnly: true })).toBe(1);
    expect(teds(table('<td>a</td><td>b</td>'), truth, { structureOnly: true })).toBeCloseTo(0.5, 10);
  });

  it('counts a different colspan or rowspan as a rename of cost 1', () => {
    const spanned = table('<td colspan="2">x</td>', '<td>1</td><td>2</td>');
    const split = table('<td>x</td><td></td>', '<td>1</td><td>2</td>');
    // Truth 5 nodes, prediction 6: rename the spanning cell (1) and insert the empty cell (1).
    expect(teds(split, spanned)).toBeCloseTo(1 - 2 / 6, 10);
    expect(teds(split, spanned, { structureOnly: true })).toBeCloseTo(1 - 2 / 6, 10);
    expect(teds(table('<td rowspan="2">x</td>'), table('<td>x</td>'))).toBeCloseTo(0.5, 10);
  });

  it('counts inline elements of cells in the size, as PubTabNet does', () => {
    // Truth: tr, td, b = 3 nodes; contents "<b>","a","</b>" vs "a": 2 edits of 3 tokens.
    expect(teds(table('<td>a</td>'), table('<td><b>a</b></td>'))).toBeCloseTo(1 - 2 / 3 / 3, 10);
  });

  it('is 0 when either side has no table', () => {
    expect(teds('', truth)).toBe(0);
    expect(teds(truth, 'text')).toBe(0);
  });

  it('scores tables of a thousand cells', () => {
    const rows = (n: number, shift: number) =>
      Array.from({ length: n }, (_, r) => `<tr>${Array.from({ length: 10 }, (_, c) => `<td>${r * 10 + c + shift}</td>`).join('')}</tr>`).join('');
    const big = `<table>${rows(100, 0)}</table>`;
    const other = `<table>${rows(98, 1)}</table>`;
    expect(teds(big, big)).toBe(1);
    const score = teds(other, big);
    expect(score).toBeGreaterThan(0.5);
    expect(score).toBeLessThan(1);
  });
});

/**
 * Tree edit distance straight from its recursive definition on forests (rightmost roots),
 * memoized: slow, but obviously right, to check the Zhang–Shasha implementation against.
 */
function referenceDistance(a: TableNode, b: TableNode): number {
  const size = (f: TableNode[]): number => f.reduce((n, t) => n + 1 + size(t.children), 0);
  const rename = (x: TableNode, y: TableNode) => {
    if (x.tag !== y.tag || x.colspan !== y.colspan || x.rowspan !== y.rowspan) return 1;
    if (x.tag !== 'td' || (!x.content.length && !y.content.length)) return 0;
    // Tokens compared as units: each distinct token becomes one character.
    const codes = new Map<string, string>();
    const code = (token: string) => codes.get(token) ?? (codes.set(token, String.fromCharCode(65 + codes.size)), codes.get(token)!);
    return distance(x.content.map(code).join(''), y.content.map(code).join('')) / Math.max(x.content.length, y.content.length);
  };
  const ids = new Map<TableNode, number>();
  const key = (f: TableNode[]) => f.map((n) => ids.get(n) ?? (ids.set(n, ids.size), ids.get(n))).join(',');
  const memo = new Map<string, number>();
  const fd = (f: TableNode[], g: TableNode[]): number => {
    if (!f.length || !g.length) return size(f) + size(g);
    const k = `${key(f)}|${key(g)}`;
    const known = memo.get(k);
    if (known !== undefined) return known;
    const v = f[f.length - 1]!;
    const w = g[g.length - 1]!;
    const result = Math.min(
      fd([...f.slice(0, -1), ...v.children], g) + 1,
      fd(f, [...g.slice(0, -1), ...w.children]) + 1,
      fd(v.children, w.children) + fd(f.slice(0, -1), g.slice(0, -1)) + rename(v, w),
    );
    memo.set(k, result);
    return result;
  };
  return fd([a], [b]);
}

describe('teds against the definition', () => {
  it('agrees with the recursive tree edit distance on random small tables', () => {
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) >>> 0) % n;
    const randomTable = () => {
      const rows = Array.from({ length: 1 + rand(3) }, () =>
        Array.from({ length: 1 + rand(3) }, () => {
          const span = rand(4) === 0 ? ` colspan="2"` : rand(5) === 0 ? ` rowspan="2"` : '';
          return `<td${span}>${['', 'a', 'ab', 'ba', 'abc', '<b>a</b>'][rand(6)]}</td>`;
        }).join(''),
      );
      return table(...rows);
    };
    for (let i = 0; i < 200; i++) {
      const [x, y] = [randomTable(), randomTable()];
      const [p, t] = [parseTable(x)!, parseTable(y)!];
      const nodes = (n: TableNode): number => n.children.reduce((k, c) => k + 1 + nodes(c) + (c.tag === 'td' ? c.content.filter((s) => s.length > 1 && !s.startsWith('</')).length : 0), 0);
      const expected = 1 - referenceDistance(p, t) / Math.max(nodes(p), nodes(t));
      expect(teds(x, y)).toBeCloseTo(expected, 10);
    }
  });
});
