/**
 * src/graphql/scalars.ts reads graphql-scalars' DateTime, LocalDate and LocalDateTime from their own modules
 * rather than the package entry, which loads every scalar the package has (issue 12 item 4, assumption SU4). They must
 * be the package's own scalars, the same objects its entry exports, with their rules.
 */
import { describe, expect, it } from 'vitest';
import * as entry from 'graphql-scalars';
import { DateTime, scalarResolvers } from '../../src/graphql/scalars.js';

describe('the scalars read from graphql-scalars\' own modules', () => {
  it('are the very objects the package entry exports (one module instance, not a copy)', () => {
    expect(scalarResolvers.LocalDate).toBe(entry.GraphQLLocalDate);
    expect(scalarResolvers.LocalDateTime).toBe(entry.GraphQLLocalDateTime);
  });

  it('keep their rules: LocalDate refuses an impossible date; DateTime keeps the carrier\'s offset and refuses junk', () => {
    expect(scalarResolvers.LocalDate.parseValue('2026-03-01')).toBe('2026-03-01');
    expect(() => scalarResolvers.LocalDate.parseValue('2026-02-30')).toThrow();
    expect(DateTime.serialize('2026-03-01T14:05:00+05:30')).toBe('2026-03-01T14:05:00+05:30');
    expect(() => DateTime.parseValue('yesterday')).toThrow();
  });

  it('DateTime sends an instant with its offset as written, each field in its range, and leaves anything else to graphql-scalars', () => {
    for (const written of ['2026-03-01T14:05:00+05:30', '2026-03-01T14:05:00.123456Z', '2026-12-31T23:59:59-12:00', '2026-01-01t10:00:00z']) {
      expect(DateTime.serialize(written)).toBe(written);
    }
    // Out of range: graphql-scalars refuses them, as it did when `Date.parse` was the check.
    for (const invalid of ['2026-13-01T00:00:00Z', '2026-01-32T00:00:00Z', '2026-01-01T23:60:00Z', '2026-01-01T23:59:60Z', '2026-01-01T24:00:00Z', '2026-01-01T00:00:00+24:00', '2026-01-01T00:00:00+23:60']) {
      expect(() => DateTime.serialize(invalid), invalid).toThrow(/invalid date-time/);
    }
    // Not a string: graphql-scalars serialises it (a Date as itself, for the answer's JSON).
    expect(DateTime.serialize(new Date('2026-03-01T08:35:00Z'))).toEqual(new Date('2026-03-01T08:35:00Z'));
  });
});
