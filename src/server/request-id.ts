import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../platform/logger.js';
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
export function requestIdFrom(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  const caller = Array.isArray(given) ? given[0] : given;
  if (caller !== undefined && CALLER_REQUEST_ID.test(caller.trim())) return caller.trim();
  const traceparent = headers['traceparent'];
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent.trim().toLowerCase()) : null;
  if (match && match[1] !== 'ff' && !/^0+$/.test(match[2]!)) return match[2]!;
  return randomUUID();
}

function pathOf(url: string | undefined): string {
  // The query string is never logged: a GET /graphql carries the operation and its variables (tracking numbers) there.
  return (url ?? '').split('?')[0] ?? '';
}

/**
 * Every HTTP request gets its id (echoed as `x-request-id`), runs in a request context that puts the id on every log
 * line written on its behalf, and ends with one access line (method, path, status, time; never headers or bodies).
 */
export function requestLogging(logger: Logger): RequestHandler {
  const accessLog = pinoHttp({
    logger,
    genReqId: (req) => req.id ?? requestIdFrom(req.headers),
    autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOf(req.url)) },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    // The id is written into each access line's own object rather than bound on a child logger: the mixin adds it too
    // when the context is active, and merged keys never repeat.
    customSuccessObject: (req: IncomingMessage, _res: ServerResponse, value: object) => ({ ...value, requestId: req.id }),
    customErrorObject: (req: IncomingMessage, _res: ServerResponse, _error: Error, value: object) => ({ ...value, requestId: req.id }),
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  });
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers);
    req.id = requestId;
    res.setHeader('x-request-id', requestId);
    runWithRequestContext({ requestId }, () => accessLog(req, res, next));
  };
}
