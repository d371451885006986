/**
 * Carrier B's error body (the seed: "`transactionId` (string) and `errors[]`, each with `code` (string), `message`
 * (string) and `parameterList`"), with dotted, stable codes.
 */
const CODE_BY_STATUS = {
    400: 'BAD.REQUEST.ERROR',
    401: 'NOT.AUTHORIZED.ERROR',
    403: 'FORBIDDEN.ERROR',
    404: 'NOT.FOUND.ERROR',
    405: 'METHOD.NOT.ALLOWED.ERROR',
    429: 'TOO.MANY.REQUESTS.ERROR',
    500: 'INTERNAL.SERVER.ERROR',
    503: 'SERVICE.UNAVAILABLE.ERROR',
};
export function carrierBErrorCode(status) {
    return CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL.SERVER.ERROR' : 'BAD.REQUEST.ERROR');
}
export function carrierBError(transactionId, status, code, message) {
    return { status, json: { transactionId, errors: [{ code, message, parameterList: [] }] } };
}
