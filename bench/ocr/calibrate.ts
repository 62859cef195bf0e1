// Activation ranges for the int8 OCR models (src/engine/input/ocr/quantize.ts), measured on the
// TUNING pages only: the fp32 engine reads the pages at 200 dpi, clean and JPEG-compressed; the
// inputs its detector and recognizer get are kept, and run again through the same graphs with every
// tensor a quantized convolution reads or writes exposed as an output. Each tensor's range is
// the PERCENTILE-th percentile of its values at both ends (a few outliers would otherwise stretch
// the 256 steps over values that hardly occur).
//
// node --import tsx bench/ocr/calibrate.ts [corpus] [--percentile 99.99] [--also 99.9,100] [--out FILE | --write] [--from FILE] [--evaluate] [--models rec,det] [--pages N]
//   --write     writes src/engine/input/ocr/calibration.json
//   --from FILE evaluates FILE's ranges instead of measuring them
//   --evaluate  reads the tuning pages (200 dpi clean and JPEG) with fp32 and with int8 from these
//               ranges, interleaved, and prints word accuracy and CPU per page of each
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { modelDir, OcrEngine, REC_MODEL, DET_MODEL } from '../../src/engine/input/ocr/ocr.js';
import { optimizeOnnx } from '../../src/engine/input/ocr/onnx-graph.js';
import { exposeTensors, quantizableConvolutions, tensorsToCalibrate, type Calibration, type Ranges } from '../../src/engine/input/ocr/quantize.js';
import { runInterleaved, summarize, type OcrCase } from './compare.js';
import { degradedCases, loadRealPages, TUNE_PAGES, type Degradation } from './real-pages.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const BARE_FLAGS = ['--write', '--evaluate'];
/** The first argument that is neither an option nor an option's value. */
const corpus = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--') || BARE_FLAGS.includes(args[i - 1]!))) ?? '/work/shared/corpus';
/** Share of values kept inside the range at each end, in percent. */
const PERCENTILE = Number(option('--percentile') ?? 99.99);
/** Other percentiles to write alongside (to FILE-PERCENTILE.json), from the same samples. */
const PERCENTILES = [PERCENTILE, ...(option('--also') ?? '').split(',').filter(Boolean).map(Number)];
const MODELS = (option('--models') ?? 'rec,det').split(',').map((m) => ({ rec: REC_MODEL, det: DET_MODEL })[m as 'rec' | 'det']);
/** How many of the tuning pages to use (all by default; fewer for a quick try). */
const PAGES = Number(option('--pages') ?? TUNE_PAGES.length);
/** Values sampled per tensor from each run (at random places): enough for the 99.99th percentile over a few hundred runs. */
const SAMPLES_PER_RUN = 4096;
const SETS: Array<{ dpi: number; how: Degradation }> = [
  { dpi: 200, how: 'clean' },
  { dpi: 200, how: 'jpeg' },
];

async function tuneCases(sets: Array<{ dpi: number; how: Degradation }>): Promise<OcrCase[]> {
  const cases: OcrCase[] = [];
  for (const { dpi, how } of sets) {
    const pages = await loadRealPages(corpus, TUNE_PAGES.slice(0, PAGES), dpi);
    cases.push(...(await degradedCases(pages, how, dpi, `@${dpi}${how}`)));
  }
  return cases;
}

/** The feeds each model got while the fp32 engine read the cases. */
async function captureInputs(cases: OcrCase[]): Promise<Map<string, ort.Tensor[]>> {
  const engine = await OcrEngine.create({ threads: 1, precision: 'fp32' });
  const byModel = new Map<string, ort.Tensor[]>();
  const proto = (ort.InferenceSession as unknown as { prototype: unknown }).prototype as { run: (feeds: Record<string, ort.Tensor>) => Promise<Record<string, ort.Tensor>> };
  const run = proto.run;
  proto.run = async function (this: ort.InferenceSession, feeds: Record<string, ort.Tensor>) {
    const out = await run.call(this, feeds);
    const dims = out[this.outputNames[0]!]!.dims;
    const model = dims.length === 3 ? REC_MODEL : dims.length === 4 ? DET_MODEL : undefined;
    if (model) byModel.set(model, [...(byModel.get(model) ?? []), feeds[this.inputNames[0]!]!]);
    return out;
  };
  try {
    for (const c of cases) await engine.recognize(c.image);
  } finally {
    proto.run = run;
    await engine.release();
  }
  return byModel;
}

