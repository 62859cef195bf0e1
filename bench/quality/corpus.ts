// Scores the engine on the generated corpus (bench/corpus: TeX Live, Chromium and LibreOffice
// documents with exact truth, born-digital and as degraded scans). Per document: text edit
// distance, reading order, heading F1, list-item F1, one list block per list, furniture leak,
// captions attached to their float, table TEDS and detection, and label accuracy per true type.
// Sources are "<family> <variant> (<split>)"; summaries also pool families per generator.
import { readFileSync } from 'node:fs';
import type { ContentBlock, ParseResult } from '../../src/engine/index.js';
import { loadCorpus, FURNITURE, type CorpusDocument, type CorpusTruth, type PageBox, type TruthBlock } from '../corpus/truth.js';
import { matchF1, normalize, normalizedEditDistance, readingOrderScore, stripMarkdown } from './metrics.js';
import { htmlToGrid, matchRegions } from './tables.js';
import { teds } from './teds.js';

export type Parse = (bytes: Uint8Array) => Promise<ParseResult>;

/** [x0, y0, x1, y1] in 0–1000 of the page, as content_list gives boxes. */
type Box1000 = [number, number, number, number];

export interface CorpusDocScore {
  source: string;
  id: string;
  family: string;
  generator: string;
  split: string;
  variant: string;
  pages: number;
  textEditDistance: number;
  readingOrder: number;
  headingF1: number;
  listF1?: number;
  /** Of the true lists (per page), the share the engine gives as one list block. */
  listsWhole?: number;
  /** True paragraphs (per page, two lines or more) given as one block. */
  paragraphsWhole?: number;
  furnitureLeak?: number;
  /** Of the true captions, the share found attached to their float (image_caption / table_caption of the block over it). */
  captionsAttached?: number;
  /** Per true table: TEDS against the matched predicted table (0 when none). */
  teds: number[];
  detection: { truth: number; predicted: number; matched: number };
  /** What each true table became, and each predicted table no true table matched (to find failures by class). */
  tables: { truth: TableShape[]; unmatched: TableShape[] };
  /** Per true type: [correct, total] of the label check. */
  labels: Record<string, [number, number]>;
  seconds: number;
  error?: string;
}

/** A table's place and grid: a true table with its TEDS and the shape of the predicted table matched to it. */
export interface TableShape {
  page: number;
  box: Box1000;
  rows: number;
  cols: number;
  role?: string;
  teds?: number;
  predicted?: { rows: number; cols: number; box: Box1000 };
}

/** Rows and columns (spans expanded) of an HTML table. */
function gridOf(html: string): { rows: number; cols: number } {
  const grid = htmlToGrid(html);
  return { rows: grid.length, cols: Math.max(0, ...grid.map((row) => row.length)) };
}

const TEXT_TYPES = new Set(['title', 'text', 'list', 'ref_text', 'caption', 'page_footnote', 'code', 'table']);

/** A truth box in the API's 0–1000 page units. */
export function to1000(b: PageBox, truth: CorpusTruth): Box1000 {
  const { width, height } = truth.pages[b.page]!;
  return [(b.box[0] / width) * 1000, (b.box[1] / height) * 1000, (b.box[2] / width) * 1000, (b.box[3] / height) * 1000];
}

/** Overlap relative to the smaller box. */
export function overlap(a: Box1000, b: Box1000): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const smaller = Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
  return smaller > 0 ? (w * h) / smaller : 0;
}

function headingsOf(result: ParseResult): string[] {
  return result.markdown
    .split('\n')
    .filter((l) => l.startsWith('# '))
    .map((l) => l.slice(2));
}

/** A block's largest box on each page it covers. */
export function mainBoxes(b: TruthBlock): PageBox[] {
  const byPage = new Map<number, PageBox>();
  const area = (x: PageBox) => (x.box[2] - x.box[0]) * (x.box[3] - x.box[1]);
  for (const x of b.boxes) if (!byPage.has(x.page) || area(x) > area(byPage.get(x.page)!)) byPage.set(x.page, x);
  return [...byPage.values()];
}

function iou(a: Box1000, b: Box1000): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const area = (r: Box1000) => (r[2] - r[0]) * (r[3] - r[1]);
  return (w * h) / (area(a) + area(b) - w * h);
}

/** The same text as the scorer counts it (a long text's opening found in the other counts). */
export const similar = (a: string, b: string) => normalizedEditDistance(a, b) <= 0.2 || (normalize(a).length > 20 && normalize(b).includes(normalize(a).slice(0, 40)));

/** Minimum overlap (of the smaller box) for a block to count as the one at a true box. */
const LABEL_OVERLAP = 0.3;

