// The table benchmark's plumbing: ground truth conversions, region matching, and the generated
// table documents (their truth must agree with what is drawn).
import { describe, expect, it } from 'vitest';
import { passesTableTest, similarity } from '../bench/quality/olmocr-tables.js';
import { tableDocuments } from '../bench/quality/table-documents.js';
import { cellsToHtml, type PageBox } from '../bench/quality/table-html.js';
import { htmlToGrid, icdarTables, matchRegions, parseCsv, scoreRegions, scoreTables, summarizeTables, tabulaCases } from '../bench/quality/tables.js';
import type { ParseResult } from '../src/engine/parse.js';
import { extractPage } from '../src/engine/input/pdf/extract.js';
import { loadPdfium, PdfDocument } from '../src/engine/input/pdf/pdfium.js';
import type { ContentBlock } from '../src/engine/index.js';

/** A parse result holding the given tables as the API serves them (pages 1000 x 1000 points, so boxes are already 0-1000). */
function resultWithTables(tables: { page: number; box: PageBox; html: string }[]): ParseResult {
  const content_list: ContentBlock[] = tables.map((t) => ({
    type: 'table', page_idx: t.page, bbox: [...t.box], text: null, text_level: null, text_format: null,
    img_path: null, content: null, sub_type: null, list_items: null, table_body: t.html, code_body: null,
  }));
  return { markdown: tables.map((t) => t.html).join('\n\n'), page_count: 4, content_list };
}

describe('ICDAR 2013 ground truth', () => {
  const structure = `<document><table id="1"><region id="1" page="2">
    <cell id="1" start-row="0" start-col="1" end-col="2"><bounding-box x1="1" y1="1" x2="2" y2="2"/><content>Group &amp; total</content></cell>
    <cell id="1" start-row='1' start-col='0'><content>a
 b</content></cell>
    <cell id="1" start-row="1" start-col="1" end-row="2"><content>x</content></cell>
    <cell id="1" start-row="2" start-col="2"><content>y</content></cell>
  </region></table></document>`;
  const regions = `<document><table id='1'><region id='1' page='2'><instruction instr-id='1'/><bounding-box x1='60' y1='400' x2='360' y2='720'/></region></table></document>`;
  const pages = [
    { width: 600, height: 800 },
    { width: 600, height: 800 },
  ];

  it('becomes HTML with spans, empty grid positions as empty cells, text unescaped and collapsed', () => {
    const [table] = icdarTables(structure, regions, pages);
    expect(table!.html).toBe('<table><tr><td></td><td colspan="2">Group &amp; total</td></tr><tr><td>a b</td><td rowspan="2">x</td><td></td></tr><tr><td></td><td>y</td></tr></table>');
  });

  it('turns bottom-left PDF points into 0-1000 of the displayed page, top-left origin', () => {
    const [table] = icdarTables(structure, regions, pages);
    expect(table!.page).toBe(1);
    expect(table!.box).toEqual([100, 100, 600, 500]);
  });
});

describe('grids', () => {
  it('cellsToHtml and htmlToGrid expand spans as camelot writes them', () => {
    const html = cellsToHtml([
      { row: 0, col: 0, rowspan: 2, colspan: 1, text: 'A' },
      { row: 0, col: 1, rowspan: 1, colspan: 2, text: 'B' },
      { row: 1, col: 1, rowspan: 1, colspan: 1, text: '1' },
      { row: 1, col: 2, rowspan: 1, colspan: 1, text: '2' },
    ]);
    expect(htmlToGrid(html)).toEqual([
      ['A', 'B', ''],
      ['', '1', '2'],
    ]);
    expect(htmlToGrid(html, true)).toEqual([
      ['A', 'B', ''],
      ['A', '1', '2'],
    ]);
  });

  it('parseCsv reads quoted commas, quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\n"two\nlines",,x\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\nlines', '', 'x'],
    ]);
  });
});

