// Entry point of the persistence layer: picks the back end from the configured database value.
import { PostgresStore } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import type { Store } from './store.js';

export * from './store.js';
export { PostgresStore, type PostgresStoreOptions } from './postgres.js';
export { SqliteStore } from './sqlite.js';

/** `postgres://` or `postgresql://` URLs open PostgreSQL; anything else is a SQLite file path. */
export function openStore(database: string): Store {
  if (/^postgres(ql)?:\/\//.test(database)) return new PostgresStore(database);
  return new SqliteStore(database);
}
