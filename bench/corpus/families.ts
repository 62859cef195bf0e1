// The template families and the split. Whole families are validate-only (never used for
// tuning or training); of the other families, every fifth seed is held out for validation.
import { compileLatex, latexDocument } from './latex.js';
import { journalDocument } from './latex-journal.js';
import { htmlDocument, printHtml } from './html.js';
import { newsDocument } from './html-news.js';
import { officeDocument, convertOffice } from './office.js';
import type { Content } from './random.js';
import type { Registry } from './spec.js';
import type { CorpusTruth } from './truth.js';

export interface RenderedDocument {
  reg: Registry;
  /** The document's PDF: normal (`false`) or colour-coded for the truth (`true`). */
  pdf(truth: boolean): Promise<Uint8Array>;
}

export interface Family {
  name: string;
  generator: CorpusTruth['generator'];
  /** Never used for tuning: only in the validate part. */
  validateOnly: boolean;
  /** Pages a document aims at (the typesetter decides the real count). */
  pages: [number, number];
  render(content: Content, targetPages: number, dir: string): Promise<RenderedDocument>;
}

const latex = (name: string, validateOnly: boolean, pages: [number, number]): Family => ({
  name,
  generator: 'latex',
  validateOnly,
  pages,
  async render(content, targetPages, dir) {
    const doc = latexDocument(name, content, targetPages, dir);
    return { reg: doc.reg, pdf: async (truth) => compileLatex(dir, truth ? 'truth' : 'normal', doc.source(truth), doc.runs) };
  },
});

/** Journal papers set by publishers' classes (REVTeX, acmart, amsart, mnras): latex-journal.ts. */
const journal = (name: string, validateOnly: boolean, pages: [number, number]): Family => ({
  name,
  generator: 'latex',
  validateOnly,
  pages,
  async render(content, targetPages, dir) {
    const doc = journalDocument(content, targetPages, dir);
    return { reg: doc.reg, pdf: async (truth) => compileLatex(dir, truth ? 'truth' : 'normal', doc.source(truth), doc.runs) };
  },
});

const html = (name: string, validateOnly: boolean, pages: [number, number]): Family => ({
  name,
  generator: 'chromium',
  validateOnly,
  pages,
  async render(content, targetPages, dir) {
    const doc = htmlDocument(name, content, targetPages, dir);
    return { reg: doc.reg, pdf: async (truth) => printHtml(dir, truth ? 'truth' : 'normal', doc.source(truth)) };
  },
});

/** News, blog, newsletter and documentation pages (html-news.ts). */
const news = (name: string, validateOnly: boolean, pages: [number, number]): Family => ({
  name,
  generator: 'chromium',
  validateOnly,
  pages,
  async render(content, targetPages, dir) {
    const doc = newsDocument(content, targetPages, dir);
    return { reg: doc.reg, pdf: async (truth) => printHtml(dir, truth ? 'truth' : 'normal', doc.source(truth)) };
  },
});

const office = (name: string, validateOnly: boolean, pages: [number, number]): Family => ({
  name,
  generator: 'libreoffice',
  validateOnly,
  pages,
  async render(content, targetPages, dir) {
    const doc = officeDocument(name, content, targetPages, dir);
    let both: Uint8Array[] | undefined;
    return {
      reg: doc.reg,
      pdf: async (truth) => {
        both ??= convertOffice(dir, [{ name: 'normal', source: doc.source(false) }, { name: 'truth', source: doc.source(true) }]);
        return both[truth ? 1 : 0]!;
      },
    };
  },
});

export const FAMILIES: Family[] = [
  latex('tex-article', false, [1, 6]),
  latex('tex-report', false, [3, 8]),
  latex('tex-ieee', false, [2, 5]),
  latex('tex-llncs', false, [2, 6]),
  latex('tex-beamer', false, [3, 8]),
  latex('tex-elsarticle', true, [2, 6]),
  html('html-article', false, [1, 4]),
  html('html-invoice', false, [1, 2]),
  html('html-magazine', true, [1, 4]),
  office('office-report', false, [2, 6]),
  office('office-memo', true, [1, 2]),
  // Added later, at the end: a family's index is mixed into its seeds, so the others keep theirs.
  office('office-letter', false, [1, 3]),
  news('html-news', false, [1, 4]),
  journal('tex-journal', false, [2, 6]),
];

/** Held-out seeds of a tuning family: every fifth. */
const HELD_OUT_EVERY = 5;

export function splitOf(family: Family, seed: number): 'tune' | 'validate' {
  return family.validateOnly || seed % HELD_OUT_EVERY === HELD_OUT_EVERY - 1 ? 'validate' : 'tune';
}

export function familyNamed(name: string): Family {
  const f = FAMILIES.find((x) => x.name === name);
  if (!f) throw new Error(`unknown family ${name}; families: ${FAMILIES.map((x) => x.name).join(', ')}`);
  return f;
}
