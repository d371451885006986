import { UpstreamError } from '../../domain/errors.js';
import { newCustomerTransactionId, withExchangeIds } from './client.js';
export async function callCarrierB(client, locale, spec) {
    const customerTransactionId = newCustomerTransactionId();
    try {
        const answer = await client.call({
            ...spec,
            headers: { 'x-customer-transaction-id': customerTransactionId, ...(locale ? { 'x-locale': locale } : {}) },
            customerTransactionId,
        });
        return { answer, customerTransactionId };
    }
    catch (error) {
        throw withExchangeIds(asUpstreamError(error, spec.operation), { transactionId: null, customerTransactionId });
    }
}
/** Every failure is typed; anything else is our own defect, reported as an unreadable answer. */
export function asUpstreamError(error, operation) {
    if (error instanceof UpstreamError)
        return error;
    const message = error instanceof Error ? error.message : String(error);
    return new UpstreamError(`carrier-b ${operation}: ${message}`, { code: 'UPSTREAM_CONTRACT', upstream: 'carrier-b', operation }, { cause: error });
}
/** The transaction id of an answer, kept on what the answer produced. */
export function transactionIdOf(answer) {
    return answer.transactionId ?? null;
}
