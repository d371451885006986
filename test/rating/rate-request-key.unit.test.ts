/** The rate request's identity: canonical JSON (keys sorted at every level, undefined members left out), hashed. */
import { describe, expect, it } from 'vitest';
import { canonicalJson, rateRequestKey } from '../../src/services/rating/request-key.js';
import type { RateRequest } from '../../src/domain/rating.js';

describe('rate request key', () => {
  it('writes keys in code-unit order at every level, leaves undefined members out, and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'x' }], c: undefined }, B: true, é: 'e' })).toBe(
      '{"B":true,"a":{"d":[3,{"y":"x","z":null}]},"b":1,"é":"e"}',
    );
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson({ only: undefined })).toBe('{}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson('quote"d')).toBe('"quote\\"d"');
    // Parses back to the same value as plain JSON.
    const value = { weight: { value: 1.5, unit: 'KG' }, codes: ['B', 'A'], note: 'a\nb' };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });

  it('gives two requests that differ only in the order their fields were written one key, and different requests different keys', () => {
    const one = { origin: { countryCode: 'US', postalCode: '30301' }, packages: [{ weight: { value: 1, unit: 'KG' } }] } as unknown as RateRequest;
    const reordered = { packages: [{ weight: { unit: 'KG', value: 1 } }], origin: { postalCode: '30301', countryCode: 'US' } } as unknown as RateRequest;
    const heavier = { origin: { countryCode: 'US', postalCode: '30301' }, packages: [{ weight: { value: 2, unit: 'KG' } }] } as unknown as RateRequest;
    expect(rateRequestKey(reordered)).toBe(rateRequestKey(one));
    expect(rateRequestKey(heavier)).not.toBe(rateRequestKey(one));
    expect(rateRequestKey(one)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
