import type { ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { checkCost, checkStructure, isTokenCapError, limitError, tokenCapMessage, type OperationLimits } from './limits.js';
import { checkExecutedSelection } from './request-budget.js';

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
          const refusal = checkOperation(schema, document, operation, request.variables ?? {}, limits);
          if (refusal) throw refusal;
        },
      };
    },
  };
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
