/**
 * Every entity with an id is a `Node` (Relay global object identification), or its `id` says plainly why it cannot be
 * fetched by id: read from the schema the server builds, so a new type with an `id` cannot slip past either way.
 */
import { getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/server/schema.js';

const schema = buildSchema();
const objectTypes = Object.values(schema.getTypeMap()).filter(
  (type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('_') && !type.name.includes('__'),
);
const implementsNode = (type: GraphQLObjectType) => type.getInterfaces().some((i) => i.name === 'Node');

/** The types `node(id:)` resolves (src/graphql/resolvers/node.ts), each round-tripped over HTTP in node.test.ts. */
const NODE_TYPES = ['Document', 'Label', 'Pickup', 'PushSubscription', 'Shipment', 'ShipmentStatusChange', 'ShipmentWatch', 'Tender'];

describe('ids and Node in the schema', () => {
  it('every type with an id field implements Node, or its id says why it cannot be fetched by id ("Not a `Node`: ...")', () => {
    const withId = objectTypes.filter((type) => type.getFields()['id'] !== undefined);
    expect(withId.length).toBeGreaterThan(NODE_TYPES.length);
    const unexplained = withId.filter((type) => {
      if (implementsNode(type)) return false;
      const description = type.getFields()['id']!.description ?? '';
      // The reason follows the marker: at least a sentence, not the marker alone.
      return !/Not a `Node`: \S.{20,}/s.test(description);
    });
    expect(unexplained.map((t) => t.name)).toEqual([]);
  });

  it('the types implementing Node are exactly those node(id:) resolves, each id an ID!', () => {
    const nodes = objectTypes.filter(implementsNode);
    expect(nodes.map((t) => t.name).sort()).toEqual(NODE_TYPES);
    for (const type of nodes) expect(String(type.getFields()['id']!.type), type.name).toBe('ID!');
    expect(getNamedType(schema.getQueryType()!.getFields()['node']!.type).name).toBe('Node');
  });
});
