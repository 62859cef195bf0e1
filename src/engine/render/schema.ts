// The content_list block as the API serves it, written once: this TypeBox schema gives the
// renderer its type, the API its response serialisation, and the OpenAPI document (and through
// it the client and the playground) its description.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * Every block `type` the engine writes. The one list of them: the OpenAPI enum, the client's
 * `BlockType` and the playground's colours come from here. Titles are `text`.
 */
export const BLOCK_TYPES = [
  'text',
  'list',
  'code',
  'equation',
  'image',
  'chart',
  'table',
  'header',
  'footer',
  'page_number',
  'page_footnote',
  'aside_text',
  'ref_text',
] as const;

export type BlockType = (typeof BLOCK_TYPES)[number];

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
const captions = (description: string) => Type.Optional(Type.Array(Type.String(), { description }));

export const ContentBlockSchema = Type.Object(
  {
    type: Type.Unsafe<BlockType>({ type: 'string', enum: [...BLOCK_TYPES], description: 'Block kind. Titles are `text` (and `# Title` in the Markdown).' }),
    page_idx: Type.Integer({ minimum: 0, description: '0-based index of the page the block is on; never decreases along content_list.' }),
    bbox: nullable(
      Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), { minItems: 4, maxItems: 4 }),
      '[x0, y0, x1, y1] in integers 0–1000 of the displayed page width and height (after /Rotate), origin top-left.',
    ),
    text: nullable(Type.String(), 'Text of text-like blocks; the LaTeX source of an equation; null for table, list, code, image and chart.'),
    text_level: nullable(Type.Integer({ minimum: 1, maximum: 4 }), 'Heading level of titles (planned option title_levels); null in every block today.'),
    text_format: nullable(Type.String(), '"latex" for equations; null otherwise.'),
    img_path: nullable(Type.String(), 'URL of the cropped image (planned option extract_images); null in every block today.'),
    content: nullable(Type.String(), 'Description of an image or chart (planned option image_analysis); null in every block today.'),
    sub_type: nullable(Type.String(), 'list: "text" or "ref_text" (bibliography); code: "code" or "algorithm"; null for other types.'),
    list_items: nullable(Type.Array(Type.String()), 'Items of a list block in order, bullets removed, enumerators ("1.", "a)") kept; null otherwise.'),
    table_body: nullable(Type.String(), 'A table as minimal HTML (<table><tr><td>, colspan, rowspan); null otherwise.'),
    code_body: nullable(Type.String(), 'The code with its line breaks and indentation; null otherwise.'),
    image_caption: captions('Captions of an image or chart block.'),
    image_footnote: captions('Notes under an image or chart block.'),
    table_caption: captions('Caption of a table ("Table 2: …"). A table split over a page break is one block, on the page it starts on.'),
    table_footnote: captions('Notes right below a table.'),
  },
  {
    $id: 'ContentBlock',
    title: 'ContentBlock',
    description: 'One block of the document. Every block carries all twelve fields, null where they do not apply; other fields may appear and are passed through.',
    // New fields the engine adds reach the client even before they are listed here.
    additionalProperties: true,
    examples: [
      {
        type: 'text',
        page_idx: 0,
        bbox: [118, 108, 306, 127],
        text: 'Introduction',
        text_level: null,
        text_format: null,
        img_path: null,
        content: null,
        sub_type: null,
        list_items: null,
        table_body: null,
        code_body: null,
      },
    ],
  },
);

export type ContentBlock = Static<typeof ContentBlockSchema>;
