// Output identity of two engines: parses a fixed list of documents with the engine of a git
// revision and with this tree's, and compares each document's Markdown and content_list byte for
// byte. For work that must not change any output (speed work, refactoring).
//
// Usage: npm run bench:identity -- --ref REV --list FILE   (FILE: one PDF or image path a line)
// The revision's tree is exported to bench/tmp/identity/REV (gitignored) and parsed in a process of
// its own. OCR results are recorded by page image on the first parse and replayed after, so both
// engines read the same OCR lines (bench/tmp/identity/ocr). Exits 1 when any document differs.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';

const ROOT = resolve(import.meta.dirname, '..');
const WORK = join(ROOT, 'bench', 'tmp', 'identity');

interface Engine {
  parseDocument(bytes: Uint8Array, options: { maxPages: number; ocr: () => Promise<unknown> }): Promise<{ markdown: string; page_count: number; content_list: unknown[] }>;
  OcrEngine: { create(options: { threads: number }): Promise<{ recognize(image: unknown): Promise<unknown>; release(): Promise<void> }> };
}

/** Parses every listed document with the engine under `root`, writing NNN.md and NNN.json (or NNN.err) to `out`. */
async function dump(root: string, out: string, list: string): Promise<void> {
  const engine = (await import(join(root, 'src', 'engine', 'index.js'))) as Engine;
  const cache = join(WORK, 'ocr');
  mkdirSync(cache, { recursive: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let real: Awaited<ReturnType<Engine['OcrEngine']['create']>> | undefined;
  const ocr = {
    lastTimings: { detMs: 0, recMs: 0, boxes: 0 },
    async recognize(image: { data: Uint8Array; width: number; height: number }) {
      const key = createHash('sha1').update(image.data).update(`${image.width}x${image.height}`).digest('hex');
      const file = join(cache, key);
      if (existsSync(file)) return deserialize(readFileSync(file));
      real ??= await engine.OcrEngine.create({ threads: 2 });
      const page = await real.recognize(image);
      writeFileSync(file, serialize(page));
      return page;
    },
  };
  const files = readFileSync(list, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  for (const [i, file] of files.entries()) {
    const name = String(i).padStart(4, '0');
    try {
      const result = await engine.parseDocument(new Uint8Array(readFileSync(file)), { maxPages: 60, ocr: async () => ocr });
      writeFileSync(join(out, `${name}.md`), result.markdown);
      writeFileSync(join(out, `${name}.json`), `${JSON.stringify(result.content_list, null, 1)}\npages ${result.page_count}\n`);
    } catch (e) {
      writeFileSync(join(out, `${name}.err`), String(e instanceof Error ? e.message : e));
    }
    process.stderr.write(`${i + 1}/${files.length} ${file}\n`);
  }
  await real?.release();
}

/** Runs the dump of one engine in a process of its own (each engine loads its own modules). */
function dumpIn(root: string, out: string, list: string): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'identity.ts'), '--dump', root, out, list], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`parsing with ${root} failed`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--dump') return dump(args[1]!, args[2]!, args[3]!);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const ref = arg('ref');
  const list = arg('list');
  if (!ref || !list) throw new Error('usage: npm run bench:identity -- --ref REV --list FILE');
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: ROOT }).toString().trim();
  const oldRoot = join(WORK, sha);
  if (!existsSync(oldRoot)) {
    mkdirSync(oldRoot, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${oldRoot}'`], { cwd: ROOT });
    symlinkSync(join(ROOT, 'node_modules'), join(oldRoot, 'node_modules'));
  }
  const outOld = join(WORK, `out-${sha}`);
  const outNew = join(WORK, 'out-tree');
  // The documents' paths as the caller meant them: the engines run in their own directories.
  const files = readFileSync(list, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  const resolved = join(WORK, 'list.txt');
  writeFileSync(resolved, files.map((f) => resolve(f)).join('\n') + '\n');
  dumpIn(oldRoot, outOld, resolved);
  dumpIn(ROOT, outNew, resolved);
  const names = [...new Set([...readdirSync(outOld), ...readdirSync(outNew)])].sort();
  const differ = names.filter((n) => !existsSync(join(outOld, n)) || !existsSync(join(outNew, n)) || !readFileSync(join(outOld, n)).equals(readFileSync(join(outNew, n))));
  for (const n of differ) console.log(`differs: ${n} (${files[Number.parseInt(n, 10)] ?? '?'})`);
  console.log(`${names.length - differ.length} of ${names.length} outputs identical (${files.length} documents, ${sha} vs this tree)`);
  if (differ.length) process.exitCode = 1;
}

await main();
