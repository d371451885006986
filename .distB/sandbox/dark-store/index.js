/**
 * The sandbox catchment (docs/assumptions.md DS4): five Bengaluru pincodes, "more than ten dark stores in one
 * metropolitan region". sandbox/env.ts and the in-process sandbox hand these to the subgraph as DARK_STORE_PINCODES.
 */
export const SANDBOX_DARK_STORE_PINCODES = ['560001', '560034', '560038', '560066', '560095'];
export const DEFAULT_DARK_STORE_HEALTH = { status: 'ok', db: 'connected', memoryRss: '183MB' };
/**
 * The dark-store fulfilment backend (seed 002 A): `GET /health` with no credential, and nothing else. "Every other
 * conventional path (root, documentation and schema paths, version prefixes) answers a plain-text 404 of the form
 * `Cannot GET /<path>`": so does every other path and method here (`Cannot POST /health` for a POST, as the
 * backend's framework words it: docs/assumptions.md DS1). Latency, errors and broken answers come from the fault knobs.
 */
export function darkStoreSimulator(ctx, stats, faults) {
    const startedAt = ctx.wallClock.now().getTime();
    let settings = { ...DEFAULT_DARK_STORE_HEALTH };
    const control = {
        setHealth: (changes) => {
            settings = { ...settings, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
        },
        resetHealth: () => {
            settings = { ...DEFAULT_DARK_STORE_HEALTH };
        },
        get health() {
            return settings;
        },
    };
    const spec = {
        name: 'darkStore',
        stats,
        faults,
        logger: ctx.logger,
        renderError: renderDarkStoreError,
        routes: [
            {
                method: 'GET',
                path: '/health',
                kind: 'business',
                handle: () => {
                    const now = ctx.wallClock.now();
                    return {
                        status: 200,
                        json: {
                            status: settings.status,
                            db: settings.db,
                            // "seconds since start"
                            uptime: Math.max(0, Math.floor((now.getTime() - startedAt) / 1000)),
                            // "ISO 8601 UTC"
                            timestamp: now.toISOString(),
                            memory: { rss: settings.memoryRss },
                        },
                    };
                },
            },
        ],
    };
    return { spec, control };
}
/** Unknown path or method: the seed's plain-text 404. Injected 500/503: plain text too (error bodies: not shown). */
function renderDarkStoreError(req, status) {
    if (status === 404 || status === 405)
        return { status: 404, contentType: 'text/plain; charset=utf-8', raw: `Cannot ${req.method} ${req.path}` };
    const text = status === 503 ? 'Service Unavailable' : status === 429 ? 'Too Many Requests' : 'Internal Server Error';
    return { status, contentType: 'text/plain; charset=utf-8', raw: text };
}
