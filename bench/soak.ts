// Soak test: `quire serve` as its own process, kept at saturation for QUIRE_SOAK_S seconds
// (default 600) by more clients than it has workers and queue places, with born-digital PDFs,
// one-page scans and 5% malformed documents. Reports throughput, latency percentiles of the 200s,
// the share of 503s, every status seen (there must be no 500), and the memory of the service and
// its workers over time (flat at the end). Writes bench/out/soak.json.
//
//   npm run bench:soak                 # 10 minutes
//   QUIRE_SOAK_S=120 npm run bench:soak
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../src/store/sqlite.js';
import { makePdf, rasterize, reportPage, twoColumnPage } from '../test/fixtures.js';
import { parseRequest } from '../test/helpers.js';
import { deflateBombPdf, circularPageTreePdf } from '../test/hostile.js';
import { startService, treeResidentMb } from '../test/service.js';

const SECONDS = Number(process.env.QUIRE_SOAK_S ?? 600);
const WORKERS = availableParallelism();
const QUEUE = 2 * WORKERS;
/** More clients than workers and queue places: the service is always full and some get 503. */
const CLIENTS = WORKERS + QUEUE + 4;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

async function main(): Promise<void> {
  const database = join(mkdtempSync(join(tmpdir(), 'quire-soak-')), 'quire.db');
  const service = await startService({ QUIRE_DATABASE: database, QUIRE_RATE_LIMIT: '100000000', QUIRE_WORKERS: String(WORKERS), QUIRE_QUEUE_LIMIT: String(QUEUE) });
  const store = new SqliteStore(database);
  await store.addCredits(service.orgId!, 100_000_000);
  await store.close();

  const bornDigital = await makePdf([reportPage(1, 'Soak Report'), twoColumnPage(), reportPage(3, 'Soak Appendix')]);
  const scan = await rasterize(await makePdf([reportPage(1, 'Scanned Soak')]), 150);
  const truncated = bornDigital.slice(0, bornDigital.length / 2);
  const malformed = [truncated, circularPageTreePdf(), deflateBombPdf(512), new TextEncoder().encode('%PDF-1.7\nnot really a PDF')];
  /** 60% born-digital, 35% scans, 5% malformed. */
  const pick = (i: number) => {
    const slot = i % 20;
    if (slot === 0) return { name: 'bad.pdf', bytes: malformed[(i / 20) % malformed.length]!, kind: 'malformed' };
    if (slot <= 7) return { name: 'scan.png', bytes: scan, kind: 'scan' };
    return { name: 'report.pdf', bytes: bornDigital, kind: 'born-digital' };
  };

  const statuses: Record<string, number> = {};
  const latencies: Record<string, number[]> = { 'born-digital': [], scan: [] };
  const memory: { atS: number; serviceMb: number; totalMb: number }[] = [];
  const started = Date.now();
  const end = started + SECONDS * 1000;
  const sampler = setInterval(async () => {
    const m = await treeResidentMb(service.process.pid!);
    memory.push({ atS: Math.round((Date.now() - started) / 1000), serviceMb: Math.round(m.self), totalMb: Math.round(m.total) });
  }, 10_000);

  let sent = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const doc = pick(sent++);
        const t = Date.now();
        const res = await parseRequest(service, service.key!, [{ name: doc.name, bytes: doc.bytes }]);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 200) latencies[doc.kind]?.push(Date.now() - t);
        // A refused client waits as Retry-After asks (capped, to keep the pressure on).
        if (res.status === 503) await new Promise((r) => setTimeout(r, Math.min(1000, Number(res.headers.get('retry-after') ?? 1) * 1000)));
      }
    }),
  );
  clearInterval(sampler);
  const alive = service.process.exitCode === null;
  await service.stop();

  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  const ok = statuses[200] ?? 0;
  const summary = {
    seconds: SECONDS,
    workers: WORKERS,
    queue: QUEUE,
    clients: CLIENTS,
    requests: total,
    statuses,
    okPerMinute: Math.round((ok / SECONDS) * 60),
    share503: Number(((statuses[503] ?? 0) / total).toFixed(3)),
    latencyMs: Object.fromEntries(
      Object.entries(latencies).map(([kind, values]) => {
        const sorted = values.sort((a, b) => a - b);
        return [kind, { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }];
      }),
    ),
    memory,
    serviceAlive: alive,
  };
  mkdirSync(new URL('./out/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./out/soak.json', import.meta.url), JSON.stringify(summary, null, 2));
  console.log(JSON.stringify({ ...summary, memory: `${memory.length} samples` }, null, 2));
  const last = memory.slice(-6);
  console.log('memory, last minute (service / with workers, MB):', last.map((m) => `${m.serviceMb}/${m.totalMb}`).join(' '));
  if ((statuses[500] ?? 0) > 0 || !alive) process.exitCode = 1;
}

await main();
