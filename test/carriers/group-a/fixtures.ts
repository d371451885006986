import { readFileSync } from 'node:fs';

/** A fresh copy of a seed-shaped wire payload from test/fixtures/group-a. */
export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../fixtures/group-a/${name}`, import.meta.url), 'utf8')) as unknown;
}
