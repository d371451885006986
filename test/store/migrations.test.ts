import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { InternalStore } from '../../src/store/internal.js';
import { applyMigrations, loadMigrations, type Migration } from '../../src/store/migrations.js';
import { openPgliteStore } from '../../src/store/pglite-store.js';

const silent = { info: () => undefined, warn: () => undefined };

function migration(version: number, name: string, sql: string): Migration {
  return { version, name, sql, checksum: `${version}:${sql}` };
}

describe('loadMigrations', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function dirWith(files: Record<string, string>): Promise<URL> {
    dir = await mkdtemp(join(tmpdir(), 'carrier-migrations-'));
    for (const [file, sql] of Object.entries(files)) await writeFile(join(dir, file), sql);
    return pathToFileURL(`${dir}/`);
  }

  it('orders files by version and ignores files that are not .sql', async () => {
    const url = await dirWith({ '010_later.sql': 'SELECT 10;', '002_first.sql': 'SELECT 2;', 'README.md': '' });
    const loaded = await loadMigrations(url);
    expect(loaded.map((m) => [m.version, m.name])).toEqual([
      [2, 'first'],
      [10, 'later'],
    ]);
  });

  it('rejects a misnamed .sql file instead of skipping it', async () => {
    await expect(loadMigrations(await dirWith({ 'quota.sql': 'SELECT 1;' }))).rejects.toThrow(/NNN_lower_snake_name/);
  });

  it('rejects two files with one version', async () => {
    await expect(loadMigrations(await dirWith({ '001_a.sql': '', '001_b.sql': '' }))).rejects.toThrow(/share version 1/);
  });

  it('the shipped migrations directory loads', async () => {
    const shipped = await loadMigrations();
    expect(shipped[0]).toMatchObject({ version: 1, name: 'quota' });
  });
});

describe('applyMigrations', () => {
  let store: InternalStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('a failing migration rolls back every migration of the run', async () => {
    store = await openPgliteStore('memory://', silent);
    const run = [migration(1, 'a', 'CREATE TABLE a (id int);'), migration(2, 'b', 'CREATE TABLE b (;')];
    await expect(applyMigrations(store, silent, run)).rejects.toThrow();
    const { rows } = await store.query("SELECT to_regclass('a') IS NULL AS no_a, to_regclass('schema_migrations') IS NULL AS no_log");
    expect(rows).toEqual([{ no_a: true, no_log: true }]);
  });

  it('applies only what is pending, multi-statement files included, and warns when an applied file changed', async () => {
    store = await openPgliteStore('memory://', silent);
    const first = migration(1, 'a', 'CREATE TABLE a (id int);\nINSERT INTO a VALUES (1);');
    expect(await applyMigrations(store, silent, [first])).toEqual([1]);
    const second = migration(2, 'b', 'CREATE TABLE b (id int);');
    expect(await applyMigrations(store, silent, [first, second])).toEqual([2]);
    const warnings: object[] = [];
    const logger = { info: () => undefined, warn: (obj: object) => void warnings.push(obj) };
    expect(await applyMigrations(store, logger, [{ ...first, checksum: 'edited' }, second])).toEqual([]);
    expect(warnings).toEqual([{ version: 1, name: 'a' }]);
    expect((await store.query('SELECT id FROM a')).rows).toEqual([{ id: 1 }]);
  });
});
