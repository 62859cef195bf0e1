// A pool of worker threads with a bounded wait queue. The HTTP thread only hands bytes over;
// all PDF and image work happens in workers. A full queue is refused at once (503), a job that
// crashes its worker or runs past its time limit fails alone (500) and the worker is replaced.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Config } from '../config.js';
import type { WorkerJob, WorkerMessage, WorkerReply } from './worker.js';

export class PoolFullError extends Error {
  readonly status = 503;
  constructor(readonly retryAfterSeconds: number) {
    super('all parse workers are busy and the wait queue is full; retry later');
    this.name = 'PoolFullError';
  }
}

/** The job failed for a reason that is not the input's fault (crash, time-out): a 500. */
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
  /** V8 heap limit of each worker. */
  maxHeapMb?: number;
}

interface Pending {
  job: Omit<WorkerJob, 'id' | 'ocrThreads'>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current?: Pending & { id: number; timer: NodeJS.Timeout; started: number; ocrThreads: number };
}

let nextJobId = 1;

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private closed = false;
  /** Moving average of job durations, for an honest Retry-After. */
  private averageMs = 5_000;

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < options.size; i++) this.slots.push(this.spawn());
  }

  get busy(): number {
    return this.slots.filter((s) => s.current).length;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** OCR threads currently given to each busy worker (in slot order). */
  get ocrThreadShares(): number[] {
    return this.slots.filter((s) => s.current).map((s) => s.current!.ocrThreads);
  }

  /** Runs a job, or throws PoolFullError at once when no worker is free and the queue is full. */
  run<T>(job: Omit<WorkerJob, 'id' | 'ocrThreads'>): Promise<T> {
    if (this.closed) return Promise.reject(new JobFailedError('the service is shutting down'));
    const idle = this.slots.find((s) => !s.current);
    if (!idle && this.queue.length >= this.options.queueLimit) {
      return Promise.reject(new PoolFullError(this.retryAfterSeconds()));
    }
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { job, resolve: resolve as (v: unknown) => void, reject };
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
    for (const p of this.queue.splice(0)) p.reject(new JobFailedError('the service is shutting down'));
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.current) {
          clearTimeout(s.current.timer);
          s.current.reject(new JobFailedError('the service is shutting down'));
          s.current = undefined;
        }
        await s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    // Under the test runner this module is TypeScript source: let the worker load it with tsx.
    const fromSource = import.meta.url.endsWith('.ts');
    const options = { resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 2048 } };
    const worker = fromSource
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`,
          { ...options, eval: true },
        )
      : new Worker(new URL('./worker.js', import.meta.url), options);
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (reply: WorkerReply) => this.finish(slot, reply));
    worker.on('error', (error) => this.fail(slot, `the parser crashed: ${error.message}`));
    worker.on('exit', (code) => this.fail(slot, `the parser stopped unexpectedly (exit code ${code})`));
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    const id = nextJobId++;
    const timer = setTimeout(() => this.fail(slot, 'parsing took too long and was stopped'), this.options.jobTimeoutMs);
    const ocrThreads = ocrThreadShare(this.options.ocrThreadBudget, this.busy + 1);
    slot.current = { ...pending, id, timer, started: Date.now(), ocrThreads };
    slot.worker.postMessage({ ...pending.job, id, ocrThreads } satisfies WorkerJob);
    this.shareOcrThreads();
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
      slot.worker.postMessage({ task: 'ocr-threads', ocrThreads: share } satisfies WorkerMessage);
    }
  }

  private finish(slot: Slot, reply: WorkerReply): void {
    const current = slot.current;
    if (!current || current.id !== reply.id) return;
    clearTimeout(current.timer);
    slot.current = undefined;
    this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - current.started);
    this.shareOcrThreads();
    if (reply.ok) current.resolve(reply.result);
    else if (reply.error.status && reply.error.status < 500) {
      current.reject(new JobRejectedError(reply.error.message, reply.error.status, reply.error.name));
    } else current.reject(new JobFailedError(`parsing failed: ${reply.error.message}`));
    this.next(slot);
  }

  /** The worker died or hung: fail its job, replace the worker, carry on with the queue. */
  private fail(slot: Slot, message: string): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // already replaced
    const current = slot.current;
    slot.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.reject(new JobFailedError(message));
      this.shareOcrThreads();
    }
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {}); // a terminating worker may still report; nobody listens now
    void slot.worker.terminate();
    if (this.closed) return;
    const fresh = this.spawn();
    this.slots[index] = fresh;
    this.next(fresh);
  }

  private next(slot: Slot): void {
    const pending = this.queue.shift();
    if (pending) this.start(slot, pending);
  }
}

/** Each of `busy` workers' share of `budget` OCR threads: an equal part, at least one. */
export function ocrThreadShare(budget: number, busy: number): number {
  return Math.max(1, Math.floor(budget / Math.max(1, busy)));
}

export interface Pools {
  /** Parses documents. */
  parse: WorkerPool;
  /** Checks uploads and counts pages, so that no PDF is opened on the HTTP thread. */
  inspect: WorkerPool;
  close(): Promise<void>;
}

/**
 * The service's two pools. The cores are the parse workers' OCR thread budget: a scan parsed
 * while the other workers are idle uses every core, and busy workers split the cores evenly
 * instead of fighting over them.
 */
export function createPools(config: Config, overrides: { parseTimeoutMs?: number } = {}): Pools {
  const parse = new WorkerPool({
    size: config.workers,
    queueLimit: config.queueLimit,
    jobTimeoutMs: overrides.parseTimeoutMs ?? config.parseTimeoutMs,
    ocrThreadBudget: availableParallelism(),
  });
  const inspect = new WorkerPool({ size: 1, queueLimit: 256, jobTimeoutMs: 30_000, ocrThreadBudget: 1, maxHeapMb: 512 });
  return {
    parse,
    inspect,
    close: async () => {
      await Promise.all([parse.close(), inspect.close()]);
    },
  };
}