describe('tabula-java cases', () => {
  it('come from the SOURCE.md table: page, areas, the expected file by name (JSON first)', () => {
    const md = [
      '| document | expected file(s) | page | area (top,left,bottom,right) | mode |',
      '|---|---|---|---|---|',
      '| a.pdf | expected/csv/a.csv | 1 | whole page; columns x = 59,218,331,551 | lattice |',
      '| b.pdf | expected/csv/...csv | 2 | two areas 0,0,451,212 and 0,212,451,425 (halves) | stream |',
      '| c.pdf | expected/csv/c.csv (area 1,2,3,4); expected/json/c.json (whole page) | 1 | see left | see left |',
      '| d.pdf | expected/csv/d.csv | 1 | 1,2,3,4 | lattice |',
    ].join('\n');
    const files = new Set(['csv/a.csv', 'csv/b.csv', 'csv/c.csv', 'json/c.json']);
    expect(tabulaCases(md, (f) => files.has(f))).toEqual([
      { pdf: 'a.pdf', page: 1, expected: 'csv/a.csv', areas: [] },
      { pdf: 'b.pdf', page: 2, expected: 'csv/b.csv', areas: [[0, 0, 451, 212], [0, 212, 451, 425]] },
      { pdf: 'c.pdf', page: 1, expected: 'json/c.json', areas: [] },
    ]);
  });
});

describe('region matching', () => {
  const truth = [
    { page: 0, box: [100, 100, 500, 400] as PageBox, html: '<table><tr><td>a</td><td>b</td></tr></table>' },
    { page: 1, box: [100, 100, 500, 400] as PageBox, html: '<table><tr><td>c</td></tr></table>' },
  ];

  it('matches on the same page at IoU >= 0.5, one to one', () => {
    expect(matchRegions(truth, [{ page: 0, box: [120, 110, 500, 420] }])).toEqual([0, -1]);
    // Same box on the wrong page, and a box overlapping too little.
    expect(matchRegions(truth, [{ page: 1, box: [600, 600, 900, 900] }, { page: 0, box: [100, 100, 300, 250] }])).toEqual([-1, -1]);
  });

  it('scores a missed table 0 and counts a false positive against precision', () => {
    const result = resultWithTables([
      { page: 0, box: [100, 100, 500, 400], html: '<table><tr><td>a</td><td>x</td></tr></table>' },
      { page: 0, box: [600, 600, 900, 900], html: '<table><tr><td>z</td></tr></table>' },
    ]);
    const score = scoreRegions(truth, result);
    expect(score.detection).toEqual({ truth: 2, predicted: 2, matched: 1 });
    expect(score.teds[0]).toBeCloseTo(1 - 1 / 3, 10);
    expect(score.teds[1]).toBe(0);
    expect(score.tedsStructure).toEqual([1, 0]);
  });
});

