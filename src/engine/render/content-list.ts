// The API's content_list: every block with the twelve fields of the spec, null where they do not
// apply, and its box as integers 0–1000 of the displayed page.
import type { Block } from '../model/blocks.js';
import type { Box } from '../model/document.js';
import { tableHtml } from './html.js';
import type { ContentBlock } from './schema.js';

/** A page's size, and (for a scan read turned upright) how to put a box back on the page as displayed. */
export interface PageFrame {
  width: number;
  height: number;
  /** Maps a 0–1000 box of the page as read to the page as displayed. */
  toDisplayed?: (box: [number, number, number, number]) => [number, number, number, number];
}

export function renderContentList(blocks: readonly Block[], pages: readonly PageFrame[]): ContentBlock[] {
  return blocks.map((b) => {
    const page = pages[b.pageIndex];
    let bbox = page ? scaleBox(b.box, page.width, page.height) : null;
    if (bbox && page?.toDisplayed) bbox = page.toDisplayed(bbox);
    const out: ContentBlock = {
      type: b.type === 'title' ? 'text' : b.type,
      page_idx: b.pageIndex,
      bbox,
      text: null,
      text_level: null,
      text_format: null,
      img_path: null,
      content: null,
      sub_type: null,
      list_items: null,
      table_body: null,
      code_body: null,
    };
    switch (b.type) {
      case 'list':
        out.list_items = b.items.map((i) => i.text);
        out.sub_type = b.subType;
        break;
      case 'code':
        out.code_body = b.code;
        out.sub_type = b.subType;
        break;
      case 'table':
        out.table_body = tableHtml(b.table);
        if (b.captions.length) out.table_caption = b.captions;
        if (b.footnotes.length) out.table_footnote = b.footnotes;
        break;
      case 'image':
      case 'chart':
        out.image_caption = b.captions;
        if (b.footnotes.length) out.image_footnote = b.footnotes;
        break;
      case 'equation':
        out.text = b.latex;
        out.text_format = 'latex';
        break;
      default:
        out.text = b.text;
    }
    return out;
  });
}

function scaleBox(box: Box, width: number, height: number): [number, number, number, number] {
  const clamp = (v: number) => Math.max(0, Math.min(1000, Math.round(v)));
  return [clamp((box[0] / width) * 1000), clamp((box[1] / height) * 1000), clamp((box[2] / width) * 1000), clamp((box[3] / height) * 1000)];
}
