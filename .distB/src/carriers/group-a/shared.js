import { UpstreamError } from '../../domain/errors.js';
/** Turns anything a lookup threw into its outcome: an UpstreamError as is, anything else as a contract failure. */
export function failedOutcome(upstream, operation, error) {
    if (error instanceof UpstreamError)
        return { ok: false, error };
    const message = error instanceof Error ? error.message : String(error);
    return {
        ok: false,
        error: new UpstreamError(`${upstream} ${operation}: answer could not be read (${message})`, {
            code: 'UPSTREAM_CONTRACT',
            upstream,
            operation,
        }, { cause: error }),
    };
}
/** Each request on its own, concurrently; never rejects (TrackingConnector contract). */
export function trackEach(upstream, requests, lookup) {
    return Promise.all(requests.map(async (request) => {
        try {
            return await lookup(request);
        }
        catch (error) {
            return failedOutcome(upstream, 'track', error);
        }
    }));
}
export function notFound(upstream) {
    return new UpstreamError(`${upstream} track: no shipment found for this number`, {
        code: 'UPSTREAM_NOT_FOUND',
        upstream,
        operation: 'track',
        httpStatus: 404,
        carrierCode: null,
    });
}
function text(value) {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;
}
/**
 * Reads an RFC 7807 problem detail (unified tracking: "`type`, `title`, `status`, `detail`, `instance`"; express per
 * assumption X1) or a plain `{ message }` / `{ error, error_description }` body. The carrier's code is the problem
 * `type`, else its `title`. `instance` is not kept: it echoes the request path, which holds the tracking number.
 */
export function readProblem(_status, body) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
        return {};
    const record = body;
    const title = text(record['title']);
    const detail = text(record['detail']) ?? text(record['message']) ?? text(record['error_description']);
    const carrierCode = text(record['type']) ?? title ?? text(record['code']) ?? text(record['error']);
    const message = [title, detail].filter((part) => part !== null).join(': ');
    return { carrierCode, message: message === '' ? null : message };
}
/** A PartyAddress, or null when the carrier gave none of its members. */
export function partyAddress(parts) {
    const any = Object.values(parts).some((value) => value !== null);
    return any ? parts : null;
}
