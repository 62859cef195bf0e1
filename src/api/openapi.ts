// The OpenAPI 3.1 document, generated from the route schemas (schemas.ts), at /openapi.json, and
// its docs page at /docs (Swagger UI, served from the @fastify/swagger-ui package: no CDN).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.js';
import { SHARED_SCHEMAS } from './schemas.js';

type OpenApiDocument = Record<string, unknown> & { paths?: Record<string, Record<string, Operation>> };
interface Operation {
  parameters?: unknown[];
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}

const REQUEST_ID = {
  description: 'The request id: the one sent in X-Request-Id when it is 1–128 letters, digits or ._:-, a new UUID otherwise. Quote it when reporting a problem.',
  schema: { type: 'string' },
};

/** Registers the shared schemas, the OpenAPI generator, /openapi.json and /docs. Call before the routes. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quire document parsing API',
        version,
        description:
          'PDF or image in; one Markdown string and a flat, reading-order list of typed content blocks out. Every error is `{"detail": "<reason>"}`; only a 200 is charged. 429 and 503 carry Retry-After.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An organization API key: `Authorization: Bearer qk_…`' } } },
      security: [{ bearer: [] }],
      tags: [{ name: 'parse', description: 'Document parsing' }],
    },
    // Components keep their $id as name (ContentBlock, ParseResult, Error), not def-0, def-1…
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (documentObject) => withRequestIdHeaders(('openapiObject' in documentObject ? documentObject.openapiObject : {}) as OpenApiDocument),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async (request) => withServer(app.swagger() as OpenApiDocument, request));
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Everything is served from here: no https sources, no online validator, and no
    // upgrade-insecure-requests, which would break the page on a plain-http address.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/ https:/g, '')
        .replace(/ validator\.swagger\.io/g, ''),
    transformSpecification: (doc, request) => withServer(doc as OpenApiDocument, request),
    uiConfig: { defaultModelsExpandDepth: 2, tryItOutEnabled: false },
  });
}

/** Every operation takes an optional X-Request-Id and every response carries one. */
function withRequestIdHeaders(doc: OpenApiDocument): OpenApiDocument {
  for (const path of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(path)) {
      operation.parameters = [...(operation.parameters ?? []), { name: REQUEST_ID_HEADER, in: 'header', required: false, ...REQUEST_ID }];
      for (const response of Object.values(operation.responses ?? {})) response.headers = { [REQUEST_ID_HEADER]: REQUEST_ID, ...response.headers };
    }
  }
  return doc;
}

/** The document with this server's address, as the client reached it (behind a proxy: its Host). */
function withServer(doc: OpenApiDocument, request: FastifyRequest): OpenApiDocument {
  return { ...doc, servers: [{ url: `${request.protocol}://${request.host}`, description: 'This Quire server' }] };
}
