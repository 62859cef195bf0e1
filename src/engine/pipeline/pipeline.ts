// The analysis pipeline: pages of the document model in, blocks out. Detectors propose labels
// and regions on each page (furniture, tables, charts, images, equations); the rest of the
// page's lines are put in reading order, split into paragraphs and labelled; regions take their
// captions and their place in the order; assembly makes the blocks. Every stage is isolated: if
// it throws on a page, the failure is recorded and that page goes on without it.
import { assemble, type AssembledPage } from '../assemble/assemble.js';
import { detectCharts, type DetectedChart } from '../charts/detect.js';
import { classifyPage, classifyState, type ClassifyState } from '../classify/classify.js';
import { detectEquations, isMathematics } from '../equations/detect.js';
import { traceInlineMath, withInlineMath } from '../equations/inline.js';
import { mergeContinuedTables } from '../floats/continued.js';
import { placeRegions } from '../floats/place.js';
import { detectFurniture } from '../furniture/detect.js';
import { detectImages } from '../images/detect.js';
import type { Equation, FurnitureLabel, LabelledParagraph, Paragraph, Region, Unit } from '../model/analysis.js';
import type { Block } from '../model/blocks.js';
import type { Box, Page, TextLine } from '../model/document.js';
import { area, containsCentre } from '../model/geometry.js';
import { FIGURE_CAPTION } from '../model/text.js';
import { entry, type StageFailure } from '../model/trace.js';
import { bodyFontSize, readingSort } from '../model/typography.js';
import { orderLines, type Segment } from '../order/xy-cut.js';
import { backgroundFrames, orderAroundFrames } from '../order/frames.js';
import { attachDropCaps, attachLoneBullets, attachLoneSectionNumbers, attachTocNumbers, attachVectorBullets, splitRunInHeadings } from '../paragraphs/lines.js';
import { joinContinuations, splitParagraphs } from '../paragraphs/split.js';
import { borderlessTables } from '../tables/borderless.js';
import { ruledTables, type RuledResult, type TableFound } from '../tables/ruled.js';
import { groupByFrames, isFrameEdge, mergeRules, RULE_SNAP, ruledBoxes } from '../tables/rules.js';
import { turnedTables } from '../tables/turned.js';
import { Failures } from './stage.js';

/** The stages, by name: a test (or an experiment) may replace any of them. */
export interface Stages {
  furniture: (pages: readonly Page[]) => Map<TextLine, FurnitureLabel>[];
  turnedTables: (page: Page) => TableFound[];
  ruledTables: typeof ruledTables;
  charts: typeof detectCharts;
  borderlessTables: typeof borderlessTables;
  images: (page: Page, tables: readonly Box[]) => Region[];
  equations: typeof detectEquations;
  order: (lines: readonly TextLine[], pageWidth: number, floats?: readonly Box[]) => Segment[];
  paragraphs: (lines: readonly TextLine[], path: string, bodySize: number) => Paragraph[];
  classify: typeof classifyPage;
  place: typeof placeRegions;
  continuedTables: typeof mergeContinuedTables;
}

export const STAGES: Stages = {
  furniture: detectFurniture,
  turnedTables,
  ruledTables,
  charts: detectCharts,
  borderlessTables,
  images: detectImages,
  equations: detectEquations,
  order: orderLines,
  paragraphs: splitParagraphs,
  classify: classifyPage,
  place: placeRegions,
  continuedTables: mergeContinuedTables,
};

export interface Analysis {
  blocks: Block[];
  /** Stages that failed, and where: their work there fell back to plain text. */
  failures: StageFailure[];
}

/** Charts whose text reads as a full table (shaded rows look like drawings) are that table. */
const FULL_TABLE_CELLS = 0.7;
const TABLE_TEXT_SHARE = 0.6;

export function analyze(pages: readonly Page[], stages: Stages = STAGES): Analysis {
  const failures = new Failures();
  const furniture = failures.isolated(
    'furniture',
    undefined,
    () => stages.furniture(pages),
    () => pages.map(() => new Map<TextLine, FurnitureLabel>()),
  );
  const state: ClassifyState = classifyState(pages);
  const assembled: AssembledPage[] = pages.map((page, i) => analyzePage(page, furniture[i] ?? new Map(), state, stages, failures));
  // A table split over a page break is one table (floats/continued.ts); if that fails, each part stays a table of its page.
  const units = failures.isolated(
    'continued-tables',
    undefined,
    () => stages.continuedTables(assembled.map((p) => p.units)),
    () => assembled.map((p) => p.units),
  );
  return { blocks: assemble(assembled.map((p, i) => ({ ...p, units: units[i] ?? p.units }))), failures: failures.list };
}

