// The Dockerfile and the multi-replica recipe (deploy/), checked without Docker: the image's
// commands are the ones the README documents, the settings they use are real, the pieces agree with
// each other, and the image's start command, run with the image's environment, serves like `npm start`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const dockerfile = readFileSync('Dockerfile', 'utf8');
const compose = readFileSync('deploy/compose.yaml', 'utf8');
const nginx = readFileSync('deploy/nginx.conf', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const readme = readFileSync('README.md', 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [op, ...rest] = l.split(/\s+/);
    return { op: op!.toUpperCase(), args: rest.join(' ') };
  });
const all = (op: string) => instructions.filter((i) => i.op === op).map((i) => i.args);
/** ENV of the last stage: KEY=VALUE pairs. */
const imageEnv = Object.fromEntries(all('ENV').flatMap((args) => [...args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])));

describe('Dockerfile', () => {
  it('starts the image with exactly what `npm start` runs', () => {
    const cmd = JSON.parse(all('CMD').at(-1)!) as string[];
    expect(cmd.join(' ')).toBe(pkg.scripts.start);
  });

  it('installs with the production install the README documents, on a Node the engines allow', () => {
    expect(all('RUN').some((r) => r.startsWith('npm ci --omit=dev'))).toBe(true);
    expect(readme).toContain('npm ci --omit=dev');
    const majors = all('FROM').map((f) => Number(/^node:(\d+)/.exec(f)?.[1]));
    const minimum = Number(/>=(\d+)/.exec(pkg.engines.node)![1]);
    for (const major of majors) expect(major).toBeGreaterThanOrEqual(minimum);
  });

  it('copies files that exist, and everything the build needs', () => {
    const copied = all('COPY')
      .filter((c) => !c.startsWith('--from'))
      .flatMap((c) => c.split(/\s+/).slice(0, -1));
    for (const path of copied) expect(existsSync(path), path).toBe(true);
    for (const needed of ['package.json', 'package-lock.json', 'tsconfig.json', 'bin', 'src']) expect(copied).toContain(needed);
  });

  it('sets only real settings, listens on all interfaces on the port it exposes, and checks /healthz', () => {
    for (const name of Object.keys(imageEnv).filter((n) => n.startsWith('QUIRE_'))) expect(readme, name).toContain(`\`${name}\``);
    expect(imageEnv.QUIRE_HOST).toBe('0.0.0.0');
    expect(all('EXPOSE')).toEqual([imageEnv.QUIRE_PORT]);
    expect(loadConfig(imageEnv).port).toBe(Number(imageEnv.QUIRE_PORT));
    expect(all('HEALTHCHECK')[0]).toContain(`http://127.0.0.1:${imageEnv.QUIRE_PORT}/healthz`);
  });
});

describe('the multi-replica recipe (deploy/compose.yaml, deploy/nginx.conf)', () => {
  it('shares one PostgreSQL database between the replicas', () => {
    const url = /QUIRE_DATABASE: (\S+)/.exec(compose)![1]!;
    expect(url).toMatch(/^postgres:\/\/\w+:\w+@postgres:5432\/quire$/);
    expect(compose).toMatch(/POSTGRES_PASSWORD: quire/);
    expect(compose).toMatch(/replicas: [2-9]/);
    expect(compose).toMatch(/build: \.\./);
    expect(loadConfig({ QUIRE_DATABASE: url, QUIRE_WORKERS: /QUIRE_WORKERS: "(\d+)"/.exec(compose)![1] }).workers).toBe(2);
  });

  it('checks readiness with /readyz and balances on the port the image listens on', () => {
    expect(compose).toContain(`http://127.0.0.1:${imageEnv.QUIRE_PORT}/readyz`);
    expect(nginx).toContain(`server quire:${imageEnv.QUIRE_PORT}`);
    expect(compose).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
  });

  it('lets uploads and parses through: body size at the upload limit, a 600 s read time-out, X-Request-Id passed on', () => {
    const limitMb = loadConfig({}).maxUploadBytes / 1024 / 1024;
    expect(nginx).toContain(`client_max_body_size ${limitMb}m;`);
    expect(Number(/proxy_read_timeout (\d+)s/.exec(nginx)![1])).toBeGreaterThanOrEqual(600);
    expect(nginx).toMatch(/proxy_set_header X-Request-Id \$quire_request_id;/);
  });
});

describe("the image's start command", () => {
  it('serves the API, the playground and the docs with the image environment, like npm start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-image-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const [command, ...args] = JSON.parse(all('CMD').at(-1)!) as string[];
    const env = { ...process.env, ...imageEnv, QUIRE_HOST: '127.0.0.1', QUIRE_PORT: String(port), QUIRE_DATABASE: join(dir, 'quire.db'), QUIRE_WORKERS: '1', QUIRE_LOG_LEVEL: 'warn' };
    const child = spawn(command!, args, { env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      const url = `http://127.0.0.1:${port}`;
      const start = Date.now();
      while (!(await fetch(`${url}/healthz`).then((r) => r.ok, () => false))) {
        if (Date.now() - start > 30_000) throw new Error(`the image command did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output).toMatch(/Its API key \(shown once\):\s+qk_/);
      for (const path of ['/', '/docs', '/openapi.json', '/metrics']) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(200);
        await res.arrayBuffer();
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
