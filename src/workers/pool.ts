// A pool of worker processes with a bounded wait queue. The HTTP process only hands documents
// over; all PDF and image work happens in child processes. Native add-ons (onnxruntime, sharp)
// and WASM (PDFium) can abort or exhaust memory in ways a thread cannot survive, so each worker
// is a process of its own: whatever happens to it ends there.
//
// - A full queue is refused at once (503).
// - A job that crashes, aborts, times out or outgrows the memory cap fails alone (500): its
//   worker is killed and replaced by a fresh one.
// - A worker whose job failed (its native state may be broken) or whose memory grew past the
//   recycling threshold is replaced after the job, so memory taken by one large document is given
//   back to the system.
// - A job can be cancelled (the client hung up): it leaves the queue, or its worker stops between
//   pages; a worker that does not stop soon is killed.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Config } from '../config.js';
import { DEFAULT_MAX_MEMORY_MB, DEFAULT_RECYCLE_MEMORY_MB } from './limits.js';
import type { WorkerJob, WorkerMessage, WorkerReply } from './worker.js';

export class PoolFullError extends Error {
  readonly status = 503;
  constructor(readonly retryAfterSeconds: number) {
    super('all parse workers are busy and the wait queue is full; retry later');
    this.name = 'PoolFullError';
  }
}

/** The job failed for a reason that is not the input's fault (crash, time-out, memory): a 500. */
export class JobFailedError extends Error {
  readonly status = 500;
  constructor(message: string) {
    super(message);
    this.name = 'JobFailedError';
  }
}

/** An error the worker reported about the input (InputError 400, TooManyPagesError 413…). */
export class JobRejectedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    name: string,
  ) {
    super(message);
    this.name = name;
  }
}

/** The job was cancelled by its caller (the client went away); nobody waits for an answer. */
export class JobCancelledError extends Error {
  constructor() {
    super('the job was cancelled');
    this.name = 'JobCancelledError';
  }
}

export interface PoolOptions {
  size: number;
  /** How many jobs may wait for a worker; 0 means none wait. */
  queueLimit: number;
  /** A job running longer than this is killed with its worker. */
  jobTimeoutMs: number;
  /**
   * Threads the OCR model may use, shared out among the busy workers: a job running alone gets
   * all of them, two busy workers get half each (see ocrThreadShare).
   */
  ocrThreadBudget: number;
  /** A worker whose resident memory passes this during a job is killed (the job: 500). */
  maxMemoryMb?: number;
  /** A worker whose resident memory is above this after a job is replaced by a fresh one. */
  recycleMemoryMb?: number;
  /** What the worker runs at start to show it can work ('parse' or 'inspect' the built-in document). */
  selfTest?: 'parse' | 'inspect';
}

/** How often a busy worker's memory is read. */
const MEMORY_CHECK_MS = 200;
/** How long a cancelled job may take to reach its next page before its worker is killed. */
const CANCEL_GRACE_MS = 5_000;

/** What a job carries: the document as bytes, or the path of a file holding it. */
export type JobInput = Omit<WorkerJob, 'id' | 'ocrThreads'>;

