// The `quire` command as an operator uses it (runs the built CLI: `npm test` builds first).
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

  it('says clearly why a negative top-up or an unknown option is refused', async () => {
    const negative = await quire('credits', 'add', 'org_x', '-5');
    expect(negative.code).toBe(2);
    expect(negative.stderr).toBe('quire: -5: negative numbers are not accepted (credits can only be added)\n');
    const option = await quire('org', 'list', '--colour');
    expect(option.code).toBe(2);
    expect(option.stderr).toBe('quire: unknown option --colour (see quire --help)\n');
    expect((await quire('org', 'list', 'extra')).stderr).toMatch(/unexpected argument "extra"/);
  });

  it('prints its version', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
    expect((await quire('--version')).stdout).toBe(`${version}\n`);
    expect((await quire('-V')).stdout).toBe(`${version}\n`);
  });

  it('lists organizations and keys, and shows the usage ledger, to find an organization from a key', async () => {
    const org = JSON.parse((await quire('org', 'create', 'Lister', '--credits', '3', '--json')).stdout);
    const key = JSON.parse((await quire('key', 'create', org.id, '--json')).stdout);
    const second = JSON.parse((await quire('key', 'create', org.id, '--json')).stdout);
    await quire('key', 'revoke', second.id);
    await quire('credits', 'add', org.id, '4');

    const orgs = JSON.parse((await quire('org', 'list', '--json')).stdout);
    expect(orgs).toContainEqual({ id: org.id, name: 'Lister', balance: 7, created_at: expect.any(String) });
    const orgText = (await quire('org', 'list')).stdout;
    expect(orgText.split('\n')[0]).toMatch(/^ORGANIZATION\s+NAME\s+BALANCE\s+CREATED$/);
    expect(orgText).toMatch(new RegExp(`${org.id}\\s+Lister\\s+7`));

    const keys = JSON.parse((await quire('key', 'list', org.id, '--json')).stdout);
    expect(keys).toHaveLength(2);
    const listed = keys.find((k: { id: string }) => k.id === key.id);
    // The key you hold begins with the listed prefix: that is how a lost key's organization is found.
    expect(key.key.startsWith(listed.prefix)).toBe(true);
    expect(listed.revoked_at).toBeNull();
    expect(keys.find((k: { id: string }) => k.id === second.id).revoked_at).not.toBeNull();
    expect(JSON.stringify(keys)).not.toContain(key.key);
    expect((await quire('key', 'list', 'org_nope')).stderr).toMatch(/organization org_nope not found/);

    const usage = JSON.parse((await quire('usage', org.id, '--json')).stdout);
    expect(usage).toMatchObject({ org_id: org.id, name: 'Lister', balance: 7 });
    expect(usage.entries.map((e: { kind: string; credits: number; balance_after: number }) => [e.kind, e.credits, e.balance_after])).toEqual([
      ['topup', 4, 7],
      ['topup', 3, 3],
    ]);
    expect((await quire('usage', org.id, '--limit', '1', '--json')).stdout).toContain('"entries":[{');
    expect(JSON.parse((await quire('usage', org.id, '--limit', '1', '--json')).stdout).entries).toHaveLength(1);
    const usageText = (await quire('usage', org.id)).stdout;
    expect(usageText).toMatch(/balance 7/);
    expect(usageText).toMatch(/topup\s+\+4\s+7/);
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

describe('parse: several documents', () => {
  it('parses files, folders and globs; writes one .md or .json per document with -o; goes on past a bad one', async () => {
    const docs = join(dir, 'docs');
    mkdirSync(join(docs, 'sub'), { recursive: true });
    writeFileSync(join(docs, 'a.pdf'), await makePdf([reportPage(1, 'Alpha Doc')]));
    writeFileSync(join(docs, 'sub', 'b.pdf'), await makePdf([reportPage(1, 'Beta Doc')]));
    writeFileSync(join(docs, 'notes.txt'), 'skipped: not a document');
    const single = join(dir, 'single.pdf');
    writeFileSync(single, await makePdf([reportPage(1, 'Single Doc')]));

    // A folder (read recursively) and a file, to a folder of Markdown files.
    const out = join(dir, 'out-md');
    const md = await quire('parse', docs, single, '-o', out);
    expect(md.code).toBe(0);
    expect(md.stdout).toBe('');
    expect(md.stderr).toBe(''); // no progress when stderr is not a terminal
    expect(readFileSync(join(out, 'a.md'), 'utf8')).toContain('# Alpha Doc');
    expect(readFileSync(join(out, 'sub', 'b.md'), 'utf8')).toContain('# Beta Doc');
    expect(readFileSync(join(out, 'single.md'), 'utf8')).toContain('# Single Doc');

    // A quoted glob, as JSON files.
    const outJson = join(dir, 'out-json');
    expect((await quire('parse', join(docs, '**', '*.pdf'), '--output', outJson, '--json')).code).toBe(0);
    expect(readdirSync(outJson).sort()).toEqual(['a.json', 'sub']);
    expect(JSON.parse(readFileSync(join(outJson, 'sub', 'b.json'), 'utf8')).page_count).toBe(1);

    // Several documents to stdout: JSON lines naming each file, or Markdown separated by comments.
    const lines = (await quire('parse', join(docs, 'a.pdf'), single, '--json')).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.file, l.page_count])).toEqual([[join(docs, 'a.pdf'), 1], [single, 1]]);
    const both = (await quire('parse', join(docs, 'a.pdf'), single)).stdout;
    expect(both).toMatch(new RegExp(`<!-- quire: .*a\\.pdf -->[\\s\\S]*# Alpha Doc[\\s\\S]*<!-- quire: .*single\\.pdf -->[\\s\\S]*# Single Doc`));

    // A broken document is reported; the others are still written; the exit code says something failed.
    const broken = join(dir, 'broken.pdf');
    writeFileSync(broken, 'not a pdf at all');
    const outMixed = join(dir, 'out-mixed');
    const mixed = await quire('parse', broken, single, '-o', outMixed);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(/^quire: .*broken\.pdf: .*not a PDF, PNG or JPEG/);
    expect(existsSync(join(outMixed, 'single.md'))).toBe(true);
    expect(existsSync(join(outMixed, 'broken.md'))).toBe(false);
  });

  it('refuses clearly: two inputs writing one output, an empty folder, a glob matching nothing', async () => {
    const other = join(dir, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'single.pdf'), await makePdf([reportPage(1, 'Same Name')]));
    writeFileSync(join(dir, 'single.pdf'), await makePdf([reportPage(1, 'Single Doc')]));
    const clash = await quire('parse', join(dir, 'single.pdf'), join(other, 'single.pdf'), '-o', join(dir, 'clash'));
    expect(clash.code).toBe(2);
    expect(clash.stderr).toMatch(/would both be written to .*single\.md/);
    expect(existsSync(join(dir, 'clash'))).toBe(false);
    const empty = join(dir, 'empty');
    mkdirSync(empty, { recursive: true });
    expect((await quire('parse', empty)).stderr).toMatch(/no \.pdf, \.png, \.jpg or \.jpeg files in this folder/);
    expect((await quire('parse', join(dir, '*.jpeg'))).stderr).toMatch(/no \.pdf, \.png, \.jpg or \.jpeg file matches/);
  });

  it('shows pages done on a terminal', async () => {
    const doc = join(dir, 'three.pdf');
    writeFileSync(doc, await makePdf([reportPage(1, 'One'), reportPage(2, 'Two'), reportPage(3, 'Three')]));
    const out = join(dir, 'out-tty');
    // `script` gives the command a terminal; what the terminal showed comes back on stdout.
    const { stdout } = await run('script', ['-qec', `node ${join(process.cwd(), 'bin/quire.js')} parse three.pdf -o ${out}`, '/dev/null'], { env, cwd: dir });
    for (const page of [1, 2, 3]) expect(stdout).toContain(`\r\x1b[2K[1/1] three.pdf  page ${page}/3`);
    expect(stdout).toMatch(/3 pages in [\d.]+ s → .*three\.md/);
    expect(readFileSync(join(out, 'three.md'), 'utf8')).toContain('# Three');
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
