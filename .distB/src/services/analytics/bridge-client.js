import { z } from 'zod';
import { UpstreamError } from '../../domain/errors.js';
import { basicAuth } from '../../platform/http/auth.js';
import { parseRetryAfter } from '../../platform/http/retry.js';
import { UpstreamClient } from '../../platform/http/upstream-client.js';
/** Every path we call is under the bridge's prefix (seed 002 B: the bare root paths were removed on 2026-09-29). */
export const BRIDGE_IMPORT_PATH = '/bridge/import';
/** The answers `/bridge/import` gives with HTTP Basic (modern JSON) or in the legacy form (`1` / `0`). */
const importAnswerSchema = z.union([
    z.object({ code: z.literal(200), num_records_imported: z.number().int().nonnegative(), status: z.string() }),
    // The seed gives the 401 answer's body, not its HTTP status: the same body under a 200 is read the same way.
    z.object({ code: z.literal(401), error: z.string(), status: z.string() }),
    z.union([z.literal(0), z.literal('0'), z.literal(1), z.literal('1')]),
]);
const failedRecordSchema = z.object({ index: z.number().int().nonnegative(), field: z.string().optional(), message: z.string().optional() });
const errorBodySchema = z.object({ error: z.string().optional(), failed_records: z.array(failedRecordSchema).optional() });
/**
 * The one client of the analytics bridge: `POST {base_url}/bridge/import?strict=1`, a JSON array, HTTP Basic with the
 * Server key (docs/assumptions.md AB2), through the project's upstream client (one undici pool, timeouts, metrics,
 * failures counted and logged once). The call is never retried here: the exporter owns retries and backoff, and the
 * records' `$insert_id`s make a resend harmless.
 */
export function createBridgeClient(options) {
    const http = new UpstreamClient({
        upstream: 'analytics',
        baseUrl: options.config.baseUrl,
        auth: basicAuth(options.config.serverKey, ''),
        timeouts: options.timeouts,
        metrics: options.metrics,
        logger: options.logger,
        readError: readBridgeError,
        connections: options.connections ?? 2,
    });
    return {
        importBatch: async (records) => {
            let failure = { body: null, retryAfter: undefined };
            try {
                const answer = await http.call({
                    operation: 'import',
                    method: 'POST',
                    path: BRIDGE_IMPORT_PATH,
                    query: { strict: 1 },
                    json: records,
                    schema: importAnswerSchema,
                    idempotent: false,
                    onFailureBody: (_status, body, headers) => {
                        failure = { body, retryAfter: headers['retry-after'] };
                    },
                });
                return readSuccessfulAnswer(answer, records.length);
            }
            catch (error) {
                if (error instanceof UpstreamError)
                    return readFailure(error, failure.body, parseRetryAfter(failure.retryAfter));
                throw error;
            }
        },
        close: () => http.close(),
    };
}
function readSuccessfulAnswer(answer, sent) {
    // The seed: "`/track` record rejected: HTTP 200, body `0`"; a body `0` from any route means nothing was stored.
    if (answer === 0 || answer === '0')
        return { kind: 'REJECTED', status: 200, message: 'the bridge answered 0 (rejected)' };
    if (answer === 1 || answer === '1')
        return { kind: 'IMPORTED', imported: sent };
    if (answer.code === 401)
        return { kind: 'UNAUTHORIZED', message: answer.error };
    return { kind: 'IMPORTED', imported: answer.num_records_imported };
}
/**
 * Failures by kind (AB13): 401/403 credentials (stop, keep the events); 400/413/422 the batch itself (strict=1 names
 * the failed records); everything else (5xx, 429, 404 of a misconfigured host, no answer, an answer of no known
 * shape) is "nothing known to be stored": retried later, with Retry-After when given.
 */
function readFailure(error, body, retryAfter) {
    const status = error.httpStatus;
    const message = error.message;
    if (status === 401 || status === 403)
        return { kind: 'UNAUTHORIZED', message };
    if (status === 400 || status === 413 || status === 422) {
        const parsed = errorBodySchema.safeParse(body);
        const failed = parsed.success
            ? (parsed.data.failed_records ?? []).map((r) => ({ index: r.index, reason: [r.field, r.message].filter(Boolean).join(': ') || 'unreadable' }))
            : [];
        return failed.length > 0 ? { kind: 'REJECTED', status, message, failed } : { kind: 'REJECTED', status, message };
    }
    // A 503 with Retry-After is waited out like a 429 (the upstream client reads the header on 429 only).
    const retryAt = error.retryAt ?? retryAfter;
    return { kind: 'UNAVAILABLE', message, retryAfterMs: retryAt ? Math.max(0, retryAt.getTime() - Date.now()) : null };
}
/** The bridge's error bodies: JSON `{ error }` from `/import`, plain text elsewhere; kept short, never credentials. */
export function readBridgeError(_status, body) {
    if (typeof body === 'string' && body.length > 0)
        return { carrierCode: null, message: body.slice(0, 200) };
    const parsed = errorBodySchema.safeParse(body);
    return { carrierCode: null, message: parsed.success && parsed.data.error ? parsed.data.error.slice(0, 500) : null };
}
