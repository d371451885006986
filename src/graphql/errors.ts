import { GraphQLError } from 'graphql';
import { InputError, UpstreamError } from '../domain/errors.js';

/** Turns a domain failure into a GraphQL error with a stable `extensions.code`. */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  if (error instanceof InputError) {
    return new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT', field: error.field } });
  }
  if (error instanceof UpstreamError) {
    return new GraphQLError(error.message, {
      extensions: {
        code: error.code,
        upstream: error.upstream,
        carrierErrorCode: error.carrierCode,
        retryAt: error.retryAt?.toISOString() ?? null,
        candidates: error.candidates.length > 0 ? error.candidates : undefined,
      },
    });
  }
  return new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}
