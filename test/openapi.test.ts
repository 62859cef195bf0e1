// The OpenAPI document as an outside client uses it: a valid OpenAPI 3.1 document, then a generic
// client that knows nothing of Quire but the document (the server address, the operation, the
// form fields, the responses) drives the real server into every status it can provoke and checks
// each answer's status, headers and body against what the document promised.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../src/api/schemas.js';
import { makePdf, rasterize, reportPage, twoColumnPage } from './fixtures.js';
import { startServer, type TestServer } from './helpers.js';
import { drawChart, drawnPdf, drawTable } from './table-fixtures.js';

// The document as JSON: a client reads it without types.
type Doc = any;

let server: TestServer;
let doc: Doc;

beforeAll(async () => {
  server = await startServer({ workers: 1, queueLimit: 0, rateLimit: 3, maxPages: 3 });
  doc = await (await fetch(`${server.url}/openapi.json`)).json();
});

afterAll(async () => {
  await server?.close();
});

/** What an outside client knows: the document. It finds the operation by its operationId. */
function operation(operationId: string): { path: string; method: string; op: Doc } {
  for (const [path, methods] of Object.entries<Doc>(doc.paths)) {
    for (const [method, op] of Object.entries<Doc>(methods)) if (op.operationId === operationId) return { path, method, op };
  }
  throw new Error(`no operation ${operationId}`);
}

/** Sends a multipart operation built from the document's request schema. */
async function call(operationId: string, key: string | null, parts: Record<string, { name: string; bytes: Uint8Array } | string>): Promise<Response> {
  const { path, method, op } = operation(operationId);
  const schema = op.requestBody.content['multipart/form-data'].schema;
  const form = new FormData();
  for (const [field, value] of Object.entries(parts)) {
    expect(Object.keys(schema.properties), `field ${field} is documented`).toContain(field);
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value.bytes)]), value.name);
  }
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  return fetch(`${doc.servers[0].url}${path}`, { method: method.toUpperCase(), body: form, headers });
}

const ajv = new Ajv2020({ strict: false });
let schemasAdded = false;

/** Checks an answer against the document: a documented status, its headers, its body's schema. */
async function expectDocumented(operationId: string, res: Response): Promise<Doc> {
  const { op } = operation(operationId);
  const documented = op.responses[String(res.status)];
  expect(documented, `status ${res.status} is documented`).toBeDefined();
  for (const [name, header] of Object.entries<Doc>(documented.headers ?? {})) {
    const value = res.headers.get(name);
    expect(value, `header ${name} on ${res.status}`).not.toBeNull();
    if (header.schema.type === 'integer') expect(Number.isInteger(Number(value))).toBe(true);
  }
  if (!schemasAdded) {
    for (const [name, schema] of Object.entries<Doc>(doc.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
    schemasAdded = true;
  }
  const body = await res.json();
  const validate = ajv.compile({ $ref: documented.content['application/json'].schema.$ref });
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body;
}

async function newKey(credits: number): Promise<string> {
  const org = await server.store.createOrganization('outside client', credits);
  return (await server.store.createKey(org.id)).key;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('names the server, the operation and the bearer scheme', () => {
    expect(doc.servers[0].url).toBe(server.url);
    const { path, method, op } = operation('parseDocument');
    expect([path, method]).toEqual(['/v1/parser/parse', 'post']);
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(op.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
  });

  it('documents every status with a {"detail"} body, X-Request-Id everywhere and Retry-After on 429 and 503', () => {
    const { op } = operation('parseDocument');
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '402', '408', '413', '429', '500', '503']);
    for (const [status, response] of Object.entries<Doc>(op.responses)) {
      expect(response.description.length, status).toBeGreaterThan(10);
      expect(response.headers['X-Request-Id'], status).toBeDefined();
      expect(Boolean(response.headers['Retry-After']), status).toBe(status === '429' || status === '503');
      if (status === '200') continue;
      expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      expect(typeof response.content['application/json'].example.detail).toBe('string');
    }
    expect(doc.components.schemas.Error.required).toEqual(['detail']);
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'X-Request-Id', in: 'header', required: false }));
  });

  it('describes the content block: the type enum, all twelve fields required, nullables, an example', () => {
    const block = doc.components.schemas.ContentBlock;
    expect(block.properties.type.enum).toEqual([...BLOCK_TYPES]);
    expect(block.required).toEqual(['type', 'page_idx', 'bbox', 'text', 'text_level', 'text_format', 'img_path', 'content', 'sub_type', 'list_items', 'table_body', 'code_body']);
    for (const field of block.required.slice(2)) {
      expect(block.properties[field].anyOf, field).toContainEqual({ type: 'null' });
      expect(block.properties[field].description, field).toBeTruthy();
    }
    expect(ajv.validate(block, block.examples[0])).toBe(true);
    expect(doc.components.schemas.ParseResult.examples).toHaveLength(1);
  });
});

