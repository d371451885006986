import { secondsToNextUtcMidnight, utcDay } from '../core/clock.js';
import { header } from '../core/http.js';
import { expressDocumentRoutes } from './express-documents.js';
import { expressRatingRoutes } from './express-rating.js';
import { expressShipRoutes } from './express-ship.js';
import { expressServicePointRoutes } from './express-servicepoint.js';
import { expressAddressValidateRoutes } from './express-address-validate.js';
import { expressPickupRoutes } from './express-pickup.js';
import { renderExpressShipment } from './express-render.js';
import { resolveGroupA } from './numbers.js';
import { problem } from './problem.js';
/** The seed: production prefix `/expressapi`; "the test environment uses the prefix `/expressapi/test`". */
export const EXPRESS_PREFIXES = ['/expressapi/test', '/expressapi'];
/** Group A express (seed 000, interface B): HTTP Basic, `GET /tracking` under both prefixes. */
export function expressSimulator(ctx, stats, faults) {
    const basic = basicGuard(ctx.credentials.groupAExpress);
    const testQuota = testQuotaGuard(ctx.expressTestDailyQuota, ctx.wallClock);
    const tracking = (prefix) => ({
        method: 'GET',
        path: `${prefix}/tracking`,
        kind: 'business',
        guards: prefix.endsWith('/test') ? [basic, testQuota] : [basic],
        trackedNumbers: (req) => [req.query.get('shipmentTrackingNumber') ?? ''],
        handle: (req) => track(ctx, req),
    });
    return {
        name: 'groupAExpress',
        stats,
        faults,
        logger: ctx.logger,
        renderError: problem,
        routes: [
            ...EXPRESS_PREFIXES.map(tracking),
            // Rates, products and landed cost take the same guards: one quota per credential for every express call.
            ...EXPRESS_PREFIXES.flatMap((prefix) => expressRatingRoutes(ctx, prefix, prefix.endsWith('/test') ? [basic, testQuota] : [basic])),
            // Shipping and documents (issue 9): the same guards, so they spend the same daily test quota.
            ...EXPRESS_PREFIXES.flatMap((prefix) => expressShipRoutes(ctx, prefix, prefix.endsWith('/test') ? [basic, testQuota] : [basic])),
            ...EXPRESS_PREFIXES.flatMap((prefix) => expressDocumentRoutes(ctx, prefix, prefix.endsWith('/test') ? [basic, testQuota] : [basic])),
            // Service points, address capability and pickups (issue 10): the same guards, the same daily test quota.
            ...EXPRESS_PREFIXES.flatMap((prefix) => expressServicePointRoutes(ctx, prefix, prefix.endsWith('/test') ? [basic, testQuota] : [basic])),
            ...EXPRESS_PREFIXES.flatMap((prefix) => expressAddressValidateRoutes(ctx, prefix, prefix.endsWith('/test') ? [basic, testQuota] : [basic])),
            ...EXPRESS_PREFIXES.flatMap((prefix) => expressPickupRoutes(ctx, prefix, prefix.endsWith('/test') ? [basic, testQuota] : [basic])),
        ],
    };
}
function track(ctx, req) {
    const number = req.query.get('shipmentTrackingNumber')?.trim() ?? '';
    if (number === '')
        return problem(req, 400, 'The query parameter shipmentTrackingNumber is required.');
    const now = ctx.clock.now();
    // The express shipment of a number, whatever its form: a 10-digit waybill, or an ambiguous AMB number's express one
    // ("the same number gives the same shipment on every interface that shows it").
    const found = resolveGroupA(ctx, number, now).filter((s) => s.service === 'express');
    // Assumption X1: an unknown number answers 404 with an RFC 7807 shaped body.
    if (found.length === 0)
        return problem(req, 404, `No shipment with waybill ${number} was found.`);
    const body = { shipments: found.map((s) => renderExpressShipment(s, now)) };
    // The seed: "Soft failures on the express interface arrive as a `warnings[]` array in an otherwise successful answer."
    if (number.endsWith('77'))
        body['warnings'] = [`Piece-level scan data for ${number} is incomplete; some piece events may be missing.`];
    return { status: 200, json: body };
}
/** The seed: "HTTP Basic, sent pre-emptively": no challenge round-trip; a missing or wrong pair is a 401. */
function basicGuard(credentials) {
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    return (req) => {
        const given = header(req, 'authorization');
        if (given === expected)
            return undefined;
        const detail = given ? 'The username or password is not valid.' : 'The Authorization header is missing.';
        return problem(req, 401, detail, { 'www-authenticate': 'Basic realm="expressapi"' });
    };
}
/** The seed: "test environment quota: interface B: 500 service invocations per day" (per credential, UTC day). */
function testQuotaGuard(dailyQuota, wallClock) {
    const used = new Map();
    return (req) => {
        const now = wallClock.now();
        const day = utcDay(now);
        const user = header(req, 'authorization') ?? '';
        const state = used.get(user);
        const count = state && state.day === day ? state.count : 0;
        if (count >= dailyQuota) {
            return problem(req, 429, `The test environment allows ${dailyQuota} service invocations per day.`, {
                'retry-after': String(secondsToNextUtcMidnight(now)),
            });
        }
        used.set(user, { day, count: count + 1 });
        return undefined;
    };
}
