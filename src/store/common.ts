// Helpers shared by the SQLite and PostgreSQL stores: identifiers, key hashing, argument checks
// and the rate-limit arithmetic, so both back ends behave identically.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ChargeRequest } from './store.js';

export const DEFAULT_LEDGER_LIMIT = 100;

/** `org_` + 16 hex chars (64 random bits): unique enough and safe to show anywhere. */
export function newOrgId(): string {
  return 'org_' + randomBytes(8).toString('hex');
}

export function newKeyId(): string {
  return 'key_' + randomBytes(8).toString('hex');
}

/** A new secret: `qk_` + 43 base64url chars (32 random bytes). */
export function newPlaintextKey(): string {
  return 'qk_' + randomBytes(32).toString('base64url');
}

const KEY_FORMAT = /^qk_[A-Za-z0-9_-]{43}$/;

/** Cheap rejection of input that cannot be one of our keys, before any hashing or query. */
export function isWellFormedKey(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 200 && KEY_FORMAT.test(value);
}

export function hashKey(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

/** Display prefix: `qk_` + 6 chars, far too little of the 256-bit secret to help an attacker. */
export function keyPrefix(plaintext: string): string {
  return plaintext.slice(0, 9);
}

/**
 * Constant-time comparison of two SHA-256 hex digests. The row was found by hash already, so this
 * guards against a database collation or index that matches loosely rather than against timing
 * of the lookup itself.
 */
export function hashesEqual(storedHex: string, computedHex: string): boolean {
  const a = Buffer.from(storedHex, 'hex');
  const b = Buffer.from(computedHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkInitialCredits(credits: number): void {
  if (!Number.isSafeInteger(credits) || credits < 0) {
    throw new RangeError(`initial credits must be a non-negative integer, got ${credits}`);
  }
}

export function checkTopUp(credits: number): void {
  if (!Number.isSafeInteger(credits) || credits <= 0) {
    throw new RangeError(`a top-up must be a positive integer, got ${credits}`);
  }
}

/** A negative charge would be a top-up in disguise; fractional values do not fit the ledger. */
export function checkCharge(request: ChargeRequest): void {
  if (!Number.isSafeInteger(request.credits) || request.credits < 0) {
    throw new RangeError(`charged credits must be a non-negative integer, got ${request.credits}`);
  }
  if (!Number.isSafeInteger(request.pages) || request.pages < 0) {
    throw new RangeError(`charged pages must be a non-negative integer, got ${request.pages}`);
  }
}

export function checkRateLimitArgs(limit: number, windowMs: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`rate limit must be a positive integer, got ${limit}`);
  }
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`rate window must be a positive integer of milliseconds, got ${windowMs}`);
  }
}

export function checkLedgerLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`ledger limit must be a positive integer, got ${limit}`);
  }
}

/**
 * Whole seconds until the admitted event at `freeingEventMs` leaves the window, at least 1.
 * The event counts while at_ms > nowMs - windowMs, so it is gone at exactly at_ms + windowMs.
 */
export function retryAfterSeconds(freeingEventMs: number, windowMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((freeingEventMs + windowMs - nowMs) / 1000));
}
