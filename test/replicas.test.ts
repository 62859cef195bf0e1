// Two replicas of the service on one PostgreSQL database behind a real load balancer (Debian's
// nginx, on loopback): credits, rate limits and the first-run organization hold across them.
// nginx is installed by .ci/run; without it this test fails and says so (it never skips).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { makePdf, reportPage } from './fixtures.js';
import { parseRequest } from './helpers.js';
import { testDatabaseUrl } from './pg.js';
import { freePort, startService, type Service } from './service.js';

function findNginx(): string {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!found) {
    throw new Error('nginx is not installed: the multi-replica test needs it as its load balancer (apt-get install -y nginx-light; .ci/run installs it)');
  }
  return found;
}

async function startNginx(upstreams: string[]): Promise<{ url: string; process: ChildProcess }> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-nginx-'));
  const port = await freePort();
  const config = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream quire { ${upstreams.map((u) => `server ${u};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 100m;
    location / {
      proxy_pass http://quire;
      proxy_read_timeout 600s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child = spawn(findNginx(), ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100 && !(await fetch(`${url}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  return { url, process: child };
}

describe('two replicas behind nginx on one PostgreSQL database', () => {
  const database = `quire_replicas_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${database}`;
  let replicas: Service[] = [];
  let balancer: { url: string; process: ChildProcess } | undefined;
  let store: PostgresStore;

  beforeAll(async () => {
    findNginx();
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    // Both start together on the empty database.
    const env = { QUIRE_DATABASE: url.href, QUIRE_RATE_LIMIT: '10', QUIRE_WORKERS: '1', QUIRE_QUEUE_LIMIT: '20' };
    replicas = await Promise.all([startService(env), startService(env)]);
    balancer = await startNginx(replicas.map((r) => new URL(r.url).host));
    store = new PostgresStore(url.href);
  }, 120_000);

  afterAll(async () => {
    balancer?.process.kill('SIGTERM');
    await Promise.all(replicas.map((r) => r.stop()));
    await store?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });

  it('created one first-run organization between them', async () => {
    expect(replicas.filter((r) => r.key)).toHaveLength(1);
    expect(await store.countOrganizations()).toBe(1);
  });

  it('20 concurrent requests of an organization with 5 credits: exactly five 200s, a balance of 0, one ledger row per 200', async () => {
    const org = await store.createOrganization('five', 5);
    const key = (await store.createKey(org.id)).key;
    const pdf = await makePdf([reportPage(1, 'Replicas')]);
    const results = await Promise.all(Array.from({ length: 20 }, () => parseRequest(balancer!, key, [{ name: 'a.pdf', bytes: pdf }])));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    // The rate limit admits ten of the twenty; of those, the credits pay for five.
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(5);
    expect(new Set(results.map((r) => r.headers.get('x-upstream'))).size).toBe(2);
    expect(await store.getBalance(org.id)).toBe(0);
    const charges = (await store.ledger(org.id)).filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(5);
    expect(new Set(charges.map((c) => c.requestId)).size).toBe(5);
  });

  it('answers the 11th request in a minute with 429, whichever replica answers', async () => {
    const org = await store.createOrganization('eleven', 100);
    const key = (await store.createKey(org.id)).key;
    const pdf = await makePdf([reportPage(1, 'Eleventh')]);
    const served = new Set<string | null>();
    for (let i = 0; i < 10; i++) {
      const res = await parseRequest(balancer!, key, [{ name: 'a.pdf', bytes: pdf }]);
      expect(res.status).toBe(200);
      served.add(res.headers.get('x-upstream'));
    }
    expect(served.size).toBe(2);
    const refusedBy = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const res = await parseRequest(balancer!, key, [{ name: 'a.pdf', bytes: pdf }]);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      refusedBy.add(res.headers.get('x-upstream'));
    }
    // Round robin: the two refusals came from different replicas.
    expect(refusedBy.size).toBe(2);
    expect(await store.getBalance(org.id)).toBe(90);
  });
});
