// Runs inside a worker thread: inspects or parses documents sent by the pool.
import { parentPort, workerData } from 'node:worker_threads';
import { OcrEngine } from './ocr/ocr.js';
import { parseDocument } from './parse.js';
import { loadPdfium } from './pdf/pdfium.js';
import { inspect } from './sniff.js';

export interface WorkerJob {
  id: number;
  task: 'inspect' | 'parse';
  bytes: Uint8Array;
  maxPages: number;
}

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string; status?: number } };

const { ocrThreads } = workerData as { ocrThreads: number };
let ocr: Promise<OcrEngine> | undefined;

parentPort!.on('message', async (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    const result =
      job.task === 'inspect'
        ? inspect(job.bytes, await loadPdfium(), job.maxPages)
        : await parseDocument(job.bytes, { maxPages: job.maxPages, ocr: () => (ocr ??= OcrEngine.create({ threads: ocrThreads })) });
    reply = { id: job.id, ok: true, result };
  } catch (e) {
    const err = e as Error & { status?: number };
    reply = { id: job.id, ok: false, error: { name: err.name, message: err.message, status: err.status } };
  }
  parentPort!.postMessage(reply);
});
