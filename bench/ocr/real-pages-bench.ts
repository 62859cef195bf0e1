// `npm run bench:quality -- ocr`: Quire's OCR and Debian's tesseract side by side on real
// born-digital pages (REPORT_PAGES of real-pages.ts; the text layer is the truth) rendered at 150,
// 200 and 300 dpi, and at 200 dpi degraded as real scans are. Word accuracy and CPU seconds per
// page, both engines with their models loaded once.
import { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import { runQuire, runTesseract, summarize, type Summary } from './compare.js';
import { degradedCases, DEGRADATIONS, loadRealPages, REPORT_PAGES, type Degradation } from './real-pages.js';

export interface OcrBenchRow {
  set: string;
  quire: Summary;
  tesseract?: Summary;
}

const SETS: Array<{ dpi: number; how: Degradation }> = [
  { dpi: 150, how: 'clean' },
  { dpi: 200, how: 'clean' },
  { dpi: 300, how: 'clean' },
  ...DEGRADATIONS.map((how) => ({ dpi: 200, how })),
];

export async function benchRealPages(corpus: string): Promise<OcrBenchRow[]> {
  // One thread: CPU time per page is the measure, and one thread is the thriftiest setting (as for tesseract).
  const engine = await OcrEngine.create({ threads: 1 });
  const rows: OcrBenchRow[] = [];
  try {
    for (const { dpi, how } of SETS) {
      const pages = await loadRealPages(corpus, REPORT_PAGES, dpi);
      if (pages.length === 0) return rows;
      const cases = await degradedCases(pages, how, dpi);
      await engine.recognize(cases[0]!.image); // warm-up: the first run allocates
      const quire = summarize(await runQuire(engine, cases));
      const tess = await runTesseract(cases);
      rows.push({ set: `${dpi} dpi ${how}`, quire, tesseract: tess && summarize(tess) });
      console.log(JSON.stringify(rows[rows.length - 1]));
    }
  } finally {
    await engine.release();
  }
  return rows;
}

export function realPagesMarkdown(rows: OcrBenchRow[]): string {
  const lines = [
    '## OCR on real pages: Quire vs Debian tesseract',
    '',
    'Word accuracy (F1 of words matched as multisets against the text layer) and CPU seconds per page.',
    '',
    '| pages | Quire word accuracy | tesseract word accuracy | Quire CPU s/page | tesseract CPU s/page |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.set} (${r.quire.pages}) | ${r.quire.wordAccuracy} | ${r.tesseract?.wordAccuracy ?? '–'} | ${r.quire.cpuSecondsPerPage} | ${r.tesseract?.cpuSecondsPerPage ?? '–'} |`),
    '',
  ];
  return lines.join('\n');
}
