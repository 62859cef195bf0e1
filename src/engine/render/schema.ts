// The content_list block as the API serves it: one TypeBox schema gives the renderer its type,
// the API its response validation and serialisation, and the OpenAPI document its description.
import { Type, type Static } from '@sinclair/typebox';

/** Every `type` a block can have. Titles are `text` (with `# ` in the Markdown). */
export const BLOCK_TYPES = ['text', 'list', 'code', 'equation', 'image', 'chart', 'table', 'header', 'footer', 'page_number', 'page_footnote', 'aside_text', 'ref_text'] as const;

const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const ContentBlockSchema = Type.Object({
  type: Type.Union(
    BLOCK_TYPES.map((t) => Type.Literal(t)),
    { description: 'Block kind; titles are text blocks' },
  ),
  page_idx: Type.Integer({ minimum: 0, description: '0-based index of the page the block belongs to' }),
  bbox: Type.Union([Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), { minItems: 4, maxItems: 4 }), Type.Null()], {
    description: '[x0, y0, x1, y1] in 0-1000 of the displayed page width and height, origin top-left',
  }),
  text: NullableString('Text of text-like blocks; the LaTeX of an equation; null otherwise'),
  text_level: Type.Null({ description: 'Heading level (future); null in this model' }),
  text_format: Type.Union([Type.Literal('latex'), Type.Null()], { description: '"latex" for equations; null otherwise' }),
  img_path: Type.Null({ description: 'Cropped asset URL (future); null in this model' }),
  content: Type.Null({ description: 'Generated description (future); null in this model' }),
  sub_type: NullableString('"text" or "ref_text" for lists, "code" or "algorithm" for code; null otherwise'),
  list_items: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'Items of a list block, bullet glyphs removed, enumerators kept' }),
  table_body: NullableString('Minimal HTML of a table block'),
  code_body: NullableString('Source of a code block, line breaks and indentation kept'),
  image_caption: Type.Optional(Type.Array(Type.String(), { description: 'Captions of an image or chart block' })),
  table_caption: Type.Optional(Type.Array(Type.String(), { description: 'Captions of a table block' })),
  table_footnote: Type.Optional(Type.Array(Type.String(), { description: 'Notes printed under a table' })),
});

export type ContentBlock = Static<typeof ContentBlockSchema>;
