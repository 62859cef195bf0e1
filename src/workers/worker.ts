// Runs in a worker process (see pool.ts): inspects or parses the documents the pool sends, one
// at a time. On start it runs its self-test on the built-in document and says it is ready.
import { readFileSync } from 'node:fs';
import { inspect, loadPdfium, OcrEngine, parseDocument, parseWithDetails } from '../engine/index.js';
import { SELF_TEST_PDF, SELF_TEST_TEXT } from './self-test.js';

export interface WorkerJob {
  id: number;
  task: 'inspect' | 'parse';
  /** The document, or the path of a file holding it (an upload is written to disk once). */
  bytes?: Uint8Array;
  file?: string;
  maxPages: number;
  /** This worker's share of the OCR thread budget when the job starts. */
  ocrThreads: number;
}

/** The pool changed this worker's OCR thread share while a job runs (applies from the next page). */
export interface OcrThreadsMessage {
  task: 'ocr-threads';
  ocrThreads: number;
}

/** The job's caller went away: stop between pages. */
export interface CancelMessage {
  task: 'cancel';
  id: number;
}

export type WorkerMessage = WorkerJob | OcrThreadsMessage | CancelMessage;

/** What a parse job resolves with: the API's result and how the parse went (for logs and metrics). */
export interface ParseStats {
  pages: number;
  /** Pages read with OCR. */
  ocrPages: number;
  parseMs: number;
  /** Analysis stages that failed on this document (its pages went on without them), as "stage@page: message". */
  stageFailures: string[];
}

/** Every job reply carries the worker's resident memory, so the pool can recycle large workers. */
export type WorkerReply =
  | { ready: true }
  | { id: number; ok: true; result: unknown; rssMb: number }
  | { id: number; ok: false; error: { name: string; message: string; status?: number }; rssMb: number };

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

const running = new Map<number, AbortController>();

async function run(job: WorkerJob): Promise<unknown> {
  const file = job.file ? readFileSync(job.file) : undefined;
  const bytes = file ? new Uint8Array(file.buffer, file.byteOffset, file.byteLength) : job.bytes!;
  if (job.task === 'inspect') return inspect(bytes, await loadPdfium(), job.maxPages);
  const controller = new AbortController();
  running.set(job.id, controller);
  try {
    const started = performance.now();
    let ocrPages = 0;
    const { result, failures } = await parseWithDetails(bytes, {
      maxPages: job.maxPages,
      ocr: ocrEngine,
      signal: controller.signal,
      onPage: (_done, _total, page) => void (page.ocr && ocrPages++),
    });
    const stageFailures = failures.map((f) => `${f.stage}${f.page === undefined ? '' : `@${f.page + 1}`}: ${f.message}`);
    const stats: ParseStats = { pages: result.page_count, ocrPages, parseMs: Math.round(performance.now() - started), stageFailures };
    return { result, stats };
  } finally {
    running.delete(job.id);
  }
}

/** The worker's self-test: the built-in one-page document must inspect or parse correctly. */
async function selfTest(task: string): Promise<void> {
  if (task === 'inspect') {
    if (inspect(SELF_TEST_PDF, await loadPdfium(), 1).pageCount !== 1) throw new Error('self-test: wrong page count');
    return;
  }
  const result = await parseDocument(SELF_TEST_PDF, { maxPages: 1, ocr: ocrEngine });
  if (!result.markdown.includes(SELF_TEST_TEXT)) throw new Error('self-test: the built-in document was misread');
}

const residentMb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);
const ready = selfTest(process.argv[2] ?? 'parse');
ready.then(
  () => process.send!({ ready: true } satisfies WorkerReply),
  (e: Error) => {
    console.error(`quire worker: ${e.message}`);
    process.exit(1);
  },
);

process.on('message', async (message: WorkerMessage) => {
  if (message.task === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  ocrThreads = message.ocrThreads;
  if (message.task === 'ocr-threads') return;
  const job = message;
  let reply: WorkerReply;
  try {
    await ready;
    reply = { id: job.id, ok: true, result: await run(job), rssMb: residentMb() };
  } catch (e) {
    const err = e as Error & { status?: number };
    reply = { id: job.id, ok: false, error: { name: err.name, message: err.message, status: err.status }, rssMb: residentMb() };
  }
  process.send!(reply);
});

// The pool's IPC channel closing means the service is gone: so is this worker.
process.on('disconnect', () => process.exit(0));
