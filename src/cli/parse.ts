// `quire parse`: reads documents locally, with no server. Several files, folders and globs; with
// --output DIR one .md (or .json with --json) per document; progress on a terminal. --trace
// prints (or writes, as .trace.txt) every block with the rules that decided it; --debug DIR
// draws each page with its blocks.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import type { Config } from '../config.js';
import { OcrEngine, parseWithDetails, renderTrace, writeDebugPages, type ParseDetails, type ParseResult } from '../engine/index.js';
import { UsageError } from './errors.js';
import { expandInputs, type Input } from './inputs.js';
import { Progress } from './progress.js';

export interface ParseCommand {
  inputs: string[];
  json: boolean;
  output?: string;
  /** Print every block with the rules that decided its type, order and extent, instead of the result. */
  trace: boolean;
  /** Write each page as a PNG with its blocks drawn into this folder (a sub-folder per document when there are several). */
  debug?: string;
}

/** Parses every input; a document that fails is reported and the others go on. Returns the exit code. */
export async function parseFiles(config: Config, command: ParseCommand): Promise<number> {
  if (!command.inputs.length) throw new UsageError('missing FILE (a PDF, PNG or JPEG file, a folder or a glob)');
  const inputs = await expandInputs(command.inputs);
  const targets = command.output ? outputPaths(inputs, command.output, command.trace ? '.trace.txt' : command.json ? '.json' : '.md') : undefined;
  // Progress only on a terminal, and not with --json (whose output is for programs).
  const progress = new Progress(process.stderr, Boolean(process.stderr.isTTY) && !command.json);
  let ocr: Promise<OcrEngine> | undefined;
  let failures = 0;
  try {
    for (const [index, input] of inputs.entries()) {
      const started = performance.now();
      let ocrPages = 0;
      let details: ParseDetails;
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(input.path));
        if (bytes.length > config.maxUploadBytes) throw new Error(`the file exceeds the ${config.maxUploadBytes / 1024 / 1024} MB limit`);
        details = await parseWithDetails(bytes, {
          maxPages: config.maxPages,
          ocr: () => (ocr ??= OcrEngine.create({ threads: availableParallelism() })),
          onPage: (done, total, page) => {
            if (page.ocr) ocrPages++;
            progress.page(index, inputs.length, input.path, done, total, ocrPages);
          },
        });
      } catch (error) {
        failures++;
        progress.clear();
        process.stderr.write(`quire: ${input.path}: ${(error as Error).message}\n`);
        continue;
      }
      const result = details.result;
      if (command.debug) {
        const dir = inputs.length > 1 ? join(command.debug, input.outputName) : command.debug;
        for (const file of await writeDebugPages(bytes, details, dir)) process.stderr.write(`quire: wrote ${file}\n`);
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const pages = `${result.page_count} page${result.page_count === 1 ? '' : 's'}${ocrPages ? ` (${ocrPages} OCR)` : ''} in ${seconds} s`;
      if (targets) {
        const target = targets[index]!;
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, command.trace ? renderTrace(details.blocks, details.failures) : command.json ? JSON.stringify(result) + '\n' : result.markdown);
        progress.finished(index, inputs.length, input.path, `${pages} → ${target}`);
      } else {
        progress.finished(index, inputs.length, input.path, pages);
        process.stdout.write(command.trace ? renderTrace(details.blocks, details.failures) : printed(result, input, command.json, inputs.length > 1));
      }
    }
  } finally {
    progress.clear();
    if (ocr) await (await ocr).release();
  }
  return failures ? 1 : 0;
}

/**
 * What goes to stdout without --output: one document as before (its Markdown, or the API's JSON
 * body); several as Markdown separated by a comment naming each file, or JSON lines with a "file".
 */
function printed(result: ParseResult, input: Input, json: boolean, several: boolean): string {
  if (json) return JSON.stringify(several ? { file: input.path, ...result } : result) + '\n';
  if (!several) return result.markdown;
  return `<!-- quire: ${input.path} -->\n\n${result.markdown}\n\n`;
}

/** One output file per input inside `dir`; two inputs that would write the same file are refused before any work. */
function outputPaths(inputs: Input[], dir: string, extension: string): string[] {
  const seen = new Map<string, string>();
  return inputs.map((input) => {
    const target = join(dir, input.outputName + extension);
    const other = seen.get(target);
    if (other !== undefined) throw new UsageError(`${other} and ${input.path} would both be written to ${target}`);
    seen.set(target, input.path);
    return target;
  });
}
