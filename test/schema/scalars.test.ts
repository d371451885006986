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
});
