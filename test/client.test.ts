// The typed client (`quire/client`, the built package export) against the real server: results,
// typed errors, retries after Retry-After, time-out and cancellation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QuireClient, QuireError, QuireTimeoutError, DEFAULT_TIMEOUT_MS, retryDelayMs, type ParseResult, type RetryInfo } from 'quire/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makePdf, rasterize, reportPage } from './fixtures.js';
import { startServer, type TestServer } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'quire-client-'));
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
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function keyFor(s: TestServer, credits: number): Promise<{ orgId: string; key: string }> {
  const org = await s.store.createOrganization('client', credits);
  return { orgId: org.id, key: (await s.store.createKey(org.id)).key };
}

async function waitFor(condition: () => boolean): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > 20_000) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('QuireClient.parse', () => {
  it('parses a path, bytes and a Blob into typed results', async () => {
    const s = await server({ rateLimit: 100 });
    const { orgId, key } = await keyFor(s, 5);
    const client = new QuireClient({ baseUrl: `${s.url}/`, apiKey: key });
    const pdf = await makePdf([reportPage(1, 'Client Report')]);
    const path = join(dir, 'report.pdf');
    writeFileSync(path, pdf);

    const fromPath: ParseResult = await client.parse(path, { model: 'parser2.5-pro-2605' });
    expect(fromPath.page_count).toBe(1);
    expect(fromPath.markdown).toContain('# Client Report');
    const first = fromPath.content_list[0]!;
    expect(first.type).toBe('header');
    expect(first.bbox).toHaveLength(4);

    const png = await rasterize(pdf, 100);
    const fromBytes = await client.parse(png); // no name: guessed from the bytes
    expect(fromBytes.page_count).toBe(1);
    const fromBlob = await client.parse(new Blob([new Uint8Array(pdf)]), { filename: 'blob.pdf' });
    expect(fromBlob.markdown).toBe(fromPath.markdown);
    expect(await s.store.getBalance(orgId)).toBe(2);
  });

  it('throws QuireError with the status, the detail and the request id', async () => {
    const s = await server({ rateLimit: 100 });
    const pdf = await makePdf([reportPage(1, 'Refused')]);
    const wrongKey = new QuireClient({ baseUrl: s.url, apiKey: 'qk_wrong' });
    const error401 = await wrongKey.parse(pdf, { requestId: 'client-test-1' }).catch((e) => e);
    expect(error401).toBeInstanceOf(QuireError);
    expect(error401).toMatchObject({ status: 401, requestId: 'client-test-1', retryAfterSeconds: null });
    expect(error401.detail).toMatch(/key/);

    const broke = new QuireClient({ baseUrl: s.url, apiKey: (await keyFor(s, 0)).key });
    await expect(broke.parse(pdf)).rejects.toMatchObject({ status: 402 });

    const client = new QuireClient({ baseUrl: s.url, apiKey: (await keyFor(s, 5)).key });
    const error400 = await client.parse(new TextEncoder().encode('not a document'), { filename: 'a.pdf' }).catch((e) => e);
    expect(error400).toMatchObject({ name: 'QuireError', status: 400 });
    expect(error400.message).toBe(`400: ${error400.detail}`);
  });

  it('gives up on 429 after maxAttempts, with the Retry-After it was given', async () => {
    const s = await server({ rateLimit: 1 });
    const { key } = await keyFor(s, 5);
    const pdf = await makePdf([reportPage(1, 'Limited')]);
    const client = new QuireClient({ baseUrl: s.url, apiKey: key, maxAttempts: 1 });
    await client.parse(pdf);
    const error = await client.parse(pdf).catch((e) => e);
    expect(error).toMatchObject({ status: 429 });
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('retries 503 after Retry-After, backing off, until the worker is free', async () => {
    const s = await server({ workers: 1, queueLimit: 0, rateLimit: 100 });
    const { key } = await keyFor(s, 30);
    const tiny = await makePdf([reportPage(1, 'Warm')]);
    const plain = new QuireClient({ baseUrl: s.url, apiKey: key });
    // Short parses bring the pool's average parse time (its Retry-After estimate) down to ~1 s.
    for (let i = 0; i < 12; i++) await plain.parse(tiny);
    const scan = await rasterize(await makePdf([reportPage(1, 'Busy Worker')]), 150);
    const busy = plain.parse(scan, { filename: 'scan.png' });
    await waitFor(() => s.parsePool.busy === 1);

    const retries: (RetryInfo & { at: number })[] = [];
    const patient = new QuireClient({ baseUrl: s.url, apiKey: key, maxAttempts: 10, onRetry: (r) => retries.push({ ...r, at: Date.now() }) });
    const started = Date.now();
    const result = await patient.parse(tiny);
    const elapsed = Date.now() - started;
    expect(result.page_count).toBe(1);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    for (const [i, retry] of retries.entries()) {
      expect(retry).toMatchObject({ attempt: i + 1, status: 503 });
      expect(retry.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(retry.delayMs).toBeGreaterThanOrEqual(retry.retryAfterSeconds! * 1000);
      expect(retry.delayMs).toBeGreaterThanOrEqual(1000 * 2 ** i);
    }
    // It really waited: the delays were slept before trying again.
    expect(elapsed).toBeGreaterThanOrEqual(retries.reduce((sum, r) => sum + r.delayMs, 0));
    expect((await busy).page_count).toBe(1);
  });

  it('times out, and cancels a running request or a wait for a retry', async () => {
    const s = await server({ workers: 1, queueLimit: 0, rateLimit: 100 });
    const { key } = await keyFor(s, 10);
    const scan = await rasterize(await makePdf([reportPage(1, 'Slow Scan')]), 150);

    const hasty = new QuireClient({ baseUrl: s.url, apiKey: key, timeoutMs: 150 });
    const timedOut = await hasty.parse(scan, { filename: 'scan.png' }).catch((e) => e);
    expect(timedOut).toBeInstanceOf(QuireTimeoutError);
    expect(timedOut.timeoutMs).toBe(150);

    const client = new QuireClient({ baseUrl: s.url, apiKey: key });
    await waitFor(() => s.parsePool.busy === 0);
    const controller = new AbortController();
    const started = Date.now();
    const running = client.parse(scan, { filename: 'scan.png', signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);

    // A wait for a retry is cancelled too: the worker is busy, the client would wait Retry-After.
    await waitFor(() => s.parsePool.busy === 0);
    const busy = client.parse(scan, { filename: 'scan.png' });
    await waitFor(() => s.parsePool.busy === 1);
    const waiting = new AbortController();
    const waited = client.parse(scan, { filename: 'scan.png', signal: waiting.signal });
    setTimeout(() => waiting.abort(new Error('stop waiting')), 300);
    await expect(waited).rejects.toThrow('stop waiting');
    await busy;
  });
});

describe('retryDelayMs', () => {
  it('backs off exponentially from 1 s up to 60 s, never under Retry-After, with up to 25 % jitter', () => {
    const none = () => 0;
    const most = () => 1;
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, null, none))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(10, null, none)).toBe(60_000);
    expect(retryDelayMs(1, 7, none)).toBe(7000);
    expect(retryDelayMs(4, 2, none)).toBe(8000);
    expect(retryDelayMs(1, 7, most)).toBe(8750);
    expect(DEFAULT_TIMEOUT_MS).toBe(600_000);
  });
});
