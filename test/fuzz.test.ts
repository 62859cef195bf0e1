// Fuzzing the running service: 2,100 mutated PDFs, PNGs and JPEGs (seeded, so every run sends the
// same files) through `quire serve` as its own process. Every answer must be 200, 400 or 413; the
// service must never die and its memory must stay bounded. Files that ever broke these rules are
// kept in test/fixtures/fuzz and replayed first.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, rasterize } from './fixtures.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { parseRequest } from './helpers.js';
import { mutate, random } from './mutate.js';
import { startService, treeResidentMb, type Service } from './service.js';

const FILES = 2_000;
const CONCURRENCY = 6;
const SEED = 20_251_123;
const REGRESSIONS = fileURLToPath(new URL('./fixtures/fuzz/', import.meta.url));
/** Where files that broke the rules are written, to be added to REGRESSIONS. */
const FAILURES = fileURLToPath(new URL('../bench/out/fuzz-failures/', import.meta.url));

interface Case {
  name: string;
  bytes: Uint8Array;
}

describe('fuzzing the running service', () => {
  let service: Service;
  const rss: { self: number; total: number }[] = [];
  let sampler: NodeJS.Timeout;

  beforeAll(async () => {
    const database = join(mkdtempSync(join(tmpdir(), 'quire-fuzz-')), 'quire.db');
    service = await startService({
      QUIRE_DATABASE: database,
      QUIRE_RATE_LIMIT: '1000000',
      QUIRE_WORKERS: '2',
      QUIRE_QUEUE_LIMIT: String(4 * CONCURRENCY),
      QUIRE_PARSE_TIMEOUT_S: '60',
    });
    // Top up the first-run organization, through the store, while the service runs.
    const store = new SqliteStore(database);
    await store.addCredits(service.orgId!, 1_000_000);
    await store.close();
    sampler = setInterval(() => void treeResidentMb(service.process.pid!).then((m) => rss.push(m)), 1_000);
  });

  afterAll(async () => {
    clearInterval(sampler);
    await service?.stop();
  });

  it(`answers ${FILES} mutated PDFs, PNGs and JPEGs with 200, 400 or 413 only, and its memory stays bounded`, async () => {
    // Small pages and images keep the many parses quick (a mutated page may need OCR).
    const page = [
      { text: 'Fuzzed Report', x: 10, y: 20, size: 12, font: 'bold' as const },
      { text: 'A first line of body text for the fuzzer.', x: 10, y: 40, size: 8 },
      { text: '1. an item', x: 10, y: 55, size: 8 },
    ];
    const pdf = await makePdf([page, page], [200, 80]);
    const scan = await makePdf([[{ text: 'Fuzz 42', x: 4, y: 16, size: 14 }]], [80, 24]);
    const seeds: Case[] = [
      { name: 'seed.pdf', bytes: pdf },
      { name: 'seed.png', bytes: await rasterize(scan, 72) },
      { name: 'seed.jpg', bytes: await rasterize(scan, 72, 'jpeg') },
    ];
    const next = random(SEED);
    const cases: Case[] = readdirSync(REGRESSIONS).map((name) => ({ name, bytes: readFileSync(join(REGRESSIONS, name)) }));
    // PDFs have the most structure to get wrong: 21 files in 25. A mutated image that still
    // decodes is read with OCR (~1 s), which bounds how many fit in the test's two minutes.
    for (let i = 0; i < FILES; i++) {
      const seed = seeds[i % 25 < 21 ? 0 : i % 25 < 24 ? 1 : 2]!;
      cases.push({ name: `${i}-${seed.name}`, bytes: mutate(seed.bytes, next) });
    }

    const statuses = new Map<number, number>();
    const broken: { name: string; status: number; detail: string }[] = [];
    let cursor = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (cursor < cases.length) {
          const c = cases[cursor++]!;
          let res = await parseRequest(service, service.key!, [{ name: c.name, bytes: c.bytes }]);
          // 503 is the queue being full under this client's own load: wait and send again.
          while (res.status === 503) {
            await new Promise((r) => setTimeout(r, 200));
            res = await parseRequest(service, service.key!, [{ name: c.name, bytes: c.bytes }]);
          }
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = await res.text();
          if (![200, 400, 413].includes(res.status)) {
            broken.push({ name: c.name, status: res.status, detail: body.slice(0, 200) });
            mkdirSync(FAILURES, { recursive: true });
            writeFileSync(join(FAILURES, c.name), c.bytes);
          }
        }
      }),
    );
    console.log(
      `fuzz: ${cases.length} files in ${Math.round((Date.now() - started) / 1000)} s;`,
      Object.fromEntries(statuses),
      `; service RSS max ${Math.round(Math.max(...rss.map((m) => m.self)))} MB, with workers max ${Math.round(Math.max(...rss.map((m) => m.total)))} MB`,
    );
    expect(broken).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(2_000);
    expect(service.process.exitCode).toBeNull();
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
    // The service process holds no documents; each worker is capped and recycled past 1 GB.
    expect(Math.max(...rss.map((m) => m.self))).toBeLessThan(400);
    expect(Math.max(...rss.map((m) => m.total))).toBeLessThan(4_000);
  }, 400_000);
});
