/**
 * PGlite's WebAssembly (9 MB), compiled once per process on a worker thread and shared by every store the process
 * opens (PGlite caches it the same way when it compiles it itself). PGlite left to itself reads the file in 512 KB
 * chunks, one turn of the event loop each, and compiles only after the last, so behind a busy main thread it would not
 * even start; on a worker, reading the file and V8's synchronous part of the compile (80-220 ms here) overlap what the
 * main thread does meanwhile, and the main thread receives the compiled module (a WebAssembly.Module is shared between
 * threads, not copied).
 *
 * Two steps, so that a start can begin the first early (src/store/pglite-early.ts):
 * - `startPgliteWasmWorker` starts the worker: Node's worker bootstrap (~60 ms of the other core) and the file read.
 *   The worker then waits. It does not hold the process open while it waits.
 * - `compilePgliteWasm` (the store's open) sets the WebAssembly flags and lets the worker compile. The flags are set
 *   only then: V8 refuses Node's built-in code cache for a module compiled under flags other than the defaults, so a
 *   worker booting under them compiled Node's internals from source (~30 ms more), and so would every Node module the
 *   main thread loads after them (src/platform/node-modules.ts loads those first). Set at that point of the start,
 *   they are also the same for every start, for the application's own modules Node's compile cache holds.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';

export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

/**
 * Plain JavaScript evaluated in the worker, so it needs no TypeScript loader. After its bootstrap and the file read it
 * waits on a shared flag, not a message: a message would be read only when the main thread's event loop turns, and
 * during a start the main thread is busy loading the application for a hundred milliseconds or more. A process that
 * exits meanwhile stops it, wait and all.
 */
const COMPILE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const bytes = readFileSync(workerData.path);
Atomics.wait(workerData.go, 0, 0);
WebAssembly.compile(bytes).then((module) => parentPort.postMessage(module));
`;

interface CompileWorker {
  worker: Worker;
  /** Set to 1 (and notified) to let the worker compile. */
  go: Int32Array;
  /** The compiled module, once let go. */
  compiled: Promise<WasmModule>;
}

let waiting: CompileWorker | null = null;
let compiling: Promise<WasmModule> | null = null;

/** PGlite's entry point as this module resolves it, for code that loads PGlite on a worker thread by path. */
export function pgliteEntry(): string {
  return createRequire(import.meta.url).resolve('@electric-sql/pglite');
}

/** Beside PGlite's entry point, where PGlite itself looks for it (the package does not export the file's path). */
function wasmPath(): string {
  return join(dirname(pgliteEntry()), 'pglite.wasm');
}

function startWorker(): CompileWorker {
  const go = new Int32Array(new SharedArrayBuffer(4));
  // None of the process's node options: the preloads (`--import`) have nothing to do here, and `--input-type` would make
  // this CommonJS source a module.
  const worker = new Worker(COMPILE_WORKER, { eval: true, execArgv: [], workerData: { path: wasmPath(), go } });
  // Settled by the first event: once the module is posted the worker ends, and a main thread busy meanwhile sees the
  // message and the exit in the same turn, the message first.
  const compiled = new Promise<WasmModule>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PGlite's WebAssembly compile stopped (worker exit code ${String(code)})`)));
  });
  compiled.catch(() => undefined);
  // Waiting, it must not keep a process alive that has nothing else to do (a start refused by its configuration).
  // After the listeners: adding a 'message' listener refs the worker's port again.
  worker.unref();
  return { worker, go, compiled };
}

/** Starts the worker now (the compile waits for `compilePgliteWasm`); a second call does nothing. */
export function startPgliteWasmWorker(): void {
  if (!waiting && !compiling) waiting = startWorker();
}

/** PGlite's compiled WebAssembly: compiled on the first call (on the worker `startPgliteWasmWorker` started, if any). */
export function compilePgliteWasm(): Promise<WasmModule> {
  if (compiling) return compiling;
  const started = waiting ?? startWorker();
  waiting = null;
  started.worker.ref();
  wasmOnBaselineCompilerOnly();
  Atomics.store(started.go, 0, 1);
  Atomics.notify(started.go, 0);
  const result = started.compiled.finally(() => void started.worker.terminate());
  // Not fatal here: a failure reaches the caller (the store's open awaits it), and a later open compiles again.
  result.catch(() => {
    if (compiling === result) compiling = null;
  });
  compiling = result;
  return result;
}

/**
 * PGlite's WebAssembly stays on V8's baseline compiler (Liftoff): no TurboFan tier-up, whose compiled code and compile
 * zones cost ~70 MB of idle resident memory and ~340 MB of warm-up peak for no gain this store can show (SU2). Set here,
 * before the first compile, rather than on node's command line, where they made every Node module loaded during the
 * start compile from source (~60 ms of a start; a flag set now affects only what compiles after it). The flags are
 * process-wide: they also hold for the worker that runs a first start's initdb, and for any WebAssembly compiled later.
 */
let baselineOnly = false;
function wasmOnBaselineCompilerOnly(): void {
  if (baselineOnly) return;
  baselineOnly = true;
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}
