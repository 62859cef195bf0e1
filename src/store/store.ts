// The persistence interface of Quire: organizations, hashed API keys, the credits ledger and
// the per-organization rate-limit window. Two implementations: SQLite (embedded default) and
// PostgreSQL (several replicas sharing one database). Every method is safe under concurrency,
// including across processes sharing the same database.

export interface Organization {
  id: string;
  name: string;
  balance: number;
  createdAt: string; // ISO 8601
}

export interface CreatedKey {
  id: string; // public identifier of the key, safe to log
  key: string; // the plaintext secret, shown once
  orgId: string;
}

/** An API key as the admin CLI lists it: never the secret, only its first characters. */
export interface KeyInfo {
  id: string;
  orgId: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface AuthenticatedKey {
  keyId: string;
  orgId: string;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface ChargeRequest {
  orgId: string;
  keyId: string;
  requestId: string; // unique per HTTP request; a second charge with the same id is refused
  pages: number;
  credits: number;
}

export interface LedgerEntry {
  id: number;
  orgId: string;
  keyId: string | null;
  requestId: string | null;
  kind: 'charge' | 'topup';
  pages: number | null;
  credits: number; // negative for a charge, positive for a top-up
  balanceAfter: number;
  createdAt: string;
}

export interface Store {
  /** Creates the schema when missing. Idempotent. */
  migrate(): Promise<void>;
  close(): Promise<void>;

  createOrganization(name: string, credits: number): Promise<Organization>;
  getOrganization(orgId: string): Promise<Organization | null>;
  countOrganizations(): Promise<number>;
  /** Every organization, oldest first. */
  listOrganizations(): Promise<Organization[]>;

  /** Creates a key for an existing organization; throws NotFoundError when it does not exist. */
  createKey(orgId: string): Promise<CreatedKey>;
  /** Revokes by plaintext key or by key id. Returns false when no such active key exists. */
  revokeKey(keyOrId: string): Promise<boolean>;
  /** Looks a plaintext key up by its SHA-256 hash (compared in constant time). Revoked keys: null. */
  authenticate(plaintextKey: string): Promise<AuthenticatedKey | null>;
  /** The organization's keys, revoked ones included, oldest first; throws NotFoundError. */
  listKeys(orgId: string): Promise<KeyInfo[]>;

  /** Adds credits (a top-up, written to the ledger). Returns the new balance. Throws NotFoundError. */
  addCredits(orgId: string, credits: number): Promise<number>;
  /** Current balance; throws NotFoundError. */
  getBalance(orgId: string): Promise<number>;
  /**
   * Atomically takes `credits` from the balance and writes a ledger entry, only if the balance
   * covers it and `requestId` was never charged. Returns the new balance, or null when refused.
   */
  charge(request: ChargeRequest): Promise<number | null>;
  /**
   * Takes back the charge of `requestId` (its answer never reached the client): the ledger row
   * is removed and its credits returned, atomically. Returns false when there is no such charge.
   */
  uncharge(requestId: string): Promise<boolean>;
  ledger(orgId: string, limit?: number): Promise<LedgerEntry[]>;

  /**
   * First run: creates an organization with `credits` and a key for it, only if the database
   * has no organization yet, once even when several replicas start together. Returns what it
   * created, or null when an organization existed.
   */
  createFirstOrganization(name: string, credits: number): Promise<{ organization: Organization; key: CreatedKey } | null>;

  /**
   * Sliding-window rate limit shared by all keys (and all replicas) of an organization:
   * if fewer than `limit` requests were admitted in the last `windowMs` before `nowMs`, records
   * this one and allows it; otherwise refuses it without recording it, with the whole seconds
   * (at least 1) until the oldest admitted request leaves the window.
   */
  hitRateLimit(orgId: string, limit: number, windowMs: number, nowMs: number): Promise<RateDecision>;
}

export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** The database stayed locked by another process for too long (answered 503, retry later). */
export class StoreBusyError extends Error {
  constructor() {
    super('the database is busy; retry shortly');
    this.name = 'StoreBusyError';
  }
}
