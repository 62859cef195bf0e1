// The Markdown of a document: blocks joined by a blank line; running matter and margin notes left out.
import type { Block, BlockType } from '../model/blocks.js';
import { tableHtml } from './html.js';

/** Types that stay in content_list but are left out of the Markdown. */
const NOT_IN_MARKDOWN = new Set<BlockType>(['header', 'footer', 'page_number', 'aside_text']);

export function renderMarkdown(blocks: readonly Block[]): string {
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
      return `# ${b.text}`;
    case 'list':
      // Nested items are indented four spaces per level (CommonMark nests at any marker).
      return b.items.map((item) => '    '.repeat(item.level) + (item.enumerated ? item.text : `- ${item.text}`)).join('\n');
    case 'code':
      return '```\n' + b.code + '\n```';
    case 'equation':
      return `$$\n${b.latex}\n$$`;
    case 'table':
      return [...b.captions, tableHtml(b.table), ...b.footnotes].filter(Boolean).join('\n\n');
    case 'image':
    case 'chart':
      return [...b.captions, ...b.footnotes].join('\n\n');
    default:
      // Text that opens like Markdown syntax ("# of items", "> quoted") must stay text.
      return b.text.replace(/^([#>])/, '\\$1');
  }
}
