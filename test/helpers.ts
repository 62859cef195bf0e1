// Helpers for tests that drive the real HTTP server as a client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/api/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createPools, type WorkerPool } from '../src/workers/pool.js';
import { SqliteStore } from '../src/store/sqlite.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  store: SqliteStore;
  parsePool: WorkerPool;
  /** Process ids of the inspectors. */
  inspectPids: number[];
  config: Config;
  close(): Promise<void>;
}

export async function startServer(
  overrides: Partial<Config> = {},
  poolOverrides: { jobTimeoutMs?: number } = {},
  logger?: object,
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-test-'));
  const config: Config = { ...loadConfig({}), database: join(dir, 'quire.db'), workers: 1, queueLimit: 1, ...overrides };
  const store = new SqliteStore(config.database);
  await store.migrate();
  const pools = createPools(config, { parseTimeoutMs: poolOverrides.jobTimeoutMs });
  const app = await buildApp({ config, store, pools, logger });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    store,
    parsePool: pools.parse,
    get inspectPids() {
      return pools.inspect.pids;
    },
    config,
    async close() {
      await app.close();
      await pools.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Upload {
  name: string;
  bytes: Uint8Array | string;
  field?: string;
}

/** POSTs a multipart form to the parse endpoint. */
export async function parseRequest(
  server: Pick<TestServer, 'url'>,
  key: string | null,
  files: Upload[],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  // A copy typed as plain ArrayBuffer memory, which Blob requires.
  for (const f of files) form.append(f.field ?? 'file', new Blob([typeof f.bytes === 'string' ? f.bytes : new Uint8Array(f.bytes)]), f.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${server.url}/v1/parser/parse`, {
    method: 'POST',
    body: form,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
}

/** A PDF whose standard security handler needs a (non-empty, unknown) user password. */
export function encryptedPdf(): Uint8Array {
  const hex = (n: number, seed: number) => Array.from({ length: n }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 7)}> /U <${hex(32, 91)}> /P -44 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex(16, 3)}> <${hex(16, 3)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** A PNG signature and IHDR claiming width × height pixels, with no image data after it. */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}
