// OmniDocBench demo pages (../shared/corpus/omnidocbench-demo): real page images (Chinese and
// English papers, books, slides, newspapers, notes) with human annotations. Scored here by page
// text edit distance in the spirit of OmniDocBench's end-to-end text metric:
// - the truth is the text of the page's title and text_block annotations in their annotated
//   reading order;
// - header, footer, page_number, page_footnote, abandon and caption/footnote annotations are
//   ignored: neither required nor penalised (their text is taken out of our output before scoring);
// - figures, tables and isolated equations are scored separately by OmniDocBench (TEDS, CDM) and
//   not here: our table, equation, image and chart blocks are left out of the compared text (as
//   OmniDocBench's Markdown parser separates them), but text we read as ordinary blocks inside
//   them counts against us;
// - whitespace is removed before comparing (Chinese has none between words), the rest as
//   normalize() in metrics.ts; unlike OmniDocBench, paragraphs are not matched one to one first,
//   so a different reading order also costs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distance } from 'fastest-levenshtein';
import { normalize } from './metrics.js';

export interface OmniPage {
  id: string;
  file: string;
  /** Title and text-block text in reading order. */
  text: string;
  /** Texts neither required nor penalised (furniture, captions, footnotes). */
  ignored: string[];
}

interface Annotation {
  category_type: string;
  order: number | null;
  text?: string;
  ignore?: boolean;
}

const TEXT = new Set(['title', 'text_block']);
const IGNORED = new Set(['header', 'footer', 'page_number', 'page_footnote', 'abandon', 'figure_caption', 'figure_footnote', 'table_caption', 'table_footnote', 'equation_caption', 'code_txt_caption']);

export function loadOmniDocBench(corpus: string): OmniPage[] {
  const dir = join(corpus, 'omnidocbench-demo');
  const file = join(dir, 'OmniDocBench_demo.shared.json');
  if (!existsSync(file)) return [];
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Array<{ page_info: { image_path: string }; layout_dets: Annotation[] }>;
  return pages.map((page) => {
    const text = page.layout_dets
      .filter((a) => TEXT.has(a.category_type) && !a.ignore && a.text)
      .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity))
      .map((a) => a.text!)
      .join('\n');
    const ignored = page.layout_dets.filter((a) => IGNORED.has(a.category_type) && a.text).map((a) => a.text!);
    return { id: page.page_info.image_path, file: join(dir, 'images', page.page_info.image_path), text, ignored };
  });
}

const compact = (s: string) => normalize(s).replace(/\s+/g, '');

/** Page text edit distance of our plain text against the page's truth (0 identical, 1 unrelated). */
export function omniEditDistance(page: OmniPage, ours: string): number {
  let predicted = compact(ours);
  for (const text of page.ignored) {
    const t = compact(text);
    if (t) predicted = predicted.split(t).join('');
  }
  const truth = compact(page.text);
  const longest = Math.max(truth.length, predicted.length);
  return longest === 0 ? 0 : distance(truth, predicted) / longest;
}
