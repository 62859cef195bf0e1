// OmniDocBench demo pages (../shared/corpus/omnidocbench-demo): page images with human-annotated
// blocks (category, polygon in image pixels, text/LaTeX/HTML, reading order).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OmniDocBenchBlock {
  category_type: string;
  /** x0, y0, x1, y1, … of the block's polygon, in image pixels. */
  poly: number[];
  ignore?: boolean;
  order?: number;
  latex?: string;
  html?: string;
}

export interface OmniDocBenchPage {
  /** The page image's path and bytes. */
  file: string;
  width: number;
  height: number;
  blocks: OmniDocBenchBlock[];
}

export function omniDocBenchPages(corpus: string): OmniDocBenchPage[] {
  const dir = join(corpus, 'omnidocbench-demo');
  if (!existsSync(dir)) return [];
  const pages: { page_info: { image_path: string; width: number; height: number }; layout_dets: OmniDocBenchBlock[] }[] = JSON.parse(
    readFileSync(join(dir, 'OmniDocBench_demo.shared.json'), 'utf8'),
  );
  return pages.map((p) => ({
    file: join(dir, 'images', p.page_info.image_path),
    width: p.page_info.width,
    height: p.page_info.height,
    // Blocks marked "ignore" are left out of OmniDocBench's scoring.
    blocks: p.layout_dets.filter((b) => !b.ignore).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
  }));
}
