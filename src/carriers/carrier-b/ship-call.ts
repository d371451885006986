import type { z } from 'zod';
import { UpstreamError } from '../../domain/errors.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import { newCustomerTransactionId, withExchangeIds } from './client.js';

/**
 * One Carrier B shipping-family call (ship, tag, end-of-day, tracking documents): the common headers
 * (`x-customer-transaction-id`, `x-locale`), the wire schema, and the exchange ids on any failure. Whether the call may
 * be sent twice is the caller's word: a call that creates or spends something is `idempotent: false` (sent once).
 */
export interface CarrierBCallSpec<S extends z.ZodType> {
  operation: string;
  method: 'POST' | 'PUT';
  path: string;
  json: unknown;
  schema: S;
  idempotent: boolean;
}

export async function callCarrierB<S extends z.ZodType>(
  client: UpstreamClient,
  locale: string | null,
  spec: CarrierBCallSpec<S>,
): Promise<{ answer: z.infer<S>; customerTransactionId: string }> {
  const customerTransactionId = newCustomerTransactionId();
  try {
    const answer = await client.call({
      ...spec,
      headers: { 'x-customer-transaction-id': customerTransactionId, ...(locale ? { 'x-locale': locale } : {}) },
      customerTransactionId,
    });
    return { answer, customerTransactionId };
  } catch (error) {
    throw withExchangeIds(asUpstreamError(error, spec.operation), { transactionId: null, customerTransactionId });
  }
}

/** Every failure is typed; anything else is our own defect, reported as an unreadable answer. */
export function asUpstreamError(error: unknown, operation: string): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError(`carrier-b ${operation}: ${message}`, { code: 'UPSTREAM_CONTRACT', upstream: 'carrier-b', operation }, { cause: error });
}

/** The transaction id of an answer, kept on what the answer produced. */
export function transactionIdOf(answer: { transactionId?: string | null | undefined }): string | null {
  return answer.transactionId ?? null;
}
