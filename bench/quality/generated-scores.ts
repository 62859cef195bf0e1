// Scores of the generated documents (exact truth): born-digital, as scans, as images, and the
// same scans read by Debian's tesseract for comparison; and the per-source summary of scores.
import type { ParseResult } from '../../src/engine/index.js';
import { asScan, generatedDocuments, pagePngs, type GeneratedDoc } from './generated.js';
import { furnitureLeak, matchF1, normalizedEditDistance, readingOrderScore, stripMarkdown } from './metrics.js';
import { ensureTesseract, tesseractBodyText, tesseractText } from './tesseract.js';

export type Parse = (bytes: Uint8Array) => Promise<ParseResult>;

export interface DocScore {
  source: string;
  id: string;
  textEditDistance?: number;
  readingOrder?: number;
  headingF1?: number;
  listF1?: number;
  furnitureLeak?: number;
  labelAccuracy?: number;
  testsPassed?: number;
  testsTotal?: number;
  failedTests?: string[];
  seconds: number;
  error?: string;
}

export function headingsOf(result: ParseResult): string[] {
  return result.markdown
    .split('\n')
    .filter((l) => l.startsWith('# '))
    .map((l) => l.slice(2));
}

export function listItemsOf(result: ParseResult): string[] {
  return result.content_list.flatMap((b) => b.list_items ?? []);
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  return [await fn(), (performance.now() - start) / 1000];
}

export function scoreAgainstTruth(source: string, doc: GeneratedDoc, result: ParseResult, seconds: number): DocScore {
  return {
    source,
    id: doc.id,
    textEditDistance: normalizedEditDistance(doc.truth.text, stripMarkdown(result.markdown)),
    readingOrder: readingOrderScore(doc.truth.paragraphs, stripMarkdown(result.markdown)).score,
    headingF1: matchF1(doc.truth.headings, headingsOf(result)).f1,
    listF1: matchF1(doc.truth.listItems, listItemsOf(result)).f1,
    furnitureLeak: furnitureLeak(doc.truth.furniture, result.markdown),
    seconds,
  };
}

/**
 * Generated documents: born-digital; as 200- and 150-dpi scans (image-only PDFs, read by OCR),
 * and the same scans read by Debian's tesseract (plain text, given the benefit of dropped
 * furniture lines and joined hyphenations); one-page documents also as 200- and 300-dpi PNG images.
 */
export async function scoreGenerated(parse: Parse, options: { tesseract: boolean } = { tesseract: true }): Promise<DocScore[]> {
  const scores: DocScore[] = [];
  const tesseract = options.tesseract && ensureTesseract();
  for (const doc of await generatedDocuments()) {
    const [result, seconds] = await timed(() => parse(doc.pdf));
    scores.push(scoreAgainstTruth('generated', doc, result, seconds));
    for (const dpi of [200, 150]) {
      const scan = await asScan(doc, dpi);
      const [scanResult, scanSeconds] = await timed(() => parse(scan.pdf));
      scores.push(scoreAgainstTruth(`generated scans ${dpi} dpi`, scan, scanResult, scanSeconds));
      if (tesseract) {
        const pngs = await pagePngs(doc.pdf, dpi);
        const [text, tesseractSeconds] = await timed(async () => pngs.map((png) => tesseractText(png)).join('\n'));
        const body = tesseractBodyText(text, doc.truth.furniture);
        scores.push({
          source: `tesseract (Debian, 1 thread) ${dpi} dpi`,
          id: scan.id,
          textEditDistance: normalizedEditDistance(doc.truth.text, body),
          readingOrder: readingOrderScore(doc.truth.paragraphs, body).score,
          seconds: tesseractSeconds,
        });
      }
    }
    for (const dpi of [200, 300]) {
      const pngs = await pagePngs(doc.pdf, dpi);
      if (pngs.length !== 1) continue;
      const [imageResult, imageSeconds] = await timed(() => parse(pngs[0]!));
      scores.push(scoreAgainstTruth(`generated PNG images ${dpi} dpi`, { ...doc, id: `${doc.id}.png` }, imageResult, imageSeconds));
    }
  }
  return scores;
}


export const METRICS = ['textEditDistance', 'readingOrder', 'headingF1', 'listF1', 'furnitureLeak', 'labelAccuracy'] as const;

export function summarize(scores: DocScore[]) {
  const bySource = new Map<string, DocScore[]>();
  for (const s of scores) bySource.set(s.source, [...(bySource.get(s.source) ?? []), s]);
  const rows: Record<string, Record<string, number | string>> = {};
  for (const [source, list] of bySource) {
    const row: Record<string, number | string> = { documents: list.length };
    for (const m of METRICS) {
      const values = list.map((s) => s[m]).filter((v): v is number => typeof v === 'number');
      if (values.length) row[m] = Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(4));
    }
    const total = list.reduce((a, s) => a + (s.testsTotal ?? 0), 0);
    if (total) row.testPassRate = Number((list.reduce((a, s) => a + (s.testsPassed ?? 0), 0) / total).toFixed(4));
    row.errors = list.filter((s) => s.error).length;
    rows[source] = row;
  }
  return rows;
}

