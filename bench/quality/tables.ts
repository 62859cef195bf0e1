// Table benchmark: TEDS and TEDS-S of the tables the engine emits (content_list blocks of type
// "table", HTML in table_body), per source:
// - generated: tables drawn here with exact HTML truth and regions (table-documents.ts), also
//   as 200-dpi scans;
// - tabula-icdar2013: ICDAR 2013 competition truth, cell structure turned into HTML with spans,
//   plus table detection against the truth regions;
// - camelot and tabula-java: those tools' expected cell grids for one page (or area); compared
//   as grids (spans expanded) with TEDS;
// - pubtabnet-examples: table images with PubTabNet HTML truth;
// - omnidocbench-demo: page images with OmniDocBench's human table HTML and regions;
// - olmocr-bench-sample: olmOCR-Bench's table tests (olmocr-tables.ts).
// Detection: a predicted table matches a true region on the same page when their boxes overlap
// with IoU >= 0.5 (one to one, best overlaps first). A true table without a match scores 0.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadPdfium, PdfDocument, type ParseResult } from '../../src/engine/index.js';
import { asScan } from './generated.js';
import { passesTableTest, type OlmocrTableTest } from './olmocr-tables.js';
import { omniDocBenchPages } from './omnidocbench-pages.js';
import { sourceTable } from './report.js';
import { tableDocuments } from './table-documents.js';
import { cellsToHtml, gridToHtml, type PageBox, type RegionTable } from './table-html.js';
import { cellText, decodeEntities, parseTable, placeCells, teds } from './teds.js';

export interface TableDocScore {
  source: string;
  id: string;
  /** Per true table: TEDS and TEDS-S against the matched predicted table (0 when none). */
  teds: number[];
  tedsStructure: number[];
  /** Table detection counts, for sources with true regions. */
  detection?: { truth: number; predicted: number; matched: number };
  /** olmOCR-Bench table tests passed, of how many. */
  testsPassed?: number;
  testsTotal?: number;
  seconds: number;
  error?: string;
}

export type Parse = (bytes: Uint8Array) => Promise<ParseResult>;

const IOU_THRESHOLD = 0.5;

export function predictedTables(result: ParseResult): RegionTable[] {
  return result.content_list
    .filter((b) => b.type === 'table' && b.bbox)
    .map((b) => ({ page: b.page_idx, box: b.bbox as PageBox, html: b.table_body ?? '' }));
}

function iou(a: PageBox, b: PageBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (r: PageBox) => (r[2] - r[0]) * (r[3] - r[1]);
  return inter / (area(a) + area(b) - inter);
}

/** For each true region, the index of its predicted table (-1 when none): one to one, by IoU. */
export function matchRegions(truth: { page: number; box: PageBox }[], predicted: { page: number; box: PageBox }[]): number[] {
  const pairs: [number, number, number][] = [];
  truth.forEach((t, i) =>
    predicted.forEach((p, j) => {
      const overlap = t.page === p.page ? iou(t.box, p.box) : 0;
      if (overlap >= IOU_THRESHOLD) pairs.push([overlap, i, j]);
    }),
  );
  pairs.sort((x, y) => y[0] - x[0]);
  const match = truth.map(() => -1);
  const used = new Set<number>();
  for (const [, i, j] of pairs) {
    if (match[i]! >= 0 || used.has(j)) continue;
    match[i] = j;
    used.add(j);
  }
  return match;
}

/** Detection and TEDS of true tables with regions against the parse result. */
export function scoreRegions(truth: RegionTable[], result: ParseResult): Pick<TableDocScore, 'teds' | 'tedsStructure' | 'detection'> {
  const predicted = predictedTables(result);
  const match = matchRegions(truth, predicted);
  const pair = (structureOnly: boolean) => truth.map((t, i) => (match[i]! >= 0 ? teds(predicted[match[i]!]!.html, t.html, { structureOnly }) : 0));
  return {
    teds: pair(false),
    tedsStructure: pair(true),
    detection: { truth: truth.length, predicted: predicted.length, matched: match.filter((m) => m >= 0).length },
  };
}

