// Documents the benchmark generates itself, with exact ground truth: reports with running
// headers, footers and page numbers, headings, lists and hyphenated paragraphs; two- and
// three-column papers with full-width titles.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { loadPdfium, PdfDocument, renderPage } from '../../src/engine/index.js';
import { book } from './book.js';
import type { Fonts, GeneratedDoc, Truth } from './generated-truth.js';
import { Random } from './random.js';

export { Random, type Fonts, type GeneratedDoc, type Truth };

/** Lays text out line by line inside a column, hyphenating long words that do not fit. */
class Column {
  y: number;
  constructor(
    private page: () => PDFPage,
    private fonts: Fonts,
    private x: number,
    private width: number,
    top: number,
    private bottom: number,
    private onOverflow: () => number,
  ) {
    this.y = top;
  }

  private ensure(height: number) {
    if (this.y + height > this.bottom) this.y = this.onOverflow();
  }

  gap(points: number) {
    this.y += points;
  }

  text(content: string, size: number, bold = false, indent = 0, hangIndent = indent): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const words = content.split(' ');
    let line = '';
    let first = true;
    const flush = (text: string) => {
      this.ensure(size * 1.3);
      const pageHeight = this.page().getHeight();
      this.page().drawText(text, { x: this.x + (first ? indent : hangIndent), y: pageHeight - this.y - size, size, font });
      this.y += size * 1.3;
      first = false;
    };
    const room = () => this.width - (first ? indent : hangIndent);
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= room()) {
        line = candidate;
        continue;
      }
      // Hyphenate a long word: as much as fits, then "-", the rest on the next line.
      let rest = word;
      if (word.length >= 8 && line) {
        for (let cut = word.length - 3; cut >= 4; cut--) {
          const head = `${line} ${word.slice(0, cut)}-`;
          if (font.widthOfTextAtSize(head, size) <= room()) {
            flush(head);
            rest = word.slice(cut);
            line = '';
            break;
          }
        }
      }
      if (line) flush(line);
      line = rest;
    }
    if (line) flush(line);
  }
}

async function newDocument() {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.TimesRoman), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  return { doc, fonts };
}

/** A multi-page report: running header and footer, "Page N of M", headings, lists, paragraphs. */
export async function report(seed: number, pages = 3): Promise<GeneratedDoc> {
  const rnd = new Random(seed);
  const { doc, fonts } = await newDocument();
  const truth: Truth = { text: '', paragraphs: [], headings: [], listItems: [], furniture: [] };
  const body: string[] = [];
  const pageList: PDFPage[] = [];
  const addPage = () => {
    pageList.push(doc.addPage([612, 792]));
    return 90;
  };
  addPage();
  const col = new Column(() => pageList[pageList.length - 1]!, fonts, 72, 468, 90, 720, addPage);

  const title = `Quarterly ${rnd.pick(['Operations', 'Research', 'Quality'])} Report ${2020 + (seed % 6)}`;
  col.text(title, 22, true);
  col.gap(10);
  truth.headings.push(title);
  truth.paragraphs.push(title);
  body.push(title);

  for (let s = 1; s <= pages * 2; s++) {
    const heading = `${s}. ${rnd.sentence(3).slice(0, -1)}`;
    col.gap(8);
    col.text(heading, 14, true);
    col.gap(4);
    truth.headings.push(heading);
    truth.paragraphs.push(heading);
    body.push(heading);
    for (let p = 0; p < 2; p++) {
      const para = rnd.paragraph(3);
      col.text(para, 11);
      col.gap(8);
      truth.paragraphs.push(para);
      body.push(para);
    }
    if (s % 2 === 1) {
      // Bullets, dashes or numbers, by section; numbered items keep their enumerator.
      const style = (seed + s) % 3;
      for (let i = 0; i < 3; i++) {
        const sentence = rnd.sentence(6 + i * 5);
        const marker = style === 0 ? '•' : style === 1 ? '–' : `${i + 1}.`;
        const item = style === 2 ? `${marker} ${sentence}` : sentence;
        col.text(`${marker} ${sentence}`, 11, false, 12, 22);
        truth.listItems.push(item);
        body.push(item);
      }
      col.gap(8);
    }
  }
  // Furniture on every page, drawn last so it never shifts the body.
  pageList.forEach((page, i) => {
    const header = 'Quire Labs — Internal Report';
    const footer = `Page ${i + 1} of ${pageList.length}`;
    page.drawText(header, { x: 72, y: 792 - 40, size: 9, font: fonts.regular });
    page.drawText(footer, { x: 270, y: 40, size: 9, font: fonts.regular });
    truth.furniture.push(header, footer);
  });
  truth.text = body.join('\n\n');
  return { id: `report-${seed}`, pdf: await doc.save(), truth };
}

