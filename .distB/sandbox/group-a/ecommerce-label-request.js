import { isRecord, readJson } from '../core/http.js';
import { ECOMMERCE_DISTRIBUTION_CENTERS } from './ecommerce-products-lanes.js';
/**
 * The label request of seed 000 Resources C as the simulator reads it (and the return label request of SE6, which
 * uses the same members): every refusal is a 400 problem naming the body member, like the carrier would.
 */
/** The seed: "`packageDetail.packageId` string, chosen by the caller, at most 30 characters". */
export const PACKAGE_ID_MAX = 30;
/** Product codes the label routes accept: those the products route quotes (E7). */
export const ECOMMERCE_LABEL_PRODUCTS = {
    GND: 'Parcel Ground',
    EXP: 'Parcel Expedited',
    PKY: 'Parcel Plus Economy',
    PLT: 'Parcel International Direct',
};
const text = (value) => typeof value === 'string' && value.trim() !== '';
const positive = (value) => typeof value === 'number' && Number.isFinite(value) && value > 0;
function readAddress(value, member, nameKey) {
    if (!isRecord(value))
        return { ok: false, detail: `${member} is required.` };
    for (const key of [nameKey, 'address1', 'city']) {
        if (!text(value[key]))
            return { ok: false, detail: `${member}.${key} is required.` };
    }
    if (typeof value['country'] !== 'string' || !/^[A-Z]{2}$/.test(value['country'])) {
        return { ok: false, detail: `${member}.country must be a 2-letter country code.` };
    }
    if (!text(value['postalCode']))
        return { ok: false, detail: `${member}.postalCode is required.` };
    const optional = (key) => (text(value[key]) ? value[key] : null);
    return {
        ok: true,
        value: {
            name: value[nameKey],
            address1: value['address1'],
            address2: optional('address2'),
            city: value['city'],
            state: optional('state'),
            postalCode: optional('postalCode'),
            country: value['country'],
        },
    };
}
/** Reads a label (`consigneeAddress`) or return label (`shipperAddress`) request; `?format=PDF|PNG`, default PDF. */
export function readLabelBody(ctx, req, kind) {
    const format = req.query.get('format') ?? 'PDF';
    if (format !== 'PDF' && format !== 'PNG')
        return { ok: false, detail: 'format must be PDF or PNG.' };
    const json = readJson(req);
    if (!json.ok)
        return { ok: false, detail: json.reason };
    const body = json.value;
    if (!isRecord(body))
        return { ok: false, detail: 'The request body must be a JSON object.' };
    const pickup = body['pickup'];
    if (!text(pickup))
        return { ok: false, detail: 'pickup is required.' };
    // "One connection is one account number per division": the token's account has one pickup id.
    if (pickup !== ctx.credentials.groupAEcommerce.pickupAccount)
        return { ok: false, detail: `pickup ${pickup} is not this account's pickup.` };
    const distributionCenter = body['distributionCenter'];
    if (!text(distributionCenter) || !ECOMMERCE_DISTRIBUTION_CENTERS[distributionCenter]) {
        return { ok: false, detail: 'distributionCenter must be one of the account\'s distribution centers.' };
    }
    const orderedProductId = body['orderedProductId'];
    if (!text(orderedProductId) || !ECOMMERCE_LABEL_PRODUCTS[orderedProductId]) {
        return { ok: false, detail: `orderedProductId must be one of ${Object.keys(ECOMMERCE_LABEL_PRODUCTS).join(', ')}.` };
    }
    const toMember = kind === 'label' ? 'consigneeAddress' : 'returnAddress';
    const to = readAddress(body[toMember], toMember, kind === 'label' ? 'name' : 'companyName');
    if (!to.ok)
        return to;
    const returnAddress = kind === 'label' ? readAddress(body['returnAddress'], 'returnAddress', 'companyName') : to;
    if (!returnAddress.ok)
        return returnAddress;
    const from = kind === 'return' ? readAddress(body['shipperAddress'], 'shipperAddress', 'name') : null;
    if (from && !from.ok)
        return from;
    const pkg = body['packageDetail'];
    if (!isRecord(pkg))
        return { ok: false, detail: 'packageDetail is required.' };
    const packageId = pkg['packageId'];
    if (!text(packageId))
        return { ok: false, detail: 'packageDetail.packageId is required.' };
    if (packageId.length > PACKAGE_ID_MAX)
        return { ok: false, detail: `packageDetail.packageId is at most ${PACKAGE_ID_MAX} characters.` };
    if (!text(pkg['packageDescription']))
        return { ok: false, detail: 'packageDetail.packageDescription is required.' };
    const weight = pkg['weight'];
    if (!isRecord(weight) || !positive(weight['value']))
        return { ok: false, detail: 'packageDetail.weight.value must be a positive number.' };
    if (weight['unitOfMeasure'] !== 'LB')
        return { ok: false, detail: 'packageDetail.weight.unitOfMeasure must be LB.' };
    const dimension = pkg['dimension'];
    if (dimension !== undefined) {
        if (!isRecord(dimension) || ![dimension['length'], dimension['width'], dimension['height']].every(positive)) {
            return { ok: false, detail: 'packageDetail.dimension needs positive length, width and height.' };
        }
        if (dimension['unitOfMeasure'] !== 'IN')
            return { ok: false, detail: 'packageDetail.dimension.unitOfMeasure must be IN.' };
    }
    return {
        ok: true,
        value: {
            pickup,
            distributionCenter,
            orderedProductId,
            from: from ? from.value : null,
            to: to.value,
            returnAddress: returnAddress.value,
            packageId,
            packageDescription: pkg['packageDescription'],
            weightLb: weight['value'],
            format,
        },
    };
}
/** The lines printed on a label: product, addresses, weight and the three ids. */
export function labelLines(body, created) {
    const address = (a) => [a.name, a.address1, a.address2, `${a.city} ${a.state ?? ''} ${a.postalCode ?? ''} ${a.country}`.replace(/\s+/g, ' ')];
    return [
        `${created.orderedProductId} - ${ECOMMERCE_LABEL_PRODUCTS[created.orderedProductId] ?? ''}`,
        `FROM: ${body.distributionCenter} (pickup ${body.pickup})`,
        ...(body.from ? address(body.from) : address(body.returnAddress)).filter((l) => !!l),
        'SHIP TO:',
        ...address(body.to).filter((l) => !!l),
        `WEIGHT: ${body.weightLb} LB`,
        `PACKAGE ID: ${created.packageId}`,
        `CARRIER PACKAGE ID: ${created.carrierPackageId}`,
        ...(created.outboundCarrierPackageId ? [`RETURN OF: ${created.outboundCarrierPackageId}`] : []),
    ];
}
