// A namespace import: under an older Node (no enableCompileCache) this module must still load, so that the entry
// point's version check can say "Node 24 is required" instead of a link error naming this file.
import * as nodeModule from 'node:module';

/**
 * Node's compile cache (V8 code cache on disk) for every module loaded after this one: a start on a machine that has
 * started the subgraph before reads the compiled application instead of compiling its ~300 modules and their
 * dependencies again (about a quarter of a start's CPU). Loaded first by the preload (tracing.ts), so the whole
 * application benefits. Node's own variables choose: NODE_COMPILE_CACHE the directory (default: node-compile-cache in
 * the OS temporary directory), NODE_DISABLE_COMPILE_CACHE=1 none. A directory that cannot be written only means no
 * cache: Node reports it in the returned status and the start goes on compiling as before.
 */
nodeModule.enableCompileCache?.();
