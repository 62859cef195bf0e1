// Test fixtures generated at test time: PDFs built with pdf-lib, images rendered with PDFium.
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import sharp from 'sharp';
import { loadPdfium, PdfDocument, renderPage } from '../src/engine/input/pdf/pdfium.js';

export const BODY = [
  'Quire turns documents into clean Markdown for search and retrieval pipelines.',
  'Every page is read in order, and running headers never leak into the text.',
  'This paragraph has a second sentence that continues on the next line of the page.',
];

interface TextItem {
  text: string;
  x: number;
  y: number; // from the top of the page, in points (baseline)
  size?: number;
  font?: 'regular' | 'bold' | 'mono';
  /** Text colour, channels 0–1 (black when absent). */
  colour?: [number, number, number];
}

/** A PDF of pages made of positioned text items. */
export async function makePdf(pages: TextItem[][], size: [number, number] = [612, 792]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Record<string, PDFFont> = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  for (const items of pages) {
    const page = doc.addPage(size);
    for (const item of items) {
      page.drawText(item.text, { x: item.x, y: size[1] - item.y, size: item.size ?? 11, font: fonts[item.font ?? 'regular'], ...(item.colour ? { color: rgb(...item.colour) } : {}) });
    }
  }
  return doc.save();
}

/** A report page: running header, a title, paragraphs, a list, a code block, page number. */
export function reportPage(pageNumber: number, title: string): TextItem[] {
  const items: TextItem[] = [
    { text: 'Quire Technical Report', x: 72, y: 40, size: 9 },
    { text: title, x: 72, y: 100, size: 20, font: 'bold' },
  ];
  let y = 140;
  for (const line of BODY) {
    items.push({ text: line, x: 72, y });
    y += 14;
  }
  y += 14;
  items.push({ text: '• First item of the list', x: 72, y });
  y += 14;
  items.push({ text: '• Second item of the list', x: 72, y });
  y += 28;
  items.push({ text: 'def parse(path):', x: 72, y, font: 'mono', size: 10 });
  y += 12;
  items.push({ text: 'return quire.parse(path)', x: 96, y, font: 'mono', size: 10 });
  items.push({ text: String(pageNumber), x: 300, y: 760, size: 9 });
  return items;
}

/** A page with a full-width title and two columns of text. */
export function twoColumnPage(): TextItem[] {
  const items: TextItem[] = [{ text: 'Two Column Layout', x: 72, y: 80, size: 18, font: 'bold' }];
  for (let i = 0; i < 12; i++) {
    items.push({ text: `Left column line ${i + 1} reads first`, x: 72, y: 120 + i * 14 });
    items.push({ text: `Right column line ${i + 1} reads later`, x: 320, y: 120 + i * 14 });
  }
  return items;
}

/** Renders page `index` of a PDF to a PNG (or JPEG) file's bytes. */
export async function rasterize(pdf: Uint8Array, dpi: number, format: 'png' | 'jpeg' = 'png', index = 0): Promise<Uint8Array> {
  const pdfium = await loadPdfium();
  const doc = PdfDocument.open(pdfium, pdf);
  try {
    const image = renderPage(doc, index, dpi);
    const s = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 3 } });
    return new Uint8Array(await (format === 'png' ? s.png() : s.jpeg({ quality: 90 })).toBuffer());
  } finally {
    doc.close();
  }
}

/** A PDF whose only page is one full-page image (a scan). */
export async function imageOnlyPdf(png: Uint8Array, size: [number, number] = [612, 792]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const page = doc.addPage(size);
  page.drawImage(image, { x: 0, y: 0, width: size[0], height: size[1] });
  return doc.save();
}
