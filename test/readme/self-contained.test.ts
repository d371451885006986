/**
 * The README and the docs are true for a clone of this repository alone: every relative link resolves to a file in
 * the repository, nothing points at `../shared` (the specification and design documents are not part of a clone) or
 * at a design document outside it, and the upstream contracts a user needs are in docs/upstreams.md.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERNAL_WORDS } from '../support/internal-words.js';

const ROOT = process.cwd();
const DOCUMENTS = ['README.md', 'sandbox/README.md', ...globSync('docs/*.md')];

/** Markdown links `[text](target)` and bare code-span paths `` `../x/y` `` that name a place on disk. */
function linksOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^(https?:|mailto:|#)/.test(target));
}

describe('README and docs are self-contained', () => {
  it('every relative link of README.md, sandbox/README.md and docs/*.md resolves inside the repository', () => {
    const broken: string[] = [];
    for (const file of DOCUMENTS) {
      for (const target of linksOf(file)) {
        const path = normalize(join(dirname(join(ROOT, file)), target.split('#')[0]!));
        const inside = !relative(ROOT, path).startsWith('..');
        if (!inside || !existsSync(path)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('nothing names ../shared, and the README names no design document outside the repository', () => {
    const found = DOCUMENTS.flatMap((file) => (readFileSync(join(ROOT, file), 'utf8').includes('../shared') ? [`${file}: ../shared`] : []));
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const outside of ['DESIGN.md', 'STYLE.md', '/work/']) if (readme.includes(outside)) found.push(`README.md: ${outside}`);
    expect(found).toEqual([]);
  });

  it('the README points at docs/upstreams.md, which covers every upstream the subgraph connects', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(docs/upstreams.md)');
    const upstreams = readFileSync(join(ROOT, 'docs/upstreams.md'), 'utf8');
    for (const heading of ['## Group A', '## Carrier B', '## The dark-store network', '## The analytics bridge']) expect(upstreams).toContain(heading);
  });

  it('the README and the docs but the assumptions file speak to their readers: no issue numbers, seed file names or assumption ids', () => {
    // Pointing at docs/assumptions.md (in the repository) is fine; its row ids are ours, not the reader's.
    const words = INTERNAL_WORDS.filter((w) => !w.pattern.test('docs/assumptions.md'));
    const found: string[] = [];
    for (const file of ['README.md', ...globSync('docs/*.md').filter((doc) => doc !== 'docs/assumptions.md')]) {
      for (const [n, line] of readFileSync(join(ROOT, file), 'utf8').split('\n').entries()) {
        for (const { what, pattern } of words) {
          const match = pattern.exec(line);
          if (match) found.push(`${file}:${n + 1}: ${what} ("${match[0]}")`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('no document names an issue number, the specification files or a path outside the repository', () => {
    // docs/assumptions.md keeps its own row ids (its reason to exist), so ids are not looked for here.
    const words = [
      { what: 'an issue number', pattern: /\bissues? ?#?\d+/i },
      { what: 'the specification files', pattern: /\bseeds\b|\bseed 00\d/i },
      { what: 'a path outside the repository', pattern: /\.\.\/shared|\bDESIGN\.md\b|\bSTYLE\.md\b/ },
    ];
    const found: string[] = [];
    for (const file of DOCUMENTS) {
      for (const [n, line] of readFileSync(join(ROOT, file), 'utf8').split('\n').entries()) {
        for (const { what, pattern } of words) {
          const match = pattern.exec(line);
          if (match) found.push(`${file}:${n + 1}: ${what} ("${match[0]}")`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
