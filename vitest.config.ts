import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (index.js, what Node's own resolver and @apollo/subgraph load) and ESM (index.mjs, what
    // Vite would pick). Two copies in one process break instanceof checks (the router's `_entities` fails with
    // "Cannot use GraphQLObjectType from another module or realm"), so tests load the one Node loads in production.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    // One PostgreSQL server for the run (test/support/global-setup.ts); each file creates its own database.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
