// Configuration from environment variables (documented in the README).
import { availableParallelism } from 'node:os';
import { languageSetting } from './engine/input/ocr/languages.js';
import { DEFAULT_MAX_MEMORY_MB, DEFAULT_RECYCLE_MEMORY_MB } from './workers/limits.js';

export interface Config {
  host: string;
  port: number;
  database: string;
  workers: number;
  queueLimit: number;
  rateLimit: number;
  maxPages: number;
  maxUploadBytes: number;
  /** Credits charged per successful parse: 'document' (1 per parse) or 'page' (1 per page). */
  pricing: 'document' | 'page';
  /** A parse running longer than this is stopped and answered with 500. */
  parseTimeoutMs: number;
  /** A request body with no bytes for this long is answered 408 and closed. */
  bodyIdleTimeoutMs: number;
  /** A request body still arriving after this long is answered 408 and closed. */
  bodyTimeoutMs: number;
  /** A worker process whose memory passes this during a job is stopped (the job: 500). */
  workerMaxMemoryMb: number;
  /** A worker process holding more than this after a job is replaced by a fresh one. */
  workerRecycleMemoryMb: number;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const workers = integer(env, 'QUIRE_WORKERS', availableParallelism(), 1);
  const pricing = env.QUIRE_PRICING ?? 'document';
  if (pricing !== 'document' && pricing !== 'page') throw new ConfigError(`QUIRE_PRICING must be "document" or "page", got "${pricing}"`);
  // Read by each OCR engine (ocr.ts); checked here so that a wrong value stops the service at start.
  try {
    languageSetting(env.QUIRE_OCR_LANGUAGES);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    host: env.QUIRE_HOST || '127.0.0.1',
    port: integer(env, 'QUIRE_PORT', 8080, 0),
    database: env.QUIRE_DATABASE || './data/quire.db',
    workers,
    queueLimit: integer(env, 'QUIRE_QUEUE_LIMIT', 2 * workers, 0),
    rateLimit: integer(env, 'QUIRE_RATE_LIMIT', 10, 1),
    maxPages: integer(env, 'QUIRE_MAX_PAGES', 50, 1),
    maxUploadBytes: integer(env, 'QUIRE_MAX_UPLOAD_MB', 100, 1) * 1024 * 1024,
    pricing,
    parseTimeoutMs: integer(env, 'QUIRE_PARSE_TIMEOUT_S', 540, 1) * 1000,
    bodyIdleTimeoutMs: integer(env, 'QUIRE_BODY_IDLE_TIMEOUT_S', 30, 1) * 1000,
    bodyTimeoutMs: integer(env, 'QUIRE_BODY_TIMEOUT_S', 300, 1) * 1000,
    workerMaxMemoryMb: integer(env, 'QUIRE_WORKER_MAX_MB', DEFAULT_MAX_MEMORY_MB, 256),
    workerRecycleMemoryMb: integer(env, 'QUIRE_WORKER_RECYCLE_MB', DEFAULT_RECYCLE_MEMORY_MB, 128),
  };
}
