import { isSpanContextValid, trace } from '@opentelemetry/api';
import { pino } from 'pino';
import { currentRequestId } from './request-context.js';
/**
 * Credentials and personal data never reach logs (DESIGN.md, "Upstream clients"): these paths are censored wherever
 * they appear in a log object.
 */
const REDACT_PATHS = [
    'authorization',
    '*.authorization',
    'headers.authorization',
    '*.headers.authorization',
    'headers["carrier-api-key"]',
    '*.headers["carrier-api-key"]',
    'password',
    '*.password',
    'clientSecret',
    '*.clientSecret',
    'client_secret',
    'apiKey',
    '*.apiKey',
    'accessToken',
    'access_token',
    'secret',
    '*.secret',
    'validationSecret',
    '*.validationSecret',
    'address',
    '*.address',
    'recipient',
    'shipper',
    'name',
];
/**
 * LOG_FORMAT=auto resolves here: pretty only in development at a terminal, so a container, a pipe or a file always
 * gets JSON even when NODE_ENV is unset.
 */
export function resolveLogFormat(setting, env = process.env, isTTY = process.stdout.isTTY === true) {
    if (setting !== 'auto')
        return setting;
    return env.NODE_ENV !== 'production' && isTTY ? 'pretty' : 'json';
}
/**
 * The request id (and, with tracing on, the trace id) of whatever request the current async context serves, on every
 * line: services and upstream clients log through the process-wide logger and still name the request they work for.
 * Merged into the line's own object (not a child binding), so a line never carries the key twice.
 */
function requestMixin() {
    const fields = {};
    const requestId = currentRequestId();
    if (requestId)
        fields['requestId'] = requestId;
    const spanContext = trace.getActiveSpan()?.spanContext();
    if (spanContext && isSpanContextValid(spanContext)) {
        fields['traceId'] = spanContext.traceId;
        fields['spanId'] = spanContext.spanId;
    }
    return fields;
}
export function createLogger(level = 'info', destination, format = 'json') {
    const options = {
        level,
        base: { service: 'carrier-subgraph' },
        redact: { paths: REDACT_PATHS, censor: '[redacted]' },
        timestamp: pino.stdTimeFunctions.isoTime,
        mixin: requestMixin,
    };
    if (format === 'pretty' && !destination) {
        // A worker-thread transport: formatting never blocks the event loop. Development only (see resolveLogFormat).
        return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } } });
    }
    return pino(options, destination);
}
/** Strips the password of a connection URL before it is logged. */
export function redactUrl(url) {
    try {
        const parsed = new URL(url);
        if (parsed.password)
            parsed.password = '***';
        if (parsed.username)
            parsed.username = parsed.username ? '***' : '';
        return parsed.toString();
    }
    catch {
        return '[unparseable url]';
    }
}
