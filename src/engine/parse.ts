// The engine's entry point: bytes in, the API's parse result out. Stages: input (sniff, text
// layer or OCR) → layout → render.
import { readPages, type ReadOptions } from './input/read-pages.js';
import { displayedBox } from './input/ocr/orientation.js';
import { analyzeLayout } from './layout/layout.js';
import { renderContentList, renderMarkdown, type ContentBlock } from './render/render.js';

export interface ParseResult {
  markdown: string;
  page_count: number;
  content_list: ContentBlock[];
}

export type ParseOptions = ReadOptions;

export async function parseDocument(bytes: Uint8Array, options: ParseOptions): Promise<ParseResult> {
  const pages = await readPages(bytes, options);
  options.signal?.throwIfAborted();
  const blocks = analyzeLayout(pages);
  const contentList = renderContentList(blocks, pages);
  // Scans turned upright to be read: their boxes go back onto the page as displayed.
  for (const block of contentList) {
    const page = pages[block.page_idx];
    if (block.bbox && page?.rotation) block.bbox = displayedBox(block.bbox, page.rotation, page.width, page.height);
  }
  return { markdown: renderMarkdown(blocks), page_count: pages.length, content_list: contentList };
}