/** A bullet (with its space) opening a true item: the truth reads it from the page, the API's items drop it. */
const TRUTH_BULLET = /^[•◦▪▫●○■□‣⁃∙·–—▶►▸*-]\s*/u;

/** The truth as the API states it: list items without their bullets (enumerators stay). */
function withoutBullets(truth: CorpusTruth): CorpusTruth {
  return {
    ...truth,
    blocks: truth.blocks.map((b) => {
      if (!b.items) return b;
      const items = b.items.map((i) => ({ ...i, text: i.text.replace(TRUTH_BULLET, '') }));
      return { ...b, items, text: items.map((i) => i.text).join('\n') };
    }),
  };
}

/** The blocks of ours that may hold a paragraph's lines: all with a box but the furniture. */
export function paragraphHolders(result: ParseResult): ContentBlock[] {
  return result.content_list.filter((b) => b.bbox && b.type !== 'header' && b.type !== 'footer' && b.type !== 'page_number');
}

/** The first of `blocks` whose box holds the centre of a true line (on its page), if any. */
export function holderOf(blocks: readonly ContentBlock[], line: PageBox, truth: CorpusTruth): ContentBlock | undefined {
  const [x0, y0, x1, y1] = to1000(line, truth);
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  return blocks.find((b) => {
    const [bx0, by0, bx1, by1] = b.bbox as Box1000;
    return b.page_idx === line.page && bx0 <= cx && cx <= bx1 && by0 <= cy && cy <= by1;
  });
}

