/**
 * vitest globalSetup: one PostgreSQL server for the whole run, handed to test files as inject('postgresUrl')
 * (test/support/database.ts wraps it). TEST_DATABASE_URL, when set, names an existing server to use instead.
 * No server found is an error, never a skip: the PostgreSQL backend must be tested.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL server for this run; create a database per test file. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresUrl', external);
    return async () => undefined;
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  // If the run dies without teardown, do not leave a postgres running.
  const onExit = (): void => server.stopSync();
  process.once('exit', onExit);
  return async () => {
    process.off('exit', onExit);
    await server.stop();
  };
}
