// Drives the real HTTP server as a client: every status code, the order of checks, credits,
// the shared rate limit, overload, malformed inputs and the block schema.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, rasterize, reportPage, twoColumnPage } from './fixtures.js';
import { encryptedPdf, parseRequest, pngHeaderOnly, startServer, type TestServer } from './helpers.js';

const FIELDS = ['type', 'page_idx', 'bbox', 'text', 'text_level', 'text_format', 'img_path', 'content', 'sub_type', 'list_items', 'table_body', 'code_body'];

let server: TestServer;
let pdf: Uint8Array;
let scanPng: Uint8Array;

async function newOrg(credits: number): Promise<{ orgId: string; key: string }> {
  const org = await server.store.createOrganization(`org-${Math.random()}`, credits);
  const key = await server.store.createKey(org.id);
  return { orgId: org.id, key: key.key };
}

beforeAll(async () => {
  server = await startServer({ rateLimit: 1000, maxUploadBytes: 2 * 1024 * 1024 });
  pdf = await makePdf([reportPage(1, 'Introduction'), reportPage(2, 'Methods'), twoColumnPage()]);
  scanPng = await rasterize(await makePdf([reportPage(1, 'Scanned Report')]), 150);
});

afterAll(async () => {
  await server?.close();
});

describe('health', () => {
  it('answers 200 on /healthz', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
  });

  it('serves an OpenAPI document of the parse endpoint', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    expect(doc.openapi).toMatch(/^3\./);
    const op = doc.paths['/v1/parser/parse'].post;
    expect(Object.keys(op.requestBody.content)).toEqual(['multipart/form-data']);
    expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ParseResult' });
    expect(doc.components.schemas.ParseResult.properties.content_list).toBeDefined();
  });

  it('answers unknown routes with a JSON detail', async () => {
    const res = await fetch(`${server.url}/v1/nope`);
    expect(res.status).toBe(404);
    expect(typeof (await res.json()).detail).toBe('string');
  });
});

describe('200: a successful parse', () => {
  it('returns markdown, page_count and blocks with all twelve fields, and charges one credit', async () => {
    const { orgId, key } = await newOrg(5);
    const res = await parseRequest(server, key, [{ name: 'report.pdf', bytes: pdf }], { model: 'parser2.5-pro-2605' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.page_count).toBe(3);
    expect(body.markdown).toContain('# Introduction');
    expect(body.markdown).toContain('- First item of the list');
    expect(body.markdown).not.toContain('Quire Technical Report'); // running header
    expect(body.content_list.length).toBeGreaterThan(5);
    let lastPage = 0;
    for (const block of body.content_list) {
      for (const field of FIELDS) expect(block, `field ${field}`).toHaveProperty(field);
      expect(block.text_level).toBeNull();
      expect(block.img_path).toBeNull();
      expect(block.content).toBeNull();
      expect(block.page_idx).toBeGreaterThanOrEqual(lastPage);
      lastPage = block.page_idx;
      expect(block.bbox).toHaveLength(4);
      for (const v of block.bbox) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1000);
      }
      if (block.type === 'text') {
        expect(typeof block.text).toBe('string');
        expect(block.table_body).toBeNull();
        expect(block.list_items).toBeNull();
        expect(block.code_body).toBeNull();
      }
      if (block.type === 'list') {
        expect(block.text).toBeNull();
        expect(block.sub_type).toBe('text');
        expect(block.list_items).toEqual(['First item of the list', 'Second item of the list']);
      }
      if (block.type === 'code') {
        expect(block.text).toBeNull();
        expect(block.code_body).toBe('def parse(path):\n    return quire.parse(path)');
      }
    }
    const types = body.content_list.map((b: { type: string }) => b.type);
    expect(types).toContain('header');
    expect(types).toContain('page_number');
    expect(await server.store.getBalance(orgId)).toBe(4);
    const ledger = await server.store.ledger(orgId);
    expect(ledger.filter((e) => e.kind === 'charge')).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'charge', credits: -1, pages: 3 });
  });

  it('reads a scanned page (PNG) with OCR; page_count is 1', async () => {
    const { orgId, key } = await newOrg(1);
    const res = await parseRequest(server, key, [{ name: 'scan.png', bytes: scanPng }]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.page_count).toBe(1);
    expect(body.markdown).toContain('Scanned Report');
    expect(body.markdown).toMatch(/search and retrieval pipelines/);
    expect(await server.store.getBalance(orgId)).toBe(0);
  });

  it('decides the type by content: a JPEG named .png is parsed', async () => {
    const { key } = await newOrg(1);
    const jpeg = await sharp(scanPng).jpeg().toBuffer();
    const res = await parseRequest(server, key, [{ name: 'photo.PNG', bytes: new Uint8Array(jpeg) }]);
    expect(res.status).toBe(200);
    expect((await res.json()).markdown).toContain('Scanned Report');
  });
});