/** A paper: full-width title and abstract, then `columns` columns of headed paragraphs. */
export async function paper(seed: number, columns: 2 | 3): Promise<GeneratedDoc> {
  const rnd = new Random(seed);
  const { doc, fonts } = await newDocument();
  const truth: Truth = { text: '', paragraphs: [], headings: [], listItems: [], furniture: [] };
  const body: string[] = [];
  const page = doc.addPage([612, 792]);
  const full = new Column(() => page, fonts, 72, 468, 72, 760, () => {
    throw new Error('title overflow');
  });
  const title = `On ${rnd.sentence(4).slice(0, -1).toLowerCase()}`;
  full.text(title, 18, true);
  full.gap(8);
  const abstract = rnd.paragraph(3);
  full.text(abstract, 10);
  full.gap(14);
  truth.headings.push(title);
  truth.paragraphs.push(title, abstract);
  body.push(title, abstract);

  const gutter = 24;
  const width = (468 - gutter * (columns - 1)) / columns;
  let index = 0;
  const top = full.y;
  let col = new Column(() => page, fonts, 72, width, top, 730, () => {
    throw new Error('column overflow');
  });
  for (let c = 0; c < columns; c++) {
    col = new Column(() => page, fonts, 72 + c * (width + gutter), width, top, 730, () => {
      throw new Error('column overflow');
    });
    for (let s = 0; s < 2; s++) {
      const heading = `${++index} ${rnd.sentence(2).slice(0, -1)}`;
      col.text(heading, 11, true);
      col.gap(4);
      truth.headings.push(heading);
      truth.paragraphs.push(heading);
      body.push(heading);
      const para = rnd.paragraph(columns === 2 ? 4 : 3);
      col.text(para, 9.5);
      col.gap(10);
      truth.paragraphs.push(para);
      body.push(para);
    }
  }
  page.drawText('1', { x: 303, y: 36, size: 9, font: fonts.regular });
  truth.furniture.push('1');
  truth.text = body.join('\n\n');
  return { id: `paper-${columns}col-${seed}`, pdf: await doc.save(), truth };
}

export async function generatedDocuments(): Promise<GeneratedDoc[]> {
  return [await report(1), await report(2, 4), await report(3, 2), await paper(4, 2), await paper(5, 2), await paper(6, 3), await paper(7, 3), await book(8), await book(9, 6)];
}

/** Every page of a PDF rendered at `dpi`, as PNG files' bytes (what a scanner would give). */
export async function pagePngs(pdf: Uint8Array, dpi: number): Promise<Uint8Array[]> {
  const pdfium = await loadPdfium();
  const source = PdfDocument.open(pdfium, pdf);
  try {
    const pngs: Uint8Array[] = [];
    for (let i = 0; i < source.pageCount; i++) {
      const image = renderPage(source, i, dpi);
      const png = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
        raw: { width: image.width, height: image.height, channels: 3 },
      })
        .png({ compressionLevel: 1 })
        .toBuffer();
      pngs.push(new Uint8Array(png));
    }
    return pngs;
  } finally {
    source.close();
  }
}

/**
 * The same document as a scan: every page rendered at `dpi` and placed as a full-page image
 * in an image-only PDF (no text layer), so it goes through OCR.
 */
export async function asScan<T extends { id: string; pdf: Uint8Array }>(doc: T, dpi: number): Promise<T> {
  const scan = await PDFDocument.create();
  for (const png of await pagePngs(doc.pdf, dpi)) {
    const embedded = await scan.embedPng(png);
    const width = (embedded.width * 72) / dpi;
    const height = (embedded.height * 72) / dpi;
    scan.addPage([width, height]).drawImage(embedded, { x: 0, y: 0, width, height });
  }
  return { ...doc, id: `${doc.id}@${dpi}dpi`, pdf: await scan.save() };
}
