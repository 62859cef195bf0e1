// Embedded store on a single SQLite file (better-sqlite3). The service and the CLI may open the
// same file at once: WAL lets readers proceed during a write, and every read-then-write runs in a
// BEGIN IMMEDIATE transaction, which takes the write lock up front so two processes cannot both
// read the same balance (or rate window) and then both write.
//
// better-sqlite3 is synchronous: a lock wait inside SQLite would freeze the service's event loop
// (every request, /healthz included). So SQLite waits at most BUSY_TIMEOUT_MS, and a call that
// finds the database locked is retried after an asynchronous pause, for up to LOCKED_DEADLINE_MS,
// while the event loop serves everything else.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  DEFAULT_LEDGER_LIMIT,
  checkCharge,
  checkInitialCredits,
  checkLedgerLimit,
  checkRateLimitArgs,
  checkTopUp,
  hashKey,
  hashesEqual,
  isWellFormedKey,
  keyPrefix,
  newKeyId,
  newOrgId,
  newPlaintextKey,
  retryAfterSeconds,
} from './common.js';
import {
  NotFoundError,
  StoreBusyError,
  type AuthenticatedKey,
  type ChargeRequest,
  type CreatedKey,
  type KeyInfo,
  type LedgerEntry,
  type Organization,
  type RateDecision,
  type Store,
} from './store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS organizations (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  balance    INTEGER NOT NULL CHECK (balance >= 0),
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  id         TEXT PRIMARY KEY,
  org_id     TEXT NOT NULL REFERENCES organizations(id),
  key_hash   TEXT NOT NULL,
  prefix     TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS api_keys_key_hash ON api_keys(key_hash);
