/**
 * Makes the bundle's files ASCII only, so that V8 keeps each one's source text one byte a character.
 *
 * V8 keeps the source of every module it loads (functions are compiled lazily from it), and a source holding a
 * single character above U+00FF is kept two bytes a character in full. esbuild already writes strings, templates
 * and identifiers as ASCII escapes; what it leaves are comments (typographic apostrophes in undici's comments) and
 * regular expression literals (a dependency's `/[‘“!^<>`\n]/`), which put the 2.2 and 2.7 MB chunks a start loads in
 * two-byte strings: about 5 MB more of the heap for as long as the process runs.
 *
 * Each non-ASCII character (of the Basic Multilingual Plane) is written as its `\uXXXX` escape: the same program in a
 * comment, a regular expression, a string or an identifier. It would change a tagged template's raw text, so a file
 * with one there (found by TypeScript's parser, which the build already has) is left as it is, as is one holding a
 * character beyond U+FFFF (its escape differs between a regular expression and an identifier); the build says so.
 * Then esbuild prints the rewritten file and the original without comments or whitespace: the first must equal the
 * second with the same escapes, or the build fails.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';
import ts from 'typescript';

const NON_ASCII = /[^\x00-\x7f]/g;
const HAS_NON_ASCII = /[^\x00-\x7f]/;
const SURROGATE = /[\ud800-\udfff]/;

/** `text` with every UTF-16 code unit above 0x7f written as `\uXXXX`. */
export function escapeNonAscii(text) {
  return text.replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Whether a tagged template of the module `text` holds a non-ASCII character (its raw text would change). */
function taggedTemplateHoldsNonAscii(text) {
  const file = ts.createSourceFile('chunk.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  let found = false;
  const visit = (node) => {
    if (found) return;
    if (ts.isTaggedTemplateExpression(node) && HAS_NON_ASCII.test(text.slice(node.template.getStart(file), node.template.end))) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The code of `text` as esbuild prints it minified: no comments, strings and identifiers escaped to ASCII. */
async function printed(text) {
  return (await transform(text, { format: 'esm', charset: 'ascii', platform: 'node', minifyWhitespace: true, logLevel: 'silent' })).code;
}

/**
 * Rewrites every `.js` file of `dir` that holds a non-ASCII character; returns the names of the files it left as they
 * were (see above).
 */
export async function asciiOnly(dir) {
  const left = [];
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.js'))) {
    const path = join(dir, name);
    const source = await readFile(path, 'utf8');
    if (!HAS_NON_ASCII.test(source)) continue;
    if (SURROGATE.test(source) || taggedTemplateHoldsNonAscii(source)) {
      left.push(name);
      continue;
    }
    const escaped = escapeNonAscii(source);
    if ((await printed(escaped)) !== escapeNonAscii(await printed(source))) {
      throw new Error(`bundle-ascii: escaping ${name}'s non-ASCII characters would change its code`);
    }
    await writeFile(path, escaped);
  }
  return left;
}
