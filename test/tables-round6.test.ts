// The sixth table round (issue 12): row labels of a table in a page's right column, headers
// wider than their flush-right columns.
import { describe, expect, it } from 'vitest';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { ContentBlock } from '../src/engine/render/schema.js';
import { bornDigitalBlocks, drawTexts, flushRight, justified, tableHtml, type Canvas } from './table-fixtures.js';

async function tablesOf(draw: (c: Canvas, page: PDFPage, font: PDFFont) => void): Promise<ContentBlock[]> {
  return (await bornDigitalBlocks(draw)).filter((b) => b.type === 'table');
}

const PROSE = [
  'The frozen samples and the buffer solution were kept',
  'at four degrees while the control group was measured',
  'twice a week by the laboratory staff of the clinic, and',
  'the results were entered into the register each Friday',
  'after the second reading had been checked by a nurse.',
];

describe('row labels of a table in the right page column', () => {
  it('takes its wrapped labels, set off the rows\' baselines, as the first column though the left page column\'s prose stands beside them', async () => {
    const labels = [['Operating', 'cost'], ['Revenue'], ['Gross', 'balance'], ['Liquidity']];
    const values = [['82.2 %', '45.4 %', '868,779'], ['120.0 k', '854,770', '93.9'], ['11', '177.7 USD', '146.0 k'], ['6.5', '12.1', '77%']];
    const tables = await tablesOf((c) => {
      // The left page column: prose from top to bottom, beside the whole table.
      drawTexts(c, Array.from({ length: 22 }, (_, i) => ({ text: PROSE[i % PROSE.length]!, x: 40, y: 100 + i * 12, size: 9 })));
      drawTexts(c, [{ text: 'Income and costs by quarter, as reported.', x: 320, y: 100 }]);
      drawTexts(c, [{ text: 'Item', x: 320, y: 140 }, { text: '2023', x: 430, y: 140 }, { text: '2024', x: 490, y: 140 }, { text: '2025', x: 550, y: 140 }]);
      values.forEach((row, r) => {
        const y = 165 + r * 34;
        row.forEach((v, i) => drawTexts(c, [{ text: v, x: 430 + i * 60, y }]));
        // Each label at the foot of its row, wrapped.
        labels[r]!.forEach((t, i) => drawTexts(c, [{ text: t, x: 320, y: y + 9 + i * 12 }]));
      });
      drawTexts(c, [{ text: 'The figures above are unaudited.', x: 320, y: 330 }]);
    });
    expect(tables).toHaveLength(1);
    const rows = [['Item', '2023', '2024', '2025'], ...values.map((v, r) => [labels[r]!.join(' '), ...v])];
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});

describe('a header wider than its flush-right column', () => {
  it('cuts the header line at the gap where the column\'s values end though its first header reaches left over the column edge', async () => {
    const rows = [
      ['Item', 'Cold', 'Stateless migration', 'Query planner'],
      ['Tail request', '683,242', '26', '357,833'],
      ['Distributed replica', '9.3', '258,791', '0.59'],
      ['Lazy planner', '71%', '63', '29%'],
      ['Tail thread', '79', '721,744', '491.9'],
    ];
    const ends = [200, 300, 370];
    const tables = await tablesOf((c, _page, font) => {
      drawTexts(c, [{ text: 'Table 2. Stateless worker pool of the benchmark.', x: 72, y: 100 }]);
      rows.forEach((row, r) => {
        const y = 130 + r * 16;
        drawTexts(c, [{ text: row[0]!, x: 72, y }]);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y, 10));
      });
      drawTexts(c, [{ text: 'We report that the tail message queue is serialized while the cold one is not.', x: 72, y: 230 }]);
    });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});

const NARROW = [
  'The median latency and the replica is dep',
  'recated according to the asynchronous ben',
  'chmark of the laboratory while the increme',
  'ntal replica and the dependency was refact',
  'ored according to the concurrent cache of',
  'the centre for public health in the region',
];

describe('a table set in a narrow right page column', () => {
  it('keeps the left column\'s justified prose out, and reads the wrapped labels (words broken by hyphens, the last label running on below the last row) as its first column', async () => {
    const labels = [['Tail bench-', 'mark'], ['Stateless re-', 'quest'], ['Incremental', 'checkpoint'], ['Warm allo-', 'cator'], ['Persistent', 'query plan-', 'ner for', 'compiler', 'pass']];
    const values = [['Median', 'Warm'], ['62.8', '66.8'], ['90.76', '42.1'], ['30.1 MB', '45,039'], ['11,756', '58%']];
    const tables = await tablesOf((c, _page, font) => {
      // The left page column, justified to 72-290 from top to bottom: lines short enough to be cells.
      for (let i = 0; i < 40; i++) justified(c, font, NARROW[i % NARROW.length]!, 72, 290, 90 + i * 13, 9);
      // The right column's caption over the table, as wide as the column.
      justified(c, font, 'Table 1: Stateless checkpoint. For this reason, the', 310, 540, 90);
      c.text('scheduler was profiled.', 310, 103, 10);
      values.forEach((row, r) => {
        const y = 130 + r * 40;
        row.forEach((v, i) => flushRight(c, font, v, 470 + i * 60, y, 10));
        // Each label starts under its row's values, in a narrow justified p-column (330-400).
        labels[r]!.forEach((t, i) => {
          const words = t.split(' ');
          if (words.length > 1 && t.endsWith('-')) justified(c, font, t, 330, 400, y + 9 + i * 12);
          else c.text(t, 330, y + 9 + i * 12, 10);
        });
      });
      // The right column's prose below the table, after a blank.
      for (let i = 0; i < 6; i++) justified(c, font, 'The concurrent cache is retried in the city', 310, 540, 370 + i * 13);
    });
    expect(tables).toHaveLength(1);
    const rows = values.map((v, r) => [labels[r]!.join(' ').replace(/- /g, ''), ...v]);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});

describe('a row label longer than a cell', () => {
  it('takes a label wrapped over two lines, its first line as long as running text, with the short labels set off the rows', async () => {
    const labels = [['Axial test rig'], ['Redundant test rig for controller'], ['Overall, the ambient thermal margin drifted after', 'the throughput'], ['Gearbox sensor']];
    const values = [['48.6', '33.37', '750,608'], ['364.5', '70%', '3%'], ['65', '73.4', '522,648'], ['12.5', '9.1', '44']];
    const tables = await tablesOf((c) => {
      drawTexts(c, [{ text: 'Table 3. Axial thermal margin. The certified load case was logged in May of the last year.', x: 60, y: 100, size: 9 }]);
      drawTexts(c, [{ text: 'Sensor', x: 60, y: 130, size: 8 }, { text: 'Load', x: 330, y: 124, size: 8 }, { text: 'Peak', x: 410, y: 124, size: 8 }, { text: 'Ambient', x: 490, y: 124, size: 8 }]);
      values.forEach((row, r) => {
        const y = 145 + r * 26;
        row.forEach((v, i) => drawTexts(c, [{ text: v, x: 330 + i * 80, y, size: 8 }]));
        // Each label at the foot of its row.
        labels[r]!.forEach((t, i) => drawTexts(c, [{ text: t, x: 60, y: y + 7 + i * 9, size: 8 }]));
      });
      drawTexts(c, [{ text: 'The certified weld seam of the institute was inspected after the axial assembly and the load case were redesigned.', x: 60, y: 280, size: 9 }]);
    });
    expect(tables).toHaveLength(1);
    const rows = [['Sensor', 'Load', 'Peak', 'Ambient'], ...values.map((v, r) => [labels[r]!.join(' '), ...v])];
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});
