// One behavioural suite run against both stores. PostgreSQL is the test run's server (see
// test/setup/postgres.ts): when it is unreachable, the Postgres suite fails (it is never skipped). Each run uses its own schema, dropped
// afterwards, so runs do not see each other's rows.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, PostgresStore, SqliteStore, openStore, type Store } from '../src/store/index.js';
import { testDatabaseUrl } from './pg.js';

const PG_URL = testDatabaseUrl();

interface Harness {
  name: string;
  /** Prepares an empty database. */
  setup(): Promise<void>;
  /** A new store instance (its own connection or pool) on the same database. */
  open(): Store;
  /** Raw SQL against the same database, bypassing the store. */
  query(sql: string): Promise<Record<string, unknown>[]>;
  teardown(): Promise<void>;
}

function sqliteHarness(): Harness {
  let dir = '';
  let file = '';
  let raw: Database.Database | undefined;
  return {
    name: 'SQLite',
    async setup() {
      dir = mkdtempSync(join(tmpdir(), 'quire-store-'));
      // A missing parent directory is part of what the store must handle.
      file = join(dir, 'nested', 'quire.db');
    },
    open: () => new SqliteStore(file),
    async query(sql) {
      raw ??= new Database(file, { readonly: true });
      return raw.prepare(sql).all() as Record<string, unknown>[];
    },
    async teardown() {
      raw?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresHarness(): Harness {
  const schema = `quire_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  return {
    name: 'PostgreSQL',
    async setup() {},
    open: () => new PostgresStore(PG_URL, { schema }),
    async query(sql) {
      return (await admin.query(sql)).rows;
    },
    async teardown() {
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

describe.each([sqliteHarness(), postgresHarness()])('$name store', (h) => {
  let store: Store;
  const extraStores: Store[] = [];
  let seq = 0;
  const requestId = () => `req_${Date.now()}_${seq++}_${randomBytes(4).toString('hex')}`;

  /** An organization with one key, named after the test for readable failures. */
  async function orgWithKey(credits: number) {
    const org = await store.createOrganization(`org ${seq++}`, credits);
    const key = await store.createKey(org.id);
    return { org, key };
  }

  beforeAll(async () => {
    await h.setup();
    store = h.open();
    await store.migrate();
  });

  afterAll(async () => {
    for (const s of extraStores) await s.close();
    await store?.close();
    await h.teardown();
  });

  it('migrate is idempotent, also from a second instance', async () => {
    const other = h.open();
    extraStores.push(other);
    await other.migrate();
    await store.migrate();
    const { org } = await orgWithKey(1);
    expect(await other.getBalance(org.id)).toBe(1);
  });

  it('creates organizations and counts them', async () => {
    const before = await store.countOrganizations();
    const org = await store.createOrganization('Acme', 25);
    expect(org.id).toMatch(/^org_[0-9a-f]{16}$/);
    expect(org).toMatchObject({ name: 'Acme', balance: 25 });
    expect(new Date(org.createdAt).toISOString()).toBe(org.createdAt);
    expect(await store.getOrganization(org.id)).toEqual(org);
    expect(await store.getOrganization('org_doesnotexist00')).toBeNull();
    expect(await store.countOrganizations()).toBe(before + 1);
    await expect(store.createOrganization('Bad', -1)).rejects.toThrow(RangeError);
    await expect(store.createOrganization('Bad', 1.5)).rejects.toThrow(RangeError);
  });

  it('creates keys that authenticate to their organization', async () => {
    const { org, key } = await orgWithKey(0);
    expect(key.id).toMatch(/^key_[0-9a-f]{16}$/);
    expect(key.key).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
    expect(key.orgId).toBe(org.id);
    expect(await store.authenticate(key.key)).toEqual({ keyId: key.id, orgId: org.id });
    const second = await store.createKey(org.id);
    expect(second.key).not.toBe(key.key);
    expect(await store.authenticate(second.key)).toEqual({ keyId: second.id, orgId: org.id });
    await expect(store.createKey('org_doesnotexist00')).rejects.toThrow(NotFoundError);
  });

  it('refuses wrong and malformed keys', async () => {
    const { key } = await orgWithKey(0);
    const flipped = key.key.slice(0, -1) + (key.key.endsWith('A') ? 'B' : 'A');
    expect(await store.authenticate(flipped)).toBeNull();
    expect(await store.authenticate('qk_' + randomBytes(32).toString('base64url'))).toBeNull();
    expect(await store.authenticate('')).toBeNull();
    expect(await store.authenticate(key.key + 'x')).toBeNull();
    expect(await store.authenticate(key.key.repeat(10))).toBeNull();
    expect(await store.authenticate(key.id)).toBeNull();
  });

  it('revokes by plaintext key and by key id', async () => {
    const { org, key: byKey } = await orgWithKey(0);
    const byId = await store.createKey(org.id);
    const untouched = await store.createKey(org.id);

    expect(await store.revokeKey(byKey.key)).toBe(true);
    expect(await store.authenticate(byKey.key)).toBeNull();
    expect(await store.revokeKey(byKey.key)).toBe(false);

    expect(await store.revokeKey(byId.id)).toBe(true);
    expect(await store.authenticate(byId.key)).toBeNull();
    expect(await store.revokeKey(byId.id)).toBe(false);

    expect(await store.revokeKey('key_doesnotexist00')).toBe(false);
    expect(await store.authenticate(untouched.key)).toEqual({ keyId: untouched.id, orgId: org.id });
  });

  it('lists organizations and an organization\'s keys (prefix only, revoked ones marked)', async () => {
    const { org, key } = await orgWithKey(3);
    const second = await store.createKey(org.id);
    await store.revokeKey(key.id);
    const orgs = await store.listOrganizations();
    expect(orgs.find((o) => o.id === org.id)).toEqual(org);
    expect(orgs.length).toBe(await store.countOrganizations());
    const keys = await store.listKeys(org.id);
    expect(keys.map((k) => k.id).sort()).toEqual([key.id, second.id].sort());
    const revoked = keys.find((k) => k.id === key.id)!;
    expect(revoked.prefix).toBe(key.key.slice(0, revoked.prefix.length));
    expect(revoked.prefix.length).toBeLessThan(key.key.length);
    expect(revoked.revokedAt).not.toBeNull();
    expect(keys.find((k) => k.id === second.id)!.revokedAt).toBeNull();
    await expect(store.listKeys('org_doesnotexist00')).rejects.toThrow(NotFoundError);
  });

  it('stores only the SHA-256 hash of a key, never the plaintext', async () => {
    const { key } = await orgWithKey(0);
    const rows = await h.query('SELECT * FROM api_keys');
    const row = rows.find((r) => r.id === key.id);
    expect(row?.key_hash).toBe(createHash('sha256').update(key.key).digest('hex'));
    expect(String(row?.prefix)).toBe(key.key.slice(0, 9));
    const everything = JSON.stringify([
      rows,
      await h.query('SELECT * FROM organizations'),
      await h.query('SELECT * FROM ledger'),
    ]);
    expect(everything).toContain(key.id);
    expect(everything).not.toContain(key.key);
    expect(everything).not.toContain(key.key.slice(9));
  });

  it('adds credits and reports the balance', async () => {
    const { org } = await orgWithKey(5);
    expect(await store.addCredits(org.id, 7)).toBe(12);
    expect(await store.getBalance(org.id)).toBe(12);
    expect((await store.getOrganization(org.id))?.balance).toBe(12);
    for (const bad of [0, -3, 2.5, Number.NaN]) {
      await expect(store.addCredits(org.id, bad)).rejects.toThrow(RangeError);
    }
    expect(await store.getBalance(org.id)).toBe(12);
    await expect(store.addCredits('org_doesnotexist00', 1)).rejects.toThrow(NotFoundError);
    await expect(store.getBalance('org_doesnotexist00')).rejects.toThrow(NotFoundError);
  });

  it('charges only what the balance covers', async () => {
    const { org, key } = await orgWithKey(5);
    const charge = (credits: number) =>
      store.charge({ orgId: org.id, keyId: key.id, requestId: requestId(), pages: credits, credits });
    expect(await charge(3)).toBe(2);
    expect(await charge(3)).toBeNull();
    expect(await store.getBalance(org.id)).toBe(2);
    expect(await charge(2)).toBe(0);
    expect(await charge(1)).toBeNull();
    expect(await store.getBalance(org.id)).toBe(0);
    await expect(charge(-1)).rejects.toThrow(RangeError);
    expect(
      await store.charge({ orgId: 'org_doesnotexist00', keyId: key.id, requestId: requestId(), pages: 1, credits: 1 }),
    ).toBeNull();
  });

  it('never charges the same request twice', async () => {
    const { org, key } = await orgWithKey(10);
    const request = { orgId: org.id, keyId: key.id, requestId: requestId(), pages: 2, credits: 2 };
    expect(await store.charge(request)).toBe(8);
    expect(await store.charge(request)).toBeNull();
    expect(await store.charge({ ...request, credits: 1 })).toBeNull();
    expect(await store.getBalance(org.id)).toBe(8);

    // The same request id racing from several connections: exactly one wins.
    const other = h.open();
    extraStores.push(other);
    const racing = { ...request, requestId: requestId() };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? other : store).charge(racing)),
    );
    expect(results.filter((r) => r !== null)).toEqual([6]);
    expect(await store.getBalance(org.id)).toBe(6);
    expect((await store.ledger(org.id)).filter((e) => e.kind === 'charge')).toHaveLength(2);
  });

  it('takes back an undelivered charge once: its ledger row goes and its credits return', async () => {
    const { org, key } = await orgWithKey(5);
    const id = requestId();
    expect(await store.charge({ orgId: org.id, keyId: key.id, requestId: id, pages: 3, credits: 3 })).toBe(2);
    const racing = await Promise.all([store, h.open()].map((s, i) => (i && extraStores.push(s), s.uncharge(id))));
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(await store.uncharge(id)).toBe(false);
    expect(await store.getBalance(org.id)).toBe(5);
    expect((await store.ledger(org.id)).map((e) => e.kind)).toEqual(['topup']);
  });

  it('creates the first-run organization only while there is none', async () => {
    await orgWithKey(1);
    expect(await store.createFirstOrganization('default', 100)).toBeNull();
  });

  it('admits exactly the affordable charges among 50 concurrent ones from two instances', async () => {
    const { org, key } = await orgWithKey(10);
    const other = h.open();
    extraStores.push(other);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? other : store).charge({ orgId: org.id, keyId: key.id, requestId: requestId(), pages: 1, credits: 1 }),
      ),
    );
    const admitted = results.filter((r): r is number => r !== null);
    expect(admitted).toHaveLength(10);
    expect(admitted.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await store.getBalance(org.id)).toBe(0);
    const charges = (await store.ledger(org.id)).filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(10);
  });

  it('records who, what and when in the ledger, newest first', async () => {
    const { org, key } = await orgWithKey(5);
    const before = Date.now();
    await store.addCredits(org.id, 7);
    const rid = requestId();
    await store.charge({ orgId: org.id, keyId: key.id, requestId: rid, pages: 3, credits: 4 });

    const entries = await store.ledger(org.id);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      orgId: org.id,
      keyId: key.id,
      requestId: rid,
      kind: 'charge',
      pages: 3,
      credits: -4,
      balanceAfter: 8,
    });
    expect(entries[1]).toMatchObject({
      kind: 'topup',
      keyId: null,
      requestId: null,
      pages: null,
      credits: 7,
      balanceAfter: 12,
    });
    expect(entries[2]).toMatchObject({ kind: 'topup', credits: 5, balanceAfter: 5 });
    expect(entries[0]!.id).toBeGreaterThan(entries[1]!.id);
    expect(entries[1]!.id).toBeGreaterThan(entries[2]!.id);
    for (const e of entries) {
      expect(new Date(e.createdAt).toISOString()).toBe(e.createdAt);
      expect(Date.parse(e.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
    }
    expect(await store.ledger(org.id, 1)).toEqual([entries[0]]);

    // No top-up entry for an organization created without credits.
    const { org: empty } = await orgWithKey(0);
    expect(await store.ledger(empty.id)).toEqual([]);
  });

  describe('rate limit (3 per 60 s)', () => {
    const LIMIT = 3;
    const WINDOW = 60_000;
    const T0 = 1_700_000_000_000;

    it('refuses the 4th request with the time until the oldest one expires', async () => {
      const { org } = await orgWithKey(0);
      const hit = (at: number) => store.hitRateLimit(org.id, LIMIT, WINDOW, at);
      expect(await hit(T0)).toEqual({ allowed: true });
      expect(await hit(T0 + 1_000)).toEqual({ allowed: true });
      expect(await hit(T0 + 2_000)).toEqual({ allowed: true });
      expect(await hit(T0 + 3_000)).toEqual({ allowed: false, retryAfterSeconds: 57 });
      // Rounded up to whole seconds, and never below 1.
      expect(await hit(T0 + 59_500)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect(await hit(T0 + 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    });

    it('does not count refusals, and frees a slot as the window slides', async () => {
      const { org } = await orgWithKey(0);
      const hit = (at: number) => store.hitRateLimit(org.id, LIMIT, WINDOW, at);
      await hit(T0);
      await hit(T0 + 1_000);
      await hit(T0 + 2_000);
      for (let t = T0 + 3_000; t < T0 + 60_000; t += 10_000) expect((await hit(t)).allowed).toBe(false);
      // T0 has just left the window. Had the refusals been recorded, the window would still be full.
      expect(await hit(T0 + 60_000)).toEqual({ allowed: true });
      // Full again: now T0 + 1 s is the oldest admitted request.
      expect(await hit(T0 + 60_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect(await hit(T0 + 61_000)).toEqual({ allowed: true });
      // Expired events are pruned: only the three in the current window remain.
      const rows = await h.query(`SELECT at_ms FROM rate_events WHERE org_id = '${org.id}' ORDER BY at_ms`);
      expect(rows.map((r) => Number(r.at_ms))).toEqual([T0 + 2_000, T0 + 60_000, T0 + 61_000]);
    });

    it('waits for the (n - limit + 1)-th oldest request when more than limit are in the window', async () => {
      const { org } = await orgWithKey(0);
      for (const dt of [0, 10_000, 20_000]) await store.hitRateLimit(org.id, LIMIT, WINDOW, T0 + dt);
      // Under a lower limit of 2, a slot frees only when the second oldest (T0 + 10 s) expires.
      expect(await store.hitRateLimit(org.id, 2, WINDOW, T0 + 30_000)).toEqual({
        allowed: false,
        retryAfterSeconds: 40,
      });
    });

    it('is shared by the keys of an organization and separate between organizations', async () => {
      const { org, key: first } = await orgWithKey(0);
      const second = await store.createKey(org.id);
      const { org: otherOrg, key: otherKey } = await orgWithKey(0);
      // The service limits whatever organization a key authenticates to.
      const hitAs = async (plaintext: string, at: number) => {
        const auth = await store.authenticate(plaintext);
        if (!auth) throw new Error('key did not authenticate');
        return store.hitRateLimit(auth.orgId, LIMIT, WINDOW, at);
      };
      expect(await hitAs(first.key, T0)).toEqual({ allowed: true });
      expect(await hitAs(second.key, T0 + 1)).toEqual({ allowed: true });
      expect(await hitAs(first.key, T0 + 2)).toEqual({ allowed: true });
      expect((await hitAs(second.key, T0 + 3)).allowed).toBe(false);
      expect((await hitAs(first.key, T0 + 4)).allowed).toBe(false);
      for (let i = 0; i < LIMIT; i++) expect(await hitAs(otherKey.key, T0 + 5 + i)).toEqual({ allowed: true });
      expect((await hitAs(otherKey.key, T0 + 10)).allowed).toBe(false);
      expect(otherOrg.id).not.toBe(org.id);
    });

    it('admits exactly the limit among concurrent requests from two instances', async () => {
      const { org } = await orgWithKey(0);
      const other = h.open();
      extraStores.push(other);
      const decisions = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? other : store).hitRateLimit(org.id, 5, WINDOW, T0 + i)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    });

    it('throws NotFoundError for an unknown organization', async () => {
      await expect(store.hitRateLimit('org_doesnotexist00', LIMIT, WINDOW, T0)).rejects.toThrow(NotFoundError);
    });
  });
});

describe('openStore', () => {
  it('picks PostgreSQL for postgres URLs and SQLite for anything else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-open-'));
    const stores = [
      openStore('postgres://postgres@127.0.0.1:5432/test'),
      openStore('postgresql://postgres@127.0.0.1:5432/test'),
      openStore(join(dir, 'quire.db')),
    ];
    try {
      expect(stores.map((s) => s.constructor)).toEqual([PostgresStore, PostgresStore, SqliteStore]);
    } finally {
      for (const s of stores) await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
