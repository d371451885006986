/**
 * One way from GraphQL to a use case: errors are mapped and shaped once (src/graphql/errors.ts, applied to every
 * resolver in resolvers/index.ts), so no resolver catches, builds a GraphQL error or writes userErrors; GraphQL inputs are typed by the generated input types, so no
 * service keeps a hand-written `*Raw` copy of one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(ROOT, dir, file));
}

describe('the GraphQL edge', () => {
  it('no resolver shapes an error itself: no try/catch, no GraphQLError built, no userErrors written under src/graphql/resolvers', () => {
    const offenders = sources('src/graphql/resolvers').flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const rules = [/\btry\s*\{/, /\btoGraphQLError\b/, /\buserErrorOf\b/, /\bnew GraphQLError\b/, /\buserErrors\s*:/, /'CARRIER_REFUSED'\s*[,}]/];
      const found = rules.filter((rule) => rule.test(text));
      return found.length > 0 ? [`${relative(ROOT, file)}: ${found.map(String).join(', ')}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('every resolver is wrapped by the one error mapping (resolvers/index.ts calls mapResolverErrors)', () => {
    const index = readFileSync(join(ROOT, 'src/graphql/resolvers/index.ts'), 'utf8');
    expect(index).toMatch(/export const resolvers: Resolvers = mapResolverErrors\(\{/);
  });

  it('no service or edge module declares a *Raw copy of a GraphQL input type (the edge uses src/generated/graphql.ts)', () => {
    const offenders = [...sources('src/services'), ...sources('src/graphql')].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(?:interface|type)\s+(\w+Raw)\s*[{=<]/g)].map((m) => `${relative(ROOT, file)}: ${m[1]}`),
    );
    expect(offenders).toEqual([]);
  });
});
