// The PP-OCR graphs rewritten before loading (onnx-graph.ts) compute what the shipped ones do.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { modelDir } from '../src/engine/input/ocr/ocr.js';
import { optimizeOnnx } from '../src/engine/input/ocr/onnx-graph.js';

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

  it('leaves bytes it cannot read as they are', () => {
    const junk = Uint8Array.from([0x3a, 0xff, 0xff]);
    expect(optimizeOnnx(junk).model).toBe(junk);
  });
});
