/**
 * Error and log messages are read by people who have only the API and this repository: no issue numbers, seed file
 * names, assumption ids or paths outside the repository in any string the code under src/ builds (comments may keep
 * them: they are for us). The same words the schema's descriptions are checked for (descriptions.test.ts).
 */
import { readFileSync, globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { internalWordsIn } from '../support/internal-words.js';

/** The string literals of a source file, comments left out (a line comment, a block comment, a JSDoc line). */
function stringsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return [...code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]);
}

describe('messages speak to the people who read them', () => {
  it('no string under src/ (error, log and user-error messages) names an issue, a seed, an assumption id or ../shared', () => {
    const found: string[] = [];
    for (const file of globSync('src/**/*.ts').filter((f) => !f.startsWith('src/generated/'))) {
      for (const literal of stringsOf(readFileSync(file, 'utf8'))) {
        // Import specifiers ('../shared.js' is a module of ours) and short identifiers are not messages.
        if (/^['"`][./@a-z0-9_-]*['"`]$/i.test(literal)) continue;
        for (const what of internalWordsIn(literal)) found.push(`${file}: ${what} in ${literal.slice(0, 100)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
