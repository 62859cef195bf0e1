// Configuration from environment variables (documented in the README).
import { availableParallelism } from 'node:os';

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
  };
}
