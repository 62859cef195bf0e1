// Hostile inputs, generated at test time: the attacks of issue 10 that must end in a clean 400.
import { deflateRawSync, constants as zlib } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { buildPdf, type PdfObject } from '../src/workers/self-test.js';

const PAGE = '/MediaBox [0 0 612 792]';

/**
 * A PDF whose only content stream inflates to `decodedMiB` MiB of spaces (a "deflate bomb": about
 * 1 MB on disk per GiB). Made by repeating one flushed DEFLATE chunk, without compressing a GiB.
 */
export function deflateBombPdf(decodedMiB = 1024): Uint8Array {
  const chunkBytes = 16 * 1024 * 1024;
  const chunk = deflateRawSync(Buffer.alloc(chunkBytes, 0x20), { level: 9, finishFlush: zlib.Z_FULL_FLUSH });
  const copies = Math.ceil(decodedMiB / 16);
  // zlib header, the chunks, a final empty block, and the Adler-32 of copies × chunkBytes spaces.
  const n = BigInt(copies * chunkBytes);
  const a = (1n + n * 32n) % 65521n;
  const b = (n + 32n * ((n * (n + 1n)) / 2n)) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array(copies).fill(chunk), Buffer.from([0x03, 0x00]), adler]);
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R ${PAGE} /Contents 4 0 R >>`,
    { dict: '/Filter /FlateDecode', data: stream },
  ]);
}

/** An image XObject claiming 30000 × 30000 pixels, its data a few KB of DEFLATE. */
export function imageBombPdf(): Uint8Array {
  const side = 30000;
  const data = deflateRawSync(Buffer.alloc(1024 * 1024, 0xff));
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R ${PAGE} /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>`,
    { dict: `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`, data },
    { dict: '', data: `q 612 0 0 792 0 0 cm /Im1 Do Q` },
  ]);
}

/** A page tree whose /Kids point back at each other. */
export function circularPageTreePdf(): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 2 >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 4 0 R] /Count 2 >>',
    `<< /Type /Page /Parent 3 0 R ${PAGE} >>`,
  ]);
}

/** A page tree `depth` levels deep, one /Pages node inside the next, with one page at the bottom. */
export function deepPageTreePdf(depth = 10_000): Uint8Array {
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let level = 0; level < depth; level++) {
    const id = level + 2;
    objects.push(`<< /Type /Pages ${level ? `/Parent ${id - 1} 0 R ` : ''}/Kids [${id + 1} 0 R] /Count 1 >>`);
  }
  objects.push(`<< /Type /Page /Parent ${depth + 1} 0 R ${PAGE} >>`);
  return buildPdf(objects);
}

/** A page tree that counts pages whose objects are missing. */
export function missingPagesPdf(): Uint8Array {
  return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R 9 0 R 10 0 R] /Count 3 >>', `<< /Type /Page /Parent 2 0 R ${PAGE} >>`]);
}

/** A valid one-page PDF of about `megabytes` MB without a cross-reference table: slow to check. */
export function noXrefPdf(megabytes: number): Uint8Array {
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', `<< /Type /Page /Parent 2 0 R ${PAGE} >>`];
  const filler = `(${'x'.repeat(100)})`;
  for (let i = 0; i < megabytes * 7000; i++) objects.push(`<< /N ${i} /Pad ${filler} >>`);
  return buildPdf(objects, { xref: false });
}

/** A PNG of exactly 100 megapixels (10000 × 10000, white): ~25 KB, within the image limit. */
export async function hundredMegapixelPng(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' }, limitInputPixels: false }).toColourspace('b-w').png({ compressionLevel: 9 }).toBuffer(),
  );
}

/** A PDF of `pages` copies of one full-page scanned image: every page needs OCR. */
export async function scannedPdf(png: Uint8Array, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
}
