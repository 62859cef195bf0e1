// The `quire` command as an operator uses it (runs the built CLI: `npm test` builds first).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makePdf, reportPage, twoColumnPage } from './fixtures.js';
import { parseRequest } from './helpers.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'quire-cli-'));
const env = { ...process.env, QUIRE_DATABASE: join(dir, 'quire.db') };

async function quire(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run('node', ['bin/quire.js', ...args], { env });
    return { stdout, stderr, code: 0 };
  } catch (e) {
    const err = e as { stdout: string; stderr: string; code: number };
    return { stdout: err.stdout, stderr: err.stderr, code: err.code };
  }
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('administration', () => {
  it('creates organizations and keys, adds and shows credits, revokes keys, as JSON', async () => {
    const org = await quire('org', 'create', 'Acme', '--credits', '7', '--json');
    expect(org.code).toBe(0);
    const { id } = JSON.parse(org.stdout);
    expect(id).toMatch(/^org_/);

    const key = JSON.parse((await quire('key', 'create', id, '--json')).stdout);
    expect(key.key).toMatch(/^qk_/);
    expect(key.id).toMatch(/^key_/);

    expect(JSON.parse((await quire('credits', 'add', id, '5', '--json')).stdout)).toEqual({ balance: 12 });
    expect(JSON.parse((await quire('credits', 'show', id, '--json')).stdout)).toEqual({ balance: 12 });

    expect((await quire('key', 'revoke', key.key, '--json')).code).toBe(0);
    const again = await quire('key', 'revoke', key.key);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/no such active key/);
  });

  it('fails clearly on unknown organizations and bad arguments', async () => {
    const unknown = await quire('credits', 'show', 'org_nope');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/quire:/);
    const bad = await quire('credits', 'add', 'org_x', 'lots');
    expect(bad.code).toBe(2);
    expect((await quire('frobnicate')).code).toBe(2);
  });
});

describe('parse', () => {
  it('prints Markdown, or the API body with --json', async () => {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, await makePdf([reportPage(1, 'Local Parse')]));
    const md = await quire('parse', file);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('# Local Parse');
    const json = JSON.parse((await quire('parse', file, '--json')).stdout);
    expect(json.page_count).toBe(1);
    expect(json.content_list[0]).toHaveProperty('code_body');
  });

  it('explains every block with --trace and draws every page with --debug', async () => {
    const file = join(dir, 'two-pages.pdf');
    writeFileSync(file, await makePdf([reportPage(1, 'Traced'), twoColumnPage()]));
    const traced = await quire('parse', file, '--trace', '--debug', join(dir, 'debug'));
    expect(traced.code).toBe(0);
    const blocks = traced.stdout.split('\n').filter((l) => l.startsWith('#'));
    expect(blocks.length).toBeGreaterThan(5);
    // Every block is followed by at least one rule line.
    for (const header of blocks) {
      const after = traced.stdout.split('\n')[traced.stdout.split('\n').indexOf(header) + 1] ?? '';
      expect(after, header).toMatch(/^ {4}[a-z-]+: [a-z_-]+/);
    }
    const pages = ['page-001.png', 'page-002.png'].map((name) => join(dir, 'debug', name));
    expect(traced.stderr).toContain(pages[1]);
    for (const page of pages) {
      const { width, height } = await sharp(page).metadata();
      expect(width).toBe(850); // 8.5 in at 100 dpi
      expect(height).toBe(1100);
    }
    // Boxes are drawn in colour over the white page.
    const { data } = await sharp(pages[0]).raw().toBuffer({ resolveWithObject: true });
    let coloured = 0;
    for (let i = 0; i < data.length; i += 3) if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 100) coloured++;
    expect(coloured).toBeGreaterThan(1000);
  });

  it('gives the API errors as a message and a non-zero exit code', async () => {
    const text = join(dir, 'notes.pdf');
    writeFileSync(text, 'just text');
    const res = await quire('parse', text);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/not a PDF, PNG or JPEG/);
    const wrongName = await quire('parse', join(dir, 'notes.txt'));
    expect(wrongName.code).not.toBe(0);
  });
});

describe('serve', () => {
  it('on an empty database creates an organization, prints a key that works, and answers /healthz', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const serveDir = mkdtempSync(join(tmpdir(), 'quire-serve-'));
    const child = spawn('node', ['bin/quire.js', 'serve'], {
      env: { ...process.env, QUIRE_DATABASE: join(serveDir, 'db', 'quire.db'), QUIRE_PORT: String(port), QUIRE_WORKERS: '1', QUIRE_LOG_LEVEL: 'warn' },
    });
    try {
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      const url = `http://127.0.0.1:${port}`;
      const start = Date.now();
      for (;;) {
        const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
        if (ok) break;
        if (Date.now() - start > 20_000) throw new Error(`server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const key = /qk_[A-Za-z0-9_-]+/.exec(output)?.[0];
      expect(key).toBeDefined();
      const res = await parseRequest({ url }, key!, [{ name: 'a.pdf', bytes: await makePdf([reportPage(1, 'Served')]) }]);
      expect(res.status).toBe(200);
      expect((await res.json()).markdown).toContain('# Served');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(serveDir, { recursive: true, force: true });
    }
  });
});
