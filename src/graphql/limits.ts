import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';
import type { Config } from '../platform/config.js';

/** The variable that sets each limit: every refusal names it in `extensions.limit`, so an operator knows what to raise. */
export type LimitName =
  | 'MAX_QUERY_DEPTH'
  | 'MAX_QUERY_ALIASES'
  | 'MAX_QUERY_TOKENS'
  | 'MAX_QUERY_COST'
  | 'MAX_PAGE_SIZE'
  | 'MAX_TRACKING_NUMBERS_PER_REQUEST'
  | 'WS_MAX_SUBSCRIPTIONS_PER_CONNECTION'
  | 'REQUEST_DEADLINE_MS';

/** Limits on one operation, the same on HTTP and graphql-ws. */
export interface OperationLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxCost: number;
  maxPageSize: number;
  maxTrackingNumbers: number;
}

export function operationLimitsFrom(config: Config): OperationLimits {
  const { limits } = config;
  return {
    maxDepth: limits.maxDepth,
    maxAliases: limits.maxAliases,
    maxTokens: limits.maxTokens,
    maxCost: limits.maxCost,
    maxPageSize: limits.maxPageSize,
    maxTrackingNumbers: config.server.maxTrackingNumbersPerRequest,
  };
}

/**
 * A request over a limit is the caller's to fix: BAD_USER_INPUT (HTTP 400), naming the limit's variable in
 * `extensions.limit` and, where one argument is at fault, its name in `extensions.field`.
 */
export function limitError(limit: LimitName, message: string, field?: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', limit, ...(field ? { field } : {}), http: { status: 400 } },
  });
}

/**
 * Parses with graphql-js's own token cap (`maxTokens`), so a huge document is refused while it is read, before any
 * validation walks it. A token-cap failure becomes a limit error; any other syntax error is returned as graphql-js
 * reports it.
 */
export function parseWithinTokenLimit(source: string, maxTokens: number): { document: DocumentNode } | { error: GraphQLError } {
  try {
    return { document: parse(source, { maxTokens }) };
  } catch (error) {
    if (error instanceof GraphQLError && /contains more than \d+ tokens/.test(error.message)) {
      return { error: limitError('MAX_QUERY_TOKENS', `the document has more than ${maxTokens} tokens (MAX_QUERY_TOKENS)`) };
    }
    if (error instanceof GraphQLError) return { error };
    throw error;
  }
}

/**
 * Depth, aliases and cost of the document, by graphql-armor's rules (fragments flattened, so a fragment adds no level
 * and cannot hide aliases). armor reports into the validation context; each report is turned into our limit error.
 * Cost is armor's estimate: objects 2, scalars 1, x1.5 per level, times a literal `first`/`last`; a page size given
 * by a variable is bounded by MAX_PAGE_SIZE instead (request-budget.ts).
 */
export function shapeRules(limits: OperationLimits): ValidationRule[] {
  const report = (limit: LimitName, describe: (found: string) => string) => (context: ValidationContext | null, error: GraphQLError) => {
    const found = /found (\d+(?:\.\d+)?)/.exec(error.message)?.[1] ?? 'more';
    context?.reportError(limitError(limit, describe(found)));
  };
  const common = { exposeLimits: true, propagateOnRejection: false } as const;
  return [
    maxDepthRule({
      ...common,
      n: limits.maxDepth,
      flattenFragments: true,
      onReject: [report('MAX_QUERY_DEPTH', (found) => `the operation is ${found} levels deep; at most ${limits.maxDepth} (MAX_QUERY_DEPTH)`)],
    }),
    maxAliasesRule({
      ...common,
      n: limits.maxAliases,
      onReject: [report('MAX_QUERY_ALIASES', (found) => `the operation has ${found} aliases; at most ${limits.maxAliases} (MAX_QUERY_ALIASES)`)],
    }),
    costLimitRule({
      ...common,
      maxCost: limits.maxCost,
      flattenFragments: true,
      onReject: [report('MAX_QUERY_COST', (found) => `the operation costs ${found}; at most ${limits.maxCost} (MAX_QUERY_COST)`)],
    }),
  ];
}

/** Runs only the shape rules over a document that passed the specified rules; the first refusal, if any. */
export function checkShape(schema: GraphQLSchema, document: DocumentNode, limits: OperationLimits): GraphQLError | null {
  return validate(schema, document, shapeRules(limits), { maxErrors: 1 })[0] ?? null;
}