describe('401', () => {
  it.each([
    ['no header', {}],
    ['not Bearer', { authorization: 'Basic abc' }],
    ['unknown key', { authorization: 'Bearer qk_unknownunknownunknownunknownunknownunknown1' }],
  ])('refuses %s', async (_name, headers) => {
    const res = await parseRequest(server, null, [{ name: 'a.pdf', bytes: pdf }], {}, headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(typeof (await res.json()).detail).toBe('string');
  });

  it('refuses a revoked key, at once', async () => {
    const { key, orgId } = await newOrg(3);
    expect(await server.store.revokeKey(key)).toBe(true);
    const res = await parseRequest(server, key, [{ name: 'a.pdf', bytes: pdf }]);
    expect(res.status).toBe(401);
    expect(await server.store.getBalance(orgId)).toBe(3);
  });

  it('comes before every other check (bad file, no credits)', async () => {
    const res = await parseRequest(server, 'qk_wrong', [{ name: 'a.txt', bytes: 'hello' }]);
    expect(res.status).toBe(401);
  });
});

describe('402', () => {
  it('refuses an organization without credits before reading the upload', async () => {
    const { key } = await newOrg(0);
    const bad = await parseRequest(server, key, [{ name: 'a.txt', bytes: 'not a pdf' }]);
    expect(bad.status).toBe(402);
    const good = await parseRequest(server, key, [{ name: 'a.pdf', bytes: pdf }]);
    expect(good.status).toBe(402);
    expect(typeof (await good.json()).detail).toBe('string');
  });

  it('takes effect after a top-up without restart', async () => {
    const { key, orgId } = await newOrg(0);
    expect((await parseRequest(server, key, [{ name: 'a.pdf', bytes: pdf }])).status).toBe(402);
    await server.store.addCredits(orgId, 1);
    expect((await parseRequest(server, key, [{ name: 'a.pdf', bytes: pdf }])).status).toBe(200);
    expect(await server.store.getBalance(orgId)).toBe(0);
  });
});

describe('400: bad requests and malformed inputs, never charged', () => {
  const cases: Array<[string, () => Promise<{ files: Parameters<typeof parseRequest>[2]; fields?: Record<string, string> }>]> = [
    ['no file field', async () => ({ files: [], fields: { model: 'parser2.5-pro-2605' } })],
    ['two files', async () => ({ files: [{ name: 'a.pdf', bytes: pdf }, { name: 'b.pdf', bytes: pdf }] })],
    ['a file in another field', async () => ({ files: [{ name: 'a.pdf', bytes: pdf, field: 'document' }] })],
    ['an unknown form field', async () => ({ files: [{ name: 'a.pdf', bytes: pdf }], fields: { colour: 'blue' } })],
    ['an unknown model', async () => ({ files: [{ name: 'a.pdf', bytes: pdf }], fields: { model: 'gpt-vision' } })],
    ['planned option title_levels', async () => ({ files: [{ name: 'a.pdf', bytes: pdf }], fields: { title_levels: 'true' } })],
    ['planned option extract_images', async () => ({ files: [{ name: 'a.pdf', bytes: pdf }], fields: { extract_images: 'true' } })],
    ['planned option image_analysis', async () => ({ files: [{ name: 'a.pdf', bytes: pdf }], fields: { image_analysis: 'true' } })],
    ['an unsupported extension', async () => ({ files: [{ name: 'report.docx', bytes: pdf }] })],
    ['a file name without extension', async () => ({ files: [{ name: 'report', bytes: pdf }] })],
    ['an empty file', async () => ({ files: [{ name: 'empty.pdf', bytes: new Uint8Array() }] })],
    ['a text file named .txt', async () => ({ files: [{ name: 'notes.txt', bytes: 'plain text' }] })],
    ['a text file named .pdf', async () => ({ files: [{ name: 'notes.pdf', bytes: 'plain text, not a PDF at all' }] })],
    ['a truncated PDF', async () => ({ files: [{ name: 'cut.pdf', bytes: pdf.slice(0, 400) }] })],
    ['random bytes named .pdf', async () => ({ files: [{ name: 'r.pdf', bytes: randomBytes(5000, 1) }] })],
    ['random bytes named .png', async () => ({ files: [{ name: 'r.png', bytes: randomBytes(5000, 2) }] })],
    ['random bytes named .jpg', async () => ({ files: [{ name: 'r.jpg', bytes: randomBytes(5000, 3) }] })],
    ['random bytes named .jpeg', async () => ({ files: [{ name: 'r.jpeg', bytes: randomBytes(5000, 4) }] })],
    ['a truncated PNG', async () => ({ files: [{ name: 'cut.png', bytes: scanPng.slice(0, 200) }] })],
    ['an encrypted PDF', async () => ({ files: [{ name: 'secret.pdf', bytes: encryptedPdf() }] })],
    ['a PDF with zero pages', async () => ({ files: [{ name: 'zero.pdf', bytes: await (await PDFDocument.create()).save({ addDefaultPage: false }) }] })],
    ['a PNG whose header claims 60000×60000 pixels', async () => ({ files: [{ name: 'huge.png', bytes: pngHeaderOnly(60000, 60000) }] })],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const { key, orgId } = await newOrg(2);
    const { files, fields } = await make();
    const res = await parseRequest(server, key, files, fields);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(typeof body.detail).toBe('string');
    expect(body.detail.length).toBeGreaterThan(5);
    expect(await server.store.getBalance(orgId)).toBe(2);
    // The service keeps serving.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('refuses a body that is not multipart', async () => {
    const { key } = await newOrg(1);
    const res = await fetch(`${server.url}/v1/parser/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'x' }),
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ['a truncated multipart body', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut'],
    ['a multipart body without boundary', 'multipart/form-data', 'abc'],
  ])('refuses %s with 400', async (_name, contentType, body) => {
    const { key, orgId } = await newOrg(1);
    const res = await fetch(`${server.url}/v1/parser/parse`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': contentType }, body });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/multipart/);
    expect(await server.store.getBalance(orgId)).toBe(1);
  });

  it('still parses after all of the above', async () => {
    const { key } = await newOrg(1);
    expect((await parseRequest(server, key, [{ name: 'a.pdf', bytes: pdf }])).status).toBe(200);
  });
});

describe('413', () => {
  it('refuses more than 50 pages before parsing, without charge', async () => {
    const { key, orgId } = await newOrg(2);
    const big = await makePdf(Array.from({ length: 51 }, (_, i) => [{ text: `Page ${i + 1}`, x: 72, y: 72 }]));
    const res = await parseRequest(server, key, [{ name: 'big.pdf', bytes: big }]);
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toMatch(/51 pages/);
    expect(await server.store.getBalance(orgId)).toBe(2);
  });

  it('accepts exactly 50 pages', async () => {
    const { key } = await newOrg(1);
    const fifty = await makePdf(Array.from({ length: 50 }, (_, i) => [{ text: `Page body ${i + 1}`, x: 72, y: 300 }]));
    const res = await parseRequest(server, key, [{ name: 'fifty.pdf', bytes: fifty }]);
    expect(res.status).toBe(200);
    expect((await res.json()).page_count).toBe(50);
  });

  it('refuses an upload over the byte limit', async () => {
    const { key, orgId } = await newOrg(2);
    const res = await parseRequest(server, key, [{ name: 'big.pdf', bytes: new Uint8Array(3 * 1024 * 1024).fill(32) }]);
    expect(res.status).toBe(413);
    expect(await server.store.getBalance(orgId)).toBe(2);
  });

  it('comes after 400: a 51-page PDF with a bad name is a 400', async () => {
    const { key } = await newOrg(1);
    const big = await makePdf(Array.from({ length: 51 }, () => [{ text: 'x', x: 72, y: 72 }]));
    expect((await parseRequest(server, key, [{ name: 'big.txt', bytes: big }])).status).toBe(400);
  });
});

function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed * 2654435761;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  out[0] = 0x42; // never a valid signature by chance
  return out;
}
