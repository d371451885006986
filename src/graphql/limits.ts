import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  GraphQLError,
  Kind,
  TypeInfo,
  getOperationAST,
  parse,
  validate,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import type { Config } from '../platform/config.js';

/** The variable that sets each limit: every refusal names it in `extensions.limit`, so an operator knows what to raise. */
export type LimitName =
  | 'MAX_QUERY_DEPTH'
  | 'MAX_QUERY_ALIASES'
  | 'MAX_QUERY_TOKENS'
  | 'MAX_QUERY_COST'
  | 'MAX_PAGE_SIZE'
  | 'MAX_TRACKING_NUMBERS_PER_REQUEST'
  | 'MAX_ADDRESSES_PER_REQUEST'
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
  /** Addresses `resolveAddresses` may take over the whole operation, aliases included (MAX_ADDRESSES_PER_REQUEST); absent = not counted. */
  maxAddresses?: number;
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
    ...(config.addresses ? { maxAddresses: config.addresses.maxInputsPerRequest } : {}),
  };
}

/**
 * A request over a limit is the caller's to fix: BAD_USER_INPUT (HTTP 400), naming the limit's variable in
 * `extensions.limit` and, where one argument is at fault, its path in `extensions.fieldPath` (and dotted in `field`).
 */
export function limitError(limit: LimitName, message: string, field?: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', limit, ...(field ? { field, fieldPath: field.split('.') } : {}), http: { status: 400 } },
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
    if (isTokenCapError(error)) return { error: limitError('MAX_QUERY_TOKENS', tokenCapMessage(maxTokens)) };
    if (error instanceof GraphQLError) return { error };
    throw error;
  }
}

/** graphql-js 16 words its refusal "Document contains more that N tokens. Parsing aborted." */
export function isTokenCapError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError && /Document contains more th\w+ \d+ tokens/.test(error.message);
}

export function tokenCapMessage(maxTokens: number): string {
  return `the document has more than ${maxTokens} tokens (MAX_QUERY_TOKENS)`;
}

/**
 * Depth, aliases and cost of the document, by graphql-armor's rules (fragments flattened, so a fragment adds no level
 * and cannot hide aliases). armor reports into the validation context; each report is turned into our limit error.
 * Cost is armor's estimate: objects 2, scalars 1, x1.5 per level, times a literal `first`/`last`; `checkShape` hands it
 * the page sizes as executed (see `withExecutedPageSizes`).
 */
export function shapeRules(limits: OperationLimits, which: 'structure' | 'cost'): ValidationRule[] {
  const report = (limit: LimitName, describe: (found: string) => string) => (context: ValidationContext | null, error: GraphQLError) => {
    const found = /found (\d+(?:\.\d+)?)/.exec(error.message)?.[1] ?? 'more';
    context?.reportError(limitError(limit, describe(found)));
  };
  const common = { exposeLimits: true, propagateOnRejection: false } as const;
  if (which === 'cost') {
    return [
      costLimitRule({
        ...common,
        maxCost: limits.maxCost,
        flattenFragments: true,
        onReject: [report('MAX_QUERY_COST', (found) => `the operation costs ${found}; at most ${limits.maxCost} (MAX_QUERY_COST)`)],
      }),
    ];
  }
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
      // armor exempts `__typename` by default (its allowList), by field name and by alias name alike: 1,000
      // `t: __typename` aliases would pass. Every alias counts; a router's own `__typename` carries no alias.
      allowList: [],
      onReject: [report('MAX_QUERY_ALIASES', (found) => `the operation has ${found} aliases; at most ${limits.maxAliases} (MAX_QUERY_ALIASES)`)],
    }),
  ];
}

/** Depth and aliases of a document that passed the specified rules; the first refusal, if any. */
export function checkStructure(schema: GraphQLSchema, document: DocumentNode, limits: OperationLimits): GraphQLError | null {
  return validate(schema, document, shapeRules(limits, 'structure'), { maxErrors: 1 })[0] ?? null;
}

/**
 * The operation's cost, priced on the page sizes as executed, so `first: $n` or an omitted `first` (default 100)
 * costs what it will fetch.
 */
export function checkCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: OperationLimits,
  operationName: string | null,
  variables: Record<string, unknown>,
): GraphQLError | null {
  const priced = withExecutedPageSizes(schema, document, operationName, variables, limits.maxPageSize);
  return validate(schema, priced, shapeRules(limits, 'cost'), { maxErrors: 1 })[0] ?? null;
}

const SLICING_ARGUMENTS = new Set(['first', 'last']);

/**
 * armor multiplies by a literal `first`/`last` only: here each one given by a variable becomes its value, and an
 * omitted one with a default (our connections' `first: Int = 100`) is written out, so armor prices the page as it runs.
 * A `first` beyond MAX_PAGE_SIZE is priced at MAX_PAGE_SIZE: its field refuses it when it runs, reading nothing, and
 * the rest of the operation answers (request-budget.ts).
 */
function withExecutedPageSizes(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null,
  raw: Record<string, unknown>,
  maxPageSize: number,
): DocumentNode {
  const operation = getOperationAST(document, operationName);
  // Coerced only when a page size is given by a variable, and then once: coercing every variable for nothing was a
  // third coercion of a 3,000-number `track`'s inputs per request (issue 12 item 2).
  let variables: Record<string, unknown> | null = null;
  const variablesNow = (): Record<string, unknown> => {
    if (variables === null) {
      const coerced = operation ? getVariableValues(schema, operation.variableDefinitions ?? [], raw, { maxErrors: 1 }) : null;
      variables = coerced && !coerced.errors ? coerced.coerced : {};
    }
    return variables;
  };
  const intValue = (value: unknown) => (typeof value === 'number' ? { kind: Kind.INT, value: String(value) } as const : null);
  const typeInfo = new TypeInfo(schema);
  return visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const field = typeInfo.getFieldDef();
        if (!field) return undefined;
        let changed = false;
        const args: ArgumentNode[] = node.arguments?.map((arg) => {
          if (!SLICING_ARGUMENTS.has(arg.name.value)) return arg;
          const given = arg.value.kind === Kind.VARIABLE ? variablesNow()[arg.value.name.value] : arg.value.kind === Kind.INT ? Number(arg.value.value) : null;
          const capped = arg.name.value === 'first' && typeof given === 'number' && given > maxPageSize ? maxPageSize : given;
          if (arg.value.kind !== Kind.VARIABLE && capped === given) return arg;
          const literal = intValue(capped);
          if (!literal) return arg;
          changed = true;
          return { ...arg, value: literal };
        }) ?? [];
        for (const definition of field.args) {
          if (!SLICING_ARGUMENTS.has(definition.name) || args.some((arg) => arg.name.value === definition.name)) continue;
          const literal = intValue(definition.defaultValue);
          if (!literal) continue;
          changed = true;
          args.push({ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: definition.name }, value: literal });
        }
        return changed ? { ...node, arguments: args } : undefined;
      },
    }),
  );
}
