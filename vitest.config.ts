import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One PostgreSQL server for the run (test/support/global-setup.ts); each file creates its own database.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
