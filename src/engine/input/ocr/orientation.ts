// Page orientation for OCR: how far a page's text lines are skewed, read from projection profiles
// of the ink; the image rotation that levels the page; and the mapping of boxes back onto the page
// as displayed. (Quarter turns and upside-down pages are told apart by the OCR engine from the
// shapes of the detected text boxes and by PaddleOCR's text-direction classifier.)
import type { RgbImage } from '../pdf/pdfium.js';

/** Skew angles tried, in degrees either side of level. */
const MAX_SKEW = 6;
const SKEW_STEP = 0.2;
/** Below this skew (degrees) the page is read as it is: its line boxes stay apart. */
const MIN_DESKEW = 0.4;
/** Longer side of the downscaled copy the profiles are computed on. */
const PROFILE_SIDE = 800;

/** Inked pixels of a downscaled grey copy of the image: x and y in that copy, and how dark. */
interface Ink {
  xs: Int32Array;
  ys: Int32Array;
  weights: Float32Array;
  count: number;
  height: number;
}

function inkOf(image: RgbImage): Ink {
  const { width, height, data } = image;
  const step = Math.max(1, Math.round(Math.max(width, height) / PROFILE_SIDE));
  const sw = Math.floor(width / step);
  const sh = Math.floor(height / step);
  const grey = new Float32Array(sw * sh);
  const histogram = new Uint32Array(256);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      let sum = 0;
      for (let yy = y * step; yy < (y + 1) * step; yy++) {
        let i = (yy * width + x * step) * 3;
        for (let xx = 0; xx < step; xx++, i += 3) sum += data[i]! + data[i + 1]! + data[i + 2]!;
      }
      const v = sum / (3 * step * step);
      grey[y * sw + x] = v;
      histogram[v | 0]!++;
    }
  }
  // Paper is the bright end of the histogram (its 90th percentile); ink is clearly darker.
  let seen = 0;
  let paper = 255;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= 0.9 * sw * sh) {
      paper = v;
      break;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < grey.length; i++) {
    const darkness = paper - grey[i]!;
    if (darkness > paper * 0.15) {
      xs.push(i % sw);
      ys.push((i / sw) | 0);
      weights.push(darkness);
    }
  }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys), weights: Float32Array.from(weights), count: xs.length, height: sh };
}

/**
 * How sharply the ink falls into bands along `along` (the rows when the text runs level) after
 * shearing by `degrees`: the squared steps between neighbouring bins of the projection profile
 * against its squares (Postl's criterion, normalised). Text lines lying along the bins make steep
 * steps at their edges; sheared across the bins, or averaged over many lines, the profile is smooth.
 */
function profileScore(along: Int32Array, across: Int32Array, weights: Float32Array, bins: number, degrees: number): number {
  const t = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(Math.abs(t) * 4 * PROFILE_SIDE);
  const profile = new Float64Array(bins + 2 * offset);
  for (let i = 0; i < weights.length; i++) profile[Math.round(along[i]! - across[i]! * t) + offset]! += weights[i]!;
  let steps = 0;
  let squares = 0;
  for (let i = 1; i < profile.length; i++) {
    const d = profile[i]! - profile[i - 1]!;
    steps += d * d;
    squares += profile[i]! * profile[i]!;
  }
  return squares ? steps / squares : 0;
}

/** The best level over the skew angles tried: its angle and score. */
function bestSkew(along: Int32Array, across: Int32Array, weights: Float32Array, bins: number): { degrees: number; score: number } {
  let best = { degrees: 0, score: profileScore(along, across, weights, bins, 0) };
  const tryAngle = (degrees: number) => {
    const score = profileScore(along, across, weights, bins, degrees);
    if (score > best.score) best = { degrees, score };
  };
  for (let d = SKEW_STEP; d <= MAX_SKEW + 1e-9; d += SKEW_STEP) {
    tryAngle(d);
    tryAngle(-d);
  }
  // Refine between the neighbours of the coarse best.
  const coarse = best.degrees;
  for (let d = coarse - SKEW_STEP / 2; d <= coarse + SKEW_STEP / 2 + 1e-9; d += SKEW_STEP / 4) tryAngle(d);
  return best;
}

/**
 * The clockwise rotation (degrees) that levels the text lines of a page whose lines run roughly
 * left to right (or right to left, upside down): the opposite of their skew, or 0 when the skew is
 * negligible or the page has too little ink to tell.
 */
export function levellingRotation(image: RgbImage): number {
  const ink = inkOf(image);
  if (ink.count < 50) return 0;
  const { degrees } = bestSkew(ink.ys, ink.xs, ink.weights, ink.height);
  return Math.abs(degrees) < MIN_DESKEW ? 0 : -degrees;
}

