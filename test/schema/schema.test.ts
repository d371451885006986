import { printSubgraphSchema } from '@apollo/subgraph';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/server/schema.js';

describe('federation 2 schema', () => {
  const schema = buildSchema();
  const sdl = printSubgraphSchema(schema);

  it('links the federation 2 spec', () => {
    expect(sdl).toMatch(/@link\(url: "https:\/\/specs\.apollo\.dev\/federation\/v2\.\d+"/);
  });

  it('Shipment is an entity keyed by id and by carrier trackingNumber', () => {
    expect(sdl).toContain('type Shipment implements Node @key(fields: "id") @key(fields: "carrier trackingNumber")');
  });

  it('exposes _entities for the router', () => {
    expect(schema.getQueryType()?.getFields()._entities).toBeDefined();
  });
});
