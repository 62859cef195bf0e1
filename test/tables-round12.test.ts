// The twelfth table round (issue 12): labels set between two rows of values, a head row over a
// row whose first cell runs up to the next column, and tables in light frames on scans; the rows' pitch
// where several labels stand between their rows.
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../src/engine/model/document.js';
import { imageRules } from '../src/engine/input/image-rules.js';
import { borderlessTables } from '../src/engine/tables/borderless.js';
import { ruledTables } from '../src/engine/tables/ruled.js';
import { bornDigitalBlocks, drawTexts, tableHtml } from './table-fixtures.js';
import { textRows } from '../src/engine/tables/rows.js';

/** An OCR line as read-pages makes it: no glyphs, a box 1.3 ems high, its words' extents. */
function ocrLine(text: string, x0: number, top: number): TextLine {
  const x1 = x0 + text.length * 5;
  return { text, box: [x0, top, x1, top + 13], baseline: top + 13, fontSize: 10, bold: false, italic: false, monospace: false, words: [[x0, x1]] };
}

describe('a row label set between two rows of values (LaTeX\'s \\multirow)', () => {
  // Rows 16 pt apart; the last label sits halfway between the two rows it spans.
  const rows = [
    ['Triplicate buffer', '311.5', '62.2'],
    ['Purified specimen', '61', '285.5'],
    ['Residual cohort', '934', '23'],
  ];
  const lines = (spanned: [string, string][]) => {
    const out: TextLine[] = [];
    rows.forEach(([label, a, b], r) => out.push(ocrLine(label!, 72, 100 + 16 * r), ocrLine(a!, 200, 100 + 16 * r), ocrLine(b!, 280, 100 + 16 * r)));
    spanned.forEach(([a, b], i) => out.push(ocrLine(a, 200, 148 + 16 * i), ocrLine(b, 280, 148 + 16 * i)));
    out.push(ocrLine('Fluorescent extraction', 72, 148 + 8 * (spanned.length - 1)));
    return out;
  };
  const cellsOf = (found: ReturnType<typeof borderlessTables>[number]) => {
    const grid = Array.from({ length: found.table.rows }, () => new Array<string>(found.table.cols).fill(''));
    for (const c of found.table.cells) grid[c.row]![c.col] = c.lines.map((l) => l.text).join(' ');
    return grid;
  };

  it('labels the first of them, and the second is a row of its own, not a second line of each cell', () => {
    const [table] = borderlessTables(lines([['23', '70.87'], ['84', '12']]), []);
    expect(table).toBeDefined();
    expect(cellsOf(table!)).toEqual([...rows, ['Fluorescent extraction', '23', '70.87'], ['', '84', '12']]);
  });

  it('still takes a label centred beside a cell of two lines as that row\'s (the lines go on in one column)', () => {
    const out = lines([]).filter((l) => !l.text.startsWith('Fluorescent'));
    // "The buffer was" over "restated", one cell, the label and the other value on the middle baseline.
    out.push(ocrLine('The buffer was', 200, 146), ocrLine('restated', 200, 158), ocrLine('Fluorescent extraction', 72, 152), ocrLine('70.87', 280, 152));
    const [table] = borderlessTables(out, []);
    expect(table).toBeDefined();
    expect(cellsOf(table!).at(-1)).toEqual(['Fluorescent extraction', 'The buffer was restated', '70.87']);
  });
});

describe('a head row over a row whose first cell runs up to the next column', () => {
  // The first row's label ends a word space before its value: one fragment, no cell gap.
  const head = ['Sterile pellet', 'Plasmid', 'Mean chromatography'];
  const body = [
    ['Fluorescent pellet under sequence', '132.5 mg/mL', '33'],
    ['Significant spectrum', '52.3', '282.2 %'],
    ['Sterile sample in sequence', '679,536', '36'],
    ['Purified incubation', '81', '46'],
    ['Aqueous enzyme under cohort', '22', '8'],
  ];

  it('is the table\'s first row', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const second = 72 + font.widthOfTextAtSize(body[0]![0]!, 10) + font.widthOfTextAtSize(' ', 10);
      const third = second + font.widthOfTextAtSize(body[0]![1]!, 10) + 4;
      [head, ...body].forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: [72, second, third][k]!, y: 120 + 16 * r, size: 10 }))));
      drawTexts(c, [{ text: 'The fluorescent pellet was measured in triplicate before the incubation of the culture.', x: 72, y: 230, size: 10 }]);
    });
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml([head, ...body])]);
  });
});

