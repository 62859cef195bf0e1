// The CLI and the service may use one SQLite file at the same time. Within one process
// better-sqlite3 calls run one after another, so true contention needs several processes: these
// run the real SqliteStore in child processes (through tsx) that all start at the same instant.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/store/sqlite.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROCESSES = 4;

// Each child waits for the shared start time, then charges 1 credit and hits the rate limit
// `attempts` times each, and prints how many of each were admitted.
const CHILD = `
import { SqliteStore } from './src/store/sqlite.ts';
const [file, orgId, keyId, startAt, attempts, nowMs] = process.argv.slice(1);
const store = new SqliteStore(file);
while (Date.now() < Number(startAt)) {}
let charged = 0, admitted = 0;
for (let i = 0; i < Number(attempts); i++) {
  const requestId = 'p' + process.pid + '_' + i;
  if ((await store.charge({ orgId, keyId, requestId, pages: 1, credits: 1 })) !== null) charged++;
  if ((await store.hitRateLimit(orgId, 30, 60000, Number(nowMs) + i)).allowed) admitted++;
}
await store.close();
console.log(JSON.stringify({ charged, admitted }));
`;

describe('SqliteStore shared by several processes', () => {
  let dir: string;
  let file: string;
  let store: SqliteStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-procs-'));
    file = join(dir, 'quire.db');
    store = new SqliteStore(file);
    await store.migrate();
  });

  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never overspends the balance nor admits more than the rate limit', async () => {
    const org = await store.createOrganization('shared', 40);
    const key = await store.createKey(org.id);
    // Far enough ahead for every child to have loaded tsx and opened the database.
    const startAt = Date.now() + 3_000;
    const attempts = 25;
    const numbers = [startAt, attempts, 1_700_000_000_000].map(String);
    const outputs = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        run(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', CHILD, file, org.id, key.id, ...numbers],
          { cwd: ROOT },
        ),
      ),
    );
    const results = outputs.map((o) => JSON.parse(o.stdout) as { charged: number; admitted: number });
    // 100 attempts against 40 credits and a limit of 30: both must be exactly exhausted.
    expect(results.reduce((sum, r) => sum + r.charged, 0)).toBe(40);
    expect(results.reduce((sum, r) => sum + r.admitted, 0)).toBe(30);
    expect(await store.getBalance(org.id)).toBe(0);
    const charges = (await store.ledger(org.id, 1000)).filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(40);
    expect(charges.map((e) => e.balanceAfter).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});
