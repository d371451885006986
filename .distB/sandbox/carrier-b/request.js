import { header, isRecord, readJson } from '../core/http.js';
import { shipDate } from './render.js';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The seed's common request header: "content-type: yes, `application/json`". */
export function readJsonObject(req) {
    if (!(header(req, 'content-type') ?? '').toLowerCase().startsWith('application/json')) {
        return { ok: false, code: 'BAD.REQUEST.ERROR', message: 'content-type must be application/json.' };
    }
    const body = readJson(req);
    if (!body.ok)
        return { ok: false, code: 'BAD.REQUEST.ERROR', message: body.reason };
    if (!isRecord(body.value))
        return { ok: false, code: 'BAD.REQUEST.ERROR', message: 'The request body must be a JSON object.' };
    return { ok: true, value: body.value };
}
/** Reads optional `carrierCode`, `trackingNumberUniqueId`, `shipDateBegin`, `shipDateEnd` members; dates are YYYY-MM-DD. */
export function readFilter(source, ids) {
    const filter = {};
    const text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
    const carrierCode = text(ids['carrierCode']);
    const uniqueId = text(ids['trackingNumberUniqueId']);
    if (carrierCode)
        filter.carrierCode = carrierCode;
    if (uniqueId)
        filter.trackingNumberUniqueId = uniqueId;
    for (const key of ['shipDateBegin', 'shipDateEnd']) {
        const value = source[key];
        if (value === undefined || value === null || value === '')
            continue;
        if (typeof value !== 'string' || !DATE.test(value)) {
            return { ok: false, code: 'TRACKING.SHIPDATE.INVALID', message: `${key} must be a date shaped YYYY-MM-DD.` };
        }
        filter[key] = value;
    }
    return { ok: true, value: filter };
}
export function applyFilter(candidates, filter, now) {
    return candidates.filter((candidate) => {
        if (filter.carrierCode && candidate.carrierCode !== filter.carrierCode)
            return false;
        if (filter.trackingNumberUniqueId && candidate.trackingNumberUniqueId !== filter.trackingNumberUniqueId)
            return false;
        const shipped = shipDate(candidate.shipment, now);
        if (filter.shipDateBegin && shipped < filter.shipDateBegin)
            return false;
        if (filter.shipDateEnd && shipped > filter.shipDateEnd)
            return false;
        return true;
    });
}
