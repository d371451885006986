import { GraphQLScalarType } from 'graphql';

type Scalars = typeof import('graphql-scalars');

/**
 * The three scalars used here, each from its own module: graphql-scalars' package entry imports all ~80 of its
 * scalars (84 modules, ~55 ms of a start on this machine; issue 12 item 4, assumption SU4). The package's `exports`
 * name only its entry, so the modules are found beside it; if a release moves them, the entry is imported instead.
 */
async function loadScalars(): Promise<Pick<Scalars, 'GraphQLDateTime' | 'GraphQLLocalDate' | 'GraphQLLocalDateTime'>> {
  const entry = import.meta.resolve('graphql-scalars');
  try {
    const [dateTime, localDate, localDateTime] = await Promise.all([
      import(new URL('./scalars/iso-date/DateTime.js', entry).href) as Promise<Pick<Scalars, 'GraphQLDateTime'>>,
      import(new URL('./scalars/LocalDate.js', entry).href) as Promise<Pick<Scalars, 'GraphQLLocalDate'>>,
      import(new URL('./scalars/LocalDateTime.js', entry).href) as Promise<Pick<Scalars, 'GraphQLLocalDateTime'>>,
    ]);
    if (dateTime.GraphQLDateTime && localDate.GraphQLLocalDate && localDateTime.GraphQLLocalDateTime) {
      return { GraphQLDateTime: dateTime.GraphQLDateTime, GraphQLLocalDate: localDate.GraphQLLocalDate, GraphQLLocalDateTime: localDateTime.GraphQLLocalDateTime };
    }
  } catch {
    // A layout this code does not know: the package entry below.
  }
  return import('graphql-scalars');
}

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
