// Runs inside a worker thread: inspects or parses documents sent by the pool.
import { parentPort } from 'node:worker_threads';
import { inspect, loadPdfium, OcrEngine, parseDocument } from '../engine/index.js';

export interface WorkerJob {
  id: number;
  task: 'inspect' | 'parse';
  bytes: Uint8Array;
  maxPages: number;
  /** This worker's share of the OCR thread budget when the job starts. */
  ocrThreads: number;
}

/** The pool changed this worker's OCR thread share while a job runs (applies from the next page). */
export interface OcrThreadsMessage {
  task: 'ocr-threads';
  ocrThreads: number;
}

export type WorkerMessage = WorkerJob | OcrThreadsMessage;

/** What a parse job resolves with: the API's result and how the parse went (for logs and metrics). */
export interface ParseStats {
  pages: number;
  /** Pages read with OCR. */
  ocrPages: number;
  parseMs: number;
}

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string; status?: number } };

let ocrThreads = 1;
/**
 * One engine per thread count, created on first use: onnxruntime fixes a session's threads when
 * it is created. With the default budget (cores shared by busy workers) that is at most two
 * engines per worker, ~100 MB each.
 */
const engines = new Map<number, Promise<OcrEngine>>();

function ocrEngine(): Promise<OcrEngine> {
  const threads = ocrThreads;
  let engine = engines.get(threads);
  if (!engine) engines.set(threads, (engine = OcrEngine.create({ threads })));
  return engine;
}

parentPort!.on('message', async (message: WorkerMessage) => {
  ocrThreads = message.ocrThreads;
  if (message.task === 'ocr-threads') return;
  const job = message;
  let reply: WorkerReply;
  try {
    if (job.task === 'inspect') {
      reply = { id: job.id, ok: true, result: inspect(job.bytes, await loadPdfium(), job.maxPages) };
    } else {
      const started = performance.now();
      let ocrPages = 0;
      const result = await parseDocument(job.bytes, { maxPages: job.maxPages, ocr: ocrEngine, onPage: (_done, _total, page) => void (page.ocr && ocrPages++) });
      const stats: ParseStats = { pages: result.page_count, ocrPages, parseMs: Math.round(performance.now() - started) };
      reply = { id: job.id, ok: true, result: { result, stats } };
    }
  } catch (e) {
    const err = e as Error & { status?: number };
    reply = { id: job.id, ok: false, error: { name: err.name, message: err.message, status: err.status } };
  }
  parentPort!.postMessage(reply);
});
