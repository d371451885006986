/**
 * start:prod's V8 flag (SR5): `--no-memory-reducer` keeps V8 from shrinking the heap on its own after a busy spell.
 * V8 keys its code caches (Node's built-in one, and NODE_COMPILE_CACHE's) by a hash of the flags set; a flag counted in
 * that hash would make Node compile its own modules again at every start (SU2). This one is left out of the hash, which
 * `v8.cachedDataVersionTag()` shows on the node the project runs.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProdNodeArgs } from './node-flags.js';

const NODE = resolve('node_modules/.bin/node');

function cacheTag(flags: readonly string[]): string {
  return execFileSync(NODE, [...flags, '-p', "require('node:v8').cachedDataVersionTag()"], { encoding: 'utf8' }).trim();
}

describe('start:prod node flags', () => {
  it("leave V8's code cache tag as node's defaults have it (so Node's built-in code cache is used), where a flag that counts changes it", () => {
    const v8Flags = startProdNodeArgs().filter((word) => word.startsWith('--') && word !== '--import');
    expect(v8Flags).toEqual(['--no-memory-reducer']);
    const defaults = cacheTag([]);
    expect(cacheTag(v8Flags)).toBe(defaults);
    // The check can tell: PGlite's WebAssembly flag, were it on the command line, would change the tag.
    expect(cacheTag(['--no-wasm-tier-up'])).not.toBe(defaults);
  });

  it("turn V8's memory reducer off: this node's V8 knows the flag and reads it as set", () => {
    const options = (flags: readonly string[]) => execFileSync(NODE, [...flags, '--v8-options'], { encoding: 'utf8' });
    const reducer = (text: string) => /--memory-reducer \(use memory reducer\)\n\s+type: bool\s+default: (\S+)/.exec(text)?.[1];
    // --v8-options prints each flag's value as the command line left it.
    expect(reducer(options([]))).toBe('--memory-reducer');
    expect(reducer(options(startProdNodeArgs().filter((word) => word.startsWith('--no-'))))).toBe('--no-memory-reducer');
  });
});
