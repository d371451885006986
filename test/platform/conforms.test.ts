/**
 * src/platform/conforms.ts: the in-place check that lets a well-formed Carrier B track result skip zod's copy
 * (issue 12 item 2, assumption PC5). It must never be more lenient than the zod schema it is built from: whatever it
 * accepts, zod accepts with the same values; whatever it is unsure of goes to zod. Checked on every recorded Carrier B
 * track result and on thousands of deterministic mutations of them (a member removed, nulled, or given another type).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mapTrackResult } from '../../src/carriers/carrier-b/mapping.js';
import { completeTrackResultSchema, trackResultSchema } from '../../src/carriers/carrier-b/wire.js';
import { conformanceOf } from '../../src/platform/conforms.js';

type Json = Record<string, unknown>;
const FIXTURES = new URL('../fixtures/carrier-b/', import.meta.url);

/** Every track result of every recorded Carrier B track answer. */
function recordedTrackResults(): Json[] {
  const results: Json[] = [];
  for (const file of readdirSync(FIXTURES).filter((name) => name.startsWith('track') && name.endsWith('.json'))) {
    const answer = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8')) as { output?: { completeTrackResults?: Array<{ trackResults?: Json[] }> } };
    for (const entry of answer.output?.completeTrackResults ?? []) results.push(...(entry.trackResults ?? []));
  }
  return results;
}

/** Values of other types put where a member was (the shapes a carrier's bug or a proxy's error page could produce). */
const REPLACEMENTS: unknown[] = [null, undefined, 42, -1.5, '', 'text', true, [], [1, 'a'], {}, { value: 1 }];

/** Every path to a member of `value` (objects and arrays, depth first). */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [];
  const out: Array<Array<string | number>> = [];
  for (const [key, child] of Object.entries(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    out.push(path, ...paths(child, path));
  }
  return out;
}

function withReplaced(value: Json, path: Array<string | number>, replacement: unknown): Json {
  const copy = structuredClone(value);
  let parent: any = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  const last = path.at(-1)!;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

describe('conformanceOf: an in-place check never more lenient than its zod schema', () => {
  const recorded = recordedTrackResults();
  const conforms = conformanceOf(trackResultSchema);

  it('decides every recorded Carrier B track result as zod does, and maps an accepted one exactly as its zod-parsed copy', () => {
    expect(recorded.length).toBeGreaterThan(3);
    for (const raw of recorded) {
      const parsed = trackResultSchema.safeParse(raw);
      expect(conforms(raw)).toBe(parsed.success);
      if (!parsed.success) continue;
      const context = { trackingNumber: 'T', detailedScans: true, warnings: [] };
      expect(mapTrackResult(raw as never, context)).toEqual(mapTrackResult(parsed.data, context));
    }
  });

  it('on every mutation of the recorded results (each member removed, nulled or retyped), accepts only what zod accepts', () => {
    let accepted = 0;
    let refused = 0;
    for (const raw of recorded) {
      for (const path of paths(raw)) {
        for (const replacement of REPLACEMENTS) {
          const mutated = withReplaced(raw, path, replacement);
          if (conforms(mutated)) {
            accepted++;
            expect(trackResultSchema.safeParse(mutated).success, `accepted ${JSON.stringify(path)} = ${JSON.stringify(replacement)}`).toBe(true);
          } else {
            refused++;
          }
        }
      }
    }
    // Both sides were exercised: the members nothing checks (extras, `unknown`) and the ones with a type.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('refuses the wrong types the contract tests send (a number for a code, a string for a list, an object for a value)', () => {
    const raw = recorded.find((r) => trackResultSchema.safeParse(r).success);
    expect(conforms(withReplaced(raw!, ['latestStatusDetail', 'derivedCode'], 42))).toBe(false);
    expect(conforms(withReplaced(raw!, ['dateAndTimes'], 'yesterday'))).toBe(false);
    expect(conforms(withReplaced(raw!, ['packageDetails', 'declaredValue'], { currency: 'USD', value: { amount: 1 } }))).toBe(false);
    expect(conforms('not an object')).toBe(false);
    expect(conforms([])).toBe(false);
  });

  it('a required member missing, a refinement or a coercion is left to zod (which decides)', () => {
    const entry = conformanceOf(completeTrackResultSchema);
    expect(entry({ trackingNumber: '1', trackResults: [] })).toBe(true);
    expect(entry({ trackResults: [] })).toBe(false);
    const refined = conformanceOf(z.object({ n: z.string().min(3), c: z.coerce.number(), s: z.strictObject({ a: z.string() }) }));
    expect(refined({ n: 'abc', c: '12', s: { a: 'x' } })).toBe(true); // zod coerces '12'; the check asked zod
    expect(refined({ n: 'ab', c: 1, s: { a: 'x' } })).toBe(false);
    expect(refined({ n: 'abc', c: 1, s: { a: 'x', extra: 1 } })).toBe(false);
    expect(conformanceOf(z.number())(Number.POSITIVE_INFINITY)).toBe(false);
  });
});