/** Width and height of the image rotated by `rotation` degrees (swapped for quarter turns). */
function rotatedSize(width: number, height: number, rotation: number): [number, number] {
  const quarter = Math.round(rotation / 90);
  return quarter % 2 !== 0 ? [height, width] : [width, height];
}

/**
 * The image turned clockwise by `rotation` degrees about its centre, on white. The nearest
 * multiple of 90° decides the output size (width and height swap for odd quarter turns); the rest
 * (a skew correction) keeps the size and drops what turns past the edges (page margins).
 */
export function rotateImage(image: RgbImage, rotation: number): RgbImage {
  const { width, height, data } = image;
  const [ow, oh] = rotatedSize(width, height, rotation);
  const out = new Uint8Array(ow * oh * 3).fill(255);
  const a = (rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // Exact quarter turns copy pixels; other angles interpolate bilinearly.
  const exact = Math.abs(rotation / 90 - Math.round(rotation / 90)) < 1e-9;
  const rc = Math.round(cos);
  const rs = Math.round(sin);
  for (let y = 0; y < oh; y++) {
    const qy = y + 0.5 - oh / 2;
    for (let x = 0; x < ow; x++) {
      const qx = x + 0.5 - ow / 2;
      // The input point that lands here: rotate back by -rotation.
      const o = (y * ow + x) * 3;
      if (exact) {
        const px = Math.floor(rc * qx + rs * qy + width / 2);
        const py = Math.floor(-rs * qx + rc * qy + height / 2);
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const i = (py * width + px) * 3;
        out[o] = data[i]!;
        out[o + 1] = data[i + 1]!;
        out[o + 2] = data[i + 2]!;
        continue;
      }
      const fx = cos * qx + sin * qy + width / 2 - 0.5;
      const fy = -sin * qx + cos * qy + height / 2 - 0.5;
      if (fx < 0 || fy < 0 || fx > width - 1 || fy > height - 1) continue;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(x0 + 1, width - 1);
      const y1 = Math.min(y0 + 1, height - 1);
      const wx = fx - x0;
      const wy = fy - y0;
      const i00 = (y0 * width + x0) * 3;
      const i01 = (y0 * width + x1) * 3;
      const i10 = (y1 * width + x0) * 3;
      const i11 = (y1 * width + x1) * 3;
      for (let c = 0; c < 3; c++) {
        const top = data[i00 + c]! + (data[i01 + c]! - data[i00 + c]!) * wx;
        const bottom = data[i10 + c]! + (data[i11 + c]! - data[i10 + c]!) * wx;
        out[o + c] = Math.round(top + (bottom - top) * wy);
      }
    }
  }
  return { width: ow, height: oh, data: out };
}

/**
 * A box [x0, y0, x1, y1] of the image rotated by `rotation` (size `rotated`), mapped back onto
 * the original image (size `original`): the bounding box of its turned corners, inside the image.
 */
export function unrotateBox(
  box: readonly [number, number, number, number],
  rotation: number,
  rotated: readonly [number, number],
  original: readonly [number, number],
): [number, number, number, number] {
  if (rotation === 0) return [box[0], box[1], box[2], box[3]];
  const a = (rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [box[0], box[1]],
    [box[2], box[1]],
    [box[0], box[3]],
    [box[2], box[3]],
  ] as const) {
    const qx = x - rotated[0] / 2;
    const qy = y - rotated[1] / 2;
    xs.push(cos * qx + sin * qy + original[0] / 2);
    ys.push(-sin * qx + cos * qy + original[1] / 2);
  }
  const clampTo = (v: number, hi: number) => Math.min(hi, Math.max(0, v));
  return [clampTo(Math.min(...xs), original[0]), clampTo(Math.min(...ys), original[1]), clampTo(Math.max(...xs), original[0]), clampTo(Math.max(...ys), original[1])];
}

/**
 * A content_list bbox (0-1000 of the width and height) of a page that was read turned by
 * `rotation` degrees (upright size `width` x `height`), as a bbox of the page as displayed.
 */
export function displayedBox(bbox: [number, number, number, number], rotation: number, width: number, height: number): [number, number, number, number] {
  const displayed = rotatedSize(width, height, rotation);
  const box = unrotateBox([(bbox[0] * width) / 1000, (bbox[1] * height) / 1000, (bbox[2] * width) / 1000, (bbox[3] * height) / 1000], rotation, [width, height], displayed);
  return [0, 1, 2, 3].map((i) => Math.round((box[i]! * 1000) / displayed[i % 2]!)) as [number, number, number, number];
}
