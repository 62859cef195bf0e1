// Route schemas, written once: they serialise responses, give the TypeScript types, and
// document the API.
import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const ContentBlockSchema = Type.Object({
  type: Type.String(),
  page_idx: Type.Integer(),
  bbox: Type.Union([Type.Array(Type.Integer(), { minItems: 4, maxItems: 4 }), Type.Null()]),
  text: Nullable(Type.String()),
  text_level: Type.Union([Type.Integer(), Type.Null()]),
  text_format: Nullable(Type.String()),
  img_path: Nullable(Type.String()),
  content: Nullable(Type.String()),
  sub_type: Nullable(Type.String()),
  list_items: Type.Union([Type.Array(Type.String()), Type.Null()]),
  table_body: Nullable(Type.String()),
  code_body: Nullable(Type.String()),
  image_caption: Type.Optional(Type.Array(Type.String())),
  image_footnote: Type.Optional(Type.Array(Type.String())),
  table_caption: Type.Optional(Type.Array(Type.String())),
  table_footnote: Type.Optional(Type.Array(Type.String())),
});

export const ParseResultSchema = Type.Object({
  markdown: Type.String(),
  page_count: Type.Integer(),
  content_list: Type.Array(ContentBlockSchema),
});

export const ErrorSchema = Type.Object({ detail: Type.String() });

/** The multipart form of the parse endpoint, for the OpenAPI document. */
export const UploadFormSchema = Type.Object({
  file: Type.String({ format: 'binary', description: 'PDF, PNG or JPEG (.pdf, .png, .jpg, .jpeg); at most 50 pages' }),
  model: Type.Optional(Type.Literal('parser2.5-pro-2605', { description: 'The parsing model; the only value, and the default' })),
});

export type ParseResultBody = Static<typeof ParseResultSchema>;
