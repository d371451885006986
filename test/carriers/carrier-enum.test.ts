/**
 * The Carrier enum is the one list a new carrier adds its name to, in two places: the schema (schema/common.graphql)
 * and its domain mirror (CARRIERS in src/domain/carrier.ts). They must agree value for value.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../../src/domain/carrier.js';

describe('the Carrier enum is the one list a new carrier adds its name to', () => {
  it("the domain's CARRIERS are the schema's Carrier enum, value for value", () => {
    const schema = readFileSync(new URL('../../schema/common.graphql', import.meta.url), 'utf8');
    const body = /enum Carrier \{([\s\S]*?)\n\}/.exec(schema)![1]!;
    const values = body
      .replace(/"""[\s\S]*?"""|"[^"\n]*"/g, '')
      .split(/\s+/)
      .filter((word) => /^[A-Z][A-Z0-9_]*$/.test(word));
    expect([...CARRIERS].sort()).toEqual(values.sort());
  });
});