/** Scores one parse against its truth. */
export function scoreCorpusResult(printed: CorpusTruth, result: ParseResult, seconds: number): CorpusDocScore {
  const truth = withoutBullets(printed);
  const body = truth.blocks.filter((b) => !FURNITURE.has(b.type));
  const textBlocks = body.filter((b) => TEXT_TYPES.has(b.type));
  const markdown = stripMarkdown(result.markdown);
  const headings = new Set(headingsOf(result));
  const isHeading = (b: ContentBlock) => b.type === 'text' && b.text !== null && headings.has(b.text);
  const blocks = result.content_list.filter((b) => b.bbox).map((b) => ({ b, box: b.bbox as Box1000 }));

  // Lists (not bibliographies): items and one block per list, page by page.
  const trueLists = body.filter((b) => b.type === 'list');
  const ourLists = result.content_list.filter((b) => b.type === 'list' && b.sub_type !== 'ref_text');
  let listsJudged = 0;
  let listsWhole = 0;
  for (const list of trueLists) {
    const pages = new Set(list.items!.flatMap((i) => i.boxes.map((x) => x.page)));
    for (const page of pages) {
      const items = list.items!.filter((i) => i.boxes.some((x) => x.page === page));
      if (items.length < 2) continue;
      listsJudged++;
      const holders = new Set<ContentBlock>();
      let found = 0;
      for (const item of items) {
        const holder = ourLists.find((b) => b.page_idx === page && b.list_items?.some((t) => similar(item.text, t)));
        if (holder) {
          holders.add(holder);
          found++;
        }
      }
      if (holders.size === 1 && found >= items.length / 2) listsWhole++;
    }
  }

  // Paragraphs: each true paragraph's lines on a page (two or more) all inside one block of ours
  // (a paragraph broken line by line, or at a size its OCR boxes misjudge, is given in pieces).
  const ourBlocks = paragraphHolders(result);
  let paragraphsJudged = 0;
  let paragraphsWhole = 0;
  for (const para of body.filter((b) => b.type === 'text' && !b.role)) {
    for (const page of new Set(para.lines.map((l) => l.page))) {
      const lines = para.lines.filter((l) => l.page === page);
      if (lines.length < 2) continue;
      paragraphsJudged++;
      const holders = new Set<ContentBlock>();
      let found = 0;
      for (const line of lines) {
        const holder = holderOf(ourBlocks, line, truth);
        if (holder) {
          holders.add(holder);
          found++;
        }
      }
      if (holders.size === 1 && found === lines.length) paragraphsWhole++;
    }
  }

  // Captions: attached to the block over their float.
  const captions = body.filter((b) => b.type === 'caption' && !b.role && b.captionOf !== undefined);
  let attached = 0;
  for (const cap of captions) {
    const float = truth.blocks.find((b) => b.id === cap.captionOf);
    if (!float) continue;
    const hit = result.content_list.some((b) => {
      const text = [...(b.image_caption ?? []), ...(b.table_caption ?? [])].join(' ');
      if (!text || !similar(cap.text, text)) return false;
      return mainBoxes(float).some((x) => x.page === b.page_idx && b.bbox && overlap(to1000(x, truth), b.bbox as Box1000) >= LABEL_OVERLAP);
    });
    if (hit) attached++;
  }

  // Tables: matched by region, then TEDS.
  const trueTables = body.filter((b) => b.type === 'table' && (b.rows ?? 0) >= 2 && (b.cols ?? 0) >= 2 && b.boxes.length);
  const truthRegions = trueTables.map((t) => {
    const main = mainBoxes(t)[0]!;
    return { page: main.page, box: to1000(main, truth) };
  });
  const predicted = result.content_list.filter((b) => b.type === 'table' && b.bbox).map((b) => ({ page: b.page_idx, box: b.bbox as Box1000, html: b.table_body ?? '' }));
  const match = matchRegions(truthRegions, predicted);
  const tedsScores = trueTables.map((t, i) => (match[i]! >= 0 ? teds(predicted[match[i]!]!.html, t.html!) : 0));
  const tableShapes = trueTables.map((t, i): TableShape => {
    const p = predicted[match[i]!];
    return { ...truthRegions[i]!, rows: t.rows!, cols: t.cols!, role: t.role, teds: tedsScores[i], predicted: p && { ...gridOf(p.html), box: p.box } };
  });
  const unmatched = predicted.filter((_, j) => !match.includes(j)).map((p): TableShape => ({ page: p.page, box: p.box, ...gridOf(p.html) }));

  // Label accuracy: the block over each true block's main box has the expected type.
  const labels: Record<string, [number, number]> = {};
  for (const t of truth.blocks) {
    if (t.role === 'toc') continue;
    for (const x of mainBoxes(t)) {
      const box = to1000(x, truth);
      // The block that best matches the true box (IoU: a small label inside a chart covers
      // itself entirely but not the chart), if it overlaps enough.
      const best = blocks
        .filter((o) => o.b.page_idx === x.page && overlap(box, o.box) >= LABEL_OVERLAP)
        .map((o) => ({ o, v: iou(box, o.box) }))
        .sort((a, b) => b.v - a.v)[0];
      const ours = best?.o.b;
      const ok = ours ? expectedType(t, ours, isHeading) : false;
      const row = (labels[t.type] ??= [0, 0]);
      row[1]++;
      if (ok) row[0]++;
    }
  }

  const furniture = truth.blocks.filter((b) => FURNITURE.has(b.type) && b.type !== 'aside_text').map((b) => b.text).filter(Boolean);
  const bodyText = textBlocks.map((b) => (b.items ? b.items.map((i) => i.text).join('\n') : b.text)).join('\n');
  const trueItems = trueLists.flatMap((l) => l.items!.map((i) => i.text));
  return {
    source: sourceName(truth),
    id: truth.id,
    family: truth.family,
    generator: truth.generator,
    split: truth.split,
    variant: truth.variant,
    pages: truth.pages.length,
    textEditDistance: normalizedEditDistance(textBlocks.map((b) => b.text).join('\n\n'), markdown),
    readingOrder: readingOrderScore(
      textBlocks.filter((b) => b.type !== 'table').flatMap((b) => (b.items ? b.items.map((i) => i.text) : [b.text])),
      markdown,
    ).score,
    headingF1: matchF1(body.filter((b) => b.type === 'title').map((b) => b.text), [...headings]).f1,
    listF1: trueItems.length ? matchF1(trueItems, ourLists.flatMap((b) => b.list_items ?? [])).f1 : undefined,
    listsWhole: listsJudged ? listsWhole / listsJudged : undefined,
    paragraphsWhole: paragraphsJudged ? paragraphsWhole / paragraphsJudged : undefined,
    furnitureLeak: furniture.length ? leak(furniture, bodyText, result.markdown) : undefined,
    captionsAttached: captions.length ? attached / captions.length : undefined,
    teds: tedsScores,
    detection: { truth: trueTables.length, predicted: predicted.length, matched: match.filter((m) => m >= 0).length },
    tables: { truth: tableShapes, unmatched },
    labels,
    seconds,
  };
}

/** Occurrences of `needle` in `text` (normalized); short needles (page numbers) only as whole lines. */
function occurrences(text: string, needle: string): number {
  const n = normalize(needle);
  if (!n) return 0;
  if (n.length <= 4) return text.split('\n').filter((l) => normalize(l) === n).length;
  const hay = normalize(text);
  let count = 0;
  for (let at = hay.indexOf(n); at >= 0; at = hay.indexOf(n, at + n.length)) count++;
  return count;
}

/**
 * Share of furniture blocks (running heads, feet, page numbers) whose text is in the Markdown
 * more often than the body itself prints it (a running head repeating the title is not a leak
 * of the title).
 */
