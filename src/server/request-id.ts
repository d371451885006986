import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pino } from 'pino';
import type { Logger } from '../platform/logger.js';
import { tracingActive } from '../platform/tracing.js';
import { runAfterAnswer, runWithRequestContext, type RequestContext } from '../platform/request-context.js';
import { requestIdFrom } from '../platform/request-id.js';

/** Probes and scrapes are not requests anyone investigates: no access line for them. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

function pathOf(url: string | undefined): string {
  // The query string is never logged: a GET /graphql carries the operation and its variables (tracking numbers) there.
  return (url ?? '').split('?')[0] ?? '';
}

/** The access line of one request: method, path, status and time; never headers or bodies. */
function writeAccessLine(logger: Logger, method: string | undefined, path: string, res: ServerResponse, requestId: string, startedAt: number): void {
  const failed = res.statusCode >= 500;
  const level = failed ? 'error' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const responseTime = Date.now() - startedAt;
  if (!failed && !tracingActive()) {
    writePlainAccessLine(logger, method, path, res.statusCode, responseTime, requestId);
    return;
  }
  const line = {
    req: { method, path },
    res: { statusCode: res.statusCode },
    ...(failed ? { err: new Error(`failed with status code ${res.statusCode}`) } : {}),
    responseTime,
    requestId,
  };
  logger[level](line, failed ? 'request errored' : 'request completed');
}

/**
 * The `request completed` line as pino writes it for this logger (its level number, time, bindings, then the request
 * id the mixin adds, the fields and the message), built as one string and written to the logger's own stream. Every
 * request writes one, so it skips what pino would do for nothing here: the redaction paths (the line holds no
 * personal field), the mixin (the id is at hand; the trace ids only exist with tracing on, which takes pino's path),
 * and the object merging. Strings go through JSON.stringify, so a path or id can never break the line's structure.
 */
export function writePlainAccessLine(logger: Logger, method: string | undefined, path: string, statusCode: number, responseTime: number, requestId: string): void {
  const fields = logger as unknown as Record<symbol, unknown>;
  const time = timeField(fields[pino.symbols.timeSym] as () => string);
  const bindings = fields[pino.symbols.chindingsSym] as string;
  const stream = fields[pino.symbols.streamSym] as LineStream;
  const line =
    `{"level":${logger.levels.values['info']}${time}${bindings},"requestId":${JSON.stringify(requestId)},` +
    `"req":{${method === undefined ? '' : `"method":${JSON.stringify(method)},`}"path":${JSON.stringify(path)}},"res":{"statusCode":${statusCode}},` +
    `"responseTime":${responseTime},"msg":"request completed"}\n`;
  let pending = pendingLines.get(stream);
  if (pending === undefined) {
    pending = { stream, text: '' };
    pendingLines.set(stream, pending);
  }
  pending.text += line;
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushAccessLines);
  }
}

interface LineStream { write(text: string): unknown }

/**
 * Access lines of one turn of the event loop, per stream, handed to it in one write when the turn's I/O has been
 * handled (setImmediate). Under load many responses close in one turn (about 40 lines pending in sonic-boom at each
 * of its `fs.write`s), and every write to it measured the byte length of all its pending text again: 5.5 us a line
 * in process at 40 a turn, 1.8-2.8 us joined (docs/benchmarks.md). Lines keep their order and their own time.
 * Each stream keeps its holder: a turn's flush empties the text, never the map (clearing a Map makes it a new table).
 */
interface PendingText { stream: LineStream; text: string }
const pendingLines = new Map<LineStream, PendingText>();
let flushScheduled = false;

function flushAccessLines(): void {
  flushScheduled = false;
  for (const pending of pendingLines.values()) {
    if (pending.text === '') continue;
    const text = pending.text;
    pending.text = '';
    pending.stream.write(text);
  }
}

// A process that exits before the turn ends (process.exit) still writes them, ahead of pino's own flush on exit.
process.prependListener('exit', flushAccessLines);

const isoTime = pino.stdTimeFunctions.isoTime;
let lastMs = Number.NaN;
let lastIsoTime = '';

/**
 * The line's `time` member as the logger's own time function writes it. pino's ISO time (our loggers' format) is the
 * same string for every line of one millisecond, and under load several requests end in the same one: it is formatted
 * once per millisecond, not once per line. Any other time function is called as pino would.
 */
function timeField(time: () => string): string {
  if (time !== isoTime) return time();
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIsoTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastIsoTime;
}

/**
 * Every HTTP request gets its id (echoed as `x-request-id`), runs in a request context that puts the id on every log
 * line written on its behalf, and ends with one access line (pino-http's line: `request completed`, or `request
 * errored` at error level for a 5xx). Written here rather than by pino-http, which builds a child logger (serialising
 * the request through the redaction paths) for every request, even when the line's level is off (issue 12).
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers);
    res.setHeader('x-request-id', requestId);
    // Read now: a mounted router (app.use('/graphql', ...)) strips its prefix from req.url while it handles the request.
    const path = pathOf(req.url);
    const context: RequestContext = { requestId, afterAnswer: [] };
    const quiet = QUIET_PATHS.has(path);
    const startedAt = quiet ? 0 : Date.now();
    const method = req.method;
    // 'close' follows 'finish' on every response, and also ends one whose client went away before it was sent. Then
    // the work the request deferred past its answer starts (afterAnswer).
    res.once('close', () => {
      if (!quiet) writeAccessLine(logger, method, path, res, requestId, startedAt);
      runAfterAnswer(context);
    });
    runWithRequestContext(context, next);
  };
}
