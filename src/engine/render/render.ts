// The two renderers: Markdown and the content_list of the API. Both read only the model.
import type { Block, Page } from '../model/document.js';

/** One entry of content_list: the twelve fields of the spec, plus optional caption lists. */
export interface ContentBlock {
  type: string;
  page_idx: number;
  bbox: [number, number, number, number] | null;
  text: string | null;
  text_level: null;
  text_format: string | null;
  img_path: null;
  content: null;
  sub_type: string | null;
  list_items: string[] | null;
  table_body: string | null;
  code_body: string | null;
  image_caption?: string[];
  table_caption?: string[];
  table_footnote?: string[];
}

/** Types that stay in content_list but are left out of the Markdown. */
const NOT_IN_MARKDOWN = new Set(['header', 'footer', 'page_number', 'aside_text']);

export function renderMarkdown(blocks: Block[]): string {
  const parts: string[] = [];
  for (const b of blocks) {
    if (NOT_IN_MARKDOWN.has(b.type)) continue;
    const md = blockMarkdown(b);
    if (md.trim()) parts.push(md);
  }
  return parts.join('\n\n') + (parts.length ? '\n' : '');
}

function blockMarkdown(b: Block): string {
  switch (b.type) {
    case 'title':
      return `# ${b.text ?? ''}`;
    case 'list':
      // Nested items are indented four spaces per level (CommonMark nests at any marker).
      return (b.listItems ?? [])
        .map((item, i) => '    '.repeat(b.listLevels?.[i] ?? 0) + (b.enumerated?.[i] ? item : `- ${item}`))
        .join('\n');
    case 'code':
      return '```\n' + (b.codeBody ?? '') + '\n```';
    case 'equation':
      return `$$\n${b.text ?? ''}\n$$`;
    case 'table':
      return [...(b.captions ?? []), b.tableHtml ?? '', ...(b.footnotes ?? [])].filter(Boolean).join('\n\n');
    case 'image':
    case 'chart':
      return (b.captions ?? []).join('\n\n');
    default:
      // Text that opens like Markdown syntax ("# of items", "> quoted") must stay text.
      return (b.text ?? '').replace(/^([#>])/, '\\$1');
  }
}

export function renderContentList(blocks: Block[], pages: Page[]): ContentBlock[] {
  return blocks.map((b) => {
    const page = pages[b.pageIndex];
    const out: ContentBlock = {
      type: b.type === 'title' ? 'text' : b.type,
      page_idx: b.pageIndex,
      bbox: page ? scaleBox(b.box, page.width, page.height) : null,
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
        out.list_items = b.listItems ?? [];
        out.sub_type = b.subType ?? 'text';
        break;
      case 'code':
        out.code_body = b.codeBody ?? '';
        out.sub_type = b.subType ?? 'code';
        break;
      case 'table':
        out.table_body = b.tableHtml ?? '';
        if (b.captions?.length) out.table_caption = b.captions;
        if (b.footnotes?.length) out.table_footnote = b.footnotes;
        break;
      case 'image':
      case 'chart':
        out.image_caption = b.captions ?? [];
        break;
      case 'equation':
        out.text = b.text ?? '';
        out.text_format = 'latex';
        break;
      default:
        out.text = b.text ?? '';
    }
    return out;
  });
}

function scaleBox(box: Block['box'], width: number, height: number): [number, number, number, number] {
  const clamp = (v: number) => Math.max(0, Math.min(1000, Math.round(v)));
  return [clamp((box[0] / width) * 1000), clamp((box[1] / height) * 1000), clamp((box[2] / width) * 1000), clamp((box[3] / height) * 1000)];
}
