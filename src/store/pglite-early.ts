/**
 * Imported by the start's entry point right after the Node version check (src/main.ts, and the build's
 * dist/src/main.js before it loads the bundle): when the embedded store will be used (no DATABASE_URL), PGlite's
 * WebAssembly worker starts booting on the other core now, while the main thread loads the application, instead of
 * when the store opens. The compile itself still waits for the store's open (src/store/pglite-wasm.ts says why).
 * A start that ends up not opening the store (a configuration error) is not held open by the waiting worker.
 */
import { startPgliteWasmWorker } from './pglite-wasm.js';

if (!process.env.DATABASE_URL) startPgliteWasmWorker();
