import { GraphQLScalarType } from 'graphql';
import { loadScalars } from './scalar-modules.js';

const { GraphQLDateTime, GraphQLLocalDate, GraphQLLocalDateTime } = await loadScalars();

const RFC3339_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * graphql-scalars' DateTime, except that a valid instant is sent as the carrier wrote it: converting
 * `2026-03-01T14:05:00+05:30` to UTC would lose the local offset the carrier gave ("an instant where the carrier
 * gives an offset").
 */
export const DateTime = new GraphQLScalarType({
  ...GraphQLDateTime.toConfig(),
  serialize(value: unknown) {
    if (typeof value === 'string' && RFC3339_WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value))) return value;
    return GraphQLDateTime.serialize(value);
  },
});

export const scalarResolvers = {
  DateTime,
  LocalDateTime: GraphQLLocalDateTime,
  LocalDate: GraphQLLocalDate,
};
