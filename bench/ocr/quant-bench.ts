// Quire's OCR in fp32 and in int8 (quantize.ts) and Debian's tesseract on the REPORT pages, in one
// run: word accuracy and CPU seconds per page of each. fp32 and int8 read the pages interleaved
// (compare.ts): the ratio of their CPU times is the figure to trust on a shared machine, the
// absolute seconds move with its load.
// node --import tsx bench/ocr/quant-bench.ts [corpus] [sets, e.g. 200:clean,200:jpeg]
import { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import { runInterleaved, runTesseract, summarize } from './compare.js';
import { degradedCases, DEGRADATIONS, loadRealPages, REPORT_PAGES, type Degradation } from './real-pages.js';

const corpus = process.argv[2] ?? '/work/shared/corpus';
const sets: Array<{ dpi: number; how: Degradation }> = process.argv[3]
  ? process.argv[3].split(',').map((s) => {
      const [dpi, how] = s.split(':');
      return { dpi: Number(dpi), how: (how ?? 'clean') as Degradation };
    })
  : [{ dpi: 150, how: 'clean' }, { dpi: 200, how: 'clean' }, { dpi: 300, how: 'clean' }, ...DEGRADATIONS.map((how) => ({ dpi: 200, how }))];

const fp32 = await OcrEngine.create({ threads: 1, precision: 'fp32' });
const int8 = await OcrEngine.create({ threads: 1, precision: 'int8' });
console.log(JSON.stringify({ int8: int8.precision }));
try {
  for (const { dpi, how } of sets) {
    const pages = await loadRealPages(corpus, REPORT_PAGES, dpi);
    if (pages.length === 0) break;
    const cases = await degradedCases(pages, how, dpi);
    // Warm-up: the first run allocates.
    await fp32.recognize(cases[0]!.image);
    await int8.recognize(cases[0]!.image);
    const [a, b] = await runInterleaved(fp32, int8, cases);
    const q32 = summarize(a);
    const q8 = summarize(b);
    const tess = await runTesseract(cases);
    console.log(
      JSON.stringify({
        set: `${dpi} dpi ${how}`,
        pages: cases.length,
        fp32: { words: q32.wordAccuracy, cpu: q32.cpuSecondsPerPage },
        int8: { words: q8.wordAccuracy, cpu: q8.cpuSecondsPerPage },
        tesseract: tess && { words: summarize(tess).wordAccuracy, cpu: summarize(tess).cpuSecondsPerPage },
        int8OverFp32Cpu: Number((q8.cpuSecondsPerPage / q32.cpuSecondsPerPage).toFixed(3)),
      }),
    );
  }
} finally {
  await Promise.all([fp32.release(), int8.release()]);
}
