/**
 * Run as its own process by global-setup.ts: `tsx test/support/make-pglite-template.ts <dir> <archive>` initialises a
 * PGlite directory and applies every migration, then writes the same data directory as an archive (PGlite's
 * dumpDataDir). Test servers start on a copy of the directory (migratedDataDir() in database.ts), in-memory test stores
 * from the archive (STORE_BACKENDS), instead of each running PGlite's initdb and the migrations again. A child process,
 * not the vitest process itself: opening PGlite sets process-wide V8 flags for WebAssembly (see pglite-store.ts).
 */
import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from '../../src/store/pglite-store.js';
import { openStore } from '../../src/store/store.js';

const [dir, archive] = process.argv.slice(2);
if (!dir || !archive) throw new Error('usage: make-pglite-template.ts <dir> <archive>');
const store = await openStore({ dataDir: dir });
await store.close();
const db = await PGlite.create(dir, { startParams: pgliteStartParams() });
try {
  await writeFile(archive, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
} finally {
  await db.close();
}
