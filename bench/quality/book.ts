// A book-style document with exact truth, set the way LaTeX and most books set text: Times,
// justified lines, paragraphs marked by a first-line indent with no space between them,
// numbered bold headings at body size, nested bullet lists, a running header that carries the
// page number on the same row, and a centred page number at the foot of chapter pages.
import { PDFDocument, StandardFonts, type PDFPage } from 'pdf-lib';
import type { Fonts, GeneratedDoc, Truth } from './generated-truth.js';
import { Random } from './random.js';

const PAGE: [number, number] = [612, 792];
const LEFT = 90;
const WIDTH = 432;
const TOP = 96;
const BOTTOM = 700;
const SIZE = 10.5;
const LEADING = 13;
const INDENT = 15;

class Typesetter {
  readonly pages: PDFPage[] = [];
  y = TOP;

  constructor(
    private doc: PDFDocument,
    private fonts: Fonts,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.pages.push(this.doc.addPage(PAGE));
    this.y = TOP;
  }

  private page(): PDFPage {
    return this.pages[this.pages.length - 1]!;
  }

  gap(points: number): void {
    this.y += points;
  }

  /** Sets a paragraph justified, the first line indented by `first`, the others by `rest`. */
  paragraph(text: string, { bold = false, first = INDENT, rest = 0, justify = true, size = SIZE } = {}): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const words = text.split(' ');
    const lines: string[][] = [];
    let current: string[] = [];
    for (const word of words) {
      const room = WIDTH - (lines.length ? rest : first);
      if (current.length && font.widthOfTextAtSize([...current, word].join(' '), size) > room) {
        lines.push(current);
        current = [];
      }
      current.push(word);
    }
    if (current.length) lines.push(current);
    lines.forEach((line, i) => {
      if (this.y + LEADING > BOTTOM) this.newPage();
      const x = LEFT + (i ? rest : first);
      const room = WIDTH - (i ? rest : first);
      const last = i === lines.length - 1;
      const natural = font.widthOfTextAtSize(' ', size);
      const wordsWidth = line.reduce((sum, w) => sum + font.widthOfTextAtSize(w, size), 0);
      const space = justify && !last && line.length > 1 ? (room - wordsWidth) / (line.length - 1) : natural;
      let cx = x;
      for (const word of line) {
        this.page().drawText(word, { x: cx, y: PAGE[1] - this.y - size, size, font });
        cx += font.widthOfTextAtSize(word, size) + space;
      }
      this.y += LEADING;
    });
  }
}

/** A chapter of a book, several pages, with its exact truth. */
export async function book(seed: number, sections = 4): Promise<GeneratedDoc> {
  const rnd = new Random(seed);
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.TimesRoman), bold: await doc.embedFont(StandardFonts.TimesRomanBold) };
  const set = new Typesetter(doc, fonts);
  const truth: Truth = { text: '', paragraphs: [], headings: [], listItems: [], furniture: [] };
  const body: string[] = [];
  const add = (text: string, kind: 'heading' | 'paragraph' | 'item') => {
    body.push(text);
    if (kind === 'item') truth.listItems.push(text);
    else truth.paragraphs.push(text);
    if (kind === 'heading') truth.headings.push(text);
  };

  const chapter = `Chapter ${seed} ${rnd.sentence(3).slice(0, -1)}`;
  set.paragraph(chapter, { bold: true, first: 0, justify: false, size: 17 });
  set.gap(18);
  add(chapter, 'heading');
  for (let s = 1; s <= sections; s++) {
    const heading = `${seed}.${s} ${rnd.sentence(3).slice(0, -1)}`;
    set.gap(10);
    set.paragraph(heading, { bold: true, first: 0, justify: false });
    set.gap(4);
    add(heading, 'heading');
    // LaTeX does not indent the first paragraph after a heading.
    for (let p = 0; p < 3; p++) {
      const text = rnd.paragraph(3 + (p % 2));
      set.paragraph(text, { first: p === 0 ? 0 : INDENT });
      add(text, 'paragraph');
    }
    if (s % 2 === 0) {
      set.gap(6);
      for (let i = 0; i < 3; i++) {
        const item = rnd.sentence(7 + i * 3);
        set.paragraph(`• ${item}`, { first: 10, rest: 20, justify: false });
        add(item, 'item');
        if (i === 1) {
          for (let j = 0; j < 2; j++) {
            const sub = rnd.sentence(5 + j * 4);
            set.paragraph(`– ${sub}`, { first: 30, rest: 40, justify: false });
            add(sub, 'item');
          }
        }
      }
      set.gap(6);
    }
  }
  // The running head carries the page number on the same row, outside edge; the chapter's first
  // page has none and a centred number at the foot instead.
  set.pages.forEach((page, i) => {
    const number = String(i + 1);
    if (i === 0) {
      page.drawText(number, { x: 303, y: 50, size: 9, font: fonts.regular });
      truth.furniture.push(number);
      return;
    }
    const head = i % 2 ? 'THE QUIRE HANDBOOK' : 'PARSING IN PRACTICE';
    const headWidth = fonts.regular.widthOfTextAtSize(head, 8.5);
    const odd = i % 2 === 0;
    page.drawText(number, { x: odd ? LEFT + WIDTH - 10 : LEFT, y: PAGE[1] - 60, size: 9, font: fonts.regular });
    page.drawText(head, { x: LEFT + (WIDTH - headWidth) / 2, y: PAGE[1] - 60, size: 8.5, font: fonts.regular });
    truth.furniture.push(head, number);
  });
  truth.text = body.join('\n\n');
  return { id: `book-${seed}`, pdf: await doc.save(), truth };
}
