import { GraphQLError, GraphQLScalarType, type GraphQLFormattedError } from 'graphql';
import { CursorExpiredError, DocumentExpiredError, InputError, NotFoundError, UpstreamError } from '../domain/errors.js';
import type { CarrierWarning as CarrierWarningModel } from '../domain/shipment.js';
import type { CarrierWarning, Resolvers, UserError } from '../generated/graphql.js';
import { currentRequestId } from '../platform/request-context.js';
import { InputErrors } from '../domain/input-errors.js';

/**
 * The one place where what a service or the domain throws becomes what a client sees: a GraphQL error with a stable
 * `extensions.code` (`toGraphQLError`, applied to every resolver by `mapResolverErrors`), or a mutation payload's
 * `userErrors` (`payload`, `userErrorOf`). Resolvers hold no try/catch; changing the shape of an error is this file.
 */

const INTERNAL_MESSAGE = 'Internal server error';

/**
 * A field's path as a client reads it everywhere: a list of segments from the operation's argument down
 * (`["input", "packages", "0", "weight"]`), list indices as strings. A userError's `field` and a GraphQL error's
 * `extensions.fieldPath` are both this; the dotted form stays in `extensions.field` for clients that read it.
 */
export function fieldPathOf(field: string): string[] {
  return field.length > 0 ? field.split('.') : [];
}

/** The extensions naming an input field: the path as a list, and the older dotted form beside it. */
function fieldExtensions(field: string): { field: string; fieldPath: string[] } {
  return { field, fieldPath: fieldPathOf(field) };
}

