import { InputError, NotFoundError, UpstreamError } from '../../domain/errors.js';
import { InputErrors } from '../../services/shipping/input-errors.js';
import { toGraphQLError } from '../errors.js';
/**
 * Carrier answers that refuse the request as the caller's fault: the carrier says the number or the request is
 * wrong. Unavailability, quotas, credentials and contract breaches are ours to report as GraphQL errors instead.
 */
const CARRIER_REFUSALS = new Set(['UPSTREAM_BAD_REQUEST', 'UPSTREAM_NOT_FOUND']);
/** The user error a failure stands for, or null when it is a fault or unavailability (a GraphQL error). */
export function userErrorOf(error) {
    if (error instanceof InputError) {
        return {
            field: error.field.length > 0 ? error.field.split('.') : null,
            code: error instanceof NotFoundError ? 'NOT_FOUND' : 'BAD_USER_INPUT',
            message: error.message,
            carrierCode: null,
        };
    }
    if (error instanceof UpstreamError && CARRIER_REFUSALS.has(error.code)) {
        return { field: ['input'], code: 'CARRIER_REFUSED', message: error.message, carrierCode: error.carrierCode };
    }
    return null;
}
/**
 * Runs a mutation's service call and shapes its payload: the result under `key` with empty userErrors, or a null
 * result with the refusal as a user error. Anything else is thrown as a GraphQL error with its stable code.
 */
export async function mutationPayload(key, run) {
    try {
        const result = await run();
        return { [key]: result, userErrors: [], warnings: [] };
    }
    catch (error) {
        const userError = userErrorOf(error);
        if (!userError)
            throw toGraphQLError(error);
        return { [key]: null, userErrors: [userError], warnings: [] };
    }
}
/**
 * Runs a mutation and shapes its payload. `run` answers the result and the carrier's warnings, and may add user errors
 * beside a result (a carrier's refusal of a purchase keeps its FAILED label). A thrown refusal (bad input, unknown id,
 * the carrier's refusal) is a user error with a null result; a fault or unavailability is a GraphQL error.
 */
export async function carrierPayload(key, run) {
    try {
        const { result, warnings = [], userErrors = [] } = await run();
        return { [key]: result, userErrors, warnings: [...warnings] };
    }
    catch (error) {
        // Several refusals of one input (a carrier's required inputs, ineligible labels of a tender): one user error each.
        const refusals = error instanceof InputErrors ? error.errors : [error];
        const userErrors = refusals.map(userErrorOf);
        if (userErrors.some((u) => u === null))
            throw toGraphQLError(error);
        return { [key]: null, userErrors: userErrors, warnings: [] };
    }
}
