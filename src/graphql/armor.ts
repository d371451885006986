import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { checkCost, checkStructure, isTokenCapError, limitError, tokenCapMessage, type OperationLimits } from './limits.js';
import { checkExecutedSelection, variablesAsSent, variablesSizeNothing } from './request-budget.js';

/** Apollo's parser options: graphql-js stops reading a document past MAX_QUERY_TOKENS, before any validation. */
export function apolloParseOptions(limits: OperationLimits): { maxTokens: number } {
  return { maxTokens: limits.maxTokens };
}

/**
 * The operation limits over HTTP (Apollo): the token cap while the document is read, then depth, aliases and cost
 * (graphql-armor), then page sizes and tracking numbers over the executed selection. Every refusal happens before any
 * resolver runs, so before any upstream call. graphql-ws runs the same checks (src/server/graphql-ws.ts).
 */
export function operationLimitsPlugin(limits: OperationLimits): ApolloServerPlugin {
  const checks = new OperationChecks(limits);
  return {
    async requestDidStart() {
      return {
        // The token cap itself is graphql-js's (Apollo's `parseOptions`, see `apolloParseOptions`); Apollo reports it as
        // GRAPHQL_PARSE_FAILED, so the refusal is reworded here to name the limit like every other one.
        async didEncounterErrors({ errors }) {
          for (const error of errors) {
            if (!isTokenCapError(error)) continue;
            const named = limitError('MAX_QUERY_TOKENS', tokenCapMessage(limits.maxTokens));
            error.message = named.message;
            Object.assign(error.extensions, named.extensions);
          }
        },
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const refusal = checks.check(schema, document, operation, request.variables ?? {});
          if (refusal) throw refusal;
        },
      };
    },
  };
}

/**
 * `checkOperation` with its verdicts remembered per parsed document. Apollo hands every request of the same query
 * string the same DocumentNode from its document cache, so a repeated operation is checked once, not on every request
 * (the checks were most of a small request's CPU, issue 12). What is remembered depends only on the document:
 * depth and aliases always; page sizes, tracking numbers and cost only for an operation without variables, since
 * with variables they depend on each request's values and are checked every time, unless no variable reaches what they
 * count (then a pass is remembered, see `sizesNothing`). Held weakly: a document Apollo
 * drops from its cache takes its verdicts with it. A remembered refusal is answered as a new error each time.
 */
export class OperationChecks {
  private readonly structure = new WeakMap<DocumentNode, GraphQLError | null>();
  private readonly whole = new WeakMap<OperationDefinitionNode, GraphQLError | null>();
  /** Documents whose variables size nothing the checks count (`variablesSizeNothing`), found once per document. */
  private readonly valueFree = new WeakMap<DocumentNode, boolean>();
  /** Operations with variables that passed with every variable given, in a document whose variables size nothing. */
  private readonly passing = new WeakSet<OperationDefinitionNode>();

  constructor(private readonly limits: OperationLimits) {}

  check(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): GraphQLError | null {
    const cacheable = (operation.variableDefinitions?.length ?? 0) === 0;
    if (cacheable && this.whole.has(operation)) return copyOf(this.whole.get(operation) ?? null);
    if (!cacheable && this.passing.has(operation)) return null;
    let structure = this.structure.get(document);
    if (structure === undefined) {
      structure = checkStructure(schema, document, this.limits);
      this.structure.set(document, structure);
    }
    const refusal =
      structure ??
      checkExecutedSelection(schema, document, operation, variables, this.limits) ??
      checkCost(schema, document, this.limits, operation.name?.value ?? null, variables);
    if (cacheable) this.whole.set(operation, refusal);
    else if (refusal === null && this.sizesNothing(document) && everyVariableGiven(schema, operation, variables)) this.passing.add(operation);
    return copyOf(refusal);
  }

  /**
   * A pass is remembered for an operation with variables only when no variable reaches what the checks count and this
   * request gave every variable a value: then any other request's values select the same fields with the same page
   * sizes and counts, so they pass too (a missing or null variable can only make a field fail, counting less, so such
   * a pass is not remembered). A refusal is never remembered: it is checked again on the next request's values.
   */
  private sizesNothing(document: DocumentNode): boolean {
    let free = this.valueFree.get(document);
    if (free === undefined) {
      free = variablesSizeNothing(document);
      this.valueFree.set(document, free);
    }
    return free;
  }
}

function everyVariableGiven(schema: GraphQLSchema, operation: OperationDefinitionNode, raw: Record<string, unknown>): boolean {
  const values = variablesAsSent(schema, operation, raw);
  return (operation.variableDefinitions ?? []).every((definition) => values[definition.variable.name.value] != null);
}

/** Apollo and the plugins may add to an error they are given; a remembered one is never handed out itself. */
function copyOf(error: GraphQLError | null): GraphQLError | null {
  return error && new GraphQLError(error.message, { extensions: structuredClone(error.extensions) });
}

/**
 * The checks after validation, the same on both transports, cheapest and most specific first: depth and aliases, then
 * page sizes and tracking numbers over the executed selection, then cost on the executed page sizes.
 */
export function checkOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  limits: OperationLimits,
): GraphQLError | null {
  return (
    checkStructure(schema, document, limits) ??
    checkExecutedSelection(schema, document, operation, variables, limits) ??
    checkCost(schema, document, limits, operation.name?.value ?? null, variables)
  );
}

/**
 * "Did you mean ...?" off over HTTP beyond validation (where graphql-js's `hideSuggestions` already applies): input
 * coercion at execution ("Value "X" does not exist in "Carrier" enum. Did you mean the enum value ...?") names schema
 * members too, and neither Apollo's nor graphql-armor's suggestion filter covers it. graphql-ws passes
 * `hideSuggestions` to graphql-js's execute instead.
 */
export function hideSuggestionsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors }) {
          for (const error of errors) error.message = error.message.replace(/ ?Did you mean .+\?$/s, '');
        },
      };
    },
  };
}
