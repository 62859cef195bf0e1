// Which documents `quire parse` reads: files, folders (read recursively) and glob patterns (for
// shells that pass them on unexpanded, or quoted ones), each with the name its output gets.
import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { ALLOWED_FILE_NAME } from '../engine/index.js';
import { UsageError } from './errors.js';

export interface Input {
  /** Where the document is. */
  path: string;
  /** Its output's path inside --output, without the extension: the name, or its place under the folder or glob base given. */
  outputName: string;
}

const GLOB_CHARS = /[*?[]/;

/** Expands the arguments into documents, in the order given (a folder's or glob's files sorted). */
export async function expandInputs(args: string[]): Promise<Input[]> {
  const inputs: Input[] = [];
  for (const arg of args) {
    const info = await stat(arg).catch(() => undefined);
    if (info?.isDirectory()) {
      const files = (await walk(arg)).filter((f) => ALLOWED_FILE_NAME.test(f));
      if (!files.length) throw new UsageError(`${arg}: no .pdf, .png, .jpg or .jpeg files in this folder`);
      inputs.push(...files.map((f) => ({ path: f, outputName: withoutExtension(relative(arg, f)) })));
    } else if (info) {
      if (!ALLOWED_FILE_NAME.test(arg)) throw new UsageError(`unsupported file name "${arg}": use a .pdf, .png, .jpg or .jpeg file`);
      inputs.push({ path: arg, outputName: withoutExtension(basename(arg)) });
    } else if (GLOB_CHARS.test(arg)) {
      const { base, matches } = await glob(arg);
      const files = matches.filter((f) => ALLOWED_FILE_NAME.test(f));
      if (!files.length) throw new UsageError(`${arg}: no .pdf, .png, .jpg or .jpeg file matches`);
      inputs.push(...files.map((f) => ({ path: f, outputName: withoutExtension(relative(base, f)) })));
    } else {
      throw new UsageError(`${arg}: no such file or folder`);
    }
  }
  return inputs;
}

/** Every file under a folder, sorted, skipping hidden entries. */
async function walk(dir: string): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('.')).sort((a, b) => a.name.localeCompare(b.name));
  const files: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) files.push(...(await walk(path)));
    else if (e.isFile()) files.push(path);
  }
  return files;
}

/**
 * Files matching a glob: `*` and `?` within one path segment, `[abc]` classes, `**` for any number of
 * folders. The base is the pattern's leading part without wildcards, where the search starts.
 */
export async function glob(pattern: string): Promise<{ base: string; matches: string[] }> {
  const segments = pattern.split(/[\\/]+/);
  const firstWild = segments.findIndex((s) => GLOB_CHARS.test(s));
  const base = segments.slice(0, firstWild).join(sep) || (pattern.startsWith('/') ? '/' : '.');
  const regex = globToRegExp(segments.slice(firstWild).join('/'));
  const info = await stat(base).catch(() => undefined);
  if (!info?.isDirectory()) return { base, matches: [] };
  const matches = (await walk(base)).filter((f) => regex.test(relative(base, f).split(sep).join('/')));
  return { base, matches };
}

export function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      // `**/` matches zero or more folders; a trailing `**` anything.
      out += pattern[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += pattern[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close < 0) out += '\\[';
      else {
        out += `[${pattern.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else out += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

function withoutExtension(path: string): string {
  return path.replace(/\.[^./\\]+$/, '');
}
