import { isRecord } from '../core/http.js';
import { readJsonObject } from './request.js';
export const PICKUP_TYPES = ['DROPOFF_AT_CARRIER_LOCATION', 'USE_SCHEDULED_PICKUP', 'CONTACT_CARRIER_TO_SCHEDULE'];
/** kg per cm3 divisor, and the pound and inch conversions. */
export const DIM_DIVISOR_CM = 5000;
const LB_IN_KG = 0.45359237;
const IN_IN_CM = 2.54;
const bad = (code, message) => ({ ok: false, code, message });
export function parseRateRequest(req) {
    const body = readJsonObject(req);
    if (!body.ok)
        return body;
    const root = body.value;
    const account = isRecord(root['accountNumber']) ? root['accountNumber']['value'] : undefined;
    if (typeof account !== 'string' || account === '')
        return bad('ACCOUNT.NUMBER.EMPTY', 'Please provide accountNumber.value.');
    const controls = isRecord(root['rateRequestControlParameters']) ? root['rateRequestControlParameters'] : {};
    const shipment = root['requestedShipment'];
    if (!isRecord(shipment))
        return bad('RATE.REQUESTEDSHIPMENT.EMPTY', 'Please provide requestedShipment.');
    const origin = readAddress(shipment['shipper'], 'ORIGIN');
    if (!origin.ok)
        return origin;
    const destination = readAddress(shipment['recipient'], 'DESTINATION');
    if (!destination.ok)
        return destination;
    const shipDateStamp = shipment['shipDateStamp'];
    if (typeof shipDateStamp !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(shipDateStamp) || Number.isNaN(Date.parse(`${shipDateStamp}T00:00:00Z`))) {
        return bad('RATE.SHIPDATESTAMP.INVALID', 'shipDateStamp must be a date shaped YYYY-MM-DD.');
    }
    const pickupType = shipment['pickupType'];
    if (typeof pickupType !== 'string' || !PICKUP_TYPES.includes(pickupType)) {
        return bad('RATE.PICKUPTYPE.INVALID', `pickupType must be one of ${PICKUP_TYPES.join(', ')}.`);
    }
    const serviceType = shipment['serviceType'];
    if (serviceType !== undefined && serviceType !== null && typeof serviceType !== 'string') {
        return bad('RATE.SERVICETYPE.INVALID', 'serviceType must be a string.');
    }
    const currency = shipment['preferredCurrency'];
    if (currency !== undefined && (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))) {
        return bad('RATE.PREFERREDCURRENCY.INVALID', 'preferredCurrency must be a three-letter currency code.');
    }
    const types = shipment['rateRequestType'];
    const rateRequestTypes = Array.isArray(types) ? types.filter((t) => typeof t === 'string') : [];
    const packages = readPackages(shipment['requestedPackageLineItems']);
    if (!packages.ok)
        return packages;
    const special = isRecord(shipment['shipmentSpecialServices']) ? shipment['shipmentSpecialServices'] : {};
    const specialTypes = Array.isArray(special['specialServiceTypes']) ? special['specialServiceTypes'] : [];
    const codRequested = specialTypes.includes('COD');
    const codDetail = isRecord(special['shipmentCODDetail']) ? special['shipmentCODDetail'] : {};
    const cod = readMoney(codDetail['codCollectionAmount']);
    let customs = null;
    if (shipment['customsClearanceDetail'] !== undefined) {
        const detail = shipment['customsClearanceDetail'];
        const commodities = isRecord(detail) ? detail['commodities'] : undefined;
        if (!Array.isArray(commodities) || commodities.length === 0) {
            return bad('RATE.COMMODITIES.EMPTY', 'customsClearanceDetail.commodities must list at least one commodity.');
        }
        const values = [];
        for (const commodity of commodities) {
            const value = isRecord(commodity) ? readMoney(commodity['customsValue']) : null;
            if (!value || typeof commodity['description'] !== 'string' || commodity['description'] === '') {
                return bad('RATE.COMMODITY.INVALID', 'Each commodity needs a description and a customsValue { amount, currency }.');
            }
            values.push(value);
        }
        customs = { commodities: values };
    }
    return {
        ok: true,
        value: {
            accountNumber: account,
            returnTransitTimes: controls['returnTransitTimes'] === true,
            servicesNeededOnRateFailure: controls['servicesNeededOnRateFailure'] === true,
            origin: origin.value,
            destination: destination.value,
            serviceType: typeof serviceType === 'string' && serviceType !== '' ? serviceType : null,
            pickupType,
            shipDateStamp,
            preferredCurrency: typeof currency === 'string' ? currency : null,
            rateRequestTypes,
            cod,
            codRequested,
            customs,
            packages: packages.value,
        },
    };
}
function readAddress(party, side) {
    const address = isRecord(party) && isRecord(party['address']) ? party['address'] : undefined;
    const countryCode = address?.['countryCode'];
    if (typeof countryCode !== 'string' || !/^[A-Z]{2}$/.test(countryCode)) {
        return bad(`RATE.${side}.COUNTRYCODE.INVALID`, `The ${side.toLowerCase()} countryCode must be two upper-case letters.`);
    }
    const postalCode = address?.['postalCode'];
    return {
        ok: true,
        value: {
            countryCode,
            postalCode: typeof postalCode === 'string' && postalCode.trim() !== '' ? postalCode : null,
            residential: address?.['residential'] === true,
        },
    };
}
function readPackages(items) {
    if (!Array.isArray(items) || items.length === 0) {
        return bad('RATE.PACKAGELINEITEMS.EMPTY', 'Please provide at least one requestedPackageLineItems entry.');
    }
    const packages = [];
    for (const item of items) {
        const weight = isRecord(item) && isRecord(item['weight']) ? item['weight'] : undefined;
        const value = weight?.['value'];
        const units = weight?.['units'];
        if (typeof value !== 'number' || !(value > 0) || (units !== 'KG' && units !== 'LB')) {
            return bad('RATE.PACKAGE.WEIGHT.INVALID', 'Each package needs weight { units: KG or LB, value > 0 }.');
        }
        const kg = units === 'LB' ? value * LB_IN_KG : value;
        const dims = isRecord(item) && isRecord(item['dimensions']) ? item['dimensions'] : undefined;
        let dimKg = null;
        if (dims) {
            const [l, w, h] = [dims['length'], dims['width'], dims['height']];
            const factor = dims['units'] === 'IN' ? IN_IN_CM : 1;
            if ([l, w, h].every((n) => typeof n === 'number' && n > 0)) {
                dimKg = (l * factor * w * factor * h * factor) / DIM_DIVISOR_CM;
            }
        }
        packages.push({ kg, dimKg });
    }
    return { ok: true, value: packages };
}
function readMoney(value) {
    if (!isRecord(value))
        return null;
    const amount = value['amount'];
    const currency = value['currency'];
    if (typeof amount !== 'number' || !(amount >= 0) || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
        return null;
    return { amount, currency };
}
