import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

/** What body-parser puts on the errors it raises, the fields graphqlJsonErrors reads (json-errors.ts). */
class BodyError extends Error {
  readonly statusCode: number;
  readonly expose = true;
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
  ) {
    super(message);
    this.statusCode = status;
  }
}

/** JSON text must start with an object or an array (body-parser's `strict`, its default and express.json's). */
const FIRST_NON_WHITESPACE = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d]|$)/;

/**
 * express.json({ limit }) for the request nearly every client sends (`content-type: application/json`, optionally
 * `; charset=utf-8`, no content encoding, a Content-Length within the limit), read and parsed here; every other
 * request (a charset, an encoding, a chunked or oversized body, another type) goes to `fallback`, express.json itself.
 * body-parser's general path (type-is, content-type, iconv-lite's decoder, raw-body, on-finished) was measurable CPU on
 * every request (issue 12). Same result: `req.body` the parsed value (a leading BOM dropped, as iconv-lite does), or
 * the error body-parser would raise (status and type: 400 entity.parse.failed, request.aborted), for graphqlJsonErrors.
 */
export function fastJsonBody(limitBytes: number, fallback: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const length = plainBodyLength(req, limitBytes);
    if (length === null) return fallback(req, res, next);
    req.body = undefined;
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    // The body's events come from the socket's async context: what follows (Apollo, the resolvers, their log lines)
    // must run in this request's (its request id, the trace), as raw-body's callback does. A promise reaction runs in
    // the async context it was attached in, every AsyncLocalStorage included, so the outcome is handed over through a
    // promise made here: one promise and one microtask a request, where AsyncLocalStorage.snapshot() builds an
    // AsyncResource (a measurable share of a small request's CPU). The first outcome wins, as `settled` ensures.
    let settle!: (error: BodyError | null) => void;
    void new Promise<BodyError | null>((resolve) => {
      settle = resolve;
    }).then((error) => settleHere(error));
    const settleHere = (error: BodyError | null): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onError);
      if (error) {
        next(error);
        return;
      }
      let text = received === 0 ? '' : chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const first = FIRST_NON_WHITESPACE.exec(text)?.[1];
      if (first !== '{' && first !== '[') {
        next(new BodyError(400, 'the JSON body must be an object or an array', 'entity.parse.failed'));
        return;
      }
      try {
        req.body = JSON.parse(text) as unknown;
      } catch (error) {
        next(new BodyError(400, (error as Error).message, 'entity.parse.failed'));
        return;
      }
      next();
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = (): void => settle(received === length ? null : new BodyError(400, 'request size did not match content length', 'request.size.invalid'));
    // node:http: a request closed before its end is one whose client went away mid-body.
    const onClose = (): void => settle(req.complete && received === length ? null : new BodyError(400, 'request aborted', 'request.aborted'));
    const onError = (error: Error): void => settle(new BodyError(400, error.message, 'request.aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onError);
  };
}

/** The Content-Length of a plain JSON body this reader takes (1..limit bytes), or null for express.json to handle. */
function plainBodyLength(req: IncomingMessage, limitBytes: number): number | null {
  const { headers } = req;
  const type = headers['content-type'];
  if (type !== 'application/json' && type !== 'application/json; charset=utf-8') return null;
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return null;
  const declared = headers['content-length'];
  if (declared === undefined || !/^[1-9][0-9]{0,9}$/.test(declared)) return null;
  const length = Number(declared);
  return length <= limitBytes ? length : null;
}
