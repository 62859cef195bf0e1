// Reading the multipart upload: exactly one file named .pdf/.png/.jpg/.jpeg and an optional
// model. The file is streamed to a temporary file as it arrives, so the service process never
// holds a document in memory; the workers read it from there.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ALLOWED_FILE_NAME } from '../engine/index.js';
import { HttpError } from './errors.js';
import { DEFAULT_MODEL } from './schemas.js';

const PLANNED_OPTIONS = new Set(['title_levels', 'extract_images', 'image_analysis']);

/** An upload on disk, deleted by dispose() once the request is done with it. */
export interface Upload {
  path: string;
  byteLength: number;
  dispose(): Promise<void>;
}

/** The folder of one service process's uploads in flight, removed when the service closes. */
export class UploadFolder {
  readonly path = mkdtempSync(join(tmpdir(), 'quire-uploads-'));

  file(): string {
    return join(this.path, randomUUID());
  }

  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}

/** Reads the multipart body into a file of `folder`; throws HttpError (400/413) for a bad form. */
export async function readUpload(request: FastifyRequest, folder: UploadFolder, maxUploadBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, 'the request must be multipart/form-data with a "file" field');
  const path = folder.file();
  const dispose = () => rm(path, { force: true });
  try {
    const form = await collectParts(request, path);
    if (form.truncated) throw new HttpError(413, `the upload exceeds the ${Math.round(maxUploadBytes / 1024 / 1024)} MB limit`);
    if (form.problems.length) throw new HttpError(400, form.problems.join('; '));
    if (form.byteLength === undefined) throw new HttpError(400, 'no file: send the document in the "file" form field');
    if (!ALLOWED_FILE_NAME.test(form.filename)) {
      throw new HttpError(400, `unsupported file name "${form.filename}": use a .pdf, .png, .jpg or .jpeg file`);
    }
    return { path, byteLength: form.byteLength, dispose };
  } catch (e) {
    await dispose();
    const err = e as Error & { code?: string };
    if (err instanceof HttpError) throw err;
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `the upload exceeds the ${Math.round(maxUploadBytes / 1024 / 1024)} MB limit`);
    }
    if (err.code === 'FST_FILES_LIMIT') throw new HttpError(400, 'send exactly one file in the "file" field');
    if (err.code === 'FST_FIELDS_LIMIT' || err.code === 'FST_PARTS_LIMIT') throw new HttpError(400, 'too many form fields');
    // Broken framing (no boundary, truncated body…) is the client's fault, not ours.
    throw new HttpError(400, `malformed multipart/form-data body: ${err.message}`);
  }
}

interface CollectedForm {
  byteLength?: number;
  truncated: boolean;
  filename: string;
  problems: string[];
}

/** Reads every part, writing the file to `path` and noting what is wrong with the others. */
async function collectParts(request: FastifyRequest, path: string): Promise<CollectedForm> {
  const form: CollectedForm = { filename: '', problems: [], truncated: false };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        form.problems.push(`unknown file field "${part.fieldname}"; the document goes in "file"`);
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve));
        continue;
      }
      form.filename = part.filename ?? '';
      const out = createWriteStream(path);
      await pipeline(part.file, out);
      form.byteLength = out.bytesWritten;
      form.truncated ||= part.file.truncated;
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    if (part.fieldname === 'file') {
      form.problems.push('"file" must be a file upload (a part with a filename), not a text field');
    } else if (part.fieldname === 'model') {
      if (value !== DEFAULT_MODEL) form.problems.push(`unknown model "${value}"; the only model is ${DEFAULT_MODEL}`);
    } else if (PLANNED_OPTIONS.has(part.fieldname)) {
      form.problems.push(`the option "${part.fieldname}" is not available yet`);
    } else {
      form.problems.push(`unknown form field "${part.fieldname}"`);
    }
  }
  return form;
}
