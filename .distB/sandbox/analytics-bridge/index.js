import { header } from '../core/http.js';
import { startSimulator } from '../core/simulator.js';
import { basicCredentials, readRecords } from './decode.js';
import { BridgeLedger, readEventRecord, readGroupRecord, readProfileRecord } from './ledger.js';
/** The seed's fixed `/decide` answer ("so that SDKs stop asking"; it switches the vendor's autocapture off). */
export const DECIDE_ANSWER = {
    status: 1,
    error: null,
    notifications: [],
    automatic_events: false,
    config: { enable_collect_everything: false },
    flags: {},
};
const EVENT_ROUTES = ['track', 'engage', 'groups'];
/**
 * The analytics bridge (seed 002 B) under `{base_url}/bridge`: `/track`, `/engage`, `/groups` (GET and POST), `/import`
 * (POST), `/decide` (GET and POST), each with and without a trailing slash. The bare root paths were "removed on
 * 2026-09-29": they answer 404 like any other path. Answers follow the seed's Errors table; the choices where it is
 * silent are docs/assumptions.md AB1-AB13.
 */
export function analyticsBridgeSimulator(ctx, stats, faults) {
    const credentials = ctx.credentials.analyticsBridge;
    const ledger = new BridgeLedger();
    let allowedOrigins = null;
    let outage = null;
    let restartTimer = null;
    let listener = null;
    const outageGuard = (req) => {
        if (!outage || outage.mode !== 'unavailable')
            return undefined;
        const now = ctx.wallClock.now().getTime();
        if (outage.until !== null && now >= outage.until) {
            outage = null;
            return undefined;
        }
        const retryAfterSec = outage.until === null ? 1 : Math.max(1, Math.ceil((outage.until - now) / 1000));
        return { ...renderBridgeError(req, 503), headers: { 'retry-after': String(retryAfterSec) } };
    };
    const eventRoute = (name, method) => ({
        method,
        path: new RegExp(`^/bridge/${name}/?$`),
        kind: 'business',
        guards: [outageGuard],
        handle: (req) => handleEventRoute(req, name),
    });
    function handleEventRoute(req, route) {
        const verbose = req.query.get('verbose') === '1';
        const body = readRecords(req);
        if (!body.ok)
            return eventAnswer(false, body.reason, verbose);
        if (body.records.length === 0)
            return eventAnswer(false, 'no records', verbose);
        const now = ctx.wallClock.now();
        const basic = basicCredentials(req)?.username ?? null;
        const ip = req.query.get('ip') === '1' ? clientIp(req) : null;
        const read = body.records.map((record) => route === 'track' ? readEventRecord(record, 'track', now, ip) : route === 'engage' ? readProfileRecord(record, now) : readGroupRecord(record, now));
        // AB9: a request is all or nothing on the event routes too: one unreadable or unauthorised record and nothing is
        // stored, so a body `0` always means "nothing stored" (and `1` "everything stored").
        for (const [index, readout] of read.entries()) {
            if (!readout.ok)
                return eventAnswer(false, `record ${index}: ${readout.unreadable.field}: ${readout.unreadable.message}`, verbose);
            const refusal = eventCredentialRefusal(readout.credential ?? basic, req);
            if (refusal)
                return eventAnswer(false, `record ${index}: ${refusal}`, verbose);
        }
        for (const readout of read) {
            if (!readout.ok)
                continue;
            if (route === 'track')
                ledger.storeEvent(readout.value);
            else
                ledger.storeOperation(readout.value);
        }
        logStored(route, read.length);
        return eventAnswer(true, null, verbose);
    }
    /** The seed: Project token or Server key on the event routes; a Project token from a disallowed Origin is refused. */
    function eventCredentialRefusal(credential, req) {
        if (credential === null)
            return 'no token';
        if (credential === credentials.serverKey)
            return null;
        if (credential !== credentials.projectToken)
            return 'unknown token';
        const origin = header(req, 'origin');
        if (allowedOrigins && origin !== undefined && !allowedOrigins.includes(origin))
            return `origin ${origin} is not allowed for this Project`;
        return null;
    }
    function handleImport(req) {
        const basic = basicCredentials(req);
        const apiKey = req.query.get('api_key');
        // HTTP Basic answers in the modern JSON shape; the legacy `api_key=` in `1`/`0` (the seed's Errors table).
        const legacy = basic === null && apiKey !== null;
        const verbose = req.query.get('verbose') === '1';
        const credential = basic?.username ?? apiKey;
        const refused = (error) => legacy ? eventAnswer(false, error, verbose) : { status: 401, json: { code: 401, error, status: 'Unauthorized' } };
        // AB2: Basic is the Server key as the user name, the password empty (or anything: it is not read).
        if (credential === null || credential === '')
            return refused('no credential: HTTP Basic with a Server key is required');
        // AB3: a Project token presented to /import is refused as bad credentials (401 JSON, or `0` in the legacy form).
        if (credential === credentials.projectToken)
            return refused('a Project token is refused on /import: use a Server key');
        if (credential !== credentials.serverKey)
            return refused('invalid Server key');
        const projectId = req.query.get('project_id');
        if (projectId !== null && projectId !== credentials.projectId)
            return refused(`the Server key does not belong to project ${projectId}`);
        const badRequest = (error, failed) => legacy
            ? eventAnswer(false, error, verbose)
            : { status: 400, json: { code: 400, error, status: 'Bad Request', num_records_imported: 0, failed_records: failed } };
        const body = readRecords(req);
        if (!body.ok)
            return badRequest(body.reason, []);
        const now = ctx.wallClock.now();
        const ip = req.query.get('ip') === '1' ? clientIp(req) : null;
        const read = body.records.map((record) => readEventRecord(record, 'import', now, ip));
        const failed = read.flatMap((readout, index) => readout.ok ? [] : [{ index, $insert_id: insertIdOf(body.records[index]), field: readout.unreadable.field, message: readout.unreadable.message }]);
        // The seed: "`/import` with `strict=1` and any unreadable record: the whole request is rejected, none accepted".
        if (req.query.get('strict') === '1' && failed.length > 0) {
            return badRequest(`${failed.length} of ${read.length} records failed validation; none imported (strict=1)`, failed);
        }
        // AB10: without strict=1 the readable records are stored and the others skipped; replays count as imported.
        let imported = 0;
        for (const readout of read) {
            if (!readout.ok)
                continue;
            ledger.storeEvent(readout.value);
            imported += 1;
        }
        logStored('import', imported);
        if (legacy)
            return eventAnswer(imported > 0 || read.length === 0, imported > 0 ? null : 'no readable record', verbose);
        return { status: 200, json: { code: 200, num_records_imported: imported, status: 'OK' } };
    }
    /** So `npm start` shows events arriving (the subgraph's logger at info); never a credential or a property. */
    function logStored(route, records) {
        ctx.logger?.info({ sandbox: 'analyticsBridge', route, records, storedEvents: ledger.eventCount, replays: ledger.replays }, 'analytics bridge received records');
    }
    const decide = (method) => ({
        method,
        path: /^\/bridge\/decide\/?$/,
        kind: 'open',
        guards: [outageGuard],
        handle: () => ({ status: 200, json: DECIDE_ANSWER }),
    });
    const spec = {
        name: 'analyticsBridge',
        stats,
        faults,
        logger: ctx.logger,
        renderError: renderBridgeError,
        routes: [
            ...EVENT_ROUTES.flatMap((name) => [eventRoute(name, 'GET'), eventRoute(name, 'POST')]),
            { method: 'POST', path: /^\/bridge\/import\/?$/, kind: 'business', guards: [outageGuard], handle: handleImport },
            decide('GET'),
            decide('POST'),
        ],
    };
    const control = {
        events: () => ledger.events(),
        operations: () => ledger.operations(),
        profile: (distinctId) => ledger.profile(distinctId),
        get replays() {
            return ledger.replays;
        },
        clear: () => ledger.clear(),
        get isDown() {
            if (outage?.mode === 'unavailable' && outage.until !== null && ctx.wallClock.now().getTime() >= outage.until)
                outage = null;
            return outage !== null;
        },
        down: async ({ mode, forMs }) => {
            if (forMs !== undefined && !(forMs > 0))
                throw new Error('down forMs must be a positive number of milliseconds');
            if (restartTimer)
                clearTimeout(restartTimer);
            restartTimer = null;
            outage = { mode, until: forMs === undefined ? null : ctx.wallClock.now().getTime() + forMs };
            if (mode === 'refused') {
                await listener?.stop();
                if (forMs !== undefined) {
                    restartTimer = setTimeout(() => void control.up(), forMs);
                    restartTimer.unref();
                }
            }
            else {
                await listener?.start();
            }
        },
        up: async () => {
            if (restartTimer)
                clearTimeout(restartTimer);
            restartTimer = null;
            outage = null;
            await listener?.start();
        },
        setAllowedOrigins: (origins) => {
            allowedOrigins = origins ? [...origins] : null;
        },
    };
    return {
        spec,
        control,
        listen: async (host, port) => {
            listener = await restartable(spec, host, port, () => {
                if (restartTimer)
                    clearTimeout(restartTimer);
                restartTimer = null;
            });
            return listener;
        },
    };
}
/** A listener that can stop (connection refused) and listen again on the same port. */
async function restartable(spec, host, port, onClose) {
    let current = await startSimulator(spec, host, port);
    const fixedPort = current.port;
    let closed = false;
    return {
        name: spec.name,
        origin: current.origin,
        port: fixedPort,
        stop: async () => {
            const running = current;
            current = null;
            await running?.close();
        },
        start: async () => {
            if (closed || current)
                return;
            current = await startSimulator(spec, host, fixedPort);
        },
        close: async () => {
            closed = true;
            onClose();
            const running = current;
            current = null;
            await running?.close();
        },
    };
}
function eventAnswer(accepted, error, verbose) {
    // The seed: accepted "HTTP 200, body `1`", rejected "HTTP 200, body `0`"; `verbose=1` asks for a JSON answer (AB11).
    if (verbose)
        return { status: 200, json: { status: accepted ? 1 : 0, error: accepted ? null : error } };
    return { status: 200, contentType: 'text/plain; charset=utf-8', raw: accepted ? '1' : '0' };
}
function clientIp(req) {
    return header(req, 'x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1';
}
function insertIdOf(record) {
    const properties = typeof record === 'object' && record !== null ? record.properties : undefined;
    const id = typeof properties === 'object' && properties !== null ? properties['$insert_id'] : undefined;
    return typeof id === 'string' ? id : null;
}
/** Paths outside the routes (the bare root paths included): 404; other errors plain text (bodies: not shown, AB12). */
function renderBridgeError(_req, status) {
    const text = status === 404 ? 'Not Found' : status === 405 ? 'Method Not Allowed' : status === 429 ? 'Too Many Requests' : status === 503 ? 'Service Unavailable' : 'Internal Server Error';
    return { status, contentType: 'text/plain; charset=utf-8', raw: text };
}
