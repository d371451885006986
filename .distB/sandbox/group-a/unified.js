import { header } from '../core/http.js';
import { samplePdf } from './documents.js';
import { DIVISIONS, resolveGroupA } from './numbers.js';
import { problem } from './problem.js';
import { UnifiedQuotaLimiter } from './unified-quota.js';
import { renderUnifiedShipment } from './unified-render.js';
import { languageOf } from './unified-vocabulary.js';
/** Assumption U1: "The sandbox defaults `limit` to 5 and caps it at 10." */
export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 10;
/** Group A unified tracking (seed 000, interface A): `GET /track/shipments`, key header, quota, problem details. */
export function unifiedSimulator(ctx, stats, faults) {
    const { apiKey, maskedApiKey } = ctx.credentials.groupAUnified;
    const limiter = new UnifiedQuotaLimiter(ctx.unifiedQuota, ctx.wallClock);
    // The seed: "When a request to interface A omits or misstates the key, then the answer is HTTP 401."
    const keyGuard = (req) => {
        const key = header(req, 'carrier-api-key');
        if (key === undefined || key === '')
            return problem(req, 401, 'The Carrier-API-Key header is missing.');
        if (key !== apiKey && key !== maskedApiKey)
            return problem(req, 401, 'The Carrier-API-Key is not valid for this API.');
        return undefined;
    };
    const quotaGuard = (req) => limiter.take(req, header(req, 'carrier-api-key') ?? '');
    return {
        name: 'groupAUnified',
        stats,
        faults,
        logger: ctx.logger,
        renderError: problem,
        routes: [
            {
                method: 'GET',
                path: '/track/shipments',
                kind: 'business',
                guards: [keyGuard, quotaGuard],
                trackedNumbers: (req) => [req.query.get('trackingNumber') ?? ''],
                handle: (req) => trackShipments(ctx, req, header(req, 'carrier-api-key') === maskedApiKey),
            },
            {
                method: 'GET',
                path: /^\/track\/documents\/[0-9a-f]+(-signature)?$/,
                name: 'GET /track/documents/{token}',
                kind: 'open',
                handle: (req) => samplePdf(req.path.endsWith('-signature') ? 'Signature' : 'Proof of delivery'),
            },
        ],
    };
}
function trackShipments(ctx, req, masked) {
    const trackingNumber = req.query.get('trackingNumber')?.trim() ?? '';
    // The seed: "`trackingNumber` (required, one per call)".
    if (trackingNumber === '')
        return problem(req, 400, 'The query parameter trackingNumber is required.');
    const service = req.query.get('service');
    if (service !== null && !DIVISIONS.includes(service)) {
        return problem(req, 400, `Unknown service '${service}'; known services: ${DIVISIONS.join(', ')}.`);
    }
    const offset = readCount(req.query.get('offset'), 0, 0);
    const limit = readCount(req.query.get('limit'), DEFAULT_LIMIT, 1);
    if (offset === undefined)
        return problem(req, 400, 'offset must be an integer of at least 0.');
    if (limit === undefined)
        return problem(req, 400, 'limit must be an integer of at least 1.');
    const now = ctx.clock.now();
    const matches = resolveGroupA(ctx, trackingNumber, now).filter((s) => service === null || s.service === service);
    // The seed: "When a tracking number is unknown to interface A, then the answer is HTTP 404."
    if (matches.length === 0) {
        return problem(req, 404, `No shipment with tracking number ${trackingNumber} was found${service ? ` for service ${service}` : ''}.`);
    }
    const pageSize = Math.min(limit, MAX_LIMIT);
    const view = { masked, language: languageOf(req.query.get('language')), now, origin: req.origin, seed: ctx.seed };
    return {
        status: 200,
        json: {
            url: req.pathAndQuery,
            nextUrl: offset + pageSize < matches.length ? nextPageUrl(req, offset + pageSize, pageSize) : null,
            shipments: matches.slice(offset, offset + pageSize).map((s) => renderUnifiedShipment(s, view)),
        },
    };
}
/** Assumption U2: `nextUrl` is a path on the same origin, with the same query and the next offset. */
function nextPageUrl(req, offset, limit) {
    const query = new URLSearchParams(req.query);
    query.set('offset', String(offset));
    query.set('limit', String(limit));
    return `${req.path}?${query.toString()}`;
}
function readCount(raw, fallback, min) {
    if (raw === null || raw === '')
        return fallback;
    if (!/^\d+$/.test(raw))
        return undefined;
    const value = Number(raw);
    return value >= min ? value : undefined;
}
