// The int8 recognizer (quantize.ts) built from the shipped fp32 model and the committed
// calibration: it loads, its graph holds the QDQ pairs onnxruntime fuses into int8 kernels, and it
// reads a generated page as fp32 does; a calibration that does not fit the model falls back to fp32.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DET_MODEL, modelDir, OcrEngine, REC_MODEL } from '../src/engine/input/ocr/ocr.js';
import { decode, decodeNode, optimizeOnnx } from '../src/engine/input/ocr/onnx-graph.js';
import { quantizeOnnx, type Calibration } from '../src/engine/input/ocr/quantize.js';
import shipped from '../src/engine/input/ocr/calibration.json' with { type: 'json' };
import { loadPdfium, PdfDocument, renderPage, type RgbImage } from '../src/engine/input/pdf/pdfium.js';
import { BODY, makePdf } from './fixtures.js';

const calibration = (shipped as unknown as { models: Calibration }).models;

function ops(model: Uint8Array): Map<string, number> {
  const graph = decode(decode(model).find((f) => f.no === 7)!.payload);
  const counts = new Map<string, number>();
  for (const f of graph.filter((x) => x.no === 1)) {
    const op = decodeNode(f.payload).op;
    counts.set(op, (counts.get(op) ?? 0) + 1);
  }
  return counts;
}

async function page(): Promise<RgbImage> {
  const pdf = await makePdf([
    [
      { text: 'Quarterly Report on Regional Sales', x: 72, y: 90, size: 14 },
      ...BODY.map((text, i) => ({ text, x: 72, y: 130 + i * 20 })),
      { text: 'Invoice 4711 due 2024-03-15, total $1,299.00', x: 72, y: 210 },
    ],
  ]);
  const doc = PdfDocument.open(await loadPdfium(), pdf);
  try {
    return renderPage(doc, 0, 200);
  } finally {
    doc.close();
  }
}

const read = async (engine: OcrEngine, image: RgbImage) => (await engine.recognize(image)).lines.map((l) => l.text).join('\n');

describe('int8 OCR models', () => {
  const model = optimizeOnnx(new Uint8Array(readFileSync(path.join(modelDir(), REC_MODEL)))).model;
  let fp32: OcrEngine;
  let image: RgbImage;

  beforeAll(async () => {
    [fp32, image] = await Promise.all([OcrEngine.create({ precision: 'fp32' }), page()]);
  });

  afterAll(async () => {
    await fp32?.release();
  });

  it('wraps the convolutions in QuantizeLinear/DequantizeLinear pairs', () => {
    const q = quantizeOnnx(model, calibration[REC_MODEL]);
    expect(q.fallback).toBeUndefined();
    expect(q.convolutions).toBe(calibration[REC_MODEL]!.convolutions.length);
    expect(q.convolutions).toBeGreaterThan(10);
    const counts = ops(q.model);
    expect(counts.get('QuantizeLinear')).toBeGreaterThanOrEqual(q.convolutions);
    expect(counts.get('DequantizeLinear')).toBeGreaterThanOrEqual(3 * q.convolutions);
    expect(ops(model).get('QuantizeLinear')).toBeUndefined();
  });

  it('is fused by onnxruntime into its int8 convolution (QLinearConv), one per convolution quantized', async () => {
    const q = quantizeOnnx(model, calibration[REC_MODEL]);
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-qdq-'));
    try {
      const file = path.join(dir, 'optimized.onnx');
      const session = await ort.InferenceSession.create(q.model, { intraOpNumThreads: 1, graphOptimizationLevel: 'all', optimizedModelFilePath: file, logSeverityLevel: 3 });
      await session.release();
      expect(ops(new Uint8Array(readFileSync(file))).get('QLinearConv')).toBe(q.convolutions);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads in int8 and reads a generated page as fp32 does', async () => {
    const int8 = await OcrEngine.create({ precision: 'int8' });
    try {
      expect(int8.precision[REC_MODEL]).toMatchObject({ precision: 'int8' });
      // The detector stays fp32: the calibration has no ranges for it (its boxes shape the layout).
      expect(int8.precision[DET_MODEL]).toMatchObject({ precision: 'fp32' });
      expect(fp32.precision[REC_MODEL]).toMatchObject({ precision: 'fp32' });
      const want = await read(fp32, image);
      expect(want).toContain('Quarterly Report on Regional Sales');
      expect(await read(int8, image)).toBe(want);
    } finally {
      await int8.release();
    }
  });

  it('loads fp32 by default, and the recognizer in int8 when QUIRE_OCR_PRECISION=int8', async () => {
    const before = process.env.QUIRE_OCR_PRECISION;
    try {
      delete process.env.QUIRE_OCR_PRECISION;
      const engine = await OcrEngine.create();
      expect(engine.precision[REC_MODEL]).toEqual({ precision: 'fp32', convolutions: 0 });
      expect(engine.precision[DET_MODEL]).toEqual({ precision: 'fp32', convolutions: 0 });
      await engine.release();
      process.env.QUIRE_OCR_PRECISION = 'int8';
      const int8 = await OcrEngine.create();
      expect(int8.precision[REC_MODEL]).toMatchObject({ precision: 'int8' });
      await int8.release();
    } finally {
      if (before === undefined) delete process.env.QUIRE_OCR_PRECISION;
      else process.env.QUIRE_OCR_PRECISION = before;
    }
  });

  it('falls back to fp32 when the calibration does not fit the model', async () => {
    const rec = calibration[REC_MODEL]!;
    const [first, ...rest] = Object.keys(rec.ranges);
    const mismatched: Calibration = { [REC_MODEL]: { convolutions: rec.convolutions, ranges: Object.fromEntries(rest.map((k) => [k, rec.ranges[k]!])) } };
    expect(quantizeOnnx(model, mismatched[REC_MODEL]).fallback).toContain(first!);
    const renamed: Calibration = { [REC_MODEL]: { convolutions: ['no-such-convolution', ...rec.convolutions], ranges: rec.ranges } };
    expect(quantizeOnnx(model, renamed[REC_MODEL]).fallback).toContain('no-such-convolution');
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const engine = await OcrEngine.create({ precision: 'int8', calibration: mismatched });
    try {
      expect(engine.precision[REC_MODEL]).toMatchObject({ precision: 'fp32', fallback: expect.stringContaining(first!) });
      expect(await read(engine, image)).toBe(await read(fp32, image));
      await new Promise((r) => setImmediate(r));
      expect(warnings.some((w) => w.includes(REC_MODEL) && w.includes('fp32'))).toBe(true);
    } finally {
      process.off('warning', onWarning);
      await engine.release();
    }
  });
});
