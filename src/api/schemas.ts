// Route schemas, written once: they serialise responses, give the TypeScript types (also the
// client's), and are the OpenAPI document (src/api/openapi.ts turns them into OpenAPI 3.1).
import { Type, type Static } from '@sinclair/typebox';
import { BLOCK_TYPES, ContentBlockSchema, type BlockType } from '../engine/index.js';

export { BLOCK_TYPES, ContentBlockSchema, type BlockType };

export const DEFAULT_MODEL = 'parser2.5-pro-2605';
export const PARSE_PATH = '/v1/parser/parse';

export const ParseResultSchema = Type.Object(
  {
    markdown: Type.String({ description: 'The whole document as Markdown; tables (HTML) and equations ($$…$$) inline.' }),
    page_count: Type.Integer({ minimum: 1, description: 'Pages parsed; 1 for an image.' }),
    content_list: Type.Array(Type.Ref('ContentBlock'), { description: 'Blocks in reading order across the document.' }),
  },
  {
    $id: 'ParseResult',
    title: 'ParseResult',
    examples: [
      {
        markdown: '# Introduction\n\nQuire turns documents into Markdown.',
        page_count: 1,
        content_list: [
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
          {
            type: 'text',
            page_idx: 0,
            bbox: [118, 140, 880, 160],
            text: 'Quire turns documents into Markdown.',
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
    ],
  },
);

export const ErrorSchema = Type.Object(
  { detail: Type.String({ description: 'A human-readable reason; the wording is not part of the contract.' }) },
  { $id: 'Error', title: 'Error', examples: [{ detail: 'invalid or revoked API key' }] },
);

/** The multipart form of the parse endpoint, for the OpenAPI document. */
export const UploadFormSchema = Type.Object({
  file: Type.String({ format: 'binary', contentMediaType: 'application/octet-stream', description: 'PDF, PNG or JPEG (.pdf, .png, .jpg, .jpeg); at most 50 pages' }),
  model: Type.Optional(Type.Literal(DEFAULT_MODEL, { description: 'The parsing model; the only value, and the default', default: DEFAULT_MODEL })),
});

/** Schemas the OpenAPI document lists under components.schemas (routes point at them by $ref). */
export const SHARED_SCHEMAS = [ContentBlockSchema, ParseResultSchema, ErrorSchema];

/** Response headers, as JSON schemas (@fastify/swagger wraps them); openapi.ts adds X-Request-Id to every response. */
export const RETRY_AFTER_HEADER = {
  'Retry-After': Type.Integer({ minimum: 1, description: 'Whole seconds to wait before retrying (at least 1).' }),
};

/** An error answer of the parse endpoint: its description and an example; Retry-After when it has one. */
function errorResponse(description: string, example: string, retryAfter = false) {
  return {
    description,
    content: { 'application/json': { schema: Type.Ref('Error'), example: { detail: example } } },
    ...(retryAfter ? { headers: RETRY_AFTER_HEADER } : {}),
  };
}

/**
 * Every answer of POST /v1/parser/parse, in the order the checks run (decisions.md). Each is the
 * `{detail}` body; only 200 is charged.
 */
export const PARSE_RESPONSES = {
  200: { description: 'The parsed document. Charged (1 credit, or 1 per page with per-page pricing).', content: { 'application/json': { schema: Type.Ref('ParseResult') } } },
  401: errorResponse('Authorization missing, not "Bearer <key>", unknown or revoked key. Not charged.', 'invalid or revoked API key'),
  429: errorResponse(
    "Rate limit: more requests in the last 60 s than the organization's per-minute limit (shared by all its keys). Not charged, not counted.",
    'rate limit of 10 requests per minute exceeded',
    true,
  ),
  402: errorResponse('Insufficient credits to pay for the parse. Not charged.', 'insufficient credits; top up the balance'),
  400: errorResponse(
    'Bad request: no file, several files, an unknown field or model, a planned option, a name not .pdf/.png/.jpg/.jpeg, bytes that are not a readable PDF/PNG/JPEG, an encrypted or empty PDF, an image over 100 megapixels. Not charged.',
    'the file is not a PDF, PNG or JPEG',
  ),
  408: errorResponse('The upload stalled or took too long to arrive. Not charged.', 'the request body took too long to arrive'),
  413: errorResponse('Too large: more pages than the limit (50 by default, counted before parsing) or an upload over the size limit. Not charged.', 'the document has 51 pages; the limit is 50'),
  503: errorResponse('Overloaded: every parse worker is busy and the wait queue is full. Not charged.', 'all parse workers are busy and the wait queue is full; retry later', true),
  500: errorResponse('The parse failed after it started (a crash, the time limit). Not charged.', 'parsing took too long and was stopped; the request was not charged'),
};

/** The statuses a client retries (after Retry-After): never charged, and likely to pass later. */
export const RETRYABLE_STATUSES = [429, 503] as const;

export const PARSE_ROUTE_SCHEMA = {
  operationId: 'parseDocument',
  summary: 'Parse a PDF or image into Markdown and content blocks',
  description:
    'Synchronous: the answer comes when the document is parsed (up to a couple of minutes for 50 scanned pages; use a client time-out of at least 600 s). Checks run in this order: 401, 429, 402, 400, 413, 503; only a 200 is charged.',
  tags: ['parse'],
  consumes: ['multipart/form-data'],
  body: UploadFormSchema,
  response: PARSE_RESPONSES,
};

export type ContentBlockBody = Static<typeof ContentBlockSchema>;
export type ParseResultBody = { markdown: string; page_count: number; content_list: ContentBlockBody[] };
export type ErrorBody = Static<typeof ErrorSchema>;
