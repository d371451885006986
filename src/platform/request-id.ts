/** The id of an HTTP request or WebSocket connection, as its log lines and traces name it (read by server and graphql). */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A caller's id is kept only when it is short and plain, so it cannot forge log structure or bloat every line. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;
/** W3C trace context: version-traceid-parentid-flags; version ff and an all-zero trace id are invalid. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

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
