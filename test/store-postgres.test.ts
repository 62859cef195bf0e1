// PostgreSQL-only behaviour: replicas starting together all run migrate() on an empty database.
// Like store.test.ts, this fails (never skips) when the test run's server is unreachable.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { testDatabaseUrl } from './pg.js';

const PG_URL = testDatabaseUrl();

describe('PostgresStore migrations', () => {
  const schema = `quire_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const stores = Array.from({ length: 6 }, () => new PostgresStore(PG_URL, { schema }));

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await admin.end();
    }
  });

  it('lets several replicas create the schema at the same time', async () => {
    // Unserialized, concurrent CREATE ... IF NOT EXISTS fail on duplicate catalog entries.
    await Promise.all(stores.map((s) => s.migrate()));
    const org = await stores[0]!.createOrganization('replicated', 3);
    expect(await stores[5]!.getBalance(org.id)).toBe(3);
  });

  it('rejects schema names that would need quoting', () => {
    expect(() => new PostgresStore(PG_URL, { schema: 'x; DROP TABLE y' })).toThrow(RangeError);
    expect(() => new PostgresStore(PG_URL, { schema: 'Upper' })).toThrow(RangeError);
  });
});
