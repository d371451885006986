/**
 * Run as its own process by global-setup.ts: `tsx test/support/make-pglite-template.ts <dir>` initialises a PGlite
 * directory and applies every migration, then closes it. Test servers start on a copy of it (migratedDataDir() in
 * database.ts) instead of each running PGlite's initdb and the migrations again. A child process, not the vitest
 * process itself: opening PGlite sets process-wide V8 flags for WebAssembly (see pglite-store.ts).
 */
import { openStore } from '../../src/store/store.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: make-pglite-template.ts <dir>');
const store = await openStore({ dataDir: dir });
await store.close();
