/**
 * scripts/bundle-ascii.mjs: the bundle's chunks are rewritten ASCII only (V8 keeps a source with one character above
 * U+00FF two bytes a character), and the rewrite is the same program: comments, regular expressions, strings and
 * identifiers take `\uXXXX` escapes; a file whose tagged template holds such a character is left alone.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript build script without declarations
import { asciiOnly } from '../../scripts/bundle-ascii.mjs';

describe('the bundle written ASCII only', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bundle-ascii-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it("comments, regular expressions, strings and identifiers get \\u escapes, and the module computes the same", async () => {
    const source = [
      '// Returns response’s type — a comment',
      'const invalid = /[‘“!^<>`\\n]/;',
      "const café = 'l’été';",
      'const t = `x’${café}`;',
      'export const out = [invalid.test("‘"), invalid.test("a"), café, t, café.length];',
      '',
    ].join('\n');
    await writeFile(join(dir, 'chunk.js'), source);
    const expected = (await import(`data:text/javascript,${encodeURIComponent(source)}`)).out;
    expect(await asciiOnly(dir)).toEqual([]);
    const written = await readFile(join(dir, 'chunk.js'), 'utf8');
    expect(written).not.toMatch(/[^\x00-\x7f]/);
    expect((await import(`data:text/javascript,${encodeURIComponent(written)}`)).out).toEqual(expected);
  });

  it("a file whose tagged template holds a non-ASCII character is left as it was (its raw text would change)", async () => {
    const source = 'export const raw = String.raw`l’été`;\n';
    await writeFile(join(dir, 'tagged.js'), source);
    await writeFile(join(dir, 'plain.js'), 'export const a = 1;\n');
    expect(await asciiOnly(dir)).toEqual(['tagged.js']);
    expect(await readFile(join(dir, 'tagged.js'), 'utf8')).toBe(source);
  });
});
