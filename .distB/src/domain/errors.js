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
];
/** A failure of an upstream, for one item or one whole call. Carries no credential or personal data. */
export class UpstreamError extends Error {
    code;
    upstream;
    carrierCode;
    retryAt;
    operation;
    httpStatus;
    candidates;
    transactionId;
    customerTransactionId;
    constructor(message, details, options) {
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
    field;
    constructor(field, message) {
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
    constructor(field, message) {
        super(field, message);
        this.name = 'NotFoundError';
    }
}
