import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, getNamedType, isObjectType, type FieldNode, type GraphQLSchema } from 'graphql';
import { getArgumentValues } from 'graphql/execution/values.js';

/**
 * Counts the tracking numbers one operation asks for, across every root field and alias (`track` inputs, `shipment`,
 * `shipmentById`, the router's `_entities` representations), and refuses the operation with BAD_USER_INPUT before any
 * resolver runs — so before any upstream call — when the count exceeds the documented cap.
 */
export function requestBudgetPlugin(maxNumbers: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, schema, request }) {
          if (!operation || operation.operation !== 'query') return;
          const count = countTrackingNumbers(operation.selectionSet.selections as FieldNode[], schema, request.variables ?? {});
          if (count > maxNumbers) {
            throw new GraphQLError(`this request asks for ${count} tracking numbers; at most ${maxNumbers} per request`, {
              extensions: { code: 'BAD_USER_INPUT', field: 'request', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}

function countTrackingNumbers(selections: readonly FieldNode[], schema: GraphQLSchema, variables: Record<string, unknown>): number {
  const queryType = schema.getQueryType();
  if (!queryType) return 0;
  let count = 0;
  for (const node of selections) {
    if (node.kind !== 'Field') continue;
    const field = queryType.getFields()[node.name.value];
    if (!field) continue;
    let args: Record<string, unknown>;
    try {
      args = getArgumentValues(field, node, variables);
    } catch {
      continue; // Invalid arguments are reported by validation itself.
    }
    switch (node.name.value) {
      case 'track':
        count += Array.isArray(args.inputs) ? args.inputs.length : 0;
        break;
      case 'shipment':
      case 'shipmentById':
        count += 1;
        break;
      case '_entities': {
        const representations = Array.isArray(args.representations) ? args.representations : [];
        count += representations.filter((r) => isShipmentRepresentation(r, schema)).length;
        break;
      }
    }
  }
  return count;
}

function isShipmentRepresentation(value: unknown, schema: GraphQLSchema): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const typename = (value as { __typename?: unknown }).__typename;
  const type = typeof typename === 'string' ? schema.getType(typename) : undefined;
  return !!type && isObjectType(getNamedType(type)) && typename === 'Shipment';
}
