import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Server tests spawn worker threads; running files one after another keeps a 2-core box calm.
    fileParallelism: false,
  },
});