describe('a light frame on a scanned page (a web page\'s infobox framed in light grey)', () => {
  /** A white 1275 × 1650 page (Letter at 150 dpi) with the given boxes filled in one grey level each. */
  const pageWith = (boxes: Array<{ box: [number, number, number, number]; grey: number }>) => {
    const width = 1275;
    const height = 1650;
    const data = new Uint8Array(width * height * 3).fill(252);
    for (const { box, grey } of boxes) for (let y = box[1]; y < box[3]; y++) data.fill(grey, (y * width + box[0]) * 3, (y * width + box[2]) * 3);
    return { width, height, data };
  };
  /** A rectangle's four sides, two pixels thick. */
  const frame = (x0: number, y0: number, x1: number, y1: number, grey: number) => [
    { box: [x0, y0, x1, y0 + 2] as [number, number, number, number], grey },
    { box: [x0, y1 - 2, x1, y1] as [number, number, number, number], grey },
    { box: [x0, y0, x0 + 2, y1] as [number, number, number, number], grey },
    { box: [x1 - 2, y0, x1, y1] as [number, number, number, number], grey },
  ];
  const scale = 72 / 150;

  it('gives its four sides as rules, though they are lighter than a rule\'s ink', () => {
    const rules = imageRules(pageWith(frame(800, 200, 1200, 450, 210)), scale);
    expect(rules).toHaveLength(4);
    // Rows 200 and 450 at 150 dpi: 96 and 216 points.
    expect(rules.filter((r) => r[1] === r[3]).map((r) => Math.round(r[1]))).toEqual([96, 216]);
  });

  it('gives no light rule that is no side of a closed rectangle (a grey line, three sides of a box)', () => {
    const lone = [{ box: [100, 300, 700, 302] as [number, number, number, number], grey: 210 }];
    const open = frame(800, 200, 1200, 450, 210).slice(0, 3);
    expect(imageRules(pageWith([...lone, ...open]), scale)).toEqual([]);
  });

  it('gives light rules under a table\'s rows as rules (a Word table\'s, under a darker head rule)', () => {
    const rule = (y: number, grey: number) => ({ box: [150, y, 1100, y + 2] as [number, number, number, number], grey });
    const rules = imageRules(pageWith([rule(600, 60), rule(640, 210), rule(680, 210)]), scale);
    expect(rules.map((r) => Math.round(r[1] / scale))).toEqual([601, 641, 681]);
    // Two light rules of one extent, with nothing darker: no stack (a form's two grey lines).
    expect(imageRules(pageWith([rule(640, 210), rule(680, 210)]), scale)).toEqual([]);
  });

  it('gives a partial light rule between two of the stack\'s (under a row\'s values only) as a rule, and none outside the stack', () => {
    const rule = (y: number, x0: number, grey: number) => ({ box: [x0, y, 1100, y + 2] as [number, number, number, number], grey });
    const rules = imageRules(pageWith([rule(600, 150, 60), rule(640, 150, 210), rule(720, 150, 210), rule(680, 400, 210), rule(760, 400, 210)]), scale);
    expect(rules.map((r) => Math.round(r[1] / scale)).sort((a, b) => a - b)).toEqual([601, 641, 681, 721]);
  });

  it('leaves a dark frame as it was: four rules, not found twice', () => {
    expect(imageRules(pageWith(frame(800, 200, 1200, 450, 40)), scale)).toHaveLength(4);
  });

  it('leaves a dark frame broken by the scan\'s noise as its dark pieces (grey gaps every 80 pixels join them only as light rules)', () => {
    const gaps = [880, 960, 1040, 1120].map((x) => ({ box: [x, 198, x + 3, 204] as [number, number, number, number], grey: 220 }));
    const sideGaps = [280, 360].map((y) => ({ box: [796, y, 806, y + 3] as [number, number, number, number], grey: 220 }));
    const rules = imageRules(pageWith([...frame(800, 200, 1200, 450, 40), ...gaps, ...sideGaps]), scale);
    // The top side in five dark pieces, the left in three; no light rectangle over them.
    expect(rules.filter((r) => r[1] === r[3] && r[1] < 100)).toHaveLength(5);
    expect(rules).toHaveLength(5 + 1 + 3 + 1);
  });
});

