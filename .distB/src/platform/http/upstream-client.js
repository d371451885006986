import { Pool } from 'undici';
import { UpstreamError } from '../../domain/errors.js';
import { recordUpstreamFailure } from '../upstream-failures.js';
import { noAuth } from './auth.js';
import { bodyText, collect } from './collect.js';
import { currentDeadline, outsideDeadline } from './deadline.js';
import { backoffDelayMs, parseRetryAfter, sleep } from './retry.js';
/**
 * One client per upstream origin: an undici pool with explicit timeouts, the upstream's auth strategy, retries (500
 * and 503 once with backoff and jitter, 429 honouring Retry-After, 401 once after re-minting), and a zod wire schema
 * for every answer. Every failure becomes an UpstreamError with a stable code naming the call that failed.
 */
export class UpstreamClient {
    options;
    upstream;
    /** The pool's size: at most this many connections to the origin at once (excess calls queue in the pool). */
    connections;
    pool;
    origin;
    basePath;
    auth;
    constructor(options) {
        this.options = options;
        this.upstream = options.upstream;
        const base = new URL(options.baseUrl);
        this.origin = base.origin;
        this.basePath = base.pathname.replace(/\/+$/, '');
        this.connections = options.connections ?? 64; // UPSTREAM_POOL_CONNECTIONS' default (docs/assumptions.md PF3)
        this.pool = new Pool(this.origin, {
            connections: this.connections,
            connect: { timeout: options.timeouts.connectTimeoutMs },
            headersTimeout: options.timeouts.headersTimeoutMs,
            bodyTimeout: options.timeouts.bodyTimeoutMs,
            keepAliveTimeout: 30_000,
        });
        const auth = options.auth ?? noAuth;
        this.auth = typeof auth === 'function' ? auth(this) : auth;
    }
    async call(spec) {
        const answer = await this.send(spec);
        const parsed = spec.schema.safeParse(answer.body);
        if (!parsed.success) {
            const where = parsed.error.issues
                .slice(0, 3)
                .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
                .join('; ');
            throw this.error('UPSTREAM_CONTRACT', spec.operation, `answer does not match its schema (${where})`, {
                httpStatus: answer.status,
                transactionId: this.options.readTransactionId?.(answer.body) ?? null,
                customerTransactionId: spec.customerTransactionId ?? null,
            });
        }
        return parsed.data;
    }
    /**
     * Fetches a document as bytes (a label by URL, a PDF answer). Errors are read and typed as for `call`; a success is
     * returned as its bytes and content type, whatever they are (the caller checks what it expects).
     */
    async download(spec) {
        const answer = await this.send({ ...spec, schema: undefined }, true);
        const type = answer.headers['content-type'];
        return { contentType: (Array.isArray(type) ? type[0] : type) ?? null, bytes: answer.bytes ?? Buffer.alloc(0) };
    }
    async close() {
        await this.pool.close();
    }
    async send(spec, binary = false) {
        const idempotent = spec.idempotent ?? spec.method !== 'POST';
        let retriedServer = false;
        let retriedAuth = false;
        let retriedRateLimit = false;
        // The GraphQL request's deadline (src/platform/http/deadline.ts): cancels the HTTP request and the retry waits.
        const deadline = currentDeadline();
        const wait = (ms) => sleep(ms, deadline).catch(() => Promise.reject(this.deadlineError(spec)));
        for (;;) {
            // A token mint is shared by every caller: one request's deadline must not cancel it for the others.
            const credentials = spec.auth === false ? { headers: {}, version: 0 } : await outsideDeadline(() => this.auth.headers());
            // Past the deadline nothing is sent and no quota slot is taken.
            if (deadline?.aborted)
                throw this.deadlineError(spec);
            const attemptDone = await this.options.beforeAttempt?.(spec.operation);
            const answer = await this.attempt(spec, credentials.headers, deadline, binary).finally(() => attemptDone?.());
            const { status } = answer;
            if (status >= 200 && status < 300)
                return answer;
            if (status === 401 && spec.auth !== false && !retriedAuth) {
                retriedAuth = true;
                // Carrier B: "When a call returns 401, mint a new token and retry once."
                if (await outsideDeadline(() => this.auth.onUnauthorized(credentials.version)))
                    continue;
            }
            if ((status === 500 || status === 503) && idempotent && !retriedServer) {
                retriedServer = true;
                await wait(backoffDelayMs(0, this.options.retryBaseDelayMs ?? 100));
                continue;
            }
            if (status === 429) {
                const retryAt = parseRetryAfter(answer.headers['retry-after']);
                const waitMs = retryAt ? retryAt.getTime() - Date.now() : Number.POSITIVE_INFINITY;
                if (!retriedRateLimit && idempotent && waitMs <= (this.options.maxRetryAfterWaitMs ?? 2_000)) {
                    retriedRateLimit = true;
                    await wait(waitMs);
                    continue;
                }
                throw this.statusError(spec, answer, retryAt);
            }
            throw this.statusError(spec, answer, null);
        }
    }
    async attempt(spec, authHeaders, deadline, binary) {
        const path = this.resolvePath(spec);
        const headers = { accept: binary ? '*/*' : 'application/json', ...authHeaders, ...spec.headers };
        let body;
        if (spec.form) {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            body = new URLSearchParams(spec.form).toString();
        }
        else if (spec.json !== undefined) {
            headers['content-type'] = 'application/json';
            body = JSON.stringify(spec.json);
        }
        const stopTimer = this.options.metrics.upstreamLatency.startTimer({
            upstream: this.upstream,
            operation: spec.operation,
        });
        let status = 0;
        try {
            // The answer is read whole in any case, so it is collected by a dispatch handler rather than streamed (collect.ts).
            const response = await collect(this.pool, { method: spec.method, path, headers, body }, deadline);
            status = response.statusCode;
            if (binary && status >= 200 && status < 300) {
                return { status, headers: response.headers, body: null, bytes: response.body };
            }
            return { status, headers: response.headers, body: parseBody(bodyText(response.body)) };
        }
        catch (cause) {
            if (deadline?.aborted)
                throw this.deadlineError(spec);
            const message = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
            throw this.error('UPSTREAM_UNAVAILABLE', spec.operation, `no answer (${message})`, { customerTransactionId: spec.customerTransactionId ?? null }, cause);
        }
        finally {
            stopTimer();
            this.options.metrics.upstreamCalls.inc({ upstream: this.upstream, operation: spec.operation, status: String(status) });
        }
    }
    deadlineError(spec) {
        return this.error('UPSTREAM_DEADLINE_EXCEEDED', spec.operation, "the request's deadline (REQUEST_DEADLINE_MS) passed before an answer");
    }
    resolvePath(spec) {
        let url;
        if (/^https?:\/\//i.test(spec.path)) {
            url = new URL(spec.path);
            if (url.origin !== this.origin) {
                throw this.error('UPSTREAM_CONTRACT', spec.operation, `refusing to follow a link to another origin`);
            }
        }
        else {
            const relative = spec.path.startsWith(this.basePath + '/') ? spec.path : `${this.basePath}${spec.path}`;
            url = new URL(relative, this.origin);
        }
        for (const [key, value] of Object.entries(spec.query ?? {})) {
            if (value !== undefined && value !== null)
                url.searchParams.set(key, String(value));
        }
        return `${url.pathname}${url.search}`;
    }
    statusError(spec, answer, retryAt) {
        spec.onFailureBody?.(answer.status, answer.body, answer.headers);
        const reading = this.options.readError?.(answer.status, answer.body) ?? {};
        const code = codeForStatus(answer.status);
        const message = reading.message ?? `HTTP ${answer.status}`;
        return this.error(code, spec.operation, message, {
            httpStatus: answer.status,
            carrierCode: reading.carrierCode ?? null,
            retryAt,
            transactionId: this.options.readTransactionId?.(answer.body) ?? null,
            customerTransactionId: spec.customerTransactionId ?? null,
        });
    }
    error(code, operation, message, extra = {}, cause) {
        const error = new UpstreamError(`${this.upstream} ${operation}: ${message}`, { code, upstream: this.upstream, operation, ...extra }, { cause });
        // Counted and logged here, once per call (retries happen before this point), with what only the wire knows.
        recordUpstreamFailure(error, this.options);
        return error;
    }
}
function parseBody(text) {
    if (text.length === 0)
        return null;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
export function codeForStatus(status) {
    if (status === 401 || status === 403)
        return 'UPSTREAM_UNAUTHORIZED';
    if (status === 404)
        return 'UPSTREAM_NOT_FOUND';
    if (status === 429)
        return 'UPSTREAM_RATE_LIMITED';
    if (status >= 500)
        return 'UPSTREAM_UNAVAILABLE';
    if (status >= 400)
        return 'UPSTREAM_BAD_REQUEST';
    return 'UPSTREAM_CONTRACT';
}