function quantile(sorted: Float32Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/** Per percentile asked for: the convolutions and the ranges of their tensors. */
async function calibrate(file: string, inputs: ort.Tensor[], percentiles: number[]): Promise<Map<number, { convolutions: string[]; ranges: Ranges }>> {
  const model = optimizeOnnx(new Uint8Array(readFileSync(path.join(modelDir(), file)))).model;
  const convolutions = quantizableConvolutions(model);
  const tensors = tensorsToCalibrate(model, convolutions);
  const session = await ort.InferenceSession.create(exposeTensors(model, tensors), { intraOpNumThreads: 1, logSeverityLevel: 3 });
  const samples = new Map(tensors.map((t) => [t, [] as Float32Array[]]));
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  try {
    for (const input of inputs) {
      const out = await session.run({ [session.inputNames[0]!]: input }, tensors);
      for (const t of tensors) {
        const data = out[t]!.data as Float32Array;
        const s = new Float32Array(Math.min(SAMPLES_PER_RUN, data.length));
        for (let i = 0; i < s.length; i++) s[i] = data[Math.floor(random() * data.length)]!;
        samples.get(t)!.push(s);
        out[t]!.dispose?.();
      }
    }
  } finally {
    await session.release();
  }
  const byPercentile = new Map(percentiles.map((p) => [p, { convolutions, ranges: {} as Ranges }]));
  for (const t of tensors) {
    const parts = samples.get(t)!;
    const all = new Float32Array(parts.reduce((a, p) => a + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    all.sort();
    for (const [p, { ranges }] of byPercentile) {
      const tail = (100 - p) / 100;
      ranges[t] = [Number(quantile(all, tail).toPrecision(6)), Number(quantile(all, 1 - tail).toPrecision(6))];
    }
  }
  return byPercentile;
}

const from = option('--from');
const byPercentile = new Map(PERCENTILES.map((p) => [p, {} as Calibration]));
if (from) byPercentile.set(PERCENTILE, (JSON.parse(readFileSync(from, 'utf8')) as { models: Calibration }).models);
const inputs = from ? new Map<string, ort.Tensor[]>() : await captureInputs(await tuneCases(SETS));
for (const file of from ? [] : MODELS) {
  for (const [p, c] of await calibrate(file, inputs.get(file) ?? [], PERCENTILES)) byPercentile.get(p)![file] = c;
  console.log(`${file}: ${byPercentile.get(PERCENTILE)![file]!.convolutions.length} convolutions from ${inputs.get(file)?.length ?? 0} runs`);
}
const calibration = byPercentile.get(PERCENTILE)!;
const out = option('--out') ?? (flag('--write') ? new URL('../../src/engine/input/ocr/calibration.json', import.meta.url).pathname : undefined);
if (out) {
  for (const [p, c] of byPercentile) {
    const file = p === PERCENTILE ? out : out.replace(/\.json$/, `-${p}.json`);
    writeFileSync(file, JSON.stringify({ percentile: p, models: c }, null, 1) + '\n');
    console.log(`wrote ${file}`);
  }
}
if (flag('--evaluate')) {
  const evalCases = await tuneCases([
    { dpi: 200, how: 'clean' },
    { dpi: 200, how: 'jpeg' },
  ]);
  const fp32 = await OcrEngine.create({ threads: 1, precision: 'fp32' });
  const int8 = await OcrEngine.create({ threads: 1, precision: 'int8', calibration });
  console.log('int8 models:', JSON.stringify(int8.precision));
  for (const set of ['200clean', '200jpeg']) {
    const these = evalCases.filter((c) => c.id.endsWith(set));
    await fp32.recognize(these[0]!.image);
    await int8.recognize(these[0]!.image);
    const [a, b] = await runInterleaved(fp32, int8, these);
    const s32 = summarize(a);
    const s8 = summarize(b);
    console.log(JSON.stringify({ set, percentile: PERCENTILE, fp32: s32, int8: s8, cpuRatio: Number((s8.cpuSecondsPerPage / s32.cpuSecondsPerPage).toFixed(3)) }));
  }
  await Promise.all([fp32.release(), int8.release()]);
}