/**
 * An HTML table as a grid of cell texts, spans expanded as camelot and tabula write them: the
 * text in the top-left position, the other positions empty, or, with `copyDown`, the text
 * repeated down a row span (camelot's copy_text="v").
 */
export function htmlToGrid(html: string, copyDown = false): string[][] {
  const table = parseTable(html);
  if (!table) return [];
  const grid: string[][] = [];
  for (const { cell, row, col } of placeCells(table)) {
    const text = cellText(cell).trim();
    for (let i = 0; i < cell.rowspan; i++) for (let j = 0; j < cell.colspan; j++) (grid[row + i] ??= [])[col + j] = (i === 0 || copyDown) && j === 0 ? text : '';
  }
  return Array.from(grid, (row) => Array.from(row ?? [], (cell) => cell ?? ''));
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Displayed size of each page, in points. */
async function pageSizes(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  const pdfium = await loadPdfium();
  const doc = PdfDocument.open(pdfium, pdf);
  try {
    return Array.from({ length: doc.pageCount }, (_, i) => {
      const page = pdfium.FPDF_LoadPage(doc.handle, i);
      try {
        return { width: pdfium.FPDF_GetPageWidthF(page), height: pdfium.FPDF_GetPageHeightF(page) };
      } finally {
        pdfium.FPDF_ClosePage(page);
      }
    });
  } finally {
    doc.close();
  }
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}=['"]([^'"]*)['"]`).exec(tag)?.[1];

/**
 * One ICDAR 2013 ground truth (a -str.xml with its -reg.xml) as region tables. Region
 * coordinates are PDF points along the displayed page from its bottom-left corner (so also on
 * the one rotated document, eu-015, whose -str.xml cell boxes use another frame; only the
 * regions are used here).
 */
export function icdarTables(structureXml: string, regionXml: string, pages: { width: number; height: number }[]): RegionTable[] {
  // Each table's regions (one per page it covers), keyed "table id/region id".
  const regionsOf = (xml: string) =>
    [...xml.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)].flatMap((t) =>
      [...t[2]!.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)].map((r) => ({ key: `${attr(t[1]!, 'id')}/${attr(r[1]!, 'id')}`, attributes: r[1]!, body: r[2]! })),
    );
  const structures = new Map(
    regionsOf(structureXml).map((r) => {
      const cells = [...r.body.matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g)].map((c) => {
        const row = Number(attr(c[1]!, 'start-row'));
        const col = Number(attr(c[1]!, 'start-col'));
        const endRow = Number(attr(c[1]!, 'end-row') ?? row);
        const endCol = Number(attr(c[1]!, 'end-col') ?? col);
        const text = decodeEntities(/<content>([\s\S]*?)<\/content>/.exec(c[2]!)?.[1] ?? '');
        return { row, col, rowspan: endRow - row + 1, colspan: endCol - col + 1, text };
      });
      return [r.key, cellsToHtml(cells)];
    }),
  );
  return regionsOf(regionXml).map((r) => {
    const page = Number(attr(r.attributes, 'page')) - 1;
    const box = /<bounding-box\b[^>]*>/.exec(r.body)?.[0] ?? '';
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => Number(attr(box, k)));
    const g = pages[page];
    if (!g || [x1, y1, x2, y2].some((v) => !Number.isFinite(v))) throw new Error(`region ${r.key}: page ${page + 1} or its box is missing`);
    const scale = (v: number, size: number) => Math.max(0, Math.min(1000, Math.round((v / size) * 1000)));
    // A region without its cell structure still counts for detection; its TEDS is 0.
    const html = structures.get(r.key) ?? '<table></table>';
    return { page, box: [scale(x1!, g.width), scale(g.height - y2!, g.height), scale(x2!, g.width), scale(g.height - y1!, g.height)], html };
  });
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  return [await fn(), (performance.now() - start) / 1000];
}

/** Scores a document, recording a parse failure as TEDS 0 for each of its `truthCount` tables. */
async function scoreDocument(
  source: string,
  id: string,
  bytes: Uint8Array,
  parse: Parse,
  truthCount: number,
  score: (result: ParseResult) => Partial<Pick<TableDocScore, 'teds' | 'tedsStructure' | 'detection' | 'testsPassed'>>,
): Promise<TableDocScore> {
  try {
    const [result, seconds] = await timed(() => parse(bytes));
    return { source, id, teds: [], tedsStructure: [], ...score(result), seconds };
  } catch (e) {
    const zeros = new Array<number>(truthCount).fill(0);
    return { source, id, teds: zeros, tedsStructure: zeros, seconds: 0, error: (e as Error).message };
  }
}

/** ICDAR 2013: where the competition gives two readings of a document (a/b), the better counts. */
async function scoreIcdar(parse: Parse, corpus: string): Promise<TableDocScore[]> {
  const root = join(corpus, 'tabula-icdar2013');
  if (!existsSync(root)) return [];
  const scores: TableDocScore[] = [];
  const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const dir of folders.map((d) => join(root, d.name)).sort()) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort()) {
      const id = file.replace(/\.pdf$/, '');
      const bytes = new Uint8Array(readFileSync(join(dir, file)));
      const readings = [id, id.replace(/a$/, 'b')].filter((r, i) => i === 0 || (r !== id && existsSync(join(dir, `${r}-str.xml`))));
      const read = (name: string) => readFileSync(join(dir, name), 'utf8');
      let truths: RegionTable[][];
      try {
        const pages = await pageSizes(bytes);
        truths = readings.map((r) => icdarTables(read(`${r}-str.xml`), read(`${r}-reg.xml`), pages));
      } catch (e) {
        scores.push({ source: 'tabula-icdar2013', id, teds: [], tedsStructure: [], seconds: 0, error: `ground truth: ${(e as Error).message}` });
        continue;
      }
      scores.push(
        await scoreDocument('tabula-icdar2013', id, bytes, parse, truths[0]!.length, (result) => {
          const options = truths.map((t) => scoreRegions(t, result));
          const quality = (s: (typeof options)[number]) => s.detection!.matched / Math.max(s.detection!.truth, 1) + mean(s.teds);
          return options.reduce((best, s) => (quality(s) > quality(best) ? s : best));
        }),
      );
    }
  }
  return scores;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Best TEDS and TEDS-S over the candidate tables, compared as grids. */
function bestGridScore(truth: string[][], candidates: string[][][]): Pick<TableDocScore, 'teds' | 'tedsStructure'> {
  const truthHtml = gridToHtml(truth);
  let best = { teds: 0, structure: 0 };
  for (const grid of candidates) {
    const html = gridToHtml(grid);
    const score = teds(html, truthHtml);
    if (score > best.teds) best = { teds: score, structure: teds(html, truthHtml, { structureOnly: true }) };
  }
  return { teds: [best.teds], tedsStructure: [best.structure] };
}

interface CamelotCase {
  case: string;
  pdf: string;
  read_pdf_kwargs: { pages?: string; copy_text?: string[] | string };
  expected_csv: string;
}

/**
 * camelot's expected table for a page: compared as a grid with the best-matching table we emit
 * on that page (camelot's table index counts its own detections, not ours). Its flag_size
 * markers (<s>) are removed from the expected text.
 */
async function scoreCamelot(parse: Parse, corpus: string): Promise<TableDocScore[]> {
  const root = join(corpus, 'camelot');
  if (!existsSync(root)) return [];
  const cases: CamelotCase[] = JSON.parse(readFileSync(join(root, 'expected', 'index.json'), 'utf8'));
  const scores: TableDocScore[] = [];
  for (const c of cases) {
    const page = Number(String(c.read_pdf_kwargs.pages ?? '1').split(',')[0]) - 1;
    const copyDown = [c.read_pdf_kwargs.copy_text ?? []].flat().includes('v');
    const truth = parseCsv(readFileSync(join(root, c.expected_csv), 'utf8')).map((row) => row.map((cell) => cell.replace(/<\/?s>/g, '')));
    const bytes = new Uint8Array(readFileSync(join(root, c.pdf)));
    scores.push(
      await scoreDocument('camelot', c.case, bytes, parse, 1, (result) =>
        bestGridScore(
          truth,
          predictedTables(result)
            .filter((t) => t.page === page)
            .map((t) => htmlToGrid(t.html, copyDown)),
        ),
      ),
    );
  }
  return scores;
}

/** tabula-java's expected output for one page: per table (JSON) or all tables of the areas (CSV). */
export interface TabulaCase {
  pdf: string;
  page: number;
  /** expected/json/<name>.json when there is one, else expected/csv/<name>.csv. */
  expected: string;
  /** top, left, bottom, right in PDF points from the top-left; none = the whole page. */
  areas: [number, number, number, number][];
}

/**
 * The cases of the table in the corpus's SOURCE.md (document | expected file(s) | page | area |
 * mode). The expected file is found by the document's name; an area column that starts with
 * "whole page" (or holds no four numbers) means the whole page.
 */
export function tabulaCases(sourceMd: string, exists: (expected: string) => boolean): TabulaCase[] {
  const cases: TabulaCase[] = [];
  for (const line of sourceMd.split('\n')) {
    const cols = line.split('|').map((c) => c.trim());
    if (cols.length < 6 || !cols[1]!.endsWith('.pdf')) continue;
    const name = cols[1]!.replace(/\.pdf$/, '');
    const expected = [`json/${name}.json`, `csv/${name}.csv`].find(exists);
    if (!expected) continue;
    const area = cols[4]!;
    const areas = area.startsWith('whole page')
      ? []
      : [...area.matchAll(/(-?[\d.]+),\s*(-?[\d.]+),\s*(-?[\d.]+),\s*(-?[\d.]+)/g)].map((m) => [1, 2, 3, 4].map((i) => Number(m[i])) as TabulaCase['areas'][number]);
    cases.push({ pdf: cols[1]!, page: Number(cols[3]) || 1, expected, areas });
  }
  return cases;
}

/**
 * tabula-java: a CSV holds every table of the areas one after another, so it is compared with
 * the grids of our tables on the page whose centre lies in an area, concatenated in reading
 * order. A JSON holds the tables separately: each is compared with its best-matching table.
 */
async function scoreTabula(parse: Parse, corpus: string): Promise<TableDocScore[]> {
  const root = join(corpus, 'tabula-java');
  if (!existsSync(root)) return [];
  const cases = tabulaCases(readFileSync(join(root, 'SOURCE.md'), 'utf8'), (f) => existsSync(join(root, 'expected', f)));
  const scores: TableDocScore[] = [];
  for (const c of cases) {
    const bytes = new Uint8Array(readFileSync(join(root, 'pdf', c.pdf)));
    const expectedText = readFileSync(join(root, 'expected', c.expected), 'utf8');
    const json = c.expected.endsWith('.json');
    const truths: string[][][] = json
      ? (JSON.parse(expectedText) as { data: { text: string }[][] }[]).map((t) => t.data.map((row) => row.map((cell) => cell.text)))
      : [parseCsv(expectedText)];
    const page = (await pageSizes(bytes))[c.page - 1];
    const inArea = (box: PageBox) => {
      if (!c.areas.length || !page) return true;
      const x = ((box[0] + box[2]) / 2000) * page.width;
      const y = ((box[1] + box[3]) / 2000) * page.height;
      return c.areas.some(([top, left, bottom, right]) => x >= left && x <= right && y >= top && y <= bottom);
    };
    scores.push(
      await scoreDocument('tabula-java', c.pdf.replace(/\.pdf$/, ''), bytes, parse, truths.length, (result) => {
        const grids = predictedTables(result)
          .filter((t) => t.page === c.page - 1 && inArea(t.box))
          .map((t) => htmlToGrid(t.html));
        if (!json) return bestGridScore(truths[0]!, [grids.flat()]);
        const each = truths.map((t) => bestGridScore(t, grids));
        return { teds: each.flatMap((s) => s.teds), tedsStructure: each.flatMap((s) => s.tedsStructure) };
      }),
    );
  }
  return scores;
}

/** PubTabNet: each image is one table; the best-matching table we emit is compared as HTML. */
export async function scorePubTabNet(parse: Parse, corpus: string): Promise<TableDocScore[]> {
  const dir = join(corpus, 'pubtabnet-examples', 'examples');
  if (!existsSync(dir)) return [];
  const truth: Record<string, string> = JSON.parse(readFileSync(join(dir, 'PubTabNet_Examples.shared.html.json'), 'utf8'));
  const scores: TableDocScore[] = [];
  for (const [file, html] of Object.entries(truth)) {
    const bytes = new Uint8Array(readFileSync(join(dir, file)));
    scores.push(
      await scoreDocument('pubtabnet-examples', file, bytes, parse, 1, (result) => {
        const tables = predictedTables(result);
        const best = tables.reduce((b, t) => (teds(t.html, html) > teds(b, html) ? t.html : b), '');
        return { teds: [teds(best, html)], tedsStructure: [teds(best, html, { structureOnly: true })] };
      }),
    );
  }
  return scores;
}

/** OmniDocBench demo pages (images): human table HTML with the table's region on the page. */
export async function scoreOmniDocBenchTables(parse: Parse, corpus: string): Promise<TableDocScore[]> {
  const scores: TableDocScore[] = [];
  for (const page of omniDocBenchPages(corpus)) {
    const truth: RegionTable[] = page.blocks
      .filter((b) => b.category_type === 'table' && b.html)
      .map((b) => {
        const xs = b.poly.filter((_, i) => i % 2 === 0);
        const ys = b.poly.filter((_, i) => i % 2 === 1);
        const x = (v: number) => Math.round((v / page.width) * 1000);
        const y = (v: number) => Math.round((v / page.height) * 1000);
        return { page: 0, box: [x(Math.min(...xs)), y(Math.min(...ys)), x(Math.max(...xs)), y(Math.max(...ys))], html: b.html! };
      });
    if (!truth.length) continue;
    const bytes = new Uint8Array(readFileSync(page.file));
    scores.push(await scoreDocument('omnidocbench-demo', basename(page.file), bytes, parse, truth.length, (result) => scoreRegions(truth, result)));
  }
  return scores;
}

/** olmOCR-Bench table tests (cell neighbours and headings) on the tables of the tested page. */
async function scoreOlmocrTables(parse: Parse, corpus: string): Promise<TableDocScore[]> {
  const dir = join(corpus, 'olmocr-bench-sample');
  if (!existsSync(dir)) return [];
  const tests: (OlmocrTableTest & { pdf: string; page: number; type: string })[] = readFileSync(join(dir, 'dataset.shared.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((t) => t.type === 'table');
  const scores: TableDocScore[] = [];
  for (const pdf of new Set(tests.map((t) => t.pdf))) {
    const list = tests.filter((t) => t.pdf === pdf);
    const bytes = new Uint8Array(readFileSync(join(dir, 'pdfs', pdf)));
    const score = await scoreDocument('olmocr-bench tables', pdf, bytes, parse, 0, (result) => ({
      testsPassed: list.filter((t) => passesTableTest(t, predictedTables(result).filter((p) => p.page === t.page - 1).map((p) => p.html))).length,
    }));
    scores.push({ ...score, testsPassed: score.testsPassed ?? 0, testsTotal: list.length });
  }
  return scores;
}

/** Generated tables, born-digital and as 200-dpi scans (the regions stay where they were). */
export async function scoreGeneratedTables(parse: Parse): Promise<TableDocScore[]> {
  const scores: TableDocScore[] = [];
  for (const doc of await tableDocuments()) {
    const scan = await asScan(doc, 200);
    scores.push(await scoreDocument('generated tables', doc.id, doc.pdf, parse, doc.tables.length, (result) => scoreRegions(doc.tables, result)));
    scores.push(await scoreDocument('generated table scans 200 dpi', doc.id, scan.pdf, parse, doc.tables.length, (result) => scoreRegions(doc.tables, result)));
  }
  return scores;
}

export interface TableSummary {
  documents: number;
  tables: number;
  teds?: number;
  tedsStructure?: number;
  detectionPrecision?: number;
  detectionRecall?: number;
  detectionF1?: number;
  testPassRate?: number;
  errors: number;
}

/** Per source: mean TEDS and TEDS-S over true tables; detection precision/recall/F1 over all regions. */
export function summarizeTables(scores: TableDocScore[]): Record<string, TableSummary> {
  const rows: Record<string, TableSummary> = {};
  const round = (v: number) => Number(v.toFixed(4));
  for (const source of new Set(scores.map((s) => s.source))) {
    const list = scores.filter((s) => s.source === source);
    const tables = list.reduce((n, s) => n + s.teds.length, 0);
    const row: TableSummary = { documents: list.length, tables, errors: list.filter((s) => s.error).length };
    if (tables) {
      row.teds = round(mean(list.flatMap((s) => s.teds)));
      row.tedsStructure = round(mean(list.flatMap((s) => s.tedsStructure)));
    }
    const tests = list.reduce((n, s) => n + (s.testsTotal ?? 0), 0);
    if (tests) row.testPassRate = round(list.reduce((n, s) => n + (s.testsPassed ?? 0), 0) / tests);
    const detections = list.flatMap((s) => (s.detection ? [s.detection] : []));
    if (detections.length) {
      const matched = detections.reduce((n, d) => n + d.matched, 0);
      const predicted = detections.reduce((n, d) => n + d.predicted, 0);
      const truth = detections.reduce((n, d) => n + d.truth, 0);
      const precision = predicted ? matched / predicted : truth ? 0 : 1;
      const recall = truth ? matched / truth : 1;
      row.detectionPrecision = round(precision);
      row.detectionRecall = round(recall);
      row.detectionF1 = round(precision + recall ? (2 * precision * recall) / (precision + recall) : 0);
    }
    rows[source] = row;
  }
  return rows;
}

export function tablesMarkdown(summary: Record<string, TableSummary>, scores: TableDocScore[]): string {
  const cols = ['documents', 'tables', 'teds', 'tedsStructure', 'detectionPrecision', 'detectionRecall', 'detectionF1', 'testPassRate', 'errors'] as const;
  const worst = scores
    .filter((s) => s.teds.length)
    .map((s) => ({ s, teds: mean(s.teds) }))
    .sort((a, b) => a.teds - b.teds)
    .slice(0, 8);
  return [
    '## Tables',
    '',
    'TEDS and TEDS-S (structure only): mean over true tables, 0 for a table not found; higher is better.',
    'Detection: a predicted table matches a true region on the same page at IoU >= 0.5.',
    'camelot and tabula-java are compared as cell grids (spans expanded), with the best-matching table of the page.',
    "olmocr-bench tables: share of olmOCR-Bench's table tests (a cell's neighbours and headings) passed.",
    '',
    ...sourceTable(summary, cols),
    '',
    '### Lowest TEDS',
    '',
    ...worst.map(({ s, teds }) => `- ${s.source} / ${s.id}: ${teds.toFixed(3)} (${s.teds.length} tables${s.error ? `; ${s.error}` : ''})`),
    '',
  ].join('\n');
}

/**
 * Every table source; the corpus ones only when ../shared/corpus is present. camelot's and
 * tabula-java's truth is the table one page holds, as those tools read a page alone: they are
 * scored with `perPage`, a parse that leaves a table split over a page break one table per page
 * (Quire's output makes it one table on its first page, which a page's truth cannot express).
 */
export async function scoreTables(parse: Parse, corpus: string, perPage: Parse = parse): Promise<TableDocScore[]> {
  return [
    ...(await scoreGeneratedTables(parse)),
    ...(await scoreIcdar(parse, corpus)),
    ...(await scoreCamelot(perPage, corpus)),
    ...(await scoreTabula(perPage, corpus)),
    ...(await scorePubTabNet(parse, corpus)),
    ...(await scoreOmniDocBenchTables(parse, corpus)),
    ...(await scoreOlmocrTables(parse, corpus)),
  ];
}
