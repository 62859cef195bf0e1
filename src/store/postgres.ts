// PostgreSQL store for several service replicas sharing one database. Correctness does not rely on
// any in-process lock: the balance is only ever changed by a conditional UPDATE (row lock, then the
// condition is re-checked on the latest row version), the ledger's unique request_id makes a double
// charge impossible, and the rate limit serializes per organization by locking its row.
import pg from 'pg';
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
  type AuthenticatedKey,
  type ChargeRequest,
  type CreatedKey,
  type KeyInfo,
  type LedgerEntry,
  type Organization,
  type RateDecision,
  type Store,
} from './store.js';

export interface PostgresStoreOptions {
  /** Schema holding the tables (created by migrate()); defaults to the connection's search_path. */
  schema?: string;
}

// Arbitrary constant identifying Quire's schema lock among other advisory lock users.
const MIGRATION_LOCK_ID = 7_146_032_911;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS organizations (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  balance    BIGINT NOT NULL CHECK (balance >= 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS api_keys (
  id         TEXT PRIMARY KEY,
  org_id     TEXT NOT NULL REFERENCES organizations(id),
  key_hash   TEXT NOT NULL,
  prefix     TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  revoked_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX IF NOT EXISTS api_keys_key_hash ON api_keys(key_hash);
CREATE TABLE IF NOT EXISTS ledger (
  id            BIGSERIAL PRIMARY KEY,
  org_id        TEXT NOT NULL REFERENCES organizations(id),
  key_id        TEXT REFERENCES api_keys(id),
  request_id    TEXT,
  kind          TEXT NOT NULL CHECK (kind IN ('charge', 'topup')),
  pages         INTEGER,
  credits       BIGINT NOT NULL,
  balance_after BIGINT NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- Only charges carry a request id (top-ups store NULL, and NULLs never collide), so this makes a
-- second charge of the same request impossible, whichever replica tries it.
CREATE UNIQUE INDEX IF NOT EXISTS ledger_request_id ON ledger(request_id);
CREATE INDEX IF NOT EXISTS ledger_org ON ledger(org_id, id);
CREATE TABLE IF NOT EXISTS rate_events (
  org_id TEXT NOT NULL REFERENCES organizations(id),
  at_ms  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_events_org_at ON rate_events(org_id, at_ms);
`;

// BIGINT and BIGSERIAL columns arrive as strings (pg does not assume they fit a JS number); the
// values stored here are far below 2^53, so they are converted with Number() when read.
interface LedgerRow {
  id: string;
  org_id: string;
  key_id: string | null;
  request_id: string | null;
  kind: 'charge' | 'topup';
  pages: number | null;
  credits: string;
  balance_after: string;
  created_at: Date;
}

/** Thrown inside a transaction to roll it back when a charge is refused. */
class ChargeRefused extends Error {}

export class PostgresStore implements Store {
  private readonly pool: pg.Pool;
  private readonly schema: string | undefined;

  constructor(connectionString: string, options: PostgresStoreOptions = {}) {
    const { schema } = options;
    // The name goes into SQL and a startup option unquoted, so only plain identifiers are accepted.
    if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
      throw new RangeError(`invalid schema name: ${schema}`);
    }
    this.schema = schema;
    // A startup option applies search_path to every pooled connection before its first query.
    this.pool = new pg.Pool({ connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    // An idle connection dropped by the server (restart, failover) is discarded by the pool and
    // replaced on the next query; unhandled, this 'error' event would crash the whole process.
    // Errors of queries in flight still reject their own promises.
    this.pool.on('error', () => {});
  }

  async migrate(): Promise<void> {
    await this.transaction(async (client) => {
      // Concurrent CREATE ... IF NOT EXISTS can still collide in the catalogs; replicas starting
      // together take turns instead. The lock is released at commit.
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      if (this.schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      await client.query(SCHEMA);
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async createOrganization(name: string, credits: number): Promise<Organization> {
    checkInitialCredits(credits);
    return this.transaction((client) => insertOrganization(client, name, credits));
  }

  async createFirstOrganization(name: string, credits: number): Promise<{ organization: Organization; key: CreatedKey } | null> {
    checkInitialCredits(credits);
    return this.transaction(async (client) => {
      // Replicas starting together take turns here (the lock is released at commit), so only the
      // first one finds the table empty. It is the migration lock: a replica still migrating
      // locks the tables this transaction writes in another order (a deadlock otherwise).
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const { rows } = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM organizations');
      if (Number(firstRow(rows).n) > 0) return null;
      const organization = await insertOrganization(client, name, credits);
      return { organization, key: await insertKey(client, organization.id) };
    });
  }

  async getOrganization(orgId: string): Promise<Organization | null> {
    const { rows } = await this.pool.query<{ id: string; name: string; balance: string; created_at: Date }>(
      'SELECT id, name, balance, created_at FROM organizations WHERE id = $1',
      [orgId],
    );
    const row = rows[0];
    if (!row) return null;
    return { id: row.id, name: row.name, balance: Number(row.balance), createdAt: row.created_at.toISOString() };
  }

  async countOrganizations(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('SELECT COUNT(*) AS n FROM organizations');
    return Number(firstRow(rows).n);
  }

  async listOrganizations(): Promise<Organization[]> {
    const { rows } = await this.pool.query<{ id: string; name: string; balance: string; created_at: Date }>(
      'SELECT id, name, balance, created_at FROM organizations ORDER BY created_at, id',
    );
    return rows.map((row) => ({ id: row.id, name: row.name, balance: Number(row.balance), createdAt: row.created_at.toISOString() }));
  }

  async listKeys(orgId: string): Promise<KeyInfo[]> {
    if (!(await this.getOrganization(orgId))) throw new NotFoundError(`organization ${orgId} not found`);
    const { rows } = await this.pool.query<{ id: string; org_id: string; prefix: string; created_at: Date; revoked_at: Date | null }>(
      'SELECT id, org_id, prefix, created_at, revoked_at FROM api_keys WHERE org_id = $1 ORDER BY created_at, id',
      [orgId],
    );
    return rows.map((r) => ({ id: r.id, orgId: r.org_id, prefix: r.prefix, createdAt: r.created_at.toISOString(), revokedAt: r.revoked_at?.toISOString() ?? null }));
  }

  async createKey(orgId: string): Promise<CreatedKey> {
    return insertKey(this.pool, orgId);
  }

  async revokeKey(keyOrId: string): Promise<boolean> {
    // Matching on either column covers both forms: ids start with `key_`, secrets with `qk_`.
    const result = await this.pool.query(
      'UPDATE api_keys SET revoked_at = now() WHERE (id = $1 OR key_hash = $2) AND revoked_at IS NULL',
      [keyOrId, hashKey(keyOrId)],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async authenticate(plaintextKey: string): Promise<AuthenticatedKey | null> {
    if (!isWellFormedKey(plaintextKey)) return null;
    const hash = hashKey(plaintextKey);
    const { rows } = await this.pool.query<{ id: string; org_id: string; key_hash: string; revoked_at: Date | null }>(
      'SELECT id, org_id, key_hash, revoked_at FROM api_keys WHERE key_hash = $1',
      [hash],
    );
    const row = rows[0];
    if (!row || !hashesEqual(row.key_hash, hash) || row.revoked_at !== null) return null;
    return { keyId: row.id, orgId: row.org_id };
  }

  async addCredits(orgId: string, credits: number): Promise<number> {
    checkTopUp(credits);
    return this.transaction(async (client) => {
      const { rows } = await client.query<{ balance: string }>(
        'UPDATE organizations SET balance = balance + $1 WHERE id = $2 RETURNING balance',
        [credits, orgId],
      );
      if (rows.length === 0) throw new NotFoundError(`organization ${orgId} not found`);
      const balance = Number(firstRow(rows).balance);
      await insertTopUp(client, orgId, credits, balance);
      return balance;
    });
  }

  async getBalance(orgId: string): Promise<number> {
    const { rows } = await this.pool.query<{ balance: string }>('SELECT balance FROM organizations WHERE id = $1', [
      orgId,
    ]);
    if (rows.length === 0) throw new NotFoundError(`organization ${orgId} not found`);
    return Number(firstRow(rows).balance);
  }

  /** Unknown organizations are refused (null) like an insufficient balance. */
  async charge(request: ChargeRequest): Promise<number | null> {
    checkCharge(request);
    const { orgId, keyId, requestId, pages, credits } = request;
    try {
      return await this.transaction(async (client) => {
        // Concurrent charges queue on the row lock; each re-checks `balance >= $1` on the row as
        // the previous one left it, so the balance cannot go below zero.
        const updated = await client.query<{ balance: string }>(
          'UPDATE organizations SET balance = balance - $1 WHERE id = $2 AND balance >= $1 RETURNING balance',
          [credits, orgId],
        );
        if (updated.rows.length === 0) throw new ChargeRefused();
        const balance = Number(firstRow(updated.rows).balance);
        // A concurrent charge with the same request id makes this wait for that transaction; if
        // it commits, nothing is inserted here and the rollback restores the balance.
        const inserted = await client.query(
          `INSERT INTO ledger (org_id, key_id, request_id, kind, pages, credits, balance_after)
           VALUES ($1, $2, $3, 'charge', $4, $5, $6)
           ON CONFLICT (request_id) DO NOTHING`,
          [orgId, keyId, requestId, pages, -credits, balance],
        );
        if (inserted.rowCount === 0) throw new ChargeRefused();
        return balance;
      });
    } catch (err) {
      if (err instanceof ChargeRefused) return null;
      throw err;
    }
  }

  async uncharge(requestId: string): Promise<boolean> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<{ org_id: string; credits: string }>(
        "DELETE FROM ledger WHERE request_id = $1 AND kind = 'charge' RETURNING org_id, credits",
        [requestId],
      );
      if (rows.length === 0) return false;
      // The charge stored its credits negated.
      await client.query('UPDATE organizations SET balance = balance - $1 WHERE id = $2', [Number(firstRow(rows).credits), firstRow(rows).org_id]);
      return true;
    });
  }

  /** Newest first; unknown organizations have an empty ledger. */
  async ledger(orgId: string, limit = DEFAULT_LEDGER_LIMIT): Promise<LedgerEntry[]> {
    checkLedgerLimit(limit);
    const { rows } = await this.pool.query<LedgerRow>(
      'SELECT * FROM ledger WHERE org_id = $1 ORDER BY id DESC LIMIT $2',
      [orgId, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      orgId: r.org_id,
      keyId: r.key_id,
      requestId: r.request_id,
      kind: r.kind,
      pages: r.pages,
      credits: Number(r.credits),
      balanceAfter: Number(r.balance_after),
      createdAt: r.created_at.toISOString(),
    }));
  }

  async hitRateLimit(orgId: string, limit: number, windowMs: number, nowMs: number): Promise<RateDecision> {
    checkRateLimitArgs(limit, windowMs);
    return this.transaction(async (client): Promise<RateDecision> => {
      // The organization's row lock serializes all replicas' decisions for this organization, so
      // two of them cannot both count limit - 1 events and both admit.
      const org = await client.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
      if (org.rows.length === 0) throw new NotFoundError(`organization ${orgId} not found`);
      const windowStart = nowMs - windowMs;
      // Expired events can never matter again; dropping them keeps the table small.
      await client.query('DELETE FROM rate_events WHERE org_id = $1 AND at_ms <= $2', [orgId, windowStart]);
      const counted = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM rate_events WHERE org_id = $1', [
        orgId,
      ]);
      const n = Number(firstRow(counted.rows).n);
      if (n < limit) {
        await client.query('INSERT INTO rate_events (org_id, at_ms) VALUES ($1, $2)', [orgId, nowMs]);
        return { allowed: true };
      }
      // Once the n - limit + 1 oldest events have expired, fewer than `limit` remain.
      const freeing = await client.query<{ at_ms: string }>(
        'SELECT at_ms FROM rate_events WHERE org_id = $1 ORDER BY at_ms LIMIT 1 OFFSET $2',
        [orgId, n - limit],
      );
      return {
        allowed: false,
        retryAfterSeconds: retryAfterSeconds(Number(firstRow(freeing.rows).at_ms), windowMs, nowMs),
      };
    });
  }

  /** Runs `fn` in a transaction on one pooled connection; any throw rolls it back and propagates. */
  private async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // Set when ROLLBACK itself fails: the connection is then unusable and must not go back to the pool.
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: Error) => {
        broken = rollbackErr;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }
}

async function insertOrganization(client: pg.PoolClient, name: string, credits: number): Promise<Organization> {
  const id = newOrgId();
  const { rows } = await client.query<{ created_at: Date }>(
    'INSERT INTO organizations (id, name, balance) VALUES ($1, $2, $3) RETURNING created_at',
    [id, name, credits],
  );
  if (credits > 0) await insertTopUp(client, id, credits, credits);
  return { id, name, balance: credits, createdAt: firstRow(rows).created_at.toISOString() };
}

async function insertKey(db: pg.Pool | pg.PoolClient, orgId: string): Promise<CreatedKey> {
  const key = newPlaintextKey();
  const id = newKeyId();
  // Inserting from a SELECT on organizations both checks existence and writes, in one statement.
  const result = await db.query(
    `INSERT INTO api_keys (id, org_id, key_hash, prefix)
     SELECT $1, id, $2, $3 FROM organizations WHERE id = $4`,
    [id, hashKey(key), keyPrefix(key), orgId],
  );
  if (result.rowCount === 0) throw new NotFoundError(`organization ${orgId} not found`);
  return { id, key, orgId };
}

async function insertTopUp(client: pg.PoolClient, orgId: string, credits: number, balanceAfter: number) {
  await client.query(
    `INSERT INTO ledger (org_id, key_id, request_id, kind, pages, credits, balance_after)
     VALUES ($1, NULL, NULL, 'topup', NULL, $2, $3)`,
    [orgId, credits, balanceAfter],
  );
}

/** The first row of a query that always returns one (an aggregate, a RETURNING, a checked count). */
function firstRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('the database returned no row where one is always expected');
  return row;
}
