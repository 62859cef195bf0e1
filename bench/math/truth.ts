// The corpus's truth files: what each generated document holds, and where.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine, Split } from './setups.js';

/** [x0, y0, x1, y1] in PDF points, top-left origin, on the page `page` (0-based). */
export type Region = [number, number, number, number];

export interface DisplayTruth {
  /** LaTeX as a reader writes it in $$ … $$ (amsmath environments as KaTeX knows them). */
  latex: string;
  /** The environment it was typeset with (equation, align, cases inside equation*, …). */
  kind: string;
  /** Equation numbers printed beside it, in order ("3", or "4", "5" for a two-row align). */
  numbers: string[];
  page: number;
  /** Where it is on the page; null when it could not be located (split across a page break). */
  region: Region | null;
}

export interface InlineTruth {
  latex: string;
  page: number;
  /** Box of the formula on its line (left and right ends exact, top and bottom generous). */
  region: Region | null;
  /** Index of its paragraph in `paragraphs`. */
  paragraph: number;
}

export interface ParagraphTruth {
  /** The paragraph as a reader wants it: words, and inline math as $…$. */
  text: string;
  /** Index of the first inline formula it holds, and how many. */
  inline: [number, number];
}

export interface DocumentTruth {
  id: string;
  /** Font setup (a family: its split is fixed) and template (also a family). */
  setup: string;
  template: string;
  engine: Engine;
  split: Split;
  seed: number;
  displays: DisplayTruth[];
  inline: InlineTruth[];
  paragraphs: ParagraphTruth[];
}

export interface CorpusDocument {
  truth: DocumentTruth;
  pdf: string;
}

/** The documents of a corpus folder (the generated one, or the committed sample). */
export function loadCorpus(dir: string): CorpusDocument[] {
  const index = join(dir, 'index.json');
  if (!existsSync(index)) return [];
  const ids: string[] = JSON.parse(readFileSync(index, 'utf8'));
  return ids
    .filter((id) => existsSync(join(dir, `${id}.json`)) && existsSync(join(dir, `${id}.pdf`)))
    .map((id) => ({ truth: JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as DocumentTruth, pdf: join(dir, `${id}.pdf`) }));
}
