import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { resolvers } from '../graphql/resolvers/index.js';
/** schema/ sits two levels above this file both in src/server (tsx) and in dist/src/server (build copies it). */
const SCHEMA_DIR = fileURLToPath(new URL('../../schema/', import.meta.url));
export function readTypeDefs() {
    return readdirSync(SCHEMA_DIR)
        .filter((name) => name.endsWith('.graphql'))
        .sort()
        .map((name) => readFileSync(`${SCHEMA_DIR}${name}`, 'utf8'))
        .join('\n');
}
export function buildSchema() {
    return buildSubgraphSchema([{ typeDefs: parse(readTypeDefs()), resolvers: resolvers }]);
}
