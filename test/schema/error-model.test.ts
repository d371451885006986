/**
 * The error model, as the schema states it: every per-carrier failure (a member of an outcome union, the item of a
 * `failures` list) implements CarrierFailure, and every mutation answers a payload with `userErrors`.
 */
import { getNamedType, isListType, isNonNullType, isObjectType, isUnionType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/server/schema.js';

const schema = buildSchema();
const implementsFailure = (type: GraphQLObjectType) => type.getInterfaces().some((i) => i.name === 'CarrierFailure');

describe('the error model in the schema', () => {
  it('every per-carrier failure type implements CarrierFailure', () => {
    const failures = ['TrackingFailure', 'RateFailure', 'LandedCostFailure', 'AddressCheckFailure', 'ServicePointFailure', 'ReferenceLookupFailure'];
    for (const name of failures) expect(implementsFailure(schema.getType(name) as GraphQLObjectType), name).toBe(true);
  });

  it('every failure member of an outcome union and every failures list item implements CarrierFailure', () => {
    const found: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      if (isUnionType(type) && /Outcome$/.test(type.name)) {
        for (const member of type.getTypes()) if (/Failure$/.test(member.name)) found.push(member.name);
      }
      if (isObjectType(type)) {
        const failures = type.getFields()['failures'];
        if (failures && isListType(isNonNullType(failures.type) ? failures.type.ofType : failures.type)) found.push(getNamedType(failures.type).name);
      }
    }
    expect(found.length).toBeGreaterThanOrEqual(6);
    for (const name of found) expect(implementsFailure(schema.getType(name) as GraphQLObjectType), name).toBe(true);
  });

  it('every mutation answers a payload with userErrors: [UserError!]!', () => {
    const mutations = Object.values(schema.getMutationType()!.getFields());
    expect(mutations.length).toBeGreaterThan(10);
    for (const field of mutations) {
      const payload = getNamedType(field.type);
      expect(isObjectType(payload), field.name).toBe(true);
      expect(String((payload as GraphQLObjectType).getFields()['userErrors']?.type), field.name).toBe('[UserError!]!');
    }
  });

  it('every root query field that takes an input is nullable, so a refused input nulls that field alone', () => {
    for (const field of Object.values(schema.getQueryType()!.getFields())) {
      if (!field.args.some((a) => a.name === 'input' || a.name === 'inputs' || a.name === 'near')) continue;
      expect(isNonNullType(field.type), field.name).toBe(false);
    }
  });

  it('every root query field that takes any argument (a page size, a cursor, a filter, ids) is nullable: a refused argument nulls that field alone', () => {
    const checked: string[] = [];
    for (const field of Object.values(schema.getQueryType()!.getFields())) {
      // Federation's own `_entities` answers per representation; its list is the gateway's contract, not ours.
      if (field.name.startsWith('_') || field.args.length === 0) continue;
      checked.push(field.name);
      expect(isNonNullType(field.type), field.name).toBe(false);
    }
    expect(checked).toEqual(expect.arrayContaining(['labels', 'untenderedLabels', 'statusChanges', 'shipmentsByReference', 'shipmentsByOrder', 'pickups', 'watches', 'nodes']));
  });

  it('a page field nested in a root answer (an order\'s labels) is nullable too: a refused page size nulls that page alone', () => {
    const orderShipments = schema.getType('OrderShipments') as GraphQLObjectType;
    expect(isNonNullType(orderShipments.getFields()['labels']!.type)).toBe(false);
  });
});
