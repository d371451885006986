/** For test files: a fresh PostgreSQL database on the run's server (see global-setup.ts). */
import { inject } from 'vitest';
import { createTestDatabase } from './postgres.js';

export async function createPostgresTestDatabase(): Promise<string> {
  return createTestDatabase(inject('postgresUrl'));
}
