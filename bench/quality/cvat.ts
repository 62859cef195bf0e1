// docling-eval-cvat: human layout labels (boxes, no text) for page 1 of each document, with
// reading order as a polyline through the boxes. Our blocks are matched to the labelled boxes by
// overlap; from that: heading F1, furniture leak, reading order, label accuracy.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPdfium, PdfDocument, type ContentBlock } from '../../src/engine/index.js';

type Box = [number, number, number, number];

interface LabelledBox {
  label: string;
  box: Box; // pixels of the annotated page image
  furniture: boolean;
}

export interface CvatPage {
  id: string;
  file: string;
  width: number;
  height: number;
  boxes: LabelledBox[];
  /** Points of the top-level reading-order polyline, in pixels. */
  order: Array<[number, number]>;
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '';

export function loadCvat(corpus: string): CvatPage[] {
  const root = join(corpus, 'docling-eval-cvat');
  if (!existsSync(root)) return [];
  const pages: CvatPage[] = [];
  for (const xmlName of readdirSync(root).filter((f) => f.endsWith('_annotations.xml'))) {
    const dir = join(root, xmlName.replace('_annotations.xml', ''));
    const files = existsSync(dir) ? readdirSync(dir) : [];
    const xml = readFileSync(join(root, xmlName), 'utf8');
    for (const match of xml.matchAll(/<image [^>]*>[\s\S]*?<\/image>/g)) {
      const block = match[0];
      const head = /<image [^>]*>/.exec(block)![0];
      const name = attr(head, 'name');
      const hash = /doc_([0-9a-f]{64})/.exec(name)?.[1];
      const file = files.find((f) => f === name) ?? files.find((f) => hash && f.startsWith(hash) && f.endsWith('.pdf'));
      if (!file) continue;
      const boxes: LabelledBox[] = [];
      for (const b of block.matchAll(/<box [^>]*>([\s\S]*?)<\/box>|<box [^>]*\/>/g)) {
        const tag = /<box [^>]*>/.exec(b[0])![0];
        const box: Box = [Number(attr(tag, 'xtl')), Number(attr(tag, 'ytl')), Number(attr(tag, 'xbr')), Number(attr(tag, 'ybr'))];
        const label = attr(tag, 'label');
        const furniture = /content_layer">FURNITURE/.test(b[0]) || label === 'page_header' || label === 'page_footer';
        boxes.push({ label, box, furniture });
      }
      let order: Array<[number, number]> = [];
      for (const p of block.matchAll(/<polyline [^>]*label="reading_order"[^>]*>([\s\S]*?)<\/polyline>|<polyline [^>]*label="reading_order"[^>]*\/>/g)) {
        const level = /name="level">(\d+)/.exec(p[0])?.[1] ?? '1';
        if (level !== '1' && order.length) continue;
        const tag = /<polyline [^>]*>/.exec(p[0])![0];
        order = attr(tag, 'points')
          .split(';')
          .map((pt) => pt.split(',').map(Number) as [number, number]);
      }
      pages.push({ id: `${xmlName.replace('_annotations.xml', '')}/${file.slice(0, 12)}`, file: join(dir, file), width: Number(attr(head, 'width')), height: Number(attr(head, 'height')), boxes, order });
    }
  }
  return pages;
}

const FURNITURE_TYPES = new Set(['header', 'footer', 'page_number', 'aside_text']);
const EXPECTED_TYPE: Record<string, string[]> = {
  section_header: ['text'], // titles are type text in content_list
  text: ['text', 'ref_text'],
  list_item: ['list'],
  picture: ['image', 'chart'],
  chart: ['image', 'chart'],
  table: ['table'],
  caption: ['text', 'image', 'table'],
  page_header: ['header', 'page_number', 'aside_text'],
  page_footer: ['footer', 'page_number'],
  footnote: ['page_footnote', 'text'],
  formula: ['equation'],
  code: ['code'],
};

/** Share of box `a` covered by `b`, relative to the smaller of the two. */
function overlap(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const smaller = Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
  return smaller > 0 ? (w * h) / smaller : 0;
}

export interface CvatScore {
  headingF1: number;
  furnitureLeak: number;
  readingOrder: number;
  labelAccuracy: number;
}

/**
 * Scores our blocks against one annotated image. `pagesAcross` is how many document pages the
 * image shows side by side (docling-eval renders two-page spreads for some PDFs).
 */
export function scoreCvat(page: CvatPage, blocks: ContentBlock[], titles: Set<ContentBlock>, pagesAcross = 1): CvatScore {
  const cell = page.width / pagesAcross;
  // A labelled box or point, moved to (page index, 0-1000 coordinates of that page).
  const toPage = (b: Box): { pageIdx: number; box: Box } => {
    const pageIdx = Math.min(pagesAcross - 1, Math.floor((b[0] + b[2]) / 2 / cell));
    const x = (v: number) => ((v - pageIdx * cell) / cell) * 1000;
    const y = (v: number) => (v / page.height) * 1000;
    return { pageIdx, box: [x(b[0]), y(b[1]), x(b[2]), y(b[3])] };
  };
  const truth = page.boxes.map((b) => ({ ...b, pixelBox: b.box, ...toPage(b.box) }));
  const ours = blocks.filter((b) => b.page_idx < pagesAcross && b.bbox).map((b, index) => ({ b, index, pageIdx: b.page_idx, box: b.bbox as Box }));
  const matches = (t: { pageIdx: number; box: Box }) => ours.filter((o) => o.pageIdx === t.pageIdx && overlap(t.box, o.box) >= 0.5);

  // Headings by box.
  const trueHeadings = truth.filter((b) => b.label === 'section_header');
  const ourHeadings = ours.filter((o) => titles.has(o.b));
  const hit = trueHeadings.filter((t) => matches(t).some((o) => titles.has(o.b))).length;
  const correctOurs = ourHeadings.filter((o) => trueHeadings.some((t) => t.pageIdx === o.pageIdx && overlap(t.box, o.box) >= 0.5)).length;
  const precision = ourHeadings.length ? correctOurs / ourHeadings.length : trueHeadings.length ? 0 : 1;
  const recall = trueHeadings.length ? hit / trueHeadings.length : 1;
  const headingF1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;

  // Furniture that ends up in the Markdown: a true furniture box covered by a body block.
  const furniture = truth.filter((b) => b.furniture);
  const leaked = furniture.filter((f) => matches(f).some((o) => !FURNITURE_TYPES.has(o.b.type)));
  const furnitureLeak = furniture.length ? leaked.length / furniture.length : 0;

  // Reading order: the boxes the polyline passes through, in order, against our block order.
  const inside = (p: [number, number], b: Box) => p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3];
  const sequence: number[] = [];
  for (const p of page.order) {
    const gt = truth.find((b) => !b.furniture && inside(p, b.pixelBox));
    if (!gt) continue;
    const first = matches(gt)[0];
    if (first) sequence.push(first.index);
  }
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < sequence.length; i++) {
    for (let j = i + 1; j < sequence.length; j++) {
      if (sequence[i]! < sequence[j]!) concordant++;
      else if (sequence[i]! > sequence[j]!) discordant++;
    }
  }
  const readingOrder = concordant + discordant ? (1 + (concordant - discordant) / (concordant + discordant)) / 2 : 1;

  // Label accuracy: the best-overlapping block of each labelled box has the expected type.
  const judged = truth.filter((b) => EXPECTED_TYPE[b.label]);
  const correct = judged.filter((t) => {
    const candidates = ours.filter((o) => o.pageIdx === t.pageIdx).sort((a, b) => overlap(t.box, b.box) - overlap(t.box, a.box));
    const best = candidates[0];
    return best && overlap(t.box, best.box) >= 0.3 && EXPECTED_TYPE[t.label]!.includes(best.b.type);
  }).length;
  const labelAccuracy = judged.length ? correct / judged.length : 1;

  return { headingF1, furnitureLeak, readingOrder, labelAccuracy };
}

/** How many pages of the document an annotated image shows side by side (1 for images). */
export async function pagesAcross(file: string, imageAspect: number): Promise<number> {
  if (!file.endsWith('.pdf')) return 1;
  const pdfium = await loadPdfium();
  const doc = PdfDocument.open(pdfium, readFileSync(file));
  try {
    const page = pdfium.FPDF_LoadPage(doc.handle, 0);
    const aspect = pdfium.FPDF_GetPageWidthF(page) / pdfium.FPDF_GetPageHeightF(page);
    pdfium.FPDF_ClosePage(page);
    return Math.min(doc.pageCount, Math.max(1, Math.round(imageAspect / aspect)));
  } finally {
    doc.close();
  }
}
