import { header, isRecord } from '../core/http.js';
import { carrierBError } from './errors.js';
import { carrierBCandidates } from './numbers.js';
import { notFoundTrackResult, renderTrackResult } from './render.js';
import { applyFilter, readFilter, readJsonObject } from './request.js';
/** The seed: "trackingInfo[] array, at most 30"; "tracking numbers per track request: 30". */
export const MAX_TRACKING_NUMBERS = 30;
export function parseTrackRequest(req) {
    const body = readJsonObject(req);
    if (!body.ok)
        return body;
    const info = body.value['trackingInfo'];
    if (!Array.isArray(info) || info.length === 0) {
        return { ok: false, code: 'TRACKING.TRACKINGINFO.EMPTY', message: 'Please provide at least one trackingInfo entry.' };
    }
    if (info.length > MAX_TRACKING_NUMBERS) {
        return {
            ok: false,
            code: 'TRACKING.TRACKINGINFO.TOOMANY',
            message: `At most ${MAX_TRACKING_NUMBERS} tracking numbers can be tracked in one request; ${info.length} were sent.`,
        };
    }
    const items = [];
    for (const entry of info) {
        const ids = isRecord(entry) && isRecord(entry['trackingNumberInfo']) ? entry['trackingNumberInfo'] : {};
        const trackingNumber = ids['trackingNumber'];
        if (typeof trackingNumber !== 'string' || trackingNumber.trim() === '') {
            return { ok: false, code: 'TRACKING.TRACKINGNUMBER.EMPTY', message: 'Please provide tracking number.' };
        }
        const filter = readFilter(isRecord(entry) ? entry : {}, ids);
        if (!filter.ok)
            return filter;
        items.push({ trackingNumber: trackingNumber.trim(), filter: filter.value });
    }
    const scans = body.value['includeDetailedScans'];
    return { ok: true, value: { includeDetailedScans: scans === true, items } };
}
export function trackingNumbersRoute(ctx, guards, nextTransactionId) {
    return {
        method: 'POST',
        path: '/track/v1/trackingnumbers',
        kind: 'business',
        guards,
        trackedNumbers: (req) => {
            const parsed = parseTrackRequest(req);
            return parsed.ok ? parsed.value.items.map((item) => item.trackingNumber) : undefined;
        },
        handle: (req) => {
            const parsed = parseTrackRequest(req);
            if (!parsed.ok)
                return carrierBError(nextTransactionId(), 400, parsed.code, parsed.message);
            const now = ctx.clock.now();
            // The seed: "a failing number has `error` set inside its own trackResults[] entry while siblings succeed".
            const completeTrackResults = parsed.value.items.map(({ trackingNumber, filter }) => {
                const matching = applyFilter(carrierBCandidates(ctx, trackingNumber, now), filter, now);
                return {
                    trackingNumber,
                    trackResults: matching.length > 0
                        ? matching.map((candidate) => renderTrackResult(candidate, now, parsed.value.includeDetailedScans))
                        : [notFoundTrackResult(trackingNumber)],
                };
            });
            return trackAnswer(req, nextTransactionId(), completeTrackResults);
        },
    };
}
/** The seed's Track answer: `transactionId`, `customerTransactionId` (echo of x-customer-transaction-id), `output`. */
export function trackAnswer(req, transactionId, completeTrackResults) {
    const customerTransactionId = header(req, 'x-customer-transaction-id');
    return {
        status: 200,
        json: {
            transactionId,
            ...(customerTransactionId !== undefined ? { customerTransactionId } : {}),
            output: { completeTrackResults, alerts: [] },
        },
    };
}
