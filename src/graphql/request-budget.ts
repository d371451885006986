import {
  BREAK,
  GraphQLError,
  Kind,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isInputType,
  isObjectType,
  typeFromAST,
  valueFromAST,
  visit as walkDocument,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
} from 'graphql';
import { collectFields, collectSubfields } from 'graphql/execution/collectFields.js';
import { getArgumentValues } from 'graphql/execution/values.js';
import { limitError, type OperationLimits } from './limits.js';
import { parseShipmentId } from '../domain/ids.js';

/**
 * Fields that make tracking lookups, and how many each makes. A lookup below a paged list (a status change's or a
 * watch's `shipment`) counts once per item of the page.
 */
const LOOKUPS: Record<string, (args: Record<string, unknown>, schema: GraphQLSchema) => number> = {
  'Query.track': (args) => asList(args.inputs).length,
  'Query.shipment': () => 1,
  'Query.shipmentById': () => 1,
  'Query._entities': (args, schema) => asList(args.representations).filter((r) => isShipmentRepresentation(r, schema)).length,
  'ShipmentStatusChange.shipment': () => 1,
  'ShipmentWatch.shipment': () => 1,
  'Mutation.watchShipment': () => 1,
  // An id of another type (a label, a watch) is read from the store; a shipment id is asked of its carrier.
  'Query.node': (args) => (typeof args.id === 'string' && parseShipmentId(args.id) ? 1 : 0),
  'Query.nodes': (args) => asList(args.ids).filter((id) => typeof id === 'string' && parseShipmentId(id)).length,
};

/** Arguments that size a page; each is capped by MAX_PAGE_SIZE and multiplies what is selected below it. */
const PAGE_ARGUMENTS = ['first', 'last', 'limit'] as const;

/**
 * Arguments whose value sizes the work the budget counts, by field name (whatever the parent type: erring on the side
 * of "sized"): the lists and ids `LOOKUPS`, `nodes` and `resolveAddresses` read, and the page sizes.
 */
const SIZING_ARGUMENTS: Record<string, readonly string[]> = {
  track: ['inputs'],
  _entities: ['representations'],
  node: ['id'],
  nodes: ['ids'],
  resolveAddresses: ['inputs'],
};

/**
 * Whether the document's verdict (this budget, depth, aliases and cost) is the same whatever its variables hold, as
 * long as each is given: no variable reaches a page size, a counted list or id, or a directive (@skip/@include decide
 * what is selected). Then a verdict found for one request's values stands for every request of the document (a
 * shipment by `$trackingNumber`, a rate shop by `$input`). Every definition is scanned, used or not.
 */
export function variablesSizeNothing(document: DocumentNode): boolean {
  let sized = false;
  walkDocument(document, {
    Directive(node) {
      if (node.arguments?.some((argument) => holdsVariable(argument.value))) sized = true;
      return sized ? BREAK : undefined;
    },
    Field(node) {
      for (const argument of node.arguments ?? []) {
        const name = argument.name.value;
        const sizing = (PAGE_ARGUMENTS as readonly string[]).includes(name) || (SIZING_ARGUMENTS[node.name.value]?.includes(name) ?? false);
        if (sizing && holdsVariable(argument.value)) sized = true;
      }
      return sized ? BREAK : undefined;
    },
  });
  return !sized;
}

function holdsVariable(value: ValueNode): boolean {
  if (value.kind === Kind.VARIABLE) return true;
  if (value.kind === Kind.LIST) return value.values.some(holdsVariable);
  if (value.kind === Kind.OBJECT) return value.fields.some((field) => holdsVariable(field.value));
  return false;
}

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
  const variables = variablesAsSent(schema, operation, rawVariables);
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
        if (value > limits.maxPageSize && name === 'first') {
          // Every `first` is checked by its own field when it runs (connection.ts `pageSize`), before it reads
          // anything: that field alone is refused (BAD_USER_INPUT naming `first`) and its siblings answer. It is
          // priced here at the most a page holds.
          pageSize = Math.max(pageSize, limits.maxPageSize);
          continue;
        }
        if (value > limits.maxPageSize) {
          refusal = limitError('MAX_PAGE_SIZE', `${node.name.value}: ${name} is ${value}; at most ${limits.maxPageSize} per page (MAX_PAGE_SIZE)`, name);
          return;
        }
        pageSize = Math.max(pageSize, value);
      }
      // `nodes(ids:)` is a page of its ids: capped like one, and what it selects is repeated once per id.
      if (type.name === 'Query' && field.name === 'nodes') {
        const ids = asList(args.ids).length;
        if (ids > limits.maxPageSize) {
          refusal = limitError('MAX_PAGE_SIZE', `nodes: ids has ${ids} ids; at most ${limits.maxPageSize} per request (MAX_PAGE_SIZE)`, 'ids');
          return;
        }
        pageSize = Math.max(pageSize, ids);
      }
      const count = LOOKUPS[`${type.name}.${field.name}`];
      if (count) lookups += multiplier * count(args, schema);
      // Addresses to resolve are counted over the whole operation too, so aliases cannot multiply MAX_ADDRESSES_PER_REQUEST.
      if (type.name === 'Query' && field.name === 'resolveAddresses') addresses += multiplier * asList(args.inputs).length;
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

/**
 * The variables as the client sent them, with the operation's own defaults for those it left out: what execution's
 * coercion starts from. Coercing them here as well (graphql-js `getVariableValues`) would build every input object a
 * second time per request (3,000 track inputs at the cap: about a tenth of the bytes such a request allocated, issue 12
 * item 2), and the budget reads only what coercion keeps as sent: list lengths (`asList`), page sizes (numbers), the
 * `__typename` of a representation, @skip/@include's booleans. A variable that does not coerce fails execution itself
 * ("Invalid variables are left to execution to report").
 */
export function variablesAsSent(schema: GraphQLSchema, operation: OperationDefinitionNode, raw: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (Object.hasOwn(raw, name)) {
      values[name] = raw[name];
    } else if (definition.defaultValue) {
      const type = typeFromAST(schema, definition.type);
      if (type && isInputType(type)) values[name] = valueFromAST(definition.defaultValue, type);
    }
  }
  return values;
}

/** A list argument as coercion makes it: a single value sent where a list is expected is a list of one. */
function asList(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

function isShipmentRepresentation(value: unknown, schema: GraphQLSchema): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const typename = (value as { __typename?: unknown }).__typename;
  return typename === 'Shipment' && isObjectType(schema.getType('Shipment'));
}
