/**
 * vitest globalSetup: one PostgreSQL server for the whole run, handed to test files as inject('postgresUrl')
 * (test/support/database.ts wraps it). TEST_DATABASE_URL, when set, names an existing server to use instead.
 * No server found is an error, never a skip: the PostgreSQL backend must be tested.
 *
 * Also the run's migrated templates, made once instead of once per test file: a PGlite directory with every
 * migration applied (inject('pgliteTemplateDir'), copied by migratedDataDir(); and as an archive for in-memory stores,
 * inject('pgliteTemplateArchive')), and a PostgreSQL database with every
 * migration applied (inject('postgresTemplate'), cloned with CREATE DATABASE ... TEMPLATE by createMigratedTestDatabase()).
 * The migrations themselves stay tested on empty databases (test/store), which is where they are the subject.
 *
 * And the compiled build (`npm run build`, when src/ is newer than dist/), which servers started as their own process
 * run by default (test/push/child-server.ts): built here, beside the templates, rather than inside a test that would
 * wait for it within its timeout. A run of the unit project alone builds nothing.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../../src/store/migrations.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import { ensureBuilt } from '../production/build.js';
import { startPostgres } from './postgres.js';

const execFileAsync = promisify(execFile);

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL server for this run; create a database per test file. */
    postgresUrl: string;
    /** Name of a database on that server with every migration applied, to clone (no one stays connected to it). */
    postgresTemplate: string;
    /** A closed PGlite directory with every migration applied, to copy (never to open in place). */
    pgliteTemplateDir: string;
    /** The same data directory as a PGlite archive (dumpDataDir), for in-memory stores (StoreOptions.pgliteArchive). */
    pgliteTemplateArchive: string;
  }
}

const silent = { info: () => undefined, warn: () => undefined };

async function makePgliteTemplate(): Promise<{ dir: string; archive: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'carrier-pglite-template-'));
  const dir = join(root, 'db');
  const archive = join(root, 'db.tar');
  await execFileAsync('node_modules/.bin/tsx', ['test/support/make-pglite-template.ts', dir, archive], { timeout: 180_000 });
  return { dir, archive, remove: () => rm(root, { recursive: true, force: true }) };
}

async function makePostgresTemplate(url: string): Promise<{ name: string; remove(): Promise<void> }> {
  const name = `template_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const store = await openPostgresStore(target.toString(), silent);
  try {
    await applyMigrations(store, silent);
  } finally {
    await store.close();
  }
  return { name, remove: () => admin(`DROP DATABASE IF EXISTS ${name}`) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pglite = makePgliteTemplate();
  pglite.catch(() => undefined);
  const startsServers = project.vitest.projects.some((selected) => selected.name !== 'unit');
  const built = startsServers ? ensureBuilt() : Promise.resolve();
  built.catch(() => undefined);
  const external = process.env.TEST_DATABASE_URL;
  let url: string;
  let stopServer: () => Promise<void> = async () => undefined;
  let onExit: (() => void) | undefined;
  if (external) {
    url = external;
  } else {
    const server = await startPostgres();
    url = server.url;
    // If the run dies without teardown, do not leave a postgres running.
    onExit = (): void => server.stopSync();
    process.once('exit', onExit);
    stopServer = () => server.stop();
  }
  const postgresTemplate = await makePostgresTemplate(url);
  const pgliteTemplate = await pglite;
  await built;
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', postgresTemplate.name);
  project.provide('pgliteTemplateDir', pgliteTemplate.dir);
  project.provide('pgliteTemplateArchive', pgliteTemplate.archive);
  return async () => {
    await pgliteTemplate.remove();
    // The run's own temporary directory in memory (vitest.config.ts), with whatever a test left in it.
    if (process.env.CARRIER_TESTS_OWN_TMPDIR === '1' && process.env.TMPDIR) await rm(process.env.TMPDIR, { recursive: true, force: true });
    if (external) await postgresTemplate.remove().catch(() => undefined);
    if (onExit) process.off('exit', onExit);
    await stopServer();
  };
}
