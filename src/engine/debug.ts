// Debug pictures of a parse (`quire parse FILE --debug DIR`): every page rendered by the
// engine's own PDFium (or the image itself), with the blocks drawn and labelled over it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadPdfium, PdfDocument, renderPage } from './input/pdf/pdfium.js';
import { sniffKind } from './input/sniff.js';
import type { ParseDetails } from './parse.js';
import { drawBlocks, type PageImage } from './render/overlay.js';
import type { ContentBlock } from './render/schema.js';

/** Pages are drawn at this resolution: enough to read the labels and see the lines. */
const DEBUG_DPI = 100;

/** Writes page-001.png, page-002.png, … into `dir`; returns their paths. */
export async function writeDebugPages(bytes: Uint8Array, details: ParseDetails, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const images = await pageImages(bytes);
  const list = details.result.content_list;
  const titles = new Set(list.filter((_, i) => details.blocks[i]?.type === 'title'));
  const paths: string[] = [];
  let first = 0;
  for (let p = 0; p < images.length; p++) {
    const image = images[p]!;
    const blocks = list.filter((b) => b.page_idx === p);
    drawBlocks(image, blocks, first, titles as Set<ContentBlock>);
    first += blocks.length;
    const path = join(dir, `page-${String(p + 1).padStart(3, '0')}.png`);
    writeFileSync(path, await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 3 } }).png().toBuffer());
    paths.push(path);
  }
  return paths;
}

async function pageImages(bytes: Uint8Array): Promise<PageImage[]> {
  if (sniffKind(bytes) === 'pdf') {
    const doc = PdfDocument.open(await loadPdfium(), bytes);
    try {
      return Array.from({ length: doc.pageCount }, (_, i) => renderPage(doc, i, DEBUG_DPI));
    } finally {
      doc.close();
    }
  }
  const { data, info } = await sharp(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).rotate().flatten({ background: '#ffffff' }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return [{ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }];
}
