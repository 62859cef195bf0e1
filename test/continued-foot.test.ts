// Tables over a page break: rows left at a page's foot join the table that opens the next page.
import { describe, expect, it } from 'vitest';
import type { LabelledParagraph, Unit } from '../src/engine/model/analysis.js';
import type { Box, TextLine } from '../src/engine/model/document.js';
import type { Cell } from '../src/engine/model/table.js';
import { mergeContinuedTables } from '../src/engine/floats/continued.js';

const line = (text: string, box: Box): TextLine => ({ text, box, baseline: box[3], fontSize: 10, bold: false, italic: false, monospace: false });
const paragraph = (text: string, box: Box): Unit => ({ kind: 'paragraph', paragraph: { lines: [line(text, box)], label: 'text', trace: [] } satisfies LabelledParagraph });

describe('rows left at a page\'s foot', () => {
  it('join the next page\'s table whatever the reading order, and are read after the page\'s prose', () => {
    // Page 1: the reading order gives the header row (at y 700) before the prose above it (600–650).
    const page1: Unit[] = [
      paragraph('Production year', [76, 700, 150, 710]),
      paragraph('Units', [176, 700, 200, 710]),
      paragraph('Revenue', [276, 700, 315, 710]),
      paragraph('The figures of the last six years are summarised in the table that follows, year by year.', [72, 600, 520, 650]),
    ];
    // Page 2: the table's rows, in the same three columns.
    const rows = [['2000', '100', '1.5'], ['2001', '101', '3'], ['2002', '102', '4.5']];
    const cells: Cell[] = rows.flatMap((row, r) => row.map((text, c) => ({ row: r, col: c, rowSpan: 1, colSpan: 1, lines: [line(text, [76 + c * 100, 80 + r * 14, 100 + c * 100, 90 + r * 14])] })));
    const table = { box: [72, 76, 372, 122] as Box, rows: 3, cols: 3, cells };
    const page2: Unit[] = [{ kind: 'region', placed: { region: { kind: 'table', box: table.box, lines: cells.flatMap((c) => c.lines), trace: [], table }, captions: [], notes: [] } }];

    const [first, second] = mergeContinuedTables([page1, page2]);
    expect(second).toEqual([]);
    expect(first!.map((u) => u.kind)).toEqual(['paragraph', 'region']);
    const region = (first![1] as Unit & { kind: 'region' }).placed.region;
    expect(region.kind === 'table' && region.table.rows).toBe(4);
    expect(region.trace.map((t) => t.rule)).toContain('table.header-row-at-previous-page-foot');
  });
});
