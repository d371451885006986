import type { ApolloServerPlugin } from '@apollo/server';
import { checkShape, parseWithinTokenLimit, type OperationLimits } from './limits.js';
import { checkExecutedSelection } from './request-budget.js';

/**
 * The operation limits over HTTP (Apollo): the token cap while the document is read, then depth, aliases and cost
 * (graphql-armor), then page sizes and tracking numbers over the executed selection. Every refusal happens before any
 * resolver runs, so before any upstream call. graphql-ws runs the same checks (src/server/graphql-ws.ts).
 */
export function operationLimitsPlugin(limits: OperationLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveSource({ source }) {
          // Every token is at least one character: a shorter document cannot break the cap, and skips a second parse.
          if (source.length <= limits.maxTokens) return;
          const parsed = parseWithinTokenLimit(source, limits.maxTokens);
          if ('error' in parsed && parsed.error.extensions.limit) throw parsed.error;
        },
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const refusal =
            checkShape(schema, document, limits) ?? checkExecutedSelection(schema, document, operation, request.variables ?? {}, limits);
          if (refusal) throw refusal;
        },
      };
    },
  };
}
