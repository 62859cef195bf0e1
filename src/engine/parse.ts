// The engine's entry point: bytes in, the API's parse result out. Input (sniff, text layer or
// OCR) → analysis (detectors, reading order, paragraphs, classification, assembly) → renderers.
import { readPages, type ReadOptions } from './input/read-pages.js';
import { displayedBox } from './input/ocr/orientation.js';
import type { Block } from './model/blocks.js';
import type { StageFailure } from './model/trace.js';
import { analyze, STAGES, type Stages } from './pipeline/pipeline.js';
import { renderContentList } from './render/content-list.js';
import { renderMarkdown } from './render/markdown.js';
import type { ContentBlock } from './render/schema.js';

export interface ParseResult {
  markdown: string;
  page_count: number;
  content_list: ContentBlock[];
}

export interface ParseOptions extends ReadOptions {
  /** The analysis stages (tests replace one to see a failure contained). */
  stages?: Stages;
}

/** The result with what led to it: the blocks (each with its trace) and the stages that failed. */
export interface ParseDetails {
  result: ParseResult;
  blocks: Block[];
  failures: StageFailure[];
}

export async function parseDocument(bytes: Uint8Array, options: ParseOptions): Promise<ParseResult> {
  return (await parseWithDetails(bytes, options)).result;
}

export async function parseWithDetails(bytes: Uint8Array, options: ParseOptions): Promise<ParseDetails> {
  const pages = await readPages(bytes, options);
  options.signal?.throwIfAborted();
  const { blocks, failures } = analyze(pages, options.stages ?? STAGES);
  // Page-wide input decisions (an OCR'd page's language) lead the trace of each of the page's blocks.
  for (const block of blocks) {
    const pageTrace = pages[block.pageIndex]?.trace;
    if (pageTrace) block.trace = [...pageTrace, ...block.trace];
  }
  // Scans turned upright to be read: their boxes go back onto the page as displayed.
  const frames = pages.map((page) => ({
    width: page.width,
    height: page.height,
    ...(page.rotation ? { toDisplayed: (box: [number, number, number, number]) => displayedBox(box, page.rotation!, page.width, page.height) } : {}),
  }));
  const result = { markdown: renderMarkdown(blocks), page_count: pages.length, content_list: renderContentList(blocks, frames) };
  return { result, blocks, failures };
}
