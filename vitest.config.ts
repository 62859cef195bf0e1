import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The PostgreSQL server of the run: QUIRE_TEST_DATABASE_URL, or an embedded one.
    globalSetup: ['test/setup/postgres.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Server tests spawn worker processes; running files one after another keeps a 2-core box calm.
    fileParallelism: false,
  },
});
