// `quire serve`: the service. On an empty database it creates a first organization and prints its key.
import { buildApp } from '../api/app.js';
import type { Config } from '../config.js';
import { openStore } from '../store/index.js';
import { createPools } from '../workers/pool.js';

const FIRST_ORG_CREDITS = 100;

export async function serve(config: Config): Promise<void> {
  const store = openStore(config.database);
  await store.migrate();
  // Once, even when several replicas start together on an empty database.
  const first = await store.createFirstOrganization('default', FIRST_ORG_CREDITS);
  if (first) {
    console.log(`Created organization ${first.organization.id} with ${FIRST_ORG_CREDITS} credits. Its API key (shown once):\n\n  ${first.key.key}\n`);
  }
  const pools = createPools(config);
  const app = await buildApp({ config, store, pools, logger: { level: process.env.QUIRE_LOG_LEVEL ?? 'info' } });
  const shutdown = async () => {
    await app.close();
    await pools.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ host: config.host, port: config.port });
}