function leak(furniture: string[], body: string, markdown: string): number {
  const counts = new Map<string, number>();
  for (const f of furniture) counts.set(f, (counts.get(f) ?? 0) + 1);
  let leaked = 0;
  for (const [text, blocks] of counts) leaked += Math.min(blocks, Math.max(0, occurrences(markdown, text) - occurrences(body, text)));
  return leaked / furniture.length;
}

/** Whether our block at a true block's place has the type the truth asks for. */
function expectedType(t: TruthBlock, ours: ContentBlock, isHeading: (b: ContentBlock) => boolean): boolean {
  switch (t.type) {
    case 'title':
      return isHeading(ours);
    case 'text':
      return ours.type === 'text' && !isHeading(ours);
    case 'list':
      return ours.type === 'list' && ours.sub_type !== 'ref_text';
    case 'ref_text':
      return ours.type === 'ref_text' || (ours.type === 'list' && ours.sub_type === 'ref_text');
    case 'image':
    case 'chart':
      return ours.type === 'image' || ours.type === 'chart';
    case 'caption':
      return ((ours.type === 'image' || ours.type === 'chart' || ours.type === 'table') && Boolean(ours.image_caption?.length || ours.table_caption?.length)) || (ours.type === 'text' && !isHeading(ours));
    case 'table':
      return ours.type === 'table' || (t.role === 'infobox' && ours.type === 'text');
    default:
      return ours.type === t.type;
  }
}

export function sourceName(truth: Pick<CorpusTruth, 'family' | 'variant' | 'split'>): string {
  return `${truth.family} ${truth.variant === 'scan' ? 'scan' : 'digital'} (${truth.split})`;
}

export interface CorpusSummary {
  documents: number;
  pages: number;
  textEditDistance: number;
  readingOrder: number;
  headingF1: number;
  listF1?: number;
  listsWhole?: number;
  paragraphsWhole?: number;
  furnitureLeak?: number;
  captionsAttached?: number;
  tableTeds?: number;
  tableDetectionF1?: number;
  labelAccuracy: number;
  /** Label accuracy per true type. */
  labelsByType: Record<string, number>;
  errors: number;
}

const mean = (values: number[]) => (values.length ? Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(4)) : undefined);

export function summarizeCorpus(scores: CorpusDocScore[], key: (s: CorpusDocScore) => string = (s) => s.source): Record<string, CorpusSummary> {
  const groups = new Map<string, CorpusDocScore[]>();
  for (const s of scores) groups.set(key(s), [...(groups.get(key(s)) ?? []), s]);
  const out: Record<string, CorpusSummary> = {};
  for (const [name, list] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    const ok = list.filter((s) => !s.error);
    const pick = (f: (s: CorpusDocScore) => number | undefined) => mean(ok.map(f).filter((v): v is number => typeof v === 'number'));
    const labels: Record<string, [number, number]> = {};
    for (const s of ok) for (const [t, [c, n]] of Object.entries(s.labels)) {
      const row = (labels[t] ??= [0, 0]);
      row[0] += c;
      row[1] += n;
    }
    const det = ok.reduce((a, s) => ({ truth: a.truth + s.detection.truth, predicted: a.predicted + s.detection.predicted, matched: a.matched + s.detection.matched }), { truth: 0, predicted: 0, matched: 0 });
    const precision = det.predicted ? det.matched / det.predicted : det.truth ? 0 : 1;
    const recall = det.truth ? det.matched / det.truth : 1;
    const correct = Object.values(labels).reduce((a, [c]) => a + c, 0);
    const total = Object.values(labels).reduce((a, [, n]) => a + n, 0);
    out[name] = {
      documents: list.length,
      pages: ok.reduce((a, s) => a + s.pages, 0),
      textEditDistance: pick((s) => s.textEditDistance)!,
      readingOrder: pick((s) => s.readingOrder)!,
      headingF1: pick((s) => s.headingF1)!,
      listF1: pick((s) => s.listF1),
      listsWhole: pick((s) => s.listsWhole),
      paragraphsWhole: pick((s) => s.paragraphsWhole),
      furnitureLeak: pick((s) => s.furnitureLeak),
      captionsAttached: pick((s) => s.captionsAttached),
      tableTeds: mean(ok.flatMap((s) => s.teds)),
      tableDetectionF1: det.truth || det.predicted ? Number(((2 * precision * recall) / (precision + recall || 1)).toFixed(4)) : undefined,
      labelAccuracy: total ? Number((correct / total).toFixed(4)) : 1,
      labelsByType: Object.fromEntries(Object.entries(labels).map(([t, [c, n]]) => [t, Number((c / n).toFixed(3))])),
      errors: list.length - ok.length,
    };
  }
  return out;
}

