// Image-only PDFs in every image encoding and form scanners and PDF tools write, from 72 to 600
// dpi: 1-bit CCITT G4 and JBIG2 (as strips, a page tiled from many images), 1-bit Flate,
// greyscale Flate, RGB JPEG, a 600-dpi greyscale JPEG, a page image wrapped in a form XObject;
// and a document mixing a born-digital page with a scanned one. Every scanned page must be read,
// not returned empty.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatTransformationMatrix, drawObject, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import sharp from 'sharp';
import { OcrEngine } from '../src/engine/input/ocr/ocr.js';
import { parseDocument } from '../src/engine/parse.js';
import { imageOnlyPdf, makePdf, rasterize } from './fixtures.js';

const LINES = ['Scanned invoices arrive every morning', 'The clerk files them by supplier name', 'Totals are checked against the ledger'];
const SIZE: [number, number] = [306, 396];

/** The page as grey pixels at `dpi`. */
async function grey(page: Uint8Array, dpi: number): Promise<{ width: number; height: number; data: Buffer }> {
  const { data, info } = await sharp(await rasterize(page, dpi)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** Rows packed one bit a pixel, most significant first, 1 = white (DeviceGray). */
function packBits(g: { width: number; height: number; data: Buffer }): Uint8Array {
  const stride = Math.ceil(g.width / 8);
  const out = new Uint8Array(stride * g.height);
  for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) if (g.data[y * g.width + x]! >= 128) out[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
  return out;
}

/** An image-only PDF page of SIZE holding the given image XObjects, each drawn over its share of the page. */
async function pageOf(images: Array<{ dict: Record<string, unknown>; data: Uint8Array; box: [number, number, number, number] }>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(SIZE);
  for (const image of images) {
    const dict = doc.context.obj({ Type: 'XObject', Subtype: 'Image', ...image.dict }) as PDFDict;
    dict.set(PDFName.of('Length'), PDFNumber.of(image.data.length));
    const ref = doc.context.register(PDFRawStream.of(dict, image.data));
    const name = page.node.newXObject('Im', ref);
    const [x, y, w, h] = image.box;
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(w, 0, 0, h, x, y), drawObject(name), popGraphicsState());
  }
  return doc.save();
}

/** The strips of a TIFF (offsets and lengths of its encoded data) and their rows. */
function tiffStrips(tif: Buffer): { strips: Uint8Array[]; rowsPerStrip: number } {
  const le = tif[0] === 0x49;
  const u16 = (o: number) => (le ? tif.readUInt16LE(o) : tif.readUInt16BE(o));
  const u32 = (o: number) => (le ? tif.readUInt32LE(o) : tif.readUInt32BE(o));
  const ifd = u32(4);
  const tags = new Map<number, number[]>();
  for (let i = 0; i < u16(ifd); i++) {
    const e = ifd + 2 + i * 12;
    const type = u16(e + 2);
    const count = u32(e + 4);
    const size = type === 3 ? 2 : 4;
    const at = count * size > 4 ? u32(e + 8) : e + 8;
    tags.set(u16(e), Array.from({ length: count }, (_, k) => (size === 2 ? u16(at + k * 2) : u32(at + k * 4))));
  }
  const offsets = tags.get(273)!;
  const lengths = tags.get(279)!;
  return { strips: offsets.map((o, i) => new Uint8Array(tif.subarray(o, o + lengths[i]!))), rowsPerStrip: tags.get(278)?.[0] ?? Number.MAX_SAFE_INTEGER };
}

/** Image XObjects of a page tiled from the strips of a `height`-pixel image, each drawn over its rows' share of the page. */
function stripImages(
  strips: Uint8Array[],
  rowsPerStrip: number,
  height: number,
  image: (data: Uint8Array, rows: number) => { dict: Record<string, unknown>; data: Uint8Array },
): Array<{ dict: Record<string, unknown>; data: Uint8Array; box: [number, number, number, number] }> {
  return strips.map((data, i) => {
    const rows = Math.min(rowsPerStrip, height - i * rowsPerStrip);
    const top = (i * rowsPerStrip * SIZE[1]) / height;
    const h = (rows * SIZE[1]) / height;
    return { ...image(data, rows), box: [0, SIZE[1] - top - h, SIZE[0], h] };
  });
}

/** A JBIG2 embedded stream (PDF's JBIG2Decode, no file header): a page holding one MMR-coded generic region of `width` x `height`. */
function jbig2(mmr: Uint8Array, width: number, height: number): Uint8Array {
  const u32 = (v: number) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
  // Segment header: number, flags (type; 1-byte page association), no referred segments, page 1, data length.
  const segment = (no: number, type: number, data: number[] | Uint8Array) => [...u32(no), type, 0, 1, ...u32(data.length), ...data];
  const pageInfo = [...u32(width), ...u32(height), ...u32(0), ...u32(0), 0, 0, 0];
  // Region info (size, origin, combination operator), then generic region flags: MMR.
  const region = [...u32(width), ...u32(height), ...u32(0), ...u32(0), 0, 1];
  return Uint8Array.from([...segment(0, 48, pageInfo), ...segment(1, 38, [...region, ...mmr]), ...segment(2, 49, [])]);
}

describe('image-only PDFs in every encoding and form', () => {
  let engine: OcrEngine;
  let page: Uint8Array;
  beforeAll(async () => {
    engine = await OcrEngine.create({ threads: 1 });
    page = await makePdf([LINES.map((text, i) => ({ text, x: 30, y: 60 + i * 24, size: 11 }))], SIZE);
  }, 60_000);
  afterAll(async () => {
    await engine.release();
  });

  const read = async (pdf: Uint8Array) => (await parseDocument(pdf, { maxPages: 5, ocr: async () => engine })).markdown;
  const full: [number, number, number, number] = [0, 0, SIZE[0], SIZE[1]];

  it('reads a 300-dpi 1-bit CCITT G4 page tiled from strips', async () => {
    const g = await grey(page, 300);
    const tif = await sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } })
      .toColourspace('b-w')
      .tiff({ compression: 'ccittfax4', bitdepth: 1 })
      .toBuffer();
    const { strips, rowsPerStrip } = tiffStrips(tif);
    expect(strips.length).toBeGreaterThan(1);
    const images = stripImages(strips, rowsPerStrip, g.height, (data, rows) => ({
      dict: { Width: g.width, Height: rows, ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter: 'CCITTFaxDecode', DecodeParms: { K: -1, Columns: g.width, Rows: rows, BlackIs1: true } },
      data,
    }));
    const pdf = await pageOf(images);
    // The strips decode to the page as it was (black text on white), not inverted.
    const { data } = await sharp(await rasterize(pdf, 50)).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data.reduce((a, v) => a + v, 0) / data.length).toBeGreaterThan(200);
    const markdown = await read(pdf);
    for (const line of LINES) expect(markdown).toContain(line);
  }, 120_000);

  it('reads a 300-dpi 1-bit JBIG2 page (MMR generic regions) tiled from strips', async () => {
    const g = await grey(page, 300);
    // JBIG2 codes 0 as white: the TIFF encoder codes its 0 bits (black, min-is-black) as white runs, so give it the negative.
    const tif = await sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } })
      .negate()
      .toColourspace('b-w')
      .tiff({ compression: 'ccittfax4', bitdepth: 1 })
      .toBuffer();
    const { strips, rowsPerStrip } = tiffStrips(tif);
    const images = stripImages(strips, rowsPerStrip, g.height, (data, rows) => ({
      dict: { Width: g.width, Height: rows, ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter: 'JBIG2Decode' },
      data: jbig2(data, g.width, rows),
    }));
    const pdf = await pageOf(images);
    const { data } = await sharp(await rasterize(pdf, 50)).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data.reduce((a, v) => a + v, 0) / data.length).toBeGreaterThan(200);
    const markdown = await read(pdf);
    for (const line of LINES) expect(markdown).toContain(line);
  }, 120_000);

  it('reads a 600-dpi 1-bit Flate page', async () => {
    const g = await grey(page, 600);
    const pdf = await pageOf([{ dict: { Width: g.width, Height: g.height, ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter: 'FlateDecode' }, data: deflateSync(packBits(g)), box: full }]);
    const markdown = await read(pdf);
    for (const line of LINES) expect(markdown).toContain(line);
  }, 120_000);

  it('reads a 72-dpi greyscale Flate page', async () => {
    const g = await grey(page, 72);
    const pdf = await pageOf([{ dict: { Width: g.width, Height: g.height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' }, data: deflateSync(g.data), box: full }]);
    const markdown = await read(pdf);
    // At 72 dpi 11-point letters are 5 pixels high: a letter or two may be misread ("rn" for "m").
    const words = LINES.join(' ').split(' ');
    const seen = new Set(markdown.split(/\s+/));
    expect(words.filter((w) => seen.has(w)).length).toBeGreaterThanOrEqual(0.8 * words.length);
  }, 120_000);

  it('reads a 150-dpi RGB JPEG page', async () => {
    const jpeg = await sharp(await rasterize(page, 150)).jpeg({ quality: 60 }).toBuffer();
    const { width = 0, height = 0 } = await sharp(jpeg).metadata();
    const pdf = await pageOf([{ dict: { Width: width, Height: height, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'DCTDecode' }, data: jpeg, box: full }]);
    const markdown = await read(pdf);
    for (const line of LINES) expect(markdown).toContain(line);
  }, 120_000);

  it('reads the scanned page of a document mixing born-digital and scanned pages', async () => {
    const digital = await PDFDocument.load(await makePdf([[{ text: 'A typed cover page', x: 30, y: 60, size: 14 }]], SIZE));
    const g = await grey(page, 200);
    const scan = await PDFDocument.load(await pageOf([{ dict: { Width: g.width, Height: g.height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' }, data: deflateSync(g.data), box: full }]));
    const doc = await PDFDocument.create();
    for (const [source, index] of [[digital, 0], [scan, 0]] as const) doc.addPage((await doc.copyPages(source, [index]))[0]!);
    const markdown = await read(await doc.save());
    expect(markdown).toContain('A typed cover page');
    for (const line of LINES) expect(markdown).toContain(line);
  }, 120_000);

  it('reads a 600-dpi greyscale JPEG page', async () => {
    const png = await rasterize(page, 600);
    const greyJpeg = await sharp(png).greyscale().jpeg({ quality: 80 }).toBuffer();
    const doc = await PDFDocument.create();
    const image = await doc.embedJpg(greyJpeg);
    expect(image.width).toBe(Math.round((SIZE[0] * 600) / 72));
    doc.addPage(SIZE).drawImage(image, { x: 0, y: 0, width: SIZE[0], height: SIZE[1] });
    const markdown = await read(await doc.save());
    for (const line of LINES) expect(markdown).toContain(line);
  }, 60_000);

  it('reads a page image wrapped in a form XObject', async () => {
    const scan = await imageOnlyPdf(await rasterize(page, 200), SIZE);
    const doc = await PDFDocument.create();
    const [form] = await doc.embedPdf(scan, [0]);
    doc.addPage(SIZE).drawPage(form!, { x: 0, y: 0 });
    const markdown = await read(await doc.save());
    for (const line of LINES) expect(markdown).toContain(line);
  }, 60_000);
});
