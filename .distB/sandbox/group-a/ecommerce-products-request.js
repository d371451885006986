import { isRecord, readJson } from '../core/http.js';
import { ECOMMERCE_DISTRIBUTION_CENTERS } from './ecommerce-products-lanes.js';
const positive = (value) => typeof value === 'number' && Number.isFinite(value) && value > 0;
const text = (value) => typeof value === 'string' && value.trim() !== '';
/** Reads the label request's vocabulary: units must be the seed's (`LB`, `IN`), like the label request's. */
export function readParcelRequest(req) {
    const json = readJson(req);
    if (!json.ok)
        return { ok: false, detail: json.reason };
    const body = json.value;
    if (!isRecord(body))
        return { ok: false, detail: 'The request body must be a JSON object.' };
    if (!text(body['pickup']))
        return { ok: false, detail: 'pickup is required.' };
    const distributionCenter = body['distributionCenter'];
    if (!text(distributionCenter))
        return { ok: false, detail: 'distributionCenter is required.' };
    const originCountry = ECOMMERCE_DISTRIBUTION_CENTERS[distributionCenter];
    if (!originCountry)
        return { ok: false, detail: `Unknown distributionCenter ${distributionCenter}.` };
    const consignee = body['consigneeAddress'];
    if (!isRecord(consignee) || typeof consignee['country'] !== 'string' || !/^[A-Z]{2}$/.test(consignee['country'])) {
        return { ok: false, detail: 'consigneeAddress.country must be a 2-letter country code.' };
    }
    const pkg = body['packageDetail'];
    const weight = isRecord(pkg) ? pkg['weight'] : undefined;
    if (!isRecord(weight) || !positive(weight['value']))
        return { ok: false, detail: 'packageDetail.weight.value must be a positive number.' };
    if (weight['unitOfMeasure'] !== 'LB')
        return { ok: false, detail: 'packageDetail.weight.unitOfMeasure must be LB.' };
    let dimensionsIn = null;
    const dimension = isRecord(pkg) ? pkg['dimension'] : undefined;
    if (dimension !== undefined) {
        if (!isRecord(dimension) || ![dimension['length'], dimension['width'], dimension['height']].every(positive)) {
            return { ok: false, detail: 'packageDetail.dimension needs positive length, width and height.' };
        }
        if (dimension['unitOfMeasure'] !== 'IN')
            return { ok: false, detail: 'packageDetail.dimension.unitOfMeasure must be IN.' };
        dimensionsIn = { length: dimension['length'], width: dimension['width'], height: dimension['height'] };
    }
    return {
        ok: true,
        value: {
            body,
            pickup: body['pickup'],
            distributionCenter,
            originCountry,
            country: consignee['country'],
            postalCode: typeof consignee['postalCode'] === 'string' ? consignee['postalCode'].trim() : null,
            weightLb: weight['value'],
            dimensionsIn,
        },
    };
}
