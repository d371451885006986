import type { CarrierInterface } from './carrier.js';

/** Stable codes a client sees for upstream failures (DESIGN.md, "Errors"). */
export const UPSTREAM_ERROR_CODES = [
  'UPSTREAM_UNAUTHORIZED',
  'UPSTREAM_NOT_FOUND',
  'UPSTREAM_RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_CONTRACT',
  'UPSTREAM_BAD_REQUEST',
  'UPSTREAM_NOT_CONFIGURED',
  'UPSTREAM_AMBIGUOUS',
  // The request's deadline (REQUEST_DEADLINE_MS) passed before this upstream answered.
  'UPSTREAM_DEADLINE_EXCEEDED',
] as const;
export type UpstreamErrorCode = (typeof UPSTREAM_ERROR_CODES)[number];

export interface UpstreamErrorDetails {
  code: UpstreamErrorCode;
  upstream: CarrierInterface;
  /** The carrier's own error code (e.g. `TRACKING.TRACKINGNUMBER.NOTFOUND`, a problem `type`). */
  carrierCode?: string | null;
  /** When a rate-limited call could be served (absolute instant). */
  retryAt?: Date | null;
  /** Operation that failed, e.g. `carrier-b track`. */
  operation?: string;
  httpStatus?: number;
  /** Candidate shipment ids, for UPSTREAM_AMBIGUOUS. */
  candidates?: string[];
  /** The carrier's id of the failed exchange (Carrier B `transactionId`), for the carrier's support. */
  transactionId?: string | null;
  /** The correlation id we sent (Carrier B `x-customer-transaction-id`). */
  customerTransactionId?: string | null;
}

/** A failure of an upstream, for one item or one whole call. Carries no credential or personal data. */
export class UpstreamError extends Error {
  readonly code: UpstreamErrorCode;
  readonly upstream: CarrierInterface;
  readonly carrierCode: string | null;
  readonly retryAt: Date | null;
  readonly operation: string | null;
  readonly httpStatus: number | null;
  readonly candidates: string[];
  readonly transactionId: string | null;
  readonly customerTransactionId: string | null;

  constructor(message: string, details: UpstreamErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamError';
    this.code = details.code;
    this.upstream = details.upstream;
    this.carrierCode = details.carrierCode ?? null;
    this.retryAt = details.retryAt ?? null;
    this.operation = details.operation ?? null;
    this.httpStatus = details.httpStatus ?? null;
    this.candidates = details.candidates ?? [];
    this.transactionId = details.transactionId ?? null;
    this.customerTransactionId = details.customerTransactionId ?? null;
  }
}

/** Bad input, found before any upstream call. `field` is the path of the offending input, e.g. `inputs.3.trackingNumber`. */
export class InputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'InputError';
    this.field = field;
  }
}

/**
 * The input names something not known here (a shipment that is not watched, a push subscription id that does not
 * exist). A subclass of InputError, so queries still answer BAD_USER_INPUT; mutations answer it as a NOT_FOUND user error.
 */
export class NotFoundError extends InputError {
  constructor(field: string, message: string) {
    super(field, message);
    this.name = 'NotFoundError';
  }
}

/**
 * A status-log cursor from before what retention removed: reading after it would skip changes that are gone. A
 * subclass of InputError (the input is what is wrong), answered with its own code, CURSOR_EXPIRED.
 */
export class CursorExpiredError extends InputError {
  constructor(
    field: string,
    readonly cursor: string,
    readonly purgedThrough: string,
  ) {
    super(
      field,
      `cursor ${cursor} is older than the status log keeps: changes up to cursor ${purgedThrough} were removed by retention; read again without a cursor (the log as kept) or after cursor ${purgedThrough}`,
    );
    this.name = 'CursorExpiredError';
  }
}

/** A stored document whose bytes retention removed: the document (and its label) stays, its content does not. */
export class DocumentExpiredError extends Error {
  constructor(
    readonly documentId: string,
    readonly expiredAt: Date,
  ) {
    super(`the content of document ${documentId} expired and was removed on ${expiredAt.toISOString()}; the document record and its label remain`);
    this.name = 'DocumentExpiredError';
  }
}
