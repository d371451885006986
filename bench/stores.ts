/**
 * The stores a bench measures the server on, each run on a fresh one: embedded PGlite (a fresh DATA_DIR, the bench's
 * own) and PostgreSQL (DATABASE_URL's server, a new database per run, else a throwaway server from the machine's
 * binaries, as the tests start one). `variable` names the bench's own selection (default `pglite,postgres`).
 */
import type { StoreOptions } from '../src/store/store.js';
import { createTestDatabase, findPostgresBinDir, startPostgres } from '../test/support/postgres.js';

export interface StoreUnderTest {
  name: string;
  /** A fresh, empty store: the server's environment and the bench's own openStore options. */
  fresh(): Promise<{ env: Record<string, string>; options: StoreOptions }>;
}

export async function storesUnderTest(variable: string): Promise<{ list: StoreUnderTest[]; notes: string[]; stop(): Promise<void> }> {
  const wanted = new Set((process.env[variable] ?? 'pglite,postgres').split(',').map((s) => s.trim()));
  const list: StoreUnderTest[] = [];
  const notes: string[] = [];
  let stop = async () => {};
  if (wanted.has('pglite')) list.push({ name: 'embedded PGlite', fresh: async () => ({ env: {}, options: {} }) });
  if (wanted.has('postgres')) {
    let base = process.env.DATABASE_URL;
    let label = 'PostgreSQL (DATABASE_URL)';
    if (!base && findPostgresBinDir()) {
      const pg = await startPostgres();
      base = pg.url;
      label = 'PostgreSQL (local throwaway server)';
      stop = () => pg.stop();
    }
    if (base) {
      const server = base;
      list.push({
        name: label,
        fresh: async () => {
          const url = await createTestDatabase(server);
          return { env: { DATABASE_URL: url }, options: { databaseUrl: url } };
        },
      });
    } else notes.push('PostgreSQL: skipped (no DATABASE_URL and no PostgreSQL binaries found)');
  }
  return { list, notes, stop };
}