/**
 * Turns a domain failure into a GraphQL error with a stable `extensions.code`. The failure stays attached as
 * `originalError` (never sent), so the operation plugin can count an upstream failure it has not seen yet and log an
 * unexpected error with its stack.
 */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  if (error instanceof CursorExpiredError) {
    return new GraphQLError(error.message, { originalError: error, extensions: { code: 'CURSOR_EXPIRED', ...fieldExtensions(error.field), purgedThrough: error.purgedThrough } });
  }
  if (error instanceof DocumentExpiredError) {
    return new GraphQLError(error.message, { originalError: error, extensions: { code: 'DOCUMENT_EXPIRED', expiredAt: error.expiredAt.toISOString() } });
  }
  if (error instanceof InputError) {
    // Every refusal of the input in one error: `inputErrors` lists each as a userError would (field path, message).
    const all = error instanceof InputErrors ? error.errors : [error];
    const inputErrors = all.map((refusal) => ({ field: fieldPathOf(refusal.field), message: refusal.message }));
    return new GraphQLError(error.message, { originalError: error, extensions: { code: 'BAD_USER_INPUT', ...fieldExtensions(error.field), inputErrors } });
  }
  if (error instanceof UpstreamError) {
    return new GraphQLError(error.message, {
      originalError: error,
      extensions: {
        code: error.code,
        upstream: error.upstream,
        carrierErrorCode: error.carrierCode,
        retryAt: error.retryAt?.toISOString() ?? null,
        candidates: error.candidates.length > 0 ? error.candidates : undefined,
        // The limit that ended the wait, so an operator knows which variable to look at.
        limit: error.code === 'UPSTREAM_DEADLINE_EXCEEDED' ? 'REQUEST_DEADLINE_MS' : undefined,
        // For the carrier's support: their id of the exchange and the x-customer-transaction-id we sent.
        transactionId: error.transactionId ?? undefined,
        customerTransactionId: error.customerTransactionId ?? undefined,
      },
    });
  }
  return new GraphQLError(INTERNAL_MESSAGE, {
    originalError: error instanceof Error ? error : new Error(String(error)),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

/** The typed domain failure behind a GraphQL error, if any (through graphql-js' located-error wrapping). */
export function domainCause(error: unknown): UpstreamError | InputError | null {
  for (let current: unknown = error, depth = 0; current && depth < 8; depth += 1) {
    if (current instanceof UpstreamError || current instanceof InputError) return current;
    current = current instanceof GraphQLError ? current.originalError : null;
  }
  return null;
}

/**
 * What an unexpected error (anything that is neither a typed domain error nor a GraphQL error we raised on purpose)
 * really was, with its stack; null for expected errors. Parse and validation errors have no original error.
 */
export function unexpectedCause(error: GraphQLError): Error | null {
  if (domainCause(error)) return null;
  let current: Error = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  if (!(current instanceof GraphQLError)) return current;
  return current.extensions['code'] === 'INTERNAL_SERVER_ERROR' ? current : null;
}

/**
 * Apollo's `formatError`: an internal error never shows its message (it may name our code or data); the client sees a
 * generic message and the request id, which finds the logged stack.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, _error: unknown): GraphQLFormattedError {
  return maskInternalError(formatted, currentRequestId());
}

/** The same masking for transports Apollo does not format (graphql-ws), with the operation's request id. */
export function maskInternalError(formatted: GraphQLFormattedError, requestId: string | null): GraphQLFormattedError {
  const code = formatted.extensions?.['code'];
  if (code !== undefined && code !== 'INTERNAL_SERVER_ERROR') return formatted;
  return {
    message: INTERNAL_MESSAGE,
    ...(formatted.locations ? { locations: formatted.locations } : {}),
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: 'INTERNAL_SERVER_ERROR', ...(requestId ? { requestId } : {}) },
  };
}

/**
 * Carrier answers that refuse the request as the caller's fault: the carrier says the number or the request is
 * wrong. Unavailability, quotas, credentials and contract breaches are ours to report as GraphQL errors instead.
 */
const CARRIER_REFUSALS = new Set(['UPSTREAM_BAD_REQUEST', 'UPSTREAM_NOT_FOUND']);

/**
 * Where a field the service names sits in the GraphQL input, for requests whose domain shape is flatter than their
 * input (the edge's conversion declares it: src/graphql/inputs/shipment.ts `shipmentFieldPath`). Identity by default.
 */
export type FieldPath = (field: string) => string;

/** The user error a failure stands for, or null when it is a fault or unavailability (a GraphQL error). */
export function userErrorOf(error: unknown, fieldPath?: FieldPath): UserError | null {
  if (error instanceof InputError) {
    // An unknown id names the field the caller sent already; only a refusal of the request's content is re-pathed.
    const field = fieldPath && !(error instanceof NotFoundError) ? fieldPath(error.field) : error.field;
    const prefix = `${error.field}: `;
    return {
      field: field.length > 0 ? fieldPathOf(field) : null,
      code: error instanceof NotFoundError ? 'NOT_FOUND' : 'BAD_USER_INPUT',
      message: field !== error.field && error.message.startsWith(prefix) ? `${field}: ${error.message.slice(prefix.length)}` : error.message,
      carrierCode: null,
    };
  }
  if (error instanceof UpstreamError && CARRIER_REFUSALS.has(error.code)) {
    return carrierRefusal({ field: 'input', message: error.message, carrierCode: error.carrierCode });
  }
  return null;
}

/** A carrier's refusal a mutation answers beside its result: a FAILED label or pickup, a cancellation it declined. */
export interface CarrierRefusal {
  /** The input's path the refusal is about (`input`, `input.labelId`). */
  field: string;
  message: string;
  carrierCode: string | null;
}

function carrierRefusal(refusal: CarrierRefusal): UserError {
  return { field: fieldPathOf(refusal.field), code: 'CARRIER_REFUSED', message: refusal.message, carrierCode: refusal.carrierCode };
}

/** A capability this server was built without (no store, no rating service): a GraphQL error with its stable code. */
export function notAvailable(message: string, code = 'SERVICE_UNAVAILABLE'): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/** A value past a configured limit: BAD_USER_INPUT (or `code`) naming the field, the limit's variable and its value. */
export function overLimit(message: string, details: { code?: string; field?: string; limit: string; max: number }): GraphQLError {
  const { code = 'BAD_USER_INPUT', field, limit, max } = details;
  return new GraphQLError(message, { extensions: { code, ...(field ? fieldExtensions(field) : {}), limit, max } });
}

export type Payload<K extends string, T> = { [P in K]: T | null } & { userErrors: UserError[]; warnings: CarrierWarning[] };

/** What a mutation's body answers: its result, the carrier's warnings, and a carrier's refusal kept beside a result. */
export interface PayloadAnswer<T> {
  result: T;
  warnings?: readonly CarrierWarningModel[];
  refused?: CarrierRefusal | null;
}

/**
 * Every mutation's payload (DESIGN.md "Schema principles", Shopify's userErrors): the result under `key` with the
 * carrier's warnings, and user errors `run` reports beside a result (a carrier's refusal of a purchase keeps its FAILED
 * label). A thrown refusal (bad input, unknown id, the carrier's refusal) is a null result with one user error per
 * refusal (at the GraphQL path `fieldPath` gives, when the service's request is shaped apart from the input); a fault or
 * unavailability is thrown as a GraphQL error.
 */
export async function payload<K extends string, T>(key: K, run: () => Promise<PayloadAnswer<T>>, fieldPath?: FieldPath): Promise<Payload<K, T>> {
  let answer: PayloadAnswer<T>;
  try {
    answer = await run();
  } catch (error) {
    // Several refusals of one input (a carrier's required inputs, ineligible labels of a tender): one user error each.
    const refusals = error instanceof InputErrors ? error.errors : [error];
    const userErrors = refusals.map((refusal) => userErrorOf(refusal, fieldPath));
    if (userErrors.some((u) => u === null)) throw toGraphQLError(error);
    return { [key]: null, userErrors: userErrors as UserError[], warnings: [] } as Payload<K, T>;
  }
  const { result, warnings = [], refused = null } = answer;
  return { [key]: result, userErrors: refused ? [carrierRefusal(refused)] : [], warnings: [...warnings] } as Payload<K, T>;
}

/** `payload` for a mutation whose body answers its result alone (no warnings, no user errors beside it). */
export function mutationPayload<K extends string, T>(key: K, run: () => Promise<T>): Promise<Payload<K, T>> {
  return payload(key, async () => ({ result: await run() }));
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/** A resolver whose throw or rejection is mapped by `toGraphQLError`; a synchronous one stays synchronous. */
function mapped(resolve: AnyFunction): AnyFunction {
  return function mappedResolver(this: unknown, ...args: unknown[]): unknown {
    let answer: unknown;
    try {
      answer = resolve.apply(this, args);
    } catch (error) {
      throw toGraphQLError(error);
    }
    if (answer instanceof Promise) return mappedPromise(answer);
    // A list answered item by item (`nodes(ids:)`): each item's failure is mapped, and nulls that item alone.
    if (Array.isArray(answer) && answer.some((item) => item instanceof Promise)) {
      return answer.map((item: unknown) => (item instanceof Promise ? mappedPromise(item) : item));
    }
    return answer;
  };
}

function mappedPromise(answer: Promise<unknown>): Promise<unknown> {
  return answer.catch((error: unknown) => {
    throw toGraphQLError(error);
  });
}

/** Called by graphql-js to pick a type, never to answer data: nothing of theirs is a domain failure to map. */
const NOT_MAPPED = new Set(['__resolveType', '__isTypeOf']);

/**
 * Every resolver of the map (fields, `__resolveReference`, a subscription's `subscribe` and `resolve`) with its
 * failures mapped by `toGraphQLError`: resolvers throw domain errors and never map them themselves.
 */
export function mapResolverErrors(resolvers: Resolvers): Resolvers {
  const out: Record<string, unknown> = {};
  for (const [typeName, fields] of Object.entries(resolvers)) {
    if (fields instanceof GraphQLScalarType || typeof fields !== 'object' || fields === null) {
      out[typeName] = fields;
      continue;
    }
    const wrapped: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields as Record<string, unknown>)) {
      if (NOT_MAPPED.has(field)) wrapped[field] = value;
      else if (typeof value === 'function') wrapped[field] = mapped(value as AnyFunction);
      else if (typeof value === 'object' && value !== null) {
        const object = { ...(value as Record<string, unknown>) };
        for (const key of ['subscribe', 'resolve']) if (typeof object[key] === 'function') object[key] = mapped(object[key] as AnyFunction);
        wrapped[field] = object;
      } else wrapped[field] = value;
    }
    out[typeName] = wrapped;
  }
  return out as Resolvers;
}