function tableRegion(t: TableFound, stage: string): Region {
  return { kind: 'table', box: t.table.box, lines: t.lines, table: t.table, trace: [entry(stage, t.rule, t.values)] };
}

function analyzePage(page: Page, labels: Map<TextLine, FurnitureLabel>, state: ClassifyState, stages: Stages, failures: Failures): AssembledPage {
  const at = page.index;
  const furniture = new Map(labels);
  const regions: Region[] = [];

  // A table printed sideways: its vertical text is the table's, not margin notes.
  const turned = failures.isolated('turned-tables', at, () => stages.turnedTables(page), () => []);
  for (const t of turned) {
    regions.push(tableRegion(t, 'tables'));
    for (const l of t.lines) furniture.delete(l);
  }
  const inTurned = new Set(turned.flatMap((t) => t.lines));
  const asides = page.lines.filter((l) => !inTurned.has(l) && furniture.get(l)?.kind === 'aside_text');
  const kept = page.lines.filter((l) => !inTurned.has(l) && !furniture.has(l));
  // Shapes drawn as list bullets mark items: they are no chart's marks.
  const bulletShapes = new Set<Box>();
  const bulleted = attachLoneBullets(attachVectorBullets(kept, [...(page.graphics ?? []), ...(page.dots ?? [])], bodyFontSize(kept), bulletShapes), page.rules ?? []);
  // A contents line's page number first: then a section number OCR cut off opens a row of two.
  const withPages = attachTocNumbers(bulleted, page.rules ?? []);
  const body = page.source === 'ocr' ? attachLoneSectionNumbers(withPages, page.rules ?? [], page.width) : withPages;
  // Boxes framed by rules (sidebars, infoboxes): tables are looked for and text is read inside each apart.
  const snap = RULE_SNAP * (bodyFontSize(body) || 10);
  const frames = ruledBoxes(mergeRules(page.rules ?? [], snap), snap);

  // Tables and charts take their lines first. Vertical text (a column header set sideways) can
  // be a ruled table's cell, nothing else.
  const noRuled: RuledResult = { tables: [], looseRules: [], otherRules: page.rules ?? [], gridLines: new Set() };
  // Lines the furniture took at the page's foot or head may be a ruled table's rows (a table running
  // to the page's foot, its last row of numbers read as a page number): inside a grid's cells they are the table's.
  const margins = page.lines.filter((l) => !inTurned.has(l) && !l.rotated && furniture.has(l) && furniture.get(l)?.kind !== 'aside_text');
  const ruled = failures.isolated('ruled-tables', at, () => stages.ruledTables([...body, ...asides, ...margins], page.rules ?? []), () => noRuled);
  const inRuled = new Set(ruled.tables.flatMap((t) => t.lines));
  for (const l of inRuled) furniture.delete(l);
  const tableBoxes = ruled.tables.map((t) => t.table.box);
  const graphics = (page.graphics ?? []).filter((g) => !bulletShapes.has(g) && !tableBoxes.some((b) => containsCentre(b, g)));
  const charts = failures.isolated(
    'charts',
    at,
    () =>
      stages.charts(page.width, page.height, body.filter((l) => !inRuled.has(l)), graphics, ruled.otherRules, FIGURE_CAPTION, page.fills ?? []).filter((chart: DetectedChart) => {
        const full = stages.borderlessTables(chart.lines, ruled.looseRules).filter((t) => t.table.cells.length >= FULL_TABLE_CELLS * t.table.rows * t.table.cols);
        return full.reduce((n, t) => n + t.lines.length, 0) < TABLE_TEXT_SHARE * chart.lines.length || !chart.lines.length;
      }),
    () => [],
  );
  const used = new Set<TextLine>(inRuled);
  for (const chart of charts) {
    regions.push({ kind: chart.kind, box: chart.box, lines: chart.lines, trace: [entry('charts', chart.kind === 'chart' ? 'chart.drawings-with-labels' : 'image.labelled-shapes', chart.values)] });
    for (const l of chart.lines) used.add(l);
  }
  for (const t of ruled.tables) regions.push(tableRegion(t, 'tables'));
  const borderless = failures.isolated(
    'borderless-tables',
    at,
    () => {
      // Tables are looked for inside each frame (an infobox) and outside them apart: text beside
      // an infobox is no table with it. A matrix or a cases display aligns in columns too: its
      // lines are left to the equations.
      const pool = body.filter((l) => !used.has(l) && !ruled.gridLines.has(l));
      // A frame's top and bottom edges confirm a table inside it but are the box's edges, not the table's.
      const rules = ruled.looseRules.map((r) => (frames.some((f) => isFrameEdge(r, f, snap)) ? { ...r, frame: true } : r));
      return groupByFrames(pool, frames)
        .flatMap((group) => stages.borderlessTables(group, rules))
        .filter((t) => !isMathematics(t.lines));
    },
    () => [],
  );
  for (const t of borderless) {
    // A table inside a frame (the smallest holding its centre) is read with the frame's text.
    const frame = frames.filter((f) => containsCentre(f, t.table.box)).sort((a, b) => area(a) - area(b))[0];
    regions.push({ ...tableRegion(t, 'tables'), ...(frame ? { frame } : {}) });
    for (const l of t.lines) used.add(l);
  }
  const tablesFound = regions.filter((r) => r.kind === 'table').map((r) => r.box);
  regions.push(...failures.isolated('images', at, () => stages.images(page, tablesFound), () => []));

  // Display equations are found among the rest, and stand in the text flow as one line each;
  // inside each frame and outside them apart, as tables are (two cards' formulas side by side
  // are two displays).
  const rest = body.filter((l) => !used.has(l));
  const restSize = bodyFontSize(rest);
  const boxes = [...frames, ...backgroundFrames(page.fills ?? [], rest, frames)];
  const equations = failures.isolated('equations', at, () => groupByFrames(rest, boxes).flatMap((group) => stages.equations(group, restSize, page)), () => []);
  const { flow, equationOf } = withEquations(rest, equations);
  const bodySize = bodyFontSize(flow);
  const lines = attachDropCaps(flow, bodySize);
  // Inline math in running text becomes $…$ (equations/inline.ts). Run-in headings are cut after
  // it: it joins the pieces of a row back into one line.
  const content = splitRunInHeadings(failures.isolated('inline-math', at, () => withInlineMath(lines, page), () => lines));

  const segments = failures.isolated(
    'order',
    at,
    () => {
      // Figures, charts and tables stand among the lines: a band is not cut through one in a column.
      const floats = regions.map((r) => r.box);
      return orderAroundFrames(content, frames, page.width, (l, w) => stages.order(l, w, floats), backgroundFrames(page.fills ?? [], content, frames));
    },
    () => [{ lines: readingSort(content), path: 'page (reading order failed: top to bottom)' }],
  );
  const paragraphs = joinContinuations(segments)
    .flatMap((segment) =>
      failures.isolated(
        'paragraphs',
        at,
        () => stages.paragraphs(segment.lines, segment.path, bodySize),
        () => segment.lines.map((line) => ({ lines: [line], trace: [entry('paragraphs', 'line-alone (paragraphs failed)')] })),
      ),
    )
    .map((p) => {
      const equation = equationOf.get(p.lines[0]!);
      return equation ? { ...p, equation } : p;
    });
  const classified = failures.isolated(
    'classify',
    at,
    () => stages.classify({ page, paragraphs, flow: content, bodySize, floats: regions.map((r) => ({ box: r.box, table: r.kind === 'table' })) }, state),
    (): LabelledParagraph[] => paragraphs.map((p) => ({ ...p, label: 'text', trace: [...p.trace, entry('classify', 'text.fallback (classify failed)')] })),
  );
  const labelled = traceInlineMath(classified);
  const units = failures.isolated(
    'floats',
    at,
    () => stages.place(page, labelled, regions),
    (): Unit[] => [
      ...labelled.map((paragraph) => ({ kind: 'paragraph' as const, paragraph })),
      ...regions.map((region) => ({ kind: 'region' as const, placed: { region, captions: [], notes: [] } })),
    ],
  );
  return { page, furniture, units };
}

/**
 * The text flow with each display equation standing in for its lines: one line, flagged
 * `equation`, where its first line was, as wide as the equation.
 */
function withEquations(lines: readonly TextLine[], equations: readonly Equation[]): { flow: TextLine[]; equationOf: Map<TextLine, Equation> } {
  const equationOf = new Map<TextLine, Equation>();
  if (!equations.length) return { flow: [...lines], equationOf };
  const standIn = new Map<TextLine, TextLine>();
  for (const equation of equations) {
    const main = equation.lines.reduce((a, b) => ((b.glyphs?.length ?? 0) > (a.glyphs?.length ?? 0) ? b : a));
    const line: TextLine = { text: equation.latex, box: equation.box, baseline: main.baseline, fontSize: main.fontSize, bold: false, italic: false, monospace: false, equation: true };
    equationOf.set(line, equation);
    for (const member of equation.lines) standIn.set(member, line);
  }
  const flow: TextLine[] = [];
  const emitted = new Set<TextLine>();
  for (const line of lines) {
    const l = standIn.get(line) ?? line;
    if (emitted.has(l)) continue;
    emitted.add(l);
    flow.push(l);
  }
  return { flow, equationOf };
}
