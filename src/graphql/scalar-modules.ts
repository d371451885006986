type Scalars = typeof import('graphql-scalars');

/** Each scalar's module, beside graphql-scalars' entry (scripts/bundle.mjs reads this list too). */
export const SCALAR_FILES = {
  GraphQLDateTime: './scalars/iso-date/DateTime.js',
  GraphQLLocalDate: './scalars/LocalDate.js',
  GraphQLLocalDateTime: './scalars/LocalDateTime.js',
} as const;

/**
 * The three scalars used here, each from its own module: graphql-scalars' package entry imports all ~80 of its
 * scalars (84 modules, ~55 ms of a start on this machine; issue 12 item 4, assumption SU4). The package's `exports`
 * name only its entry, so the modules are found beside it; if a release moves them, the entry is imported instead.
 * A module of its own because the build's self-contained bundle (scripts/bundle.mjs) puts the same three modules
 * inside it in place of this one: they must use the bundle's copy of graphql, not one loaded from node_modules.
 */
export async function loadScalars(): Promise<Pick<Scalars, 'GraphQLDateTime' | 'GraphQLLocalDate' | 'GraphQLLocalDateTime'>> {
  const entry = import.meta.resolve('graphql-scalars');
  try {
    const [dateTime, localDate, localDateTime] = await Promise.all([
      import(new URL(SCALAR_FILES.GraphQLDateTime, entry).href) as Promise<Pick<Scalars, 'GraphQLDateTime'>>,
      import(new URL(SCALAR_FILES.GraphQLLocalDate, entry).href) as Promise<Pick<Scalars, 'GraphQLLocalDate'>>,
      import(new URL(SCALAR_FILES.GraphQLLocalDateTime, entry).href) as Promise<Pick<Scalars, 'GraphQLLocalDateTime'>>,
    ]);
    if (dateTime.GraphQLDateTime && localDate.GraphQLLocalDate && localDateTime.GraphQLLocalDateTime) {
      return { GraphQLDateTime: dateTime.GraphQLDateTime, GraphQLLocalDate: localDate.GraphQLLocalDate, GraphQLLocalDateTime: localDateTime.GraphQLLocalDateTime };
    }
  } catch {
    // A layout this code does not know: the package entry below.
  }
  return import('graphql-scalars');
}
