// The typed client of the Quire API (`import { QuireClient } from 'quire/client'`): uploads a
// document, retries 429 and 503 after their Retry-After with exponential backoff and jitter, times
// out after 600 s by default, can be cancelled, and turns every refusal into a QuireError with the
// status and the server's detail. Uses only fetch, FormData and Blob (Node 22+, browsers).
import type { BlockType, ContentBlockBody, ParseResultBody } from '../api/schemas.js';

export type { BlockType };
export type ContentBlock = ContentBlockBody;
export type ParseResult = ParseResultBody;

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
/** The spec's advice: at least 600 s, since a 50-page scan can take minutes. */
export const DEFAULT_TIMEOUT_MS = 600_000;
/** Attempts in all (the first and up to three retries). */
export const DEFAULT_MAX_ATTEMPTS = 4;
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;
const RETRYABLE = new Set([429, 503]);

export interface QuireClientOptions {
  /** The API key (`qk_…`). */
  apiKey: string;
  /** Where the service is; default http://127.0.0.1:8080. */
  baseUrl?: string;
  /** Time-out of each attempt in milliseconds; default 600 000. */
  timeoutMs?: number;
  /** Attempts in all for 429 and 503 answers; default 4. 1 means no retry. */
  maxAttempts?: number;
  /** Called before each wait for a retry (for logs). */
  onRetry?: (retry: RetryInfo) => void;
  /** Another fetch (tests, proxies). */
  fetch?: typeof fetch;
}

export interface RetryInfo {
  /** The attempt that was refused, from 1. */
  attempt: number;
  status: number;
  detail: string;
  /** The answer's Retry-After in seconds (null when it had none). */
  retryAfterSeconds: number | null;
  /** How long the client waits before the next attempt: at least Retry-After. */
  delayMs: number;
}

export interface ParseOptions {
  /** The parsing model; the service's default when omitted. */
  model?: string;
  /** Cancels the upload, the wait for a retry, or the wait for the answer. */
  signal?: AbortSignal;
  /** The file name sent (its extension tells the service the kind): taken from a path or File, else guessed from the bytes. */
  filename?: string;
  /** Overrides the client's time-out for this call. */
  timeoutMs?: number;
  /** Sent as X-Request-Id (1–128 letters, digits or ._:-), to find the request in the service's logs. */
  requestId?: string;
}

/** A document: a path on disk (Node), a Blob or File, or the bytes. */
export type DocumentInput = string | URL | Blob | Uint8Array | ArrayBuffer;

/** The service refused the request or failed: the HTTP status and the service's `detail`. */
export class QuireError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The X-Request-Id of the answer, to quote when reporting a problem. */
    readonly requestId: string | null,
    /** Retry-After of a 429 or 503, in seconds. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(`${status}: ${detail}`);
    this.name = 'QuireError';
  }
}

/** No answer within the time-out (the request was abandoned; it is not charged). */
export class QuireTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`);
    this.name = 'QuireTimeoutError';
  }
}

export class QuireClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: QuireClientOptions) {
    if (!options.apiKey) throw new TypeError('QuireClient needs an apiKey');
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** Parses one PDF or image. Throws QuireError (refused or failed), QuireTimeoutError, or the signal's reason. */
  async parse(input: DocumentInput, options: ParseOptions = {}): Promise<ParseResult> {
    const { bytes, filename } = await readInput(input, options.filename);
    const maxAttempts = Math.max(1, this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(bytes, filename, options);
      } catch (error) {
        if (!(error instanceof QuireError) || !RETRYABLE.has(error.status) || attempt >= maxAttempts) throw error;
        const delayMs = retryDelayMs(attempt, error.retryAfterSeconds);
        this.options.onRetry?.({ attempt, status: error.status, detail: error.detail, retryAfterSeconds: error.retryAfterSeconds, delayMs });
        await sleep(delayMs, options.signal);
      }
    }
  }

  private async attempt(bytes: Blob, filename: string, options: ParseOptions): Promise<ParseResult> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const form = new FormData();
    form.append('file', bytes, filename);
    if (options.model) form.append('model', options.model);
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}`, accept: 'application/json' };
    if (options.requestId) headers['x-request-id'] = options.requestId;
    let res: Response;
    let body: unknown;
    try {
      res = await this.fetch(`${this.baseUrl}/v1/parser/parse`, { method: 'POST', body: form, headers, signal });
      body = await res.json().catch(() => undefined);
    } catch (error) {
      if (timeout.aborted && !options.signal?.aborted) throw new QuireTimeoutError(timeoutMs);
      throw error;
    }
    if (res.ok) return body as ParseResult;
    const detail = typeof (body as { detail?: unknown })?.detail === 'string' ? (body as { detail: string }).detail : `HTTP ${res.status} ${res.statusText}`;
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new QuireError(res.status, detail, res.headers.get('x-request-id'), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
}

/**
 * The wait before retry `attempt + 1`: exponential backoff (1 s, 2 s, 4 s … capped at 60 s), never
 * shorter than the server's Retry-After, plus up to 25 % random jitter so that clients refused
 * together do not come back together.
 */
export function retryDelayMs(attempt: number, retryAfterSeconds: number | null, random: () => number = Math.random): number {
  const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** (attempt - 1));
  const base = Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
  return Math.round(base * (1 + 0.25 * random()));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

async function readInput(input: DocumentInput, filename?: string): Promise<{ bytes: Blob; filename: string }> {
  if (typeof input === 'string' || input instanceof URL) {
    const { readFile } = await import('node:fs/promises');
    const { basename } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const path = input instanceof URL ? fileURLToPath(input) : input;
    return { bytes: new Blob([new Uint8Array(await readFile(path))]), filename: filename ?? basename(path) };
  }
  if (input instanceof Blob) {
    const name = filename ?? (input as Blob & { name?: string }).name;
    return { bytes: input, filename: name || guessName(new Uint8Array(await input.slice(0, 8).arrayBuffer())) };
  }
  const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : input;
  return { bytes: new Blob([new Uint8Array(bytes)]), filename: filename ?? guessName(bytes) };
}

/** A file name for bare bytes: the service wants a .pdf/.png/.jpg name (it decides the kind from the bytes). */
function guessName(head: Uint8Array): string {
  if (head[0] === 0x89 && head[1] === 0x50) return 'document.png';
  if (head[0] === 0xff && head[1] === 0xd8) return 'document.jpg';
  return 'document.pdf';
}
