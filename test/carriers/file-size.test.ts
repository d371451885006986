/**
 * The house stays easy to read: no source file under src/ is longer than about 400 lines unless its opening comment
 * says why (a line containing "Longer than 400 lines because"). A file that grows past it is split along its seams (a
 * types file, the rows apart from the queries, one file per job), or keeps a reason a reader accepts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 400;
const REASON = 'Longer than 400 lines because';

/** Not held to the bound: src/generated is written by `npm run codegen` from schema/*.graphql and never edited by hand. */
const EXEMPT = new Set(['src/generated/graphql.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The comment a file opens with (after its imports, if the comment follows them): its first block comment. */
function openingComment(text: string): string {
  return /\/\*[\s\S]*?\*\//.exec(text)?.[0] ?? '';
}

function tooLong(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([file]) => !EXEMPT.has(file))
    .map(([file, text]) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), text }))
    .filter(({ lines, text }) => lines > MAX_LINES && !openingComment(text).includes(REASON))
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

describe(`no file under src/ over ${MAX_LINES} lines without a reason in its opening comment`, () => {
  it('every file is short, or says why it is not', () => {
    const files = new Map(sourceFiles('src').map((file) => [file, readFileSync(join(ROOT, file), 'utf8')] as const));
    expect(files.size).toBeGreaterThan(200);
    expect(tooLong(files)).toEqual([]);
  });

  it('the check finds a long file, and accepts one whose opening comment gives its reason', () => {
    const long = Array.from({ length: MAX_LINES + 1 }, (_, i) => `export const a${i} = ${i};`).join('\n') + '\n';
    const files = new Map([
      ['src/services/long.ts', long],
      ['src/services/explained.ts', `/**\n * One table of codes. ${REASON} the table is the seed's, row for row.\n */\n${long}`],
      ['src/services/short.ts', 'export const b = 1;\n'],
    ]);
    expect(tooLong(files)).toEqual([`src/services/long.ts: ${MAX_LINES + 1} lines`]);
  });
});
