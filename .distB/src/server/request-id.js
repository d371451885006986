import { randomUUID } from 'node:crypto';
import { runWithRequestContext } from '../platform/request-context.js';
/** A caller's id is kept only when it is short and plain, so it cannot forge log structure or bloat every line. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;
/** W3C trace context: version-traceid-parentid-flags; version ff and an all-zero trace id are invalid. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
/** Probes and scrapes are not requests anyone investigates: no access line for them. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
/**
 * The request id: the caller's `x-request-id` when it is usable, else the trace id of a valid `traceparent` (so logs and
 * the router's trace line up), else a new UUID. docs/assumptions.md O1.
 */
export function requestIdFrom(headers) {
    const given = headers['x-request-id'];
    const caller = Array.isArray(given) ? given[0] : given;
    if (caller !== undefined && CALLER_REQUEST_ID.test(caller.trim()))
        return caller.trim();
    const traceparent = headers['traceparent'];
    const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent.trim().toLowerCase()) : null;
    if (match && match[1] !== 'ff' && !/^0+$/.test(match[2]))
        return match[2];
    return randomUUID();
}
function pathOf(url) {
    // The query string is never logged: a GET /graphql carries the operation and its variables (tracking numbers) there.
    return (url ?? '').split('?')[0] ?? '';
}
/** The access line of one request: method, path, status and time; never headers or bodies. */
function writeAccessLine(logger, method, path, res, requestId, startedAt) {
    const failed = res.statusCode >= 500;
    const level = failed ? 'error' : 'info';
    if (!logger.isLevelEnabled(level))
        return;
    const line = {
        req: { method, path },
        res: { statusCode: res.statusCode },
        ...(failed ? { err: new Error(`failed with status code ${res.statusCode}`) } : {}),
        responseTime: Date.now() - startedAt,
        requestId,
    };
    logger[level](line, failed ? 'request errored' : 'request completed');
}
/**
 * Every HTTP request gets its id (echoed as `x-request-id`), runs in a request context that puts the id on every log
 * line written on its behalf, and ends with one access line (pino-http's line: `request completed`, or `request
 * errored` at error level for a 5xx). Written here rather than by pino-http, which builds a child logger (serialising
 * the request through the redaction paths) for every request, even when the line's level is off (issue 12).
 */
export function requestLogging(logger) {
    return (req, res, next) => {
        const requestId = requestIdFrom(req.headers);
        res.setHeader('x-request-id', requestId);
        // Read now: a mounted router (app.use('/graphql', ...)) strips its prefix from req.url while it handles the request.
        const path = pathOf(req.url);
        if (!QUIET_PATHS.has(path)) {
            const startedAt = Date.now();
            const method = req.method;
            // 'close' follows 'finish' on every response, and also ends one whose client went away before it was sent.
            res.once('close', () => writeAccessLine(logger, method, path, res, requestId, startedAt));
        }
        runWithRequestContext({ requestId }, next);
    };
}