describe('an outside client driving the service through the document', () => {
  it('gets a documented 200 whose blocks all have a documented type', async () => {
    const key = await newKey(5);
    const pdf = await makePdf([reportPage(1, 'Outside Client'), twoColumnPage()]);
    const body = await expectDocumented('parseDocument', await call('parseDocument', key, { file: { name: 'report.pdf', bytes: pdf }, model: 'parser2.5-pro-2605' }));
    expect(body.page_count).toBe(2);

    // A table and a chart too, so that more of the type enum is checked against real output.
    const drawn = await drawnPdf([
      (c, page, font) => {
        drawTable(c, { x: 72, top: 90, colWidths: [120, 80, 80], rows: [['Name', 'Q1', 'Q2'], ['Alpha', '1.0', '2.0'], ['Beta', '3.5', '4.5']], rules: 'lines' });
        drawChart(page, font, 120, 400);
      },
    ]);
    const tables = await expectDocumented('parseDocument', await call('parseDocument', key, { file: { name: 'table.pdf', bytes: drawn } }));
    expect(tables.content_list.map((b: { type: string }) => b.type)).toContain('table');
  });

  it('gets documented 401, 402, 400 and 413 answers', async () => {
    const pdf = await makePdf([reportPage(1, 'Refused')]);
    const res401 = await call('parseDocument', null, { file: { name: 'a.pdf', bytes: pdf } });
    expect(res401.status).toBe(401);
    await expectDocumented('parseDocument', res401);

    const res402 = await call('parseDocument', await newKey(0), { file: { name: 'a.pdf', bytes: pdf } });
    expect(res402.status).toBe(402);
    await expectDocumented('parseDocument', res402);

    const key = await newKey(5);
    const res400 = await call('parseDocument', key, { file: { name: 'a.pdf', bytes: new TextEncoder().encode('not a pdf') } });
    expect(res400.status).toBe(400);
    await expectDocumented('parseDocument', res400);

    const fourPages = await makePdf([1, 2, 3, 4].map((n) => reportPage(n, `Page ${n}`)));
    const res413 = await call('parseDocument', key, { file: { name: 'long.pdf', bytes: fourPages } });
    expect(res413.status).toBe(413);
    await expectDocumented('parseDocument', res413);
  });

  it('gets a documented 429 with Retry-After', async () => {
    const key = await newKey(5);
    const notPdf = { name: 'a.pdf', bytes: new TextEncoder().encode('x') };
    for (let i = 0; i < 3; i++) expect((await call('parseDocument', key, { file: notPdf })).status).toBe(400);
    const res = await call('parseDocument', key, { file: notPdf });
    expect(res.status).toBe(429);
    await expectDocumented('parseDocument', res);
  });

  it('gets a documented 503 with Retry-After when the only worker is busy', async () => {
    const key = await newKey(5);
    const other = await newKey(5);
    const scan = await rasterize(await makePdf([reportPage(1, 'Busy Worker')]), 150);
    const busy = call('parseDocument', key, { file: { name: 'scan.png', bytes: scan } });
    const start = Date.now();
    while (server.parsePool.busy === 0 && Date.now() - start < 20_000) await new Promise((r) => setTimeout(r, 10));
    const res = await call('parseDocument', other, { file: { name: 'b.pdf', bytes: await makePdf([reportPage(1, 'Second')]) } });
    expect(res.status).toBe(503);
    await expectDocumented('parseDocument', res);
    expect((await busy).status).toBe(200);
  });
});

describe('the docs page', () => {
  it('serves Swagger UI at /docs from the server itself, no CDN', async () => {
    const page = await fetch(`${server.url}/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset, 'no external asset').not.toMatch(/^(https?:)?\/\//);
      const res = await fetch(new URL(asset, page.url));
      expect(res.status, asset).toBe(200);
      await res.arrayBuffer(); // read it all, so the connection is idle when the server closes
    }
    const spec = await (await fetch(`${server.url}/docs/json`)).json();
    expect(spec.paths['/v1/parser/parse'].post.operationId).toBe('parseDocument');
  });
});