interface Pending {
  job: JobInput;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Running extends Pending {
  id: number;
  /** Unset while the worker is still starting. */
  timer?: NodeJS.Timeout;
  started: number;
  ocrThreads: number;
  cancelTimer?: NodeJS.Timeout;
}

interface Slot {
  child: ChildProcess;
  /** Passed its self-test (the built-in document), so it can work. */
  ready: boolean;
  current?: Running;
  rssMb: number;
}

let nextJobId = 1;

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private closed = false;
  /** Moving average of job durations, for an honest Retry-After. */
  private averageMs = 5_000;
  private readonly memoryTimer: NodeJS.Timeout;
  /** Workers replaced so far (crashes, time-outs, memory, recycling): for tests and logs. */
  replaced = 0;

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < options.size; i++) this.slots.push(this.spawn());
    this.memoryTimer = setInterval(() => this.checkMemory(), MEMORY_CHECK_MS);
    this.memoryTimer.unref();
  }

  get busy(): number {
    return this.slots.filter((s) => s.current).length;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Workers alive that passed their self-test. */
  get ready(): number {
    return this.slots.filter((s) => s.ready).length;
  }

  /** Process ids of the workers (for memory measurements). */
  get pids(): number[] {
    return this.slots.map((s) => s.child.pid!).filter(Boolean);
  }

  /** OCR threads currently given to each busy worker (in slot order). */
  get ocrThreadShares(): number[] {
    return this.slots.filter((s) => s.current).map((s) => s.current!.ocrThreads);
  }

  /**
   * Runs a job, or throws PoolFullError at once when no worker is free and the queue is full.
   * Aborting `signal` cancels it (JobCancelledError) and frees its worker.
   */
  run<T>(job: JobInput, signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new JobFailedError('the service is shutting down'));
    if (signal?.aborted) return Promise.reject(new JobCancelledError());
    const idle = this.slots.find((s) => !s.current);
    if (!idle && this.queue.length >= this.options.queueLimit) {
      return Promise.reject(new PoolFullError(this.retryAfterSeconds()));
    }
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { job, resolve: resolve as (v: unknown) => void, reject, signal };
      if (signal) {
        pending.onAbort = () => this.cancel(pending);
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      if (idle) this.start(idle, pending);
      else this.queue.push(pending);
    });
  }

  /** Whole seconds until a place is likely to free up: the work ahead spread over the workers. */
  retryAfterSeconds(): number {
    const ahead = this.queue.length + 1;
    return Math.max(1, Math.ceil(((ahead / Math.max(1, this.options.size)) * this.averageMs) / 1000));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.memoryTimer);
    for (const p of this.queue.splice(0)) settle(p, () => p.reject(new JobFailedError('the service is shutting down')));
    await Promise.all(
      this.slots.map(async (slot) => {
        const current = slot.current;
        if (current) {
          this.clearTimers(current);
          slot.current = undefined;
          settle(current, () => current.reject(new JobFailedError('the service is shutting down')));
        }
        await stop(slot.child);
      }),
    );
  }

  private spawn(): Slot {
    // Under the test runner this module is TypeScript source: the worker is loaded through tsx.
    const fromSource = import.meta.url.endsWith('.ts');
    const entry = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url);
    const maxMemoryMb = this.options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
    const child = fork(entry, [this.options.selfTest ?? 'parse'], {
      execArgv: [...(fromSource ? ['--import', 'tsx'] : []), `--max-old-space-size=${maxMemoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.unref();
    (child as unknown as { channel?: { unref(): void } }).channel?.unref();
    const slot: Slot = { child, ready: false, rssMb: 0 };
    child.on('message', (message: WorkerReply) => {
      if (!('ready' in message)) return this.finish(slot, message);
      slot.ready = true;
      // A job handed over while the worker was starting: its time limit starts now.
      if (slot.current && !slot.current.timer) slot.current.timer = this.timeLimit(slot);
    });
    child.on('error', (error) => this.replace(slot, `the parser crashed: ${error.message}`));
    child.on('exit', (code, signal) => this.replace(slot, `the parser stopped unexpectedly (${signal ?? `exit code ${code}`})`));
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    const id = nextJobId++;
    // A worker still starting takes the job once its self-test passed; the time limit starts then.
    const timer = slot.ready ? this.timeLimit(slot) : undefined;
    const ocrThreads = ocrThreadShare(this.options.ocrThreadBudget, this.busy + 1);
    slot.current = { ...pending, id, timer, started: Date.now(), ocrThreads };
    slot.child.send({ ...pending.job, id, ocrThreads } satisfies WorkerJob);
    this.shareOcrThreads();
  }

  private timeLimit(slot: Slot): NodeJS.Timeout {
    return setTimeout(() => this.replace(slot, 'parsing took too long and was stopped'), this.options.jobTimeoutMs);
  }

  /** The caller gave up: drop the job from the queue, or ask its worker to stop at the next page. */
  private cancel(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      pending.reject(new JobCancelledError());
      return;
    }
    const slot = this.slots.find((s) => s.current?.resolve === pending.resolve);
    if (!slot?.current || slot.current.cancelTimer) return;
    slot.child.send({ task: 'cancel', id: slot.current.id } satisfies WorkerMessage);
    slot.current.cancelTimer = setTimeout(() => this.replace(slot, 'the cancelled parse did not stop'), CANCEL_GRACE_MS);
  }

  /**
   * Gives every busy worker its share of the OCR threads again after a job started or ended. A
   * worker applies a new share from its next OCR page on, so the cores are oversubscribed at most
   * for the page that is running when the share changes.
   */
  private shareOcrThreads(): void {
    const busy = this.slots.filter((s) => s.current);
    const share = ocrThreadShare(this.options.ocrThreadBudget, busy.length);
    for (const slot of busy) {
      if (slot.current!.ocrThreads === share) continue;
      slot.current!.ocrThreads = share;
      slot.child.send({ task: 'ocr-threads', ocrThreads: share } satisfies WorkerMessage);
    }
  }

  private finish(slot: Slot, reply: Exclude<WorkerReply, { ready: true }>): void {
    const current = slot.current;
    if (!current || current.id !== reply.id) return;
    this.clearTimers(current);
    slot.current = undefined;
    slot.rssMb = reply.rssMb;
    this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - current.started);
    this.shareOcrThreads();
    const rejected = !reply.ok && reply.error.status !== undefined && reply.error.status < 500;
    settle(current, () => {
      if (reply.ok) current.resolve(reply.result);
      else if (reply.error.name === 'AbortError' || current.signal?.aborted) current.reject(new JobCancelledError());
      else if (rejected) current.reject(new JobRejectedError(reply.error.message, reply.error.status!, reply.error.name));
      else current.reject(new JobFailedError(`parsing failed: ${reply.error.message}`));
    });
    // A failure that is not the input's fault may have left native state broken (a WASM abort, an
    // onnxruntime error); a worker that grew large keeps that memory. Both start afresh.
    const recycleMb = this.options.recycleMemoryMb ?? DEFAULT_RECYCLE_MEMORY_MB;
    if ((!reply.ok && !rejected && reply.error.name !== 'AbortError') || reply.rssMb > recycleMb) {
      this.replace(slot);
      return;
    }
    this.next(slot);
  }

  /** Stops a worker (failing its job with `failure`, if it has one) and starts a fresh one in its place. */
  private replace(slot: Slot, failure = 'the parser was restarted'): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // already replaced
    const current = slot.current;
    slot.current = undefined;
    if (current) {
      this.clearTimers(current);
      settle(current, () => current.reject(current.signal?.aborted ? new JobCancelledError() : new JobFailedError(failure)));
      this.shareOcrThreads();
    }
    slot.child.removeAllListeners();
    slot.child.on('error', () => {});
    void stop(slot.child);
    if (this.closed) {
      this.slots.splice(index, 1);
      return;
    }
    this.replaced++;
    const fresh = this.spawn();
    this.slots[index] = fresh;
    this.next(fresh);
  }

  /** Kills a busy worker whose memory passed the cap; its job fails (500). */
  private checkMemory(): void {
    const maxMb = this.options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
    for (const slot of this.slots) {
      if (!slot.current) continue;
      slot.rssMb = residentMb(slot.child.pid);
      if (slot.rssMb > maxMb) this.replace(slot, `the parse needed more than ${maxMb} MB of memory and was stopped`);
    }
  }

  private clearTimers(running: Running): void {
    clearTimeout(running.timer);
    clearTimeout(running.cancelTimer);
  }

  private next(slot: Slot): void {
    const pending = this.queue.shift();
    if (pending) this.start(slot, pending);
  }
}

/** Settles a job once, after detaching it from its abort signal. */
function settle(pending: Pending, action: () => void): void {
  if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
  action();
}

/** Kills a worker process and waits for it to be gone. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // Workers are unreferenced so that they never keep the service alive; waiting for one to
    // exit must, or a process whose last task is closing its pools ends before they have
    // stopped (Node exits with code 13, "unsettled top-level await").
    child.ref();
    child.kill('SIGKILL');
  });
}

/** Resident memory of a process in MB, from /proc (Linux); 0 where it cannot be read. */
export function residentMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]);
    return (pages * 4096) / 1024 / 1024;
  } catch {
    return 0;
  }
}

/** Each of `busy` workers' share of `budget` OCR threads: an equal part, at least one. */
export function ocrThreadShare(budget: number, busy: number): number {
  return Math.max(1, Math.floor(budget / Math.max(1, busy)));
}

/**
 * Uploads up to this size are checked by their own inspector, so that a small document never
 * waits behind a large one whose check takes seconds (a 95 MB PDF without a cross-reference
 * table takes ~13 s to reconstruct).
 */
export const SMALL_UPLOAD_BYTES = 4 * 1024 * 1024;

/** Inspection in two lanes by upload size, each with its own worker. */
export class Inspectors {
  readonly small: WorkerPool;
  readonly large: WorkerPool;

  constructor(options: Omit<PoolOptions, 'size' | 'selfTest' | 'ocrThreadBudget'>) {
    this.small = new WorkerPool({ ...options, size: 1, ocrThreadBudget: 1, selfTest: 'inspect' });
    this.large = new WorkerPool({ ...options, size: 1, ocrThreadBudget: 1, selfTest: 'inspect' });
  }

  run<T>(job: JobInput, byteLength: number, signal?: AbortSignal): Promise<T> {
    return (byteLength <= SMALL_UPLOAD_BYTES ? this.small : this.large).run<T>(job, signal);
  }

  get pids(): number[] {
    return [...this.small.pids, ...this.large.pids];
  }

  async close(): Promise<void> {
    await Promise.all([this.small.close(), this.large.close()]);
  }
}

export interface Pools {
  /** Parses documents. */
  parse: WorkerPool;
  /** Checks uploads and counts pages, so that no PDF is opened in the HTTP process. */
  inspect: Inspectors;
  close(): Promise<void>;
}

/** Inspection is quick; one that runs longer than this is stopped. */
const INSPECT_TIMEOUT_MS = 60_000;

/**
 * The service's pools. The cores are the parse workers' OCR thread budget: a scan parsed while
 * the other workers are idle uses every core, and busy workers split the cores evenly instead of
 * fighting over them.
 */
export function createPools(config: Config, overrides: { parseTimeoutMs?: number } = {}): Pools {
  const parse = new WorkerPool({
    size: config.workers,
    queueLimit: config.queueLimit,
    jobTimeoutMs: overrides.parseTimeoutMs ?? config.parseTimeoutMs,
    ocrThreadBudget: availableParallelism(),
    maxMemoryMb: config.workerMaxMemoryMb,
    recycleMemoryMb: config.workerRecycleMemoryMb,
  });
  const inspect = new Inspectors({
    queueLimit: 256,
    jobTimeoutMs: INSPECT_TIMEOUT_MS,
    maxMemoryMb: config.workerMaxMemoryMb,
    // Inspectors load no OCR models: they stay small unless a large upload passed through.
    recycleMemoryMb: 512,
  });
  return {
    parse,
    inspect,
    close: async () => {
      await Promise.all([parse.close(), inspect.close()]);
    },
  };
}
