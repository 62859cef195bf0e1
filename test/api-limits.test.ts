// Rate limit (429), overload (503), internal failures (500) and concurrent charging, through
// the real HTTP server.
import { afterEach, describe, expect, it } from 'vitest';
import { makePdf, rasterize, reportPage } from './fixtures.js';
import { parseRequest, startServer, type TestServer } from './helpers.js';

let servers: TestServer[] = [];

async function server(...args: Parameters<typeof startServer>): Promise<TestServer> {
  const s = await startServer(...args);
  servers.push(s);
  return s;
}

afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function orgWithKeys(s: TestServer, credits: number, keys = 1) {
  const org = await s.store.createOrganization('org', credits);
  const created = [];
  for (let i = 0; i < keys; i++) created.push((await s.store.createKey(org.id)).key);
  return { orgId: org.id, keys: created };
}

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('429: per-organization sliding window', () => {
  it('is shared by the keys of one organization, separate between organizations, and counts every outcome', async () => {
    const s = await server({ rateLimit: 3 });
    const pdf = await makePdf([reportPage(1, 'Rate')]);
    const a = await orgWithKeys(s, 10, 2);
    const b = await orgWithKeys(s, 10);

    // Three requests of org A through two keys: a 200, a 400 (counted too) and a 200.
    expect((await parseRequest(s, a.keys[0]!, [{ name: 'a.pdf', bytes: pdf }])).status).toBe(200);
    expect((await parseRequest(s, a.keys[1]!, [{ name: 'a.txt', bytes: 'x' }])).status).toBe(400);
    expect((await parseRequest(s, a.keys[1]!, [{ name: 'a.pdf', bytes: pdf }])).status).toBe(200);

    const limited = await parseRequest(s, a.keys[0]!, [{ name: 'a.pdf', bytes: pdf }]);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(typeof (await limited.json()).detail).toBe('string');
    expect((await parseRequest(s, a.keys[1]!, [{ name: 'a.pdf', bytes: pdf }])).status).toBe(429);

    // Two successful parses were charged; the 400 and the 429s were not.
    expect(await s.store.getBalance(a.orgId)).toBe(8);

    // Organization B has its own window.
    expect((await parseRequest(s, b.keys[0]!, [{ name: 'b.pdf', bytes: pdf }])).status).toBe(200);
  });

  it('does not count unauthenticated requests', async () => {
    const s = await server({ rateLimit: 1 });
    const a = await orgWithKeys(s, 5);
    for (let i = 0; i < 3; i++) expect((await parseRequest(s, 'qk_bad', [{ name: 'a.pdf', bytes: 'x' }])).status).toBe(401);
    const pdf = await makePdf([reportPage(1, 'Rate')]);
    expect((await parseRequest(s, a.keys[0]!, [{ name: 'a.pdf', bytes: pdf }])).status).toBe(200);
  });

  it('checks the rate limit before credits', async () => {
    const s = await server({ rateLimit: 1 });
    const a = await orgWithKeys(s, 0);
    expect((await parseRequest(s, a.keys[0]!, [{ name: 'a.pdf', bytes: 'x' }])).status).toBe(402);
    expect((await parseRequest(s, a.keys[0]!, [{ name: 'a.pdf', bytes: 'x' }])).status).toBe(429);
  });
});

describe('503: overload', () => {
  it('refuses at once with Retry-After when the worker is busy and no one may wait, and is never charged', async () => {
    const s = await server({ workers: 1, queueLimit: 0, rateLimit: 100 });
    const a = await orgWithKeys(s, 10);
    const scan = await rasterize(await makePdf([reportPage(1, 'Busy Worker')]), 150);
    const pdf = await makePdf([reportPage(1, 'Second')]);

    const first = parseRequest(s, a.keys[0]!, [{ name: 'scan.png', bytes: scan }]);
    await waitFor(() => s.parsePool.busy === 1);
    const second = await parseRequest(s, a.keys[0]!, [{ name: 'b.pdf', bytes: pdf }]);
    expect(second.status).toBe(503);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(typeof (await second.json()).detail).toBe('string');

    expect((await first).status).toBe(200);
    expect(await s.store.getBalance(a.orgId)).toBe(9);
    // Once the worker is free the service accepts work again.
    expect((await parseRequest(s, a.keys[0]!, [{ name: 'b.pdf', bytes: pdf }])).status).toBe(200);
  });

  it('lets queued documents wait their turn when the queue has room', async () => {
    const s = await server({ workers: 1, queueLimit: 2, rateLimit: 100 });
    const a = await orgWithKeys(s, 10);
    const pdf = await makePdf([reportPage(1, 'Queued')]);
    const results = await Promise.all([0, 1, 2].map(() => parseRequest(s, a.keys[0]!, [{ name: 'a.pdf', bytes: pdf }])));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await s.store.getBalance(a.orgId)).toBe(7);
  });
});

describe('500: a failure after parsing started', () => {
  it('answers 500 with a detail, charges nothing, and keeps serving', async () => {
    const s = await server({ rateLimit: 100 }, { jobTimeoutMs: 1 });
    const a = await orgWithKeys(s, 3);
    const scan = await rasterize(await makePdf([reportPage(1, 'Too Slow')]), 150);
    const res = await parseRequest(s, a.keys[0]!, [{ name: 'scan.png', bytes: scan }]);
    expect(res.status).toBe(500);
    expect((await res.json()).detail).toMatch(/not charged/);
    expect(await s.store.getBalance(a.orgId)).toBe(3);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

describe('credits under concurrency', () => {
  it('charges exactly the balance and answers 402 to the rest', async () => {
    const s = await server({ workers: 1, queueLimit: 10, rateLimit: 100 });
    const a = await orgWithKeys(s, 2, 2);
    const pdf = await makePdf([reportPage(1, 'Race')]);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => parseRequest(s, a.keys[i % 2]!, [{ name: 'a.pdf', bytes: pdf }])),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((c) => c === 200)).toHaveLength(2);
    expect(statuses.filter((c) => c === 402)).toHaveLength(4);
    expect(await s.store.getBalance(a.orgId)).toBe(0);
    const charges = (await s.store.ledger(a.orgId)).filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(2);
    expect(new Set(charges.map((c) => c.requestId)).size).toBe(2);
  });

  it('charges per page when configured', async () => {
    const s = await server({ pricing: 'page', rateLimit: 100 });
    const a = await orgWithKeys(s, 4);
    const three = await makePdf([reportPage(1, 'A'), reportPage(2, 'B'), reportPage(3, 'C')]);
    expect((await parseRequest(s, a.keys[0]!, [{ name: 'a.pdf', bytes: three }])).status).toBe(200);
    expect(await s.store.getBalance(a.orgId)).toBe(1);
    expect((await parseRequest(s, a.keys[0]!, [{ name: 'a.pdf', bytes: three }])).status).toBe(402);
    expect(await s.store.getBalance(a.orgId)).toBe(1);
  });
});
