// This checkout's OCR against another checkout's (an older commit: `git worktree add /tmp/base
// COMMIT`, or `git archive COMMIT src | tar -x -C /tmp/base` with node_modules linked), page by page
// interleaved on the same images in one process (compare.ts), and Debian's tesseract on them:
// word accuracy and whole-process CPU seconds per page of each, one thread.
// node --import tsx bench/ocr/versus.ts OTHER_CHECKOUT [tune|report] [sets, e.g. 200:clean,200:jpeg] [--no-tesseract]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import { runInterleaved, runTesseract, summarize } from './compare.js';
import { degradedCases, DEGRADATIONS, loadRealPages, REPORT_PAGES, TUNE_PAGES, type Degradation } from './real-pages.js';

const [other, split = 'tune', setList, flag] = process.argv.slice(2);
if (!other) throw new Error('usage: versus.ts OTHER_CHECKOUT [tune|report] [dpi:how,...] [--no-tesseract]');
const pages = split === 'report' ? REPORT_PAGES : TUNE_PAGES;
const sets: Array<{ dpi: number; how: Degradation }> = setList
  ? setList.split(',').map((s) => {
      const [dpi, how] = s.split(':');
      return { dpi: Number(dpi), how: (how ?? 'clean') as Degradation };
    })
  : [{ dpi: 150, how: 'clean' }, { dpi: 200, how: 'clean' }, { dpi: 300, how: 'clean' }, ...DEGRADATIONS.map((how) => ({ dpi: 200, how }))];
const { OcrEngine: OtherEngine } = (await import(pathToFileURL(path.resolve(other, 'src/engine/input/ocr/ocr.ts')).href)) as { OcrEngine: typeof OcrEngine };
const before = await OtherEngine.create({ threads: 1 });
const after = await OcrEngine.create({ threads: 1 });
try {
  for (const { dpi, how } of sets) {
    const loaded = await loadRealPages('../shared/corpus', pages, dpi);
    if (loaded.length === 0) break;
    const cases = await degradedCases(loaded, how, dpi);
    // Warm-up: the first run allocates.
    await before.recognize(cases[0]!.image);
    await after.recognize(cases[0]!.image);
    const [a, b] = await runInterleaved(before, after, cases);
    const tess = flag === '--no-tesseract' ? undefined : await runTesseract(cases);
    const o = summarize(a);
    const n = summarize(b);
    console.log(
      JSON.stringify({
        set: `${split} ${dpi} dpi ${how}`,
        pages: cases.length,
        other: { words: o.wordAccuracy, cpu: o.cpuSecondsPerPage },
        this: { words: n.wordAccuracy, cpu: n.cpuSecondsPerPage },
        cpuRatio: Number((n.cpuSecondsPerPage / o.cpuSecondsPerPage).toFixed(3)),
        pagesReadOtherwise: cases.filter((_, i) => a.texts[i] !== b.texts[i]).length,
        tesseract: tess && { words: summarize(tess).wordAccuracy, cpu: summarize(tess).cpuSecondsPerPage },
      }),
    );
  }
} finally {
  await Promise.all([before.release(), after.release()]);
}