export interface ScoreOptions {
  /** At most this many documents per source (family, variant, split), the first by seed. */
  perSource?: number;
  /** Only these variants. */
  variants?: Array<'digital' | 'scan'>;
  onDocument?: (score: CorpusDocScore) => void;
}

/** Parses and scores corpus documents. */
export async function scoreCorpusDocuments(docs: CorpusDocument[], parse: Parse, options: ScoreOptions = {}): Promise<CorpusDocScore[]> {
  const taken = new Map<string, number>();
  const seedOf = (d: CorpusDocument) => d.truth.seed;
  const chosen = [...docs]
    .sort((a, b) => seedOf(a) - seedOf(b))
    .filter((d) => {
      if (options.variants && !options.variants.includes(d.truth.variant)) return false;
      const source = sourceName(d.truth);
      const n = taken.get(source) ?? 0;
      if (options.perSource !== undefined && n >= options.perSource) return false;
      taken.set(source, n + 1);
      return true;
    });
  const scores: CorpusDocScore[] = [];
  for (const d of chosen) {
    const start = performance.now();
    let score: CorpusDocScore;
    try {
      const result = await parse(new Uint8Array(readFileSync(d.pdfPath)));
      score = scoreCorpusResult(d.truth, result, (performance.now() - start) / 1000);
    } catch (e) {
      score = { source: sourceName(d.truth), id: d.truth.id, family: d.truth.family, generator: d.truth.generator, split: d.truth.split, variant: d.truth.variant, pages: d.truth.pages.length, textEditDistance: 1, readingOrder: 0, headingF1: 0, teds: [], detection: { truth: 0, predicted: 0, matched: 0 }, tables: { truth: [], unmatched: [] }, labels: {}, seconds: 0, error: (e as Error).message };
    }
    scores.push(score);
    options.onDocument?.(score);
  }
  return scores;
}

/**
 * Scores every document of a corpus folder (PDFs with truth JSON, e.g. the committed sample
 * bench/corpus-sample): per-document scores and a summary per source.
 */
export async function scoreCorpusFolder(dir: string, parse: Parse, options: ScoreOptions = {}): Promise<{ documents: CorpusDocScore[]; summary: Record<string, CorpusSummary> }> {
  const documents = await scoreCorpusDocuments(loadCorpus(dir), parse, options);
  return { documents, summary: summarizeCorpus(documents) };
}

const COLUMNS = ['documents', 'pages', 'textEditDistance', 'readingOrder', 'headingF1', 'listF1', 'listsWhole', 'paragraphsWhole', 'furnitureLeak', 'captionsAttached', 'tableTeds', 'tableDetectionF1', 'labelAccuracy'] as const;

/** Markdown tables: per source, pooled per generator and split, and label accuracy per type. */
export function corpusMarkdown(title: string, scores: CorpusDocScore[]): string {
  const bySource = summarizeCorpus(scores);
  const pooled = summarizeCorpus(scores, (s) => `${s.variant} (${s.split})`);
  const row = (name: string, s: CorpusSummary) => `| ${name} | ${COLUMNS.map((c) => (s[c] === undefined ? '–' : String(s[c]))).join(' | ')} |`;
  const head = [`| source | ${COLUMNS.join(' | ')} |`, `| --- | ${COLUMNS.map(() => '---').join(' | ')} |`];
  const types = [...new Set(Object.values(bySource).flatMap((s) => Object.keys(s.labelsByType)))].sort();
  return [
    `## ${title}`,
    '',
    'Text edit distance and furniture leak: lower is better; everything else: higher is better. listsWhole: true lists (per page) given as one list block; paragraphsWhole: true paragraphs (per page, two lines or more) given as one block; captionsAttached: true captions found attached to their float; label accuracy: the block over each true block has the expected type.',
    '',
    ...head,
    ...Object.entries(pooled).map(([n, s]) => row(`**all ${n}**`, s)),
    ...Object.entries(bySource).map(([n, s]) => row(n, s)),
    '',
    '### Label accuracy per true type',
    '',
    `| source | ${types.join(' | ')} |`,
    `| --- | ${types.map(() => '---').join(' | ')} |`,
    ...[...Object.entries(pooled).map(([n, s]) => [`**all ${n}**`, s] as const), ...Object.entries(bySource)].map(([n, s]) => `| ${n} | ${types.map((t) => s.labelsByType[t] ?? '–').join(' | ')} |`),
    '',
  ].join('\n');
}
