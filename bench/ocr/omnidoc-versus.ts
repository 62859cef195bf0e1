// OmniDocBench page images (../shared/corpus/omnidocbench-demo, mostly Chinese) through this
// checkout's OCR and another's (OCR only, no layout): character edit distance of the page's
// characters, sorted (order-independent), to the annotated text. node --import tsx bench/ocr/omnidoc-versus.ts OTHER_CHECKOUT
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { OcrEngine } from '../../src/engine/input/ocr/ocr.js';
import { omniDocBenchPages } from '../quality/omnidocbench-pages.js';
const other = process.argv[2]!;
const { OcrEngine: Other } = (await import(pathToFileURL(path.resolve(other, 'src/engine/input/ocr/ocr.ts')).href)) as { OcrEngine: typeof OcrEngine };
const a = await Other.create({ threads: 1 });
const b = await OcrEngine.create({ threads: 1 });
function lev(x: string[], y: string[]): number {
  let prev = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length]!;
}
// Order-independent: characters of the text sorted (reading order is not what changed).
const chars = (s: string) => [...s.replace(/\s+/g, '')].sort();
let ta = 0, tb = 0, tn = 0;
for (const p of omniDocBenchPages('/work/shared/corpus')) {
  const { data, info } = await sharp(p.file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const img = { width: info.width, height: info.height, data: new Uint8Array(data) };
  const truth = chars(p.blocks.map((bl) => (bl as any).text ?? '').join(''));
  const ra = chars((await a.recognize(img)).lines.map((l) => l.text).join(''));
  const rb = chars((await b.recognize(img)).lines.map((l) => l.text).join(''));
  const da = lev(truth, ra), db = lev(truth, rb);
  ta += da; tb += db; tn += truth.length;
  console.log(path.basename(p.file), truth.length, (da / truth.length).toFixed(4), (db / truth.length).toFixed(4));
}
console.log('total', (ta / tn).toFixed(4), (tb / tn).toFixed(4));
await Promise.all([a.release(), b.release()]);