CREATE TABLE IF NOT EXISTS ledger (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id        TEXT NOT NULL REFERENCES organizations(id),
  key_id        TEXT REFERENCES api_keys(id),
  request_id    TEXT,
  kind          TEXT NOT NULL CHECK (kind IN ('charge', 'topup')),
  pages         INTEGER,
  credits       INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  created_at    TEXT NOT NULL
);
-- Only charges carry a request id (top-ups store NULL, and NULLs never collide), so this makes a
-- second charge of the same request impossible.
CREATE UNIQUE INDEX IF NOT EXISTS ledger_request_id ON ledger(request_id);
CREATE INDEX IF NOT EXISTS ledger_org ON ledger(org_id, id);
CREATE TABLE IF NOT EXISTS rate_events (
  org_id TEXT NOT NULL REFERENCES organizations(id),
  at_ms  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_events_org_at ON rate_events(org_id, at_ms);
`;

interface OrgRow {
  id: string;
  name: string;
  balance: number;
  created_at: string;
}

interface LedgerRow {
  id: number;
  org_id: string;
  key_id: string | null;
  request_id: string | null;
  kind: 'charge' | 'topup';
  pages: number | null;
  credits: number;
  balance_after: number;
  created_at: string;
}

/** The longest SQLite itself blocks the thread waiting for another connection's lock. */
const BUSY_TIMEOUT_MS = 5;
/** Pauses between tries on a locked database: short first, then longer. */
const RETRY_PAUSES_MS = [2, 5, 10, 20, 50, 100];
/** A call that still finds the database locked after this long fails with StoreBusyError. */
const LOCKED_DEADLINE_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isLocked(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

export class SqliteStore implements Store {
  private readonly db: Database.Database;

  constructor(file: string) {
    mkdirSync(dirname(file), { recursive: true });
    // `timeout` is SQLite's busy_timeout.
    this.db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    this.pragmaWhenFree('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
  }

  /** Switching to WAL needs a moment without other writers; at open time a short wait is fine. */
  private pragmaWhenFree(pragma: string): void {
    const deadline = Date.now() + LOCKED_DEADLINE_MS;
    for (;;) {
      try {
        this.db.pragma(pragma);
        return;
      } catch (e) {
        if (!isLocked(e) || Date.now() > deadline) throw e;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
  }

  /** Runs a database call, retrying after asynchronous pauses while another process holds the lock. */
  private async locked<T>(call: () => T): Promise<T> {
    const deadline = Date.now() + LOCKED_DEADLINE_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return call();
      } catch (e) {
        if (!isLocked(e)) throw e;
        if (Date.now() > deadline) throw new StoreBusyError();
        await sleep(RETRY_PAUSES_MS[Math.min(attempt, RETRY_PAUSES_MS.length - 1)]!);
      }
    }
  }

  async migrate(): Promise<void> {
    return this.locked(() => {
      this.db.transaction(() => this.db.exec(SCHEMA)).immediate();
    });
  }

  async close(): Promise<void> {
    this.db.close();
  }

  async createOrganization(name: string, credits: number): Promise<Organization> {
    checkInitialCredits(credits);
    return this.locked(() => this.db.transaction(() => this.insertOrganization(name, credits)).immediate());
  }

  async createFirstOrganization(name: string, credits: number): Promise<{ organization: Organization; key: CreatedKey } | null> {
    checkInitialCredits(credits);
    // BEGIN IMMEDIATE holds the write lock from the count to the inserts: one process creates it.
    return this.locked(() =>
      this.db
        .transaction(() => {
          if ((this.db.prepare('SELECT COUNT(*) AS n FROM organizations').get() as { n: number }).n > 0) return null;
          const organization = this.insertOrganization(name, credits);
          return { organization, key: this.insertKey(organization.id) };
        })
        .immediate(),
    );
  }

  async getOrganization(orgId: string): Promise<Organization | null> {
    return this.locked(() => {
      const row = this.db.prepare('SELECT * FROM organizations WHERE id = ?').get(orgId) as OrgRow | undefined;
      return row ? { id: row.id, name: row.name, balance: row.balance, createdAt: row.created_at } : null;
    });
  }

  async countOrganizations(): Promise<number> {
    return this.locked(() => {
      return (this.db.prepare('SELECT COUNT(*) AS n FROM organizations').get() as { n: number }).n;
    });
  }

  async listOrganizations(): Promise<Organization[]> {
    const rows = this.db.prepare('SELECT * FROM organizations ORDER BY created_at, id').all() as OrgRow[];
    return rows.map((row) => ({ id: row.id, name: row.name, balance: row.balance, createdAt: row.created_at }));
  }

  async listKeys(orgId: string): Promise<KeyInfo[]> {
    if (!(await this.getOrganization(orgId))) throw new NotFoundError(`organization ${orgId} not found`);
    const rows = this.db
      .prepare('SELECT id, org_id, prefix, created_at, revoked_at FROM api_keys WHERE org_id = ? ORDER BY created_at, id')
      .all(orgId) as { id: string; org_id: string; prefix: string; created_at: string; revoked_at: string | null }[];
    return rows.map((r) => ({ id: r.id, orgId: r.org_id, prefix: r.prefix, createdAt: r.created_at, revokedAt: r.revoked_at }));
  }

  async createKey(orgId: string): Promise<CreatedKey> {
    return this.locked(() => this.insertKey(orgId));
  }

  async revokeKey(keyOrId: string): Promise<boolean> {
    return this.locked(() => {
      // Matching on either column covers both forms: ids start with `key_`, secrets with `qk_`.
      const result = this.db
        .prepare('UPDATE api_keys SET revoked_at = ? WHERE (id = ? OR key_hash = ?) AND revoked_at IS NULL')
        .run(new Date().toISOString(), keyOrId, hashKey(keyOrId));
      return result.changes > 0;
    });
  }

  async authenticate(plaintextKey: string): Promise<AuthenticatedKey | null> {
    return this.locked(() => {
      if (!isWellFormedKey(plaintextKey)) return null;
      const hash = hashKey(plaintextKey);
      const row = this.db
        .prepare('SELECT id, org_id, key_hash, revoked_at FROM api_keys WHERE key_hash = ?')
        .get(hash) as { id: string; org_id: string; key_hash: string; revoked_at: string | null } | undefined;
      if (!row || !hashesEqual(row.key_hash, hash) || row.revoked_at !== null) return null;
      return { keyId: row.id, orgId: row.org_id };
    });
  }

  async addCredits(orgId: string, credits: number): Promise<number> {
    return this.locked(() => {
      checkTopUp(credits);
      return this.db
        .transaction(() => {
          const row = this.db
            .prepare('UPDATE organizations SET balance = balance + ? WHERE id = ? RETURNING balance')
            .get(credits, orgId) as { balance: number } | undefined;
          if (!row) throw new NotFoundError(`organization ${orgId} not found`);
          this.insertTopUp(orgId, credits, row.balance, new Date().toISOString());
          return row.balance;
        })
        .immediate();
    });
  }

  async getBalance(orgId: string): Promise<number> {
    return this.locked(() => {
      const row = this.db.prepare('SELECT balance FROM organizations WHERE id = ?').get(orgId) as
        | { balance: number }
        | undefined;
      if (!row) throw new NotFoundError(`organization ${orgId} not found`);
      return row.balance;
    });
  }

  /** Unknown organizations are refused (null) like an insufficient balance. */
  async charge(request: ChargeRequest): Promise<number | null> {
    return this.locked(() => {
      checkCharge(request);
      const { orgId, keyId, requestId, pages, credits } = request;
      return this.db
        .transaction((): number | null => {
          const charged = this.db.prepare('SELECT 1 FROM ledger WHERE request_id = ?').get(requestId);
          if (charged) return null;
          const row = this.db
            .prepare('UPDATE organizations SET balance = balance - ? WHERE id = ? AND balance >= ? RETURNING balance')
            .get(credits, orgId, credits) as { balance: number } | undefined;
          if (!row) return null;
          this.db
            .prepare(
              `INSERT INTO ledger (org_id, key_id, request_id, kind, pages, credits, balance_after, created_at)
               VALUES (?, ?, ?, 'charge', ?, ?, ?, ?)`,
            )
            .run(orgId, keyId, requestId, pages, -credits, row.balance, new Date().toISOString());
          return row.balance;
        })
        .immediate();
    });
  }

  async uncharge(requestId: string): Promise<boolean> {
    return this.locked(() =>
      this.db
        .transaction((): boolean => {
          const row = this.db.prepare("DELETE FROM ledger WHERE request_id = ? AND kind = 'charge' RETURNING org_id, credits").get(requestId) as
            | { org_id: string; credits: number }
            | undefined;
          if (!row) return false;
          // The charge stored its credits negated.
          this.db.prepare('UPDATE organizations SET balance = balance - ? WHERE id = ?').run(row.credits, row.org_id);
          return true;
        })
        .immediate(),
    );
  }

  /** Newest first; unknown organizations have an empty ledger. */
  async ledger(orgId: string, limit = DEFAULT_LEDGER_LIMIT): Promise<LedgerEntry[]> {
    return this.locked(() => {
      checkLedgerLimit(limit);
      const rows = this.db
        .prepare('SELECT * FROM ledger WHERE org_id = ? ORDER BY id DESC LIMIT ?')
        .all(orgId, limit) as LedgerRow[];
      return rows.map((r) => ({
        id: r.id,
        orgId: r.org_id,
        keyId: r.key_id,
        requestId: r.request_id,
        kind: r.kind,
        pages: r.pages,
        credits: r.credits,
        balanceAfter: r.balance_after,
        createdAt: r.created_at,
      }));
    });
  }

  async hitRateLimit(orgId: string, limit: number, windowMs: number, nowMs: number): Promise<RateDecision> {
    return this.locked(() => {
      checkRateLimitArgs(limit, windowMs);
      return this.db
        .transaction((): RateDecision => {
          if (!this.db.prepare('SELECT 1 FROM organizations WHERE id = ?').get(orgId)) {
            throw new NotFoundError(`organization ${orgId} not found`);
          }
          const windowStart = nowMs - windowMs;
          // Expired events can never matter again; dropping them keeps the table small.
          this.db.prepare('DELETE FROM rate_events WHERE org_id = ? AND at_ms <= ?').run(orgId, windowStart);
          const { n } = this.db.prepare('SELECT COUNT(*) AS n FROM rate_events WHERE org_id = ?').get(orgId) as {
            n: number;
          };
          if (n < limit) {
            this.db.prepare('INSERT INTO rate_events (org_id, at_ms) VALUES (?, ?)').run(orgId, nowMs);
            return { allowed: true };
          }
          // Once the n - limit + 1 oldest events have expired, fewer than `limit` remain.
          const { at_ms } = this.db
            .prepare('SELECT at_ms FROM rate_events WHERE org_id = ? ORDER BY at_ms LIMIT 1 OFFSET ?')
            .get(orgId, n - limit) as { at_ms: number };
          return { allowed: false, retryAfterSeconds: retryAfterSeconds(at_ms, windowMs, nowMs) };
        })
        .immediate();
    });
  }

  private insertOrganization(name: string, credits: number): Organization {
    const org: Organization = { id: newOrgId(), name, balance: credits, createdAt: new Date().toISOString() };
    this.db.prepare('INSERT INTO organizations (id, name, balance, created_at) VALUES (?, ?, ?, ?)').run(org.id, org.name, org.balance, org.createdAt);
    if (credits > 0) this.insertTopUp(org.id, credits, credits, org.createdAt);
    return org;
  }

  private insertKey(orgId: string): CreatedKey {
    const key = newPlaintextKey();
    const id = newKeyId();
    // Inserting from a SELECT on organizations both checks existence and writes, in one statement.
    const result = this.db
      .prepare(
        `INSERT INTO api_keys (id, org_id, key_hash, prefix, created_at)
         SELECT ?, id, ?, ?, ? FROM organizations WHERE id = ?`,
      )
      .run(id, hashKey(key), keyPrefix(key), new Date().toISOString(), orgId);
    if (result.changes === 0) throw new NotFoundError(`organization ${orgId} not found`);
    return { id, key, orgId };
  }

  private insertTopUp(orgId: string, credits: number, balanceAfter: number, createdAt: string): void {
    this.db
      .prepare(
        `INSERT INTO ledger (org_id, key_id, request_id, kind, pages, credits, balance_after, created_at)
         VALUES (?, NULL, NULL, 'topup', NULL, ?, ?, ?)`,
      )
      .run(orgId, credits, balanceAfter, createdAt);
  }
}
