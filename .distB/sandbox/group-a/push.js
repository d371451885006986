/**
 * Group A push interface simulator (seed 000, "Push subscription lifecycle" and "Events"), following assumptions
 * P1-P6 of docs/assumptions.md: POST {track}/push/v1/subscriptions, POST .../{id}/verify, DELETE .../{id}, the
 * confirmation call `{scope: 'subscription.confirm', subscriptionId, validationSecret}`, the approval call
 * `{scope: 'subscription.approved', subscriptionId}` and the secret in `Carrier-Push-Secret` on later calls.
 * It pushes each new status of subscribed shipments as their plans progress, retries a failed delivery after one
 * hour then six hours (scaled clock), and sometimes delivers twice (seeded).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import { Rng } from '../core/prng.js';
import { resolveGroupA } from './numbers.js';
import { renderUnifiedShipment } from './unified-render.js';
const HOUR = 3_600_000;
/** The seed: "Failed deliveries are retried after one hour, then after six hours on each further failure." */
const RETRY_DELAYS_MS = [HOUR, 6 * HOUR, 6 * HOUR];
/** The seed: "The subscriber must answer HTTP 200 within five seconds". */
const ACK_DEADLINE_MS = 5_000;
export async function startPushSimulator(ctx, options = {}) {
    const path = options.subscriptionsPath ?? '/track/push/v1/subscriptions';
    const secretHeader = (options.secretHeader ?? 'Carrier-Push-Secret').toLowerCase();
    const timeScale = options.timeScale ?? 1;
    const approvalDelayMs = options.approvalDelayMs ?? 30 * 60_000;
    const duplicateRate = options.duplicateRate ?? 0.05;
    const rng = Rng.of(ctx.seed, 'groupAPush');
    const keys = new Set([ctx.credentials.groupAUnified.apiKey, ctx.credentials.groupAUnified.maskedApiKey]);
    const subs = new Map();
    const lastPushed = new Map(); // subscription|number -> timestamp|statusCode
    const deliveries = [];
    const timers = new Set();
    let counter = 0;
    let origin = '';
    // Only with extra trust: an undici agent whose trust store is the default roots plus `ca`.
    const extraCa = options.ca === undefined ? [] : Array.isArray(options.ca) ? options.ca : [options.ca];
    const agent = extraCa.length > 0 ? new Agent({ connect: { ca: [...rootCertificates, ...extraCa.map(String)] } }) : null;
    const later = (realMs, fn) => {
        const timer = setTimeout(() => {
            timers.delete(timer);
            fn();
        }, realMs);
        timer.unref();
        timers.add(timer);
    };
    async function post(sub, body, withSecret) {
        try {
            const init = {
                method: 'POST',
                headers: { 'content-type': 'application/json', ...(withSecret ? { [secretHeader]: sub.validationSecret } : {}) },
                body: JSON.stringify(body),
                signal: AbortSignal.timeout(ACK_DEADLINE_MS),
            };
            const response = agent ? await undiciFetch(sub.callbackUrl, { ...init, dispatcher: agent }) : await fetch(sub.callbackUrl, init);
            await response.arrayBuffer();
            return response.status;
        }
        catch {
            return 0;
        }
    }
    /** Delivers once (or twice, seeded); a non-200 is retried after 1 h, then 6 h, on the scaled clock. */
    async function deliver(sub, kind, body, numbers, attempt = 1, forceDuplicate = false) {
        if (sub.phase === 'deleted')
            return [];
        const made = [];
        const copies = forceDuplicate || (kind === 'push' && rng.next() < duplicateRate) ? 2 : 1;
        for (let copy = 0; copy < copies; copy += 1) {
            const status = await post(sub, body, kind !== 'confirm');
            const delivery = { subscriptionId: sub.id, kind, attempt, status, trackingNumbers: numbers, duplicate: copy > 0, at: new Date().toISOString() };
            deliveries.push(delivery);
            made.push(delivery);
            ctx.logger?.debug({ sandbox: 'groupAPush', kind, attempt, status, duplicate: copy > 0 }, 'sandbox push delivery');
            if (status !== 200) {
                const delay = RETRY_DELAYS_MS[attempt - 1];
                if (delay !== undefined)
                    later(delay / timeScale, () => void deliver(sub, kind, body, numbers, attempt + 1));
                break;
            }
        }
        return made;
    }
    function currentStatuses(sub, number) {
        const now = ctx.clock.now();
        return resolveGroupA(ctx, number, now)
            .filter((found) => sub.service === null || found.service === sub.service)
            .map((found) => {
            const rendered = renderUnifiedShipment(found, { masked: false, language: 'en', now, origin, seed: ctx.seed });
            return { id: rendered.id, service: rendered.service, status: rendered.status };
        })
            .filter((shipment) => shipment.status !== undefined && shipment.status !== null);
    }
    async function pushChanges(sub, number, force, duplicate = false) {
        const changed = currentStatuses(sub, number).filter((shipment) => {
            const status = shipment.status;
            const key = `${sub.id}|${String(shipment.id)}|${String(shipment.service)}`;
            const value = `${status.timestamp}|${status.statusCode}`;
            if (!force && lastPushed.get(key) === value)
                return false;
            lastPushed.set(key, value);
            return true;
        });
        if (changed.length === 0)
            return [];
        return deliver(sub, 'push', { scope: 'subscription.push', shipments: changed }, [number], 1, duplicate);
    }
    // Shipments progress on the sandbox clock: look for new statuses of subscribed numbers regularly (a customer
    // account's numbers: accountShipments).
    const ticker = setInterval(() => {
        for (const sub of subs.values()) {
            if (sub.phase !== 'active')
                continue;
            const numbers = sub.type === 'trackingNumber' ? [sub.value] : accountShipments(ctx, sub.value);
            for (const number of numbers)
                void pushChanges(sub, number, false);
        }
    }, options.tickMs ?? 1_000);
    ticker.unref();
    const server = createServer((req, res) => void handle(req, res));
    async function handle(req, res) {
        const url = new URL(req.url ?? '/', 'http://sandbox');
        const body = await readBody(req);
        const key = req.headers['carrier-api-key'];
        // Same header as unified tracking: "send header `Carrier-API-Key: <CONSUMER_KEY>` on every call".
        if (typeof key !== 'string' || !keys.has(key))
            return problem(res, 401, 'The Carrier-API-Key header is missing or not valid.', url.pathname);
        if (req.method === 'POST' && url.pathname === path)
            return create(res, body, url.pathname);
        const match = new RegExp(`^${path}/([^/]+)(/verify)?$`).exec(url.pathname);
        const sub = match?.[1] ? subs.get(decodeURIComponent(match[1])) : undefined;
        if (!match || !sub || sub.phase === 'deleted')
            return problem(res, 404, 'No such subscription.', url.pathname);
        if (req.method === 'POST' && match[2])
            return verify(res, sub, body, url.pathname);
        if (req.method === 'DELETE' && !match[2]) {
            sub.phase = 'deleted';
            res.writeHead(204).end();
            return;
        }
        return problem(res, 405, `Method ${req.method ?? ''} is not allowed here.`, url.pathname);
    }
    function create(res, body, instance) {
        const input = body;
        if (!input || (input.type !== 'trackingNumber' && input.type !== 'customerAccount')) {
            return problem(res, 400, 'type must be trackingNumber or customerAccount.', instance);
        }
        if (typeof input.value !== 'string' || input.value.trim() === '')
            return problem(res, 400, 'value is required.', instance);
        if (typeof input.callbackUrl !== 'string' || !/^https?:\/\//.test(input.callbackUrl)) {
            return problem(res, 400, 'callbackUrl must be an absolute http(s) URL.', instance);
        }
        counter += 1;
        const sub = {
            id: `sub-${counter}-${randomBytes(4).toString('hex')}`,
            type: input.type,
            value: input.value.trim(),
            service: typeof input.service === 'string' ? input.service : null,
            callbackUrl: input.callbackUrl,
            phase: 'created',
            validationSecret: randomBytes(24).toString('base64url'),
        };
        subs.set(sub.id, sub);
        json(res, 201, { id: sub.id, status: 'created' });
        // The seed: the service "immediately calls the subscriber's webhook with a confirmation carrying a validation secret".
        later(5, () => void deliver(sub, 'confirm', { scope: 'subscription.confirm', subscriptionId: sub.id, validationSecret: sub.validationSecret }, []));
    }
    function verify(res, sub, body, instance) {
        const secret = body?.validationSecret;
        if (secret !== sub.validationSecret)
            return problem(res, 400, 'The validation secret does not match.', instance);
        if (sub.type === 'trackingNumber') {
            // "A subscription by individual tracking id activates immediately."
            sub.phase = 'active';
            json(res, 200, { id: sub.id, status: 'active' });
            later(5, () => void pushChanges(sub, sub.value, true));
            return;
        }
        // "A subscription by customer account requires business approval by the carrier before it works."
        if (sub.phase === 'created') {
            sub.phase = 'pending-approval';
            later(approvalDelayMs / timeScale, () => void approve(sub.id));
        }
        json(res, 200, { id: sub.id, status: sub.phase === 'active' ? 'active' : 'pending-approval' });
    }
    async function approve(id) {
        const sub = subs.get(id);
        if (!sub || sub.phase !== 'pending-approval')
            return;
        sub.phase = 'active';
        await deliver(sub, 'approved', { scope: 'subscription.approved', subscriptionId: sub.id }, []);
        // Approved: the account's shipments are pushed from now on, starting with their current status.
        later(5, () => {
            for (const number of accountShipments(ctx, sub.value))
                void pushChanges(sub, number, true);
        });
    }
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, options.host ?? '127.0.0.1', () => resolve());
    });
    const address = server.address();
    origin = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
    return {
        origin,
        baseUrl: `${origin}/track`,
        subscriptions: () => [...subs.values()].map((s) => ({ ...s })),
        deliveries,
        accountShipments: (account) => accountShipments(ctx, account),
        approve,
        async pushNow(trackingNumber, opts = {}) {
            const made = [];
            for (const sub of subs.values()) {
                if (sub.phase !== 'active')
                    continue;
                if (sub.type === 'trackingNumber' && sub.value !== trackingNumber)
                    continue;
                if (sub.type === 'customerAccount' && !accountShipments(ctx, sub.value).includes(trackingNumber))
                    continue;
                made.push(...(await pushChanges(sub, trackingNumber, true, opts.duplicate ?? false)));
            }
            return made;
        },
        async close() {
            clearInterval(ticker);
            for (const timer of timers)
                clearTimeout(timer);
            server.closeAllConnections();
            await new Promise((resolve) => server.close(() => resolve()));
            await agent?.destroy();
        },
    };
}
/**
 * The shipments of a customer account in the sandbox (sandbox/README.md): three express waybills derived from the
 * seed and the account, whose last digits pick the stories in transit (3), out for delivery (5) and delivered (0).
 */
export function accountShipments(ctx, account) {
    const rng = Rng.of(ctx.seed, 'groupAPush:account', account);
    return ['3', '5', '0'].map((story) => `${rng.digits(9)}${story}`);
}
async function readBody(req) {
    const chunks = [];
    for await (const chunk of req)
        chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text === '')
        return null;
    try {
        return JSON.parse(text);
    }
    catch {
        return null;
    }
}
function json(res, status, body) {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
/** Problem details as interface A answers them (seed: "errors are problem details"). */
function problem(res, status, detail, instance) {
    res
        .writeHead(status, { 'content-type': 'application/problem+json' })
        .end(JSON.stringify({ type: `urn:sandbox:group-a:${status}`, title: detail, status, detail, instance }));
}
