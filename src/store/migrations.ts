/**
 * Schema migrations: `migrations/NNN_name.sql`, applied in version order when a store opens and recorded in
 * `schema_migrations`. All pending files run in ONE transaction under a transaction-scoped advisory lock, so replicas
 * starting together on one PostgreSQL serialise here (the second sees the first's rows and applies nothing), and a
 * failing file leaves the schema as it was. PGlite supports the same lock, so there is one code path.
 * Consequences for authors: a file must not BEGIN/COMMIT itself, nor use statements that refuse to run inside a
 * transaction (CREATE INDEX CONCURRENTLY); never edit an applied file, add a new one.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { InternalStore } from './internal.js';
import type { StoreLogger } from './store-types.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/*
 * Resolved from this module so it works from src (tsx) and from dist, provided the build copies the .sql files; by way
 * of its parent, so it also holds in the bundle of dist/src/bundle/ (scripts/bundle.mjs), one level deep like this one.
 */
export const MIGRATIONS_DIR = new URL('../store/migrations/', import.meta.url);

const FILE_NAME = /^(\d{3,})_([a-z0-9_]+)\.sql$/;

/* Any constant works as long as every replica uses the same one; nothing else in the schema uses advisory locks on
 * this key. */
const MIGRATION_LOCK_KEY = 4_721_530_611;

export async function loadMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    // A misnamed file would otherwise be skipped silently and its schema never created.
    if (!match?.[1] || !match[2]) throw new Error(`migration file ${file} is not named NNN_lower_snake_name.sql`);
    const raw = await readFile(new URL(file, dir), 'utf8');
    const sql = raw.replace(/\r\n/g, '\n'); // a checkout with CRLF endings is the same migration
    migrations.push({
      version: Number(match[1]),
      name: match[2],
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i += 1) {
    const [prev, cur] = [migrations[i - 1], migrations[i]];
    if (prev && cur && prev.version === cur.version) throw new Error(`two migrations share version ${cur.version}`);
  }
  return migrations;
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

/**
 * The rows of `schema_migrations`, read without a transaction or lock; null when the table does not exist yet (a new
 * database). Enough to tell that nothing is pending: migrations are only ever added, so a version present stays present.
 */
async function readApplied(store: InternalStore): Promise<AppliedRow[] | null> {
  const { rows } = await store.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!rows[0]?.present) return null;
  return (await store.query<AppliedRow>('SELECT version, name, checksum FROM schema_migrations')).rows;
}

/** Warnings about what the database holds against the files: an edited file, versions from newer code. */
function warnAboutDrift(all: Migration[], rows: AppliedRow[], logger: StoreLogger): void {
  const files = new Map(all.map((m) => [m.version, m]));
  for (const row of rows) {
    const file = files.get(row.version);
    if (file && file.checksum !== row.checksum) {
      logger.warn({ version: file.version, name: file.name }, 'migration file changed after it was applied; add a new migration instead');
    }
  }
  const unknown = rows.filter((row) => !files.has(row.version)).map((row) => row.version);
  if (unknown.length > 0) logger.warn({ versions: unknown }, 'database has migrations this code does not know (a newer version ran here)');
}

/**
 * Applies pending migrations; returns the versions applied by this call (empty when up to date).
 * A restart on an up-to-date database only reads `schema_migrations`: no write transaction, and no wait on the migration
 * lock that another replica (possibly a newer version migrating further) may hold. Otherwise the pending files run as
 * described above, with a turn of the event loop between files so that a long migration does not hold it for its
 * whole length (PGlite runs SQL synchronously in this thread).
 */
export async function applyMigrations(
  store: InternalStore,
  logger: StoreLogger,
  migrations?: Migration[],
): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  const before = await readApplied(store);
  if (before) {
    const present = new Set(before.map((row) => row.version));
    if (all.every((m) => present.has(m.version))) {
      warnAboutDrift(all, before, logger);
      return [];
    }
  }
  const appliedNow = await store.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<AppliedRow>('SELECT version, name, checksum FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const versions: number[] = [];
    for (const m of all) {
      if (applied.has(m.version)) continue;
      await nextTurn();
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
      versions.push(m.version);
    }
    warnAboutDrift(all, rows, logger);
    return versions;
  });
  if (appliedNow.length > 0) logger.info({ versions: appliedNow }, 'migrations applied');
  return appliedNow;
}