describe('a table of two columns in a frame, under the box\'s title', () => {
  // OCR lines as read off a tune scan (boxes in points): the title, then four rows of a label and its value.
  const read = (text: string, box: [number, number, number, number]): TextLine => ({ text, box, baseline: box[3], fontSize: (box[3] - box[1]) / 1.3, bold: false, italic: false, monospace: false, words: [[box[0], box[2]]] });
  const lines = [
    read('Rural referral', [447, 105, 510, 115]),
    read('Founded', [395, 126, 427, 138]), read('1886', [442, 126, 459, 138]),
    read('Contact', [394, 148, 424, 158]), read('Aisha Dubois', [441, 147, 490, 159]),
    read('Location', [395, 167, 427, 179]), read('Cordoba', [441, 168, 471, 179]),
    read('Budget', [395, 188, 421, 201]), read('30%', [441, 188, 457, 200]),
  ];
  // The frame's top and bottom edges (as the pipeline flags them) and its sides.
  const edges = [{ y: 97, x0: 382, x1: 576, frame: true }, { y: 212, x0: 382, x1: 576, frame: true }];

  it('is a table: the frame\'s edges confirm it across the title', () => {
    const [table] = borderlessTables(lines, edges);
    expect(table).toBeDefined();
    expect(table!.table.rows).toBe(4);
    expect(table!.lines.map((l) => l.text)).not.toContain('Rural referral');
  });

  it('is not confirmed by a frame\'s edge with more than a title between (a sidebar\'s paragraph over two columns of words)', () => {
    const far = [read('The weekly referral was monitored', [395, 60, 560, 73]), read('according to the chronic dose', [395, 74, 540, 87]), ...lines];
    expect(borderlessTables(far, [{ y: 45, x0: 382, x1: 576, frame: true }, edges[1]!])).toEqual([]);
  });

  it('is not a ruled grid of one cell: four rules alone are a frame around a box', () => {
    const frameRules: Array<[number, number, number, number]> = [[382, 97, 576, 97], [382, 212, 576, 212], [382, 96, 382, 212], [575, 97, 575, 213]];
    expect(ruledTables(lines, frameRules).tables).toEqual([]);
  });
});

describe('row labels set between two rows, in the header and in the body', () => {
  it('measures the rows\' pitch from the rows of values, not from the labels half a pitch from them', () => {
    // A stub label centred on two header rows, a body label centred on two rows of values set a
    // line apart (booktabs, \\multirow): with them, half the gaps between lines are half a row's pitch.
    const colX = [72, 200, 260, 330, 390];
    const line = (text: string, col: number, baseline: number): TextLine => ({ ...ocrLine(text, colX[col]!, baseline - 13), fontSize: 9 });
    const cols = (texts: string[], first: number, baseline: number) => texts.map((t, i) => line(t, first + i, baseline));
    const lines: TextLine[] = [
      line('Allocator', 1, 80), line('Latency', 3, 80), line('Idempotent', 0, 87),
      ...cols(['2018', '2015', '2025', '2023'], 1, 94),
      ...cols(['Stateless query planner', '50', '243.9', '96.7', '422.1'], 0, 109),
      ...cols(['14.40', '290,930', '13%', '71.9'], 1, 123),
      line('Median allocator', 0, 130),
      ...cols(['538,500', '30', '416.5', '196.3'], 1, 138),
      ...cols(['Cold request', '44.54', '94%', '266.2', '71'], 0, 152),
    ];
    const colOf = (l: TextLine) => colX.filter((x) => l.box[0] >= x).length - 1;
    const rows = textRows(lines, colOf, [190, 250, 320, 380, 450]).map((r) => r.map((l) => l.text).sort().join(' | '));
    expect(rows).toContain(['14.40', '13%', '290,930', '71.9', 'Median allocator'].sort().join(' | '));
    expect(rows).toContain(['538,500', '30', '416.5', '196.3'].sort().join(' | '));
  });
});
