// Degraded scans of generated documents: every page rendered at 150–300 dpi, turned by a small
// skew, blurred, given noise and JPEG compression, and packed as an image-only PDF of the same
// page size. The truth boxes are mapped through the same rotation.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { loadPdfium, PdfDocument, renderPage } from '../../src/engine/index.js';
import { Rng } from './random.js';
import type { Box, CorpusTruth, PageBox, TruthBlock, TruthLine } from './truth.js';

export interface ScanSettings {
  dpi: number;
  blur: number;
  noise: number;
  skewDegrees: number;
  jpegQuality: number;
}

export function scanSettings(seed: number): ScanSettings {
  const r = new Rng(seed * 31 + 7);
  return { dpi: r.pick([150, 200, 200, 240, 300]), blur: Number(r.range(0.3, 1.1).toFixed(2)), noise: Number(r.range(0, 14).toFixed(1)), skewDegrees: Number(r.range(-1.5, 1.5).toFixed(2)), jpegQuality: r.int(35, 85) };
}

/** A box turned by `degrees` (clockwise on the displayed page) about the page centre: the box around its corners. */
export function rotateBox(box: Box, degrees: number, width: number, height: number): Box {
  const a = (degrees * Math.PI) / 180;
  const [cx, cy] = [width / 2, height / 2];
  const corners = [
    [box[0], box[1]],
    [box[2], box[1]],
    [box[0], box[3]],
    [box[2], box[3]],
  ].map(([x, y]) => [cx + (x! - cx) * Math.cos(a) - (y! - cy) * Math.sin(a), cy + (x! - cx) * Math.sin(a) + (y! - cy) * Math.cos(a)]);
  const xs = corners.map((c) => c[0]!);
  const ys = corners.map((c) => c[1]!);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return [r2(Math.max(0, Math.min(...xs))), r2(Math.max(0, Math.min(...ys))), r2(Math.min(width, Math.max(...xs))), r2(Math.min(height, Math.max(...ys)))];
}

function mapTruth(truth: CorpusTruth, settings: ScanSettings): CorpusTruth {
  const pb = (b: PageBox): PageBox => ({ ...b, box: rotateBox(b.box, settings.skewDegrees, truth.pages[b.page]!.width, truth.pages[b.page]!.height) });
  const ln = (l: TruthLine): TruthLine => ({ ...l, box: pb(l).box });
  const block = (b: TruthBlock): TruthBlock => ({
    ...b,
    boxes: b.boxes.map(pb),
    lines: b.lines.map(ln),
    ...(b.items ? { items: b.items.map((i) => ({ ...i, boxes: i.boxes.map(pb), lines: i.lines.map(ln) })) } : {}),
    ...(b.cells ? { cells: b.cells.map((c) => ({ ...c, boxes: c.boxes.map(pb) })) } : {}),
    ...(b.labels ? { labels: b.labels.map(ln) } : {}),
  });
  return { ...truth, id: `${truth.id}.scan`, variant: 'scan', scan: settings, blocks: truth.blocks.map(block) };
}

/** The scan of a born-digital document and its mapped truth. */
export async function degrade(pdf: Uint8Array, truth: CorpusTruth, settings: ScanSettings): Promise<{ pdf: Uint8Array; truth: CorpusTruth }> {
  const pdfium = await loadPdfium();
  const source = PdfDocument.open(pdfium, pdf);
  const out = await PDFDocument.create();
  const r = new Rng(truth.seed * 131 + 3);
  try {
    for (let p = 0; p < source.pageCount; p++) {
      const image = renderPage(source, p, settings.dpi);
      // Noise: independent grey-level jitter per pixel.
      const data = Buffer.from(image.data);
      if (settings.noise > 0) for (let i = 0; i < data.length; i += 3) {
        const n = (r.next() + r.next() + r.next() - 1.5) * settings.noise * 1.4;
        for (let k = 0; k < 3; k++) data[i + k] = Math.max(0, Math.min(255, data[i + k]! + n));
      }
      const rotated = await sharp(data, { raw: { width: image.width, height: image.height, channels: 3 } })
        .rotate(settings.skewDegrees, { background: '#ffffff' })
        .toBuffer({ resolveWithObject: true });
      // Back to the page's size, centred, so the page keeps its point size.
      const left = Math.max(0, Math.round((rotated.info.width - image.width) / 2));
      const top = Math.max(0, Math.round((rotated.info.height - image.height) / 2));
      const jpeg = await sharp(rotated.data, { raw: { width: rotated.info.width, height: rotated.info.height, channels: 3 } })
        .extract({ left, top, width: image.width, height: image.height })
        .blur(Math.max(0.3, settings.blur))
        .greyscale()
        .jpeg({ quality: settings.jpegQuality })
        .toBuffer();
      const embedded = await out.embedJpg(jpeg);
      const { width, height } = truth.pages[p]!;
      out.addPage([width, height]).drawImage(embedded, { x: 0, y: 0, width, height });
    }
  } finally {
    source.close();
  }
  return { pdf: await out.save(), truth: mapTruth(truth, settings) };
}
