import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSubgraphSchema, type GraphQLResolverMap } from '@apollo/subgraph';
import { parse, type GraphQLSchema } from 'graphql';
import { resolvers } from '../graphql/resolvers/index.js';

/** schema/ sits two levels above this file in src/server (tsx), dist/src/server and dist/src/bundle (build copies it). */
const SCHEMA_DIR = fileURLToPath(new URL('../../schema/', import.meta.url));

export function readTypeDefs(): string {
  return readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(`${SCHEMA_DIR}${name}`, 'utf8'))
    .join('\n');
}

export function buildSchema(): GraphQLSchema {
  return buildSubgraphSchema([{ typeDefs: parse(readTypeDefs()), resolvers: resolvers as GraphQLResolverMap<unknown> }]);
}
