// TEDS, checked on small tables whose tree edit distance is worked out by hand.
import { describe, expect, it } from 'vitest';
import { parseTable, teds } from '../bench/quality/teds.js';

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
