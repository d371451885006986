/**
 * DESIGN.md "Schema principles": every type, field, argument and enum value has a description. Walks the schema the
 * server builds (buildSubgraphSchema over schema/*.graphql), leaving out what GraphQL and Federation add themselves
 * (introspection, `_entities`, `_service`, `_Any`, `link__*`, `federation__*`, the built-in scalars).
 */
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLNamedType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/server/schema.js';
import { internalWordsIn } from '../support/internal-words.js';

const schema = buildSchema();

function ours(type: GraphQLNamedType): boolean {
  return !type.name.startsWith('_') && !type.name.includes('__') && !isSpecifiedScalarType(type);
}

const described = (description: string | null | undefined): boolean => (description ?? '').trim().length > 0;

/** Every schema coordinate (`Type`, `Type.field`, `Type.field(arg:)`, `Enum.VALUE`) with its description. */
function coordinates(): Array<{ coordinate: string; kind: 'type' | 'field' | 'argument' | 'enum value'; description: string | null | undefined }> {
  const all: ReturnType<typeof coordinates> = [];
  for (const type of Object.values(schema.getTypeMap()).filter(ours)) {
    const rootType = type === schema.getQueryType() || type === schema.getMutationType() || type === schema.getSubscriptionType();
    // Root types are containers: their fields carry the meaning (a description on `type Query` would be noise).
    if (!rootType) all.push({ coordinate: type.name, kind: 'type', description: type.description });
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (field.name.startsWith('_')) continue; // _entities, _service
        all.push({ coordinate: `${type.name}.${field.name}`, kind: 'field', description: field.description });
        for (const arg of 'args' in field ? field.args : []) {
          all.push({ coordinate: `${type.name}.${field.name}(${arg.name}:)`, kind: 'argument', description: arg.description });
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        all.push({ coordinate: `${type.name}.${value.name}`, kind: 'enum value', description: value.description });
      }
    }
  }
  return all;
}

describe('schema descriptions', () => {
  const all = coordinates();

  it('the walk sees the whole schema (types, fields, arguments and enum values of every file)', () => {
    const kinds = new Set(all.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['argument', 'enum value', 'field', 'type']);
    expect(all.map((c) => c.coordinate)).toEqual(
      expect.arrayContaining(['Shipment.id', 'Query.statusChanges(first:)', 'ShipmentStatus.DELIVERED', 'UserError.field', 'WatchShipmentInput.trackingNumber']),
    );
  });

  for (const kind of ['type', 'field', 'argument', 'enum value'] as const) {
    it(`every ${kind} has a description`, () => {
      const missing = all.filter((c) => c.kind === kind && !described(c.description)).map((c) => c.coordinate);
      expect(missing).toEqual([]);
    });
  }
});

describe('schema descriptions speak to the people who read them', () => {
  it('no description names an issue number, a seed, an assumption id or a document outside the schema', () => {
    const found = coordinates().flatMap((c) => internalWordsIn(c.description ?? '').map((what) => `${c.coordinate}: ${what}`));
    expect(found).toEqual([]);
  });

  it('the check itself finds each kind of internal word', () => {
    for (const text of ['(issue 10)', 'seed 001', 'docs/assumptions.md', 'see ../shared/DESIGN.md', 'rules RT3-RT6', '(PK4)']) {
      expect(internalWordsIn(text), text).not.toEqual([]);
    }
    expect(internalWordsIn('an ISO 4217 code, a Code 128 barcode, UTC+05:30')).toEqual([]);
  });
});
