import {
  GraphQLError,
  Kind,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { collectFields, collectSubfields } from 'graphql/execution/collectFields.js';
import { getArgumentValues, getVariableValues } from 'graphql/execution/values.js';
import { limitError, type OperationLimits } from './limits.js';

/**
 * Fields that make tracking lookups, and how many each makes. A lookup below a paged list (a status change's or a
 * watch's `shipment`) counts once per item of the page.
 */
const LOOKUPS: Record<string, (args: Record<string, unknown>, schema: GraphQLSchema) => number> = {
  'Query.track': (args) => (Array.isArray(args.inputs) ? args.inputs.length : 0),
  'Query.shipment': () => 1,
  'Query.shipmentById': () => 1,
  'Query._entities': (args, schema) =>
    (Array.isArray(args.representations) ? args.representations : []).filter((r) => isShipmentRepresentation(r, schema)).length,
  'ShipmentStatusChange.shipment': () => 1,
  'ShipmentWatch.shipment': () => 1,
  'Mutation.watchShipment': () => 1,
};

/** Arguments that size a page; each is capped by MAX_PAGE_SIZE and multiplies what is selected below it. */
const PAGE_ARGUMENTS = ['first', 'last', 'limit'] as const;

/**
 * Checks the operation as it will execute: fragments (inline and named) expanded, @skip/@include applied, variables
 * and argument defaults resolved, every alias counted, `_entities` representations counted. Returns the first limit
 * the operation breaks (page size, then tracking numbers), or null. Invalid variables are left to execution to report.
 */
export function checkExecutedSelection(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  rawVariables: Record<string, unknown>,
  limits: OperationLimits,
): GraphQLError | null {
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return null;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables, { maxErrors: 1 });
  if (coerced.errors) return null;
  const variables = coerced.coerced;
  const fragments: Record<string, FragmentDefinitionNode> = Object.create(null);
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }

  let lookups = 0;
  let addresses = 0;
  let refusal: GraphQLError | null = null;
  const visit = (type: GraphQLObjectType, fields: Map<string, readonly FieldNode[]>, multiplier: number): void => {
    for (const nodes of fields.values()) {
      if (refusal) return;
      const node = nodes[0]!;
      const field = type.getFields()[node.name.value];
      if (!field) continue; // __typename and introspection: no lookups.
      let args: Record<string, unknown>;
      try {
        args = getArgumentValues(field, node, variables);
      } catch {
        continue; // Invalid arguments are reported by execution itself.
      }
      let pageSize = 1;
      for (const name of PAGE_ARGUMENTS) {
        const value = args[name];
        if (typeof value !== 'number') continue;
        if (value > limits.maxPageSize) {
          refusal = limitError('MAX_PAGE_SIZE', `${node.name.value}: ${name} is ${value}; at most ${limits.maxPageSize} per page (MAX_PAGE_SIZE)`, name);
          return;
        }
        pageSize = Math.max(pageSize, value);
      }
      const count = LOOKUPS[`${type.name}.${field.name}`];
      if (count) lookups += multiplier * count(args, schema);
      // Addresses to resolve are counted over the whole operation too, so aliases cannot multiply MAX_ADDRESSES_PER_REQUEST.
      if (type.name === 'Query' && field.name === 'resolveAddresses' && Array.isArray(args.inputs)) addresses += multiplier * args.inputs.length;
      const returned = getNamedType(field.type);
      if (!isCompositeType(returned)) continue;
      // A page (a list or a connection) repeats its selection once per item; other lists (a shipment's events) hold
      // data already fetched and make no lookups of their own.
      const itemMultiplier = multiplier * pageSize;
      const possible = isAbstractType(returned) ? schema.getPossibleTypes(returned) : isObjectType(returned) ? [returned] : [];
      for (const runtimeType of possible) {
        visit(runtimeType, collectSubfields(schema, fragments, variables, runtimeType, nodes), itemMultiplier);
      }
    }
  };
  visit(rootType, collectFields(schema, fragments, variables, rootType, operation.selectionSet), 1);
  if (refusal) return refusal;
  if (lookups > limits.maxTrackingNumbers) {
    const error = limitError(
      'MAX_TRACKING_NUMBERS_PER_REQUEST',
      `this request asks for ${lookups} tracking numbers; at most ${limits.maxTrackingNumbers} per request (MAX_TRACKING_NUMBERS_PER_REQUEST)`,
      'request',
    );
    return error;
  }
  if (limits.maxAddresses !== undefined && addresses > limits.maxAddresses) {
    return limitError(
      'MAX_ADDRESSES_PER_REQUEST',
      `this request asks to resolve ${addresses} addresses; at most ${limits.maxAddresses} per request (MAX_ADDRESSES_PER_REQUEST)`,
      'inputs',
    );
  }
  return null;
}

function isShipmentRepresentation(value: unknown, schema: GraphQLSchema): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const typename = (value as { __typename?: unknown }).__typename;
  return typename === 'Shipment' && isObjectType(schema.getType('Shipment'));
}
