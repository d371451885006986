import { GraphQLError } from 'graphql';
import { InputError, UpstreamError } from '../domain/errors.js';
import { currentRequestId } from '../platform/request-context.js';
const INTERNAL_MESSAGE = 'Internal server error';
/**
 * Turns a domain failure into a GraphQL error with a stable `extensions.code`. The failure stays attached as
 * `originalError` (never sent), so the operation plugin can count an upstream failure it has not seen yet and log an
 * unexpected error with its stack.
 */
export function toGraphQLError(error) {
    if (error instanceof GraphQLError)
        return error;
    if (error instanceof InputError) {
        return new GraphQLError(error.message, { originalError: error, extensions: { code: 'BAD_USER_INPUT', field: error.field } });
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
export function domainCause(error) {
    for (let current = error, depth = 0; current && depth < 8; depth += 1) {
        if (current instanceof UpstreamError || current instanceof InputError)
            return current;
        current = current instanceof GraphQLError ? current.originalError : null;
    }
    return null;
}
/**
 * What an unexpected error (anything that is neither a typed domain error nor a GraphQL error we raised on purpose)
 * really was, with its stack; null for expected errors. Parse and validation errors have no original error.
 */
export function unexpectedCause(error) {
    if (domainCause(error))
        return null;
    let current = error;
    while (current instanceof GraphQLError && current.originalError)
        current = current.originalError;
    if (!(current instanceof GraphQLError))
        return current;
    return current.extensions['code'] === 'INTERNAL_SERVER_ERROR' ? current : null;
}
/**
 * Apollo's `formatError`: an internal error never shows its message (it may name our code or data); the client sees a
 * generic message and the request id, which finds the logged stack.
 */
export function formatGraphQLError(formatted, _error) {
    return maskInternalError(formatted, currentRequestId());
}
/** The same masking for transports Apollo does not format (graphql-ws), with the operation's request id. */
export function maskInternalError(formatted, requestId) {
    const code = formatted.extensions?.['code'];
    if (code !== undefined && code !== 'INTERNAL_SERVER_ERROR')
        return formatted;
    return {
        message: INTERNAL_MESSAGE,
        ...(formatted.locations ? { locations: formatted.locations } : {}),
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: { code: 'INTERNAL_SERVER_ERROR', ...(requestId ? { requestId } : {}) },
    };
}
