// The display-equation metric (OmniDocBench's normalization and edit distance) and the
// generated equation documents.
import { describe, expect, it } from 'vitest';
import { equationDocuments } from '../bench/quality/equation-documents.js';
import { parseDocument } from '../src/engine/index.js';
import { equationEditDistance, latexDistance, normalizeLatex, scoreEquations, summarizeEquations } from '../bench/quality/equations.js';
import type { ParseResult } from '../src/engine/parse.js';
import { loadPdfium, PdfDocument } from '../src/engine/input/pdf/pdfium.js';
import { extractPage } from '../src/engine/input/pdf/extract.js';

describe('normalizeLatex', () => {
  it('drops delimiters, tags, environments, font and spacing commands and spaces; lower-cases', () => {
    expect(normalizeLatex('$$\n\\mathbf{E} = m c^{2} \\tag{3}\n$$')).toBe('{e}=mc^{2}');
    expect(normalizeLatex('\\[ \\begin{aligned} a &= b \\quad \\text{if } x \\end{aligned} \\]')).toBe('a&=b{if}x');
    expect(normalizeLatex('x + y.')).toBe('x+y');
    // A one-token script reads the same braced or not.
    expect(normalizeLatex('x^2_i + e^\\pi')).toBe(normalizeLatex('x^{2}_{i}+e^{\\pi}'));
    expect(normalizeLatex('x^{2}')).toBe('x^{2}');
  });
});

describe('latexDistance', () => {
  it('is 0 for the same formula written differently, the share of edits otherwise', () => {
    expect(latexDistance('$$E = mc^{2}$$', 'E=m c^{2}')).toBe(0);
    // "e=mc^{2}" vs "e=mc^{3}": 1 edit of 8 characters.
    expect(latexDistance('E=mc^{2}', 'E=mc^{3}')).toBeCloseTo(1 / 8, 10);
    expect(latexDistance('', '')).toBe(0);
    expect(latexDistance('abc', '')).toBe(1);
  });
});

describe('equationEditDistance', () => {
  it('pairs closest formulas one to one; a missed equation and an extra prediction count 1', () => {
    const truth = ['a^{2}+b^{2}=c^{2}', 'E=mc^{2}', '\\alpha+\\beta'];
    const predicted = ['E=mc^{3}', 'a^{2}+b^{2}=c^{2}', 'zzz'];
    const score = equationEditDistance(truth, predicted);
    expect(score.matched).toBe(2);
    // a^2.. exact (0), E=mc (1/8), alpha+beta unmatched (1: "zzz" shares nothing), "zzz" left over (1).
    expect(score.distances).toEqual([0, 1 / 8, 1, 1]);
  });

  it('leaves unlisted predictions out when asked (truth that names only some formulas)', () => {
    expect(equationEditDistance(['x^{2}'], ['x^{2}', 'y'], false).distances).toEqual([0]);
    expect(equationEditDistance(['x^{2}'], []).distances).toEqual([1]);
  });
});

describe('generated equation documents', () => {
  it('print every symbol of each formula on the page', async () => {
    const [doc] = await equationDocuments();
    expect(doc!.equations.length).toBeGreaterThanOrEqual(8);
    expect(doc!.equations[0]).toBe('E = m c^{2}');
    const pdfium = await loadPdfium();
    const pdf = PdfDocument.open(pdfium, doc!.pdf);
    try {
      const text = Array.from({ length: pdf.pageCount }, (_, i) => extractPage(pdf, i).lines.map((l) => l.text).join(' ')).join(' ').replace(/\s+/g, '');
      const symbols: Record<string, string> = { '\\alpha': 'α', '\\beta': 'β', '\\gamma': 'γ', '\\sigma': 'σ', '\\pi': 'π', '\\varphi': 'φ', '\\varepsilon': 'ε', '\\geq': '≥', '\\sum': '∑', '\\int': '∫', '-': '−' };
      for (const latex of doc!.equations) {
        const printed = latex
          .replace(/\\[a-z]+/g, (c) => symbols[c] ?? (c === '\\frac' ? '' : c))
          .replace(/-/g, '−')
          .replace(/[{}^_\s]/g, '');
        for (const ch of printed) expect(text).toContain(ch);
      }
    } finally {
      pdf.close();
    }
  });
});

describe('formulas among tables', () => {
  it('reads every generated display as an equation, none as a borderless table (a fraction bar between its parts)', async () => {
    const [doc] = await equationDocuments();
    const result = await parseDocument(doc!.pdf, { maxPages: 10, ocr: () => Promise.reject(new Error('no OCR in this test')) });
    expect(result.content_list.filter((b) => b.type === 'table')).toHaveLength(0);
    expect(result.content_list.filter((b) => b.type === 'equation')).toHaveLength(doc!.equations.length);
  });
});

describe('scoreEquations', () => {
  it('scores the generated document end to end from equation blocks', async () => {
    const [doc] = await equationDocuments();
    const withEquations = (latex: string[]) => async (): Promise<ParseResult> => ({
      markdown: latex.map((l) => `$$\n${l}\n$$`).join('\n\n'),
      page_count: 1,
      content_list: latex.map((text) => ({ type: 'equation', page_idx: 0, bbox: [0, 0, 10, 10], text, text_level: null, text_format: 'latex', img_path: null, content: null, sub_type: null, list_items: null, table_body: null, code_body: null })),
    });
    const perfect = summarizeEquations(await scoreEquations(withEquations(doc!.equations), '/nonexistent-corpus'));
    expect(perfect['generated equations']).toEqual({ documents: 1, equations: doc!.equations.length, predicted: doc!.equations.length, matched: doc!.equations.length, editDistance: 0, errors: 0 });
    const half = summarizeEquations(await scoreEquations(withEquations(doc!.equations.slice(0, 4)), '/nonexistent-corpus'));
    expect(half['generated equations']!.editDistance).toBeCloseTo(0.5, 4);
  });
});
