/**
 * Assumption V4/V5: a carrier timestamp is a real calendar moment both stores accept, and two spellings of one moment
 * are one identity. Pure functions: the webhook tests (test/push/webhook-validation.test.ts) show them over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { readTimestamp, timestampIdentity } from '../../src/domain/timestamp.js';

describe('readTimestamp: only real calendar moments within years 0001-9999', () => {
  it.each([
    '2026-02-30T10:00:00Z', // 30 February
    '2025-02-29T10:00:00Z', // not a leap year
    '1900-02-29T10:00:00', // century, not a leap year
    '0000-01-01T00:00:00Z', // no year 0 in PostgreSQL
    '0001-01-01T00:30:00+01:00', // its UTC moment falls in year 0
    '2026-04-31T10:00:00', // April has 30 days
    '2026-03-10T24:00:00Z',
    '2026-03-10T10:60:00Z',
    '2026-03-10T10:00:60Z',
    '2026-03-10T10:00:00+14:30', // beyond the offsets in use
    '2026-03-10T10:00:00+05', // an offset without minutes
    '2026-03-10', // a date, not a date-time
    '2026-03-10 10:00:00',
  ])('%s is refused', (value) => {
    expect(readTimestamp(value)).toBeNull();
  });

  it.each([
    ['2024-02-29T10:00:00Z', '2024-02-29T10:00:00Z'],
    ['2000-02-29T23:30:00-01:00', '2000-03-01T00:30:00Z'],
    ['2026-03-10T10:00:00+0530', '2026-03-10T04:30:00Z'],
    ['2026-03-10T10:00:00.120-05:00', '2026-03-10T15:00:00.12Z'],
    ['9999-12-31T23:59:59.999999Z', '9999-12-31T23:59:59.999999Z'],
  ])('%s is the instant %s', (value, utc) => {
    expect(readTimestamp(value)).toEqual({ kind: 'instant', utc });
  });

  it('a value without an offset is a local date-time, completed to seconds', () => {
    expect(readTimestamp('2026-03-10T10:00')).toEqual({ kind: 'local', local: '2026-03-10T10:00:00' });
  });
});

describe('timestampIdentity: one moment, one identity', () => {
  it('Z, +00:00 and the same instant in another offset are one identity', () => {
    const z = timestampIdentity('2026-03-10T10:00:00Z');
    expect(timestampIdentity('2026-03-10T10:00:00+00:00')).toBe(z);
    expect(timestampIdentity('2026-03-10T11:00:00.000+01:00')).toBe(z);
    expect(timestampIdentity('2026-03-10T10:00:00.001Z')).not.toBe(z);
  });

  it('an instant and the same wall-clock reading without an offset are different identities (no zone is guessed)', () => {
    expect(timestampIdentity('2026-03-10T10:00:00')).not.toBe(timestampIdentity('2026-03-10T10:00:00Z'));
  });
});
