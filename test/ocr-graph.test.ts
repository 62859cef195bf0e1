// The PP-OCR graphs rewritten before loading (onnx-graph.ts) compute what the shipped ones do.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { modelDir } from '../src/engine/input/ocr/ocr.js';
import { BEST_CLASS, BEST_PROB, optimizeOnnx, withBestClassOutputs, withClassSubset } from '../src/engine/input/ocr/onnx-graph.js';

async function outputs(model: Uint8Array, shape: number[]): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, logSeverityLevel: 3 });
  try {
    let seed = 7;
    const input = new Float32Array(shape.reduce((a, b) => a * b)).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1);
    const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, shape) });
    return out[session.outputNames[0]!]!.data as Float32Array;
  } finally {
    await session.release();
  }
}

/** A line of text drawn black on white, 48 px high and `width` wide, normalised as the recognizer reads it (CHW, -1…1). */
async function wordInput(text: string, width: number): Promise<Float32Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48"><rect width="100%" height="100%" fill="white"/><text x="6" y="34" font-family="sans-serif" font-size="28">${text}</text></svg>`;
  const grey = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
  const input = new Float32Array(3 * 48 * width);
  for (let c = 0; c < 3; c++) for (let i = 0; i < 48 * width; i++) input[c * 48 * width + i] = grey[i]! / 127.5 - 1;
  return input;
}

/** A recognizer model's outputs (and their names) on one line image from wordInput. */
async function recognize(model: Uint8Array, input: Float32Array, width: number): Promise<{ names: readonly string[]; out: ort.InferenceSession.OnnxValueMapType }> {
  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, logSeverityLevel: 3 });
  try {
    return { names: session.outputNames, out: await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, 48, width]) }) };
  } finally {
    await session.release();
  }
}

describe('ONNX graph rewrites', () => {
  for (const [file, shape] of [
    ['ch_PP-OCRv4_rec_infer.onnx', [2, 3, 48, 160]],
    ['ch_PP-OCRv4_det_infer.onnx', [1, 3, 96, 128]],
  ] as const) {
    it(`${file}: hard-swish fused, scales folded, same outputs`, async () => {
      const original = new Uint8Array(readFileSync(path.join(modelDir(), file)));
      const rewritten = optimizeOnnx(original);
      expect(rewritten.hardSwish).toBeGreaterThan(20);
      expect(rewritten.folded).toBeGreaterThan(30);
      const a = await outputs(original, [...shape]);
      const b = await outputs(rewritten.model, [...shape]);
      expect(b.length).toBe(a.length);
      let worst = 0;
      for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
      expect(worst).toBeLessThan(1e-4);
    });
  }

  it('the recognizer hands over the best class of each step and its probability, as the whole output gives them', async () => {
    const rec = optimizeOnnx(new Uint8Array(readFileSync(path.join(modelDir(), 'ch_PP-OCRv4_rec_infer.onnx')))).model;
    // A word drawn black on white, normalised as the recognizer reads it: steps with real classes.
    const width = 160;
    const input = await wordInput('Quire 42', width);
    const run = (model: Uint8Array) => recognize(model, input, width);
    const whole = await run(rec);
    const probs = Object.values(whole.out)[0]!.data as Float32Array;
    const best = withBestClassOutputs(rec)!;
    expect(best.classes).toBe(6625);
    const { names, out } = await run(best.model);
    expect(names).toEqual([BEST_CLASS, BEST_PROB]);
    const steps = width / 8;
    expect(out[BEST_CLASS]!.dims).toEqual([1, steps]);
    const cls = Array.from(out[BEST_CLASS]!.data as BigInt64Array, Number);
    const p = out[BEST_PROB]!.data as Float32Array;
    expect(cls.filter((c) => c !== 0).length).toBeGreaterThan(4);
    for (let s = 0; s < steps; s++) {
      const row = probs.subarray(s * 6625, (s + 1) * 6625);
      let arg = 0;
      for (let c = 1; c < 6625; c++) if (row[c]! > row[arg]!) arg = c;
      expect(cls[s]).toBe(arg);
      expect(p[s]).toBeCloseTo(row[arg]!, 6);
    }
  });

  it('cuts the recognizer head to chosen classes: the same best class where the whole head picks a kept one', async () => {
    const rec = optimizeOnnx(new Uint8Array(readFileSync(path.join(modelDir(), 'ch_PP-OCRv4_rec_infer.onnx')))).model;
    const width = 200;
    const input = await wordInput('Quire 42, ok', width);
    const run = async (model: Uint8Array) => {
      const { out } = await recognize(model, input, width);
      return { best: Array.from(out[BEST_CLASS]!.data as BigInt64Array, Number), prob: out[BEST_PROB]!.data as Float32Array };
    };
    const whole = await run(withBestClassOutputs(rec)!.model);
    const used = new Set(whole.best);
    expect(used.size).toBeGreaterThan(6);
    // Keep the classes this word uses, every seventh other one, and one class the head's bias ranks first.
    let biasSeen = 0;
    const cut = withClassSubset(rec, (bias) => {
      biasSeen = bias.length;
      const top = bias.indexOf(Math.max(...bias));
      return Array.from(bias, (_, i) => i).filter((i) => used.has(i) || i % 7 === 3 || i === top);
    })!;
    expect(biasSeen).toBe(6625);
    expect(cut.keep.length).toBeLessThan(1000);
    const part = await run(withBestClassOutputs(cut.model)!.model);
    expect(part.best.map((k) => cut.keep[k])).toEqual(whole.best);
    // Normalised over fewer classes: at least as sure.
    for (let s = 0; s < whole.best.length; s++) expect(part.prob[s]!).toBeGreaterThanOrEqual(whole.prob[s]! - 1e-6);
    // A chooser that keeps nothing (or classes the head does not have) leaves no model.
    expect(withClassSubset(rec, () => [])).toBeUndefined();
    expect(withClassSubset(rec, () => [0, 7000])).toBeUndefined();
  });

  it('leaves bytes it cannot read as they are', () => {
    const junk = Uint8Array.from([0x3a, 0xff, 0xff]);
    expect(optimizeOnnx(junk).model).toBe(junk);
  });
});