describe('olmOCR-Bench table tests', () => {
  // Region | 2023 (Q1 Q2); North spans two rows.
  const html =
    '<table><thead><tr><th rowspan="2">Region</th><th colspan="2">2023</th></tr><tr><th>Q1</th><th>Q2</th></tr></thead>' +
    '<tbody><tr><td rowspan="2">North</td><td>10</td><td>11</td></tr><tr><td>12</td><td>13</td></tr><tr><td>South</td><td>20</td><td>21</td></tr></tbody></table>';

  it('similarity is rapidfuzz ratio: 2 LCS / total length', () => {
    expect(similarity('abcd', 'abcd')).toBe(1);
    expect(similarity('abcd', 'abed')).toBeCloseTo(6 / 8, 10);
    expect(similarity('', '')).toBe(1);
  });

  it('checks neighbours across spans', () => {
    expect(passesTableTest({ cell: '12', up: '10', left: 'North', right: '13', down: '20' }, [html])).toBe(true);
    expect(passesTableTest({ cell: '10', up: 'Q1' }, [html])).toBe(true);
    expect(passesTableTest({ cell: 'Q1', up: '2023' }, [html])).toBe(true);
    expect(passesTableTest({ cell: '2023', down: 'Q2' }, [html])).toBe(true);
    expect(passesTableTest({ cell: '12', left: '10' }, [html])).toBe(false);
    expect(passesTableTest({ cell: '12', up: '11' }, [html])).toBe(false);
  });

  it('finds headings walking up or left (th and thead cells, else the edge)', () => {
    expect(passesTableTest({ cell: '21', top_heading: '2023' }, [html])).toBe(true);
    expect(passesTableTest({ cell: '21', left_heading: 'South' }, [html])).toBe(true);
    expect(passesTableTest({ cell: '13', left_heading: 'North' }, [html])).toBe(true);
    expect(passesTableTest({ cell: '21', top_heading: '10' }, [html])).toBe(false);
  });

  it('matches texts with max_diffs tolerance and fails without tables', () => {
    expect(passesTableTest({ cell: 'Sooth', up: 'North' }, [html])).toBe(false);
    expect(passesTableTest({ cell: 'Sooth', up: 'North', max_diffs: 1 }, [html])).toBe(true);
    expect(passesTableTest({ cell: 'North' }, [])).toBe(false);
  });
});

describe('generated table documents', () => {
  it('score 1 against their own truth', async () => {
    for (const doc of await tableDocuments()) {
      const score = scoreRegions(doc.tables, resultWithTables(doc.tables));
      expect(score.teds.every((t) => t === 1)).toBe(true);
      expect(score.detection!.matched).toBe(doc.tables.length);
    }
  });

  it('draw every cell word inside the true region, upright, on the page the truth names', async () => {
    const docs = await tableDocuments();
    expect(docs.map((d) => d.id)).toEqual(['ruled', 'borderless', 'spanning', 'multi-line', 'rotated-page']);
    const pdfium = await loadPdfium();
    for (const doc of docs) {
      const pdf = PdfDocument.open(pdfium, doc.pdf);
      try {
        for (const table of doc.tables) {
          const page = extractPage(pdf, table.page);
          const [x0, y0, x1, y1] = table.box.map((v, i) => (v / 1000) * (i % 2 ? page.height : page.width));
          const inside = page.lines.filter((l) => !l.rotated && l.box[0] >= x0! - 1 && l.box[2] <= x1! + 1 && l.box[1] >= y0! - 1 && l.box[3] <= y1! + 1);
          const words = new Set(inside.flatMap((l) => l.text.split(/\s+/)));
          const truthWords = table.html.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean);
          expect(truthWords.length).toBeGreaterThan(10);
          expect(truthWords.filter((w) => !words.has(w.replace('&amp;', '&')))).toEqual([]);
        }
      } finally {
        pdf.close();
      }
    }
  });
});

describe('scoreTables', () => {
  it('scores the generated documents end to end: truth as prediction is perfect, nothing found is 0', async () => {
    const docs = await tableDocuments();
    // Documents are parsed in order, each born-digital then as a scan: answer with its truth.
    let calls = 0;
    const oracle = async () => resultWithTables(docs[Math.floor(calls++ / 2)]!.tables);
    const perfect = summarizeTables(await scoreTables(oracle, '/nonexistent-corpus'));
    const all = { documents: 5, tables: 8, teds: 1, tedsStructure: 1, detectionPrecision: 1, detectionRecall: 1, detectionF1: 1, errors: 0 };
    expect(perfect).toEqual({ 'generated tables': all, 'generated table scans 200 dpi': all });
    const none = summarizeTables(await scoreTables(async () => resultWithTables([]), '/nonexistent-corpus'));
    expect(none['generated tables']).toMatchObject({ teds: 0, detectionRecall: 0, detectionF1: 0 });
    const failing = summarizeTables(await scoreTables(async () => Promise.reject(new Error('boom')), '/nonexistent-corpus'));
    expect(failing['generated tables']).toMatchObject({ tables: 8, teds: 0, errors: 5 });
  });
});
