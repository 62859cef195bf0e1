// The PostgreSQL server of this test run (see test/setup/postgres.ts).
import { inject } from 'vitest';

export function testDatabaseUrl(): string {
  return inject('pgUrl');
}
