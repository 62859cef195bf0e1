// What an operator sees: X-Request-Id on every answer, /metrics in the Prometheus format, and one
// structured log line per parse request.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutcome } from '../src/api/metrics.js';
import { makePdf, rasterize, reportPage } from './fixtures.js';
import { parseRequest, startServer, type TestServer } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let server: TestServer;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
      done();
    },
  });
  server = await startServer({ rateLimit: 1000 }, {}, { level: 'info', stream });
});

afterAll(async () => {
  await server?.close();
});

async function newKey(credits: number) {
  const org = await server.store.createOrganization('observed', credits);
  return { orgId: org.id, key: (await server.store.createKey(org.id)).key };
}

/** The value of one sample of the Prometheus text, or undefined when it is absent. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('X-Request-Id', () => {
  it('is on every answer: success, errors, unknown routes, health, static files', async () => {
    const { key } = await newKey(1);
    const pdf = await makePdf([reportPage(1, 'Identified')]);
    const answers = [
      await parseRequest(server, key, [{ name: 'a.pdf', bytes: pdf }]),
      await parseRequest(server, null, [{ name: 'a.pdf', bytes: pdf }]),
      await fetch(`${server.url}/nowhere`),
      await fetch(`${server.url}/healthz`),
      await fetch(`${server.url}/`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 200, 200]);
    const ids = answers.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
  });

  it('keeps a plain incoming id and replaces one that is not', async () => {
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'trace-42.a:b_c' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a:b_c');
    const tooLong = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(tooLong.headers.get('x-request-id')).toMatch(UUID);
    const spaces = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b' } });
    expect(spaces.headers.get('x-request-id')).toMatch(UUID);
  });

  it('does not let a reused client id make a second parse look already charged', async () => {
    const { orgId, key } = await newKey(5);
    const pdf = await makePdf([reportPage(1, 'Same Id')]);
    for (let i = 0; i < 2; i++) {
      const res = await parseRequest(server, key, [{ name: 'a.pdf', bytes: pdf }], {}, { 'x-request-id': 'my-fixed-id' });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('my-fixed-id');
    }
    expect(await server.store.getBalance(orgId)).toBe(3);
  });
});

describe('/metrics and the parse log line', () => {
  it('counts requests by status, parses by outcome, pages, OCR pages, credits, parse time, and shows the pool', async () => {
    const before = await (await fetch(`${server.url}/metrics`)).text();
    const { orgId, key } = await newKey(10);
    const pdf = await makePdf([reportPage(1, 'Counted'), reportPage(2, 'Twice')]);
    const scan = await rasterize(await makePdf([reportPage(1, 'Scanned')]), 150);
    expect((await parseRequest(server, key, [{ name: 'a.pdf', bytes: pdf }], {}, { 'x-request-id': 'counted-pdf' })).status).toBe(200);
    expect((await parseRequest(server, key, [{ name: 'scan.png', bytes: scan }])).status).toBe(200);
    expect((await parseRequest(server, key, [{ name: 'a.txt', bytes: 'x' }])).status).toBe(400);

    const res = await fetch(`${server.url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = await res.text();
    const grew = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
    expect(grew('quire_http_requests_total{method="POST",route="/v1/parser/parse",status="200"}')).toBe(2);
    expect(grew('quire_http_requests_total{method="POST",route="/v1/parser/parse",status="400"}')).toBe(1);
    expect(grew('quire_parses_total{outcome="parsed"}')).toBe(2);
    expect(grew('quire_parses_total{outcome="refused"}')).toBe(1);
    expect(grew('quire_pages_parsed_total')).toBe(3);
    expect(grew('quire_ocr_pages_total')).toBe(1);
    expect(grew('quire_credits_charged_total')).toBe(2);
    expect(grew('quire_parse_duration_seconds_count')).toBe(2);
    expect(grew('quire_parse_duration_seconds_sum')).toBeGreaterThan(0);
    expect(sample(after, 'quire_parse_workers')).toBe(server.config.workers);
    expect(sample(after, 'quire_parse_workers_busy')).toBe(0);
    expect(sample(after, 'quire_parse_queue_depth')).toBe(0);
    expect(sample(after, 'process_cpu_seconds_total')).toBeGreaterThan(0);

    const lines = logLines.filter((l) => l.event === 'parse' && l.orgId === orgId);
    expect(lines).toHaveLength(3);
    const [first, second, third] = lines;
    expect(first).toMatchObject({ msg: 'parse', outcome: 'parsed', status: 200, pages: 2, ocrPages: 0, credits: 1, requestId: 'counted-pdf' });
    expect(second).toMatchObject({ outcome: 'parsed', status: 200, pages: 1, ocrPages: 1, credits: 1 });
    expect(third).toMatchObject({ outcome: 'refused', status: 400, pages: null, ocrPages: null, credits: 0 });
    for (const line of lines) {
      expect(typeof line.durationMs).toBe('number');
      expect(line.keyId).toMatch(/^key_/);
    }
    expect(second!.parseMs as number).toBeGreaterThan(0);
    expect(second!.durationMs as number).toBeGreaterThanOrEqual(second!.parseMs as number);
  });

  it('uses one route label for every unknown URL', async () => {
    for (const path of ['/a', '/b', '/c/d']) await (await fetch(`${server.url}${path}`)).arrayBuffer();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).not.toMatch(/route="\/a"/);
    expect(sample(text, 'quire_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(3);
  });
});

describe('parseOutcome', () => {
  it('tells parsed, refused (4xx and 503), failed (500) and abandoned (the client left) apart', () => {
    expect(parseOutcome(200, true)).toBe('parsed');
    expect(parseOutcome(402, true)).toBe('refused');
    expect(parseOutcome(503, true)).toBe('refused');
    expect(parseOutcome(500, true)).toBe('failed');
    expect(parseOutcome(200, false)).toBe('abandoned');
  });
});
