/** For test files: a fresh PostgreSQL database on the run's server (see global-setup.ts), and the two stores to run on. */
import { inject } from 'vitest';
import type { StoreOptions } from '../../src/store/store.js';
import { createTestDatabase } from './postgres.js';

export async function createPostgresTestDatabase(): Promise<string> {
  return createTestDatabase(inject('postgresUrl'));
}

/** One store a storage test runs against: as openStore options, or as the server's environment. */
export interface StoreBackend {
  name: 'pglite' | 'postgres';
  /** A database server (several connections, LISTEN across connections, SKIP LOCKED between sessions). */
  server: boolean;
  options(): Promise<StoreOptions>;
  env(): Promise<Record<string, string>>;
}

/** Embedded PGlite in memory, and a fresh database on the suite's PostgreSQL: for `describe.each`. */
export const STORE_BACKENDS: readonly StoreBackend[] = [
  { name: 'pglite', server: false, options: async () => ({ dataDir: 'memory://' }), env: async () => ({}) },
  {
    name: 'postgres',
    server: true,
    options: async () => ({ databaseUrl: await createPostgresTestDatabase() }),
    env: async () => ({ DATABASE_URL: await createPostgresTestDatabase() }),
  },
];
