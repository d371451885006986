import { hash32 } from '../core/prng.js';
import { amountFromMinor, convertMinor, currencyOfCountry, perMille } from './express-rating-money.js';
/**
 * The express products a lane has and their prices (seed 000, "Express rate answer"), deterministic from the lane,
 * the weights and the sandbox seed. Prices are built in US cents, then each line is converted into each currency
 * view, so every view adds up exactly. The sandbox's choices are in docs/assumptions.md ("Sandbox data", XR9).
 */
/** Destinations the sandbox network does not serve at all: a rate call returns no products. */
const UNSERVED_COUNTRIES = new Set(['KP', 'IR', 'SY', 'CU']);
/** Destination postal codes starting so are outside every service area (no products either). */
const UNSERVED_POSTAL_PREFIX = '999';
/** Remote-area destinations: an `OO` surcharge, an earlier cut-off and a warning in the answer. */
const REMOTE_COUNTRIES = new Set(['NP']);
/** The account with a customer agreement; other sandbox accounts get list rates. */
export const AGREEMENT_ACCOUNT = '950000001';
/** Consumption tax on domestic express, per mille (a `STTXA` line); none where absent. */
const DOMESTIC_TAX = { IN: 180, JP: 100, AU: 100, SG: 90, ZA: 150, CN: 130, KR: 100, GB: 200 };
const DOMESTIC = [
    { code: 'N', name: 'DOMESTIC EXPRESS', network: 'TD', factor: 1000, extraDays: 0, deliveryTime: '23:59:00', agreement: true },
    { code: '1', name: 'DOMESTIC EXPRESS 12:00', network: 'TD', factor: 1250, extraDays: 0, deliveryTime: '12:00:00', agreement: true },
];
const INTERNATIONAL = [
    { code: 'P', name: 'EXPRESS WORLDWIDE', network: 'TD', factor: 1000, extraDays: 0, deliveryTime: '23:59:00', agreement: true },
    { code: 'Y', name: 'EXPRESS 12:00', network: 'TD', factor: 1250, extraDays: 0, deliveryTime: '12:00:00', agreement: true },
    { code: 'H', name: 'ECONOMY SELECT', network: 'DD', factor: 700, extraDays: 3, deliveryTime: '23:59:00', agreement: false },
];
export function laneOf(seed, request) {
    const { shipper, receiver } = request;
    const served = !UNSERVED_COUNTRIES.has(receiver.countryCode) && !(receiver.postalCode ?? '').startsWith(UNSERVED_POSTAL_PREFIX);
    const remote = REMOTE_COUNTRIES.has(receiver.countryCode) || (receiver.postalCode ?? '').endsWith('77');
    const zone = request.crossBorder ? 1 + (hash32(seed, 'express-zone', shipper.countryCode, receiver.countryCode) % 5) : 0;
    return { served, remote, zone };
}
/** Products of the lane: Y only to near zones, H only to far ones (so lanes differ). */
function productsOf(lane) {
    if (lane.zone === 0)
        return DOMESTIC;
    return INTERNATIONAL.filter((p) => (p.code === 'Y' ? lane.zone <= 3 : p.code === 'H' ? lane.zone >= 2 : true));
}
/** Chargeable weight in half kilograms: the greater of actual and volumetric (cm³ / 5000) per piece, rounded up. */
function weights(request) {
    let provided = 0;
    let volumetric = 0;
    let chargeable = 0;
    for (const piece of request.packages) {
        const volume = piece.volumeCm3 === null ? 0 : piece.volumeCm3 / 5000;
        provided += piece.weightKg;
        volumetric += volume;
        chargeable += Math.max(piece.weightKg, volume);
    }
    const round3 = (n) => Math.round(n * 1000) / 1000;
    return { provided: round3(provided), volumetric: round3(volumetric), halfKgs: Math.max(1, Math.ceil(chargeable * 2 - 1e-9)) };
}
/** Calendar arithmetic on a local date (no zone involved): the next `days` business days (Monday to Friday). */
export function addBusinessDays(date, days) {
    const d = new Date(`${date}T00:00:00Z`);
    const weekend = () => d.getUTCDay() === 0 || d.getUTCDay() === 6;
    for (let left = days; left > 0;) {
        d.setUTCDate(d.getUTCDate() + 1);
        if (!weekend())
            left -= 1;
    }
    while (weekend())
        d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
}
function isWeekend(date) {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    return day === 0 || day === 6;
}
/** `HH:MM:SS` local minus the offset, wrapped into the day (the seed's `GMTCutoffTime`). */
function gmtTime(local, offsetMinutes) {
    const [h, m, s] = local.split(':').map(Number);
    const minutes = (((h * 60 + m - offsetMinutes) % 1440) + 1440) % 1440;
    const pad = (n) => String(n).padStart(2, '0');
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(s)}`;
}
function priceLines(seed, request, lane, spec, halfKgs) {
    const fixed = lane.zone === 0 ? 900 : 2500 + lane.zone * 600;
    const perHalfKg = lane.zone === 0 ? 180 : 450 + lane.zone * 120;
    // A little per-lane variation, so two lanes of one zone do not cost the same.
    const jitter = hash32(seed, 'express-price', request.shipper.postalCode ?? '', request.receiver.postalCode ?? '') % 300;
    const base = Math.round(((fixed + perHalfKg * halfKgs + jitter) * spec.factor) / 1000);
    const lines = [{ typeCode: 'SPRQT', cents: base }, { typeCode: 'FF', cents: perMille(base, 180) }];
    if (lane.remote)
        lines.push({ typeCode: 'OO', cents: 2500 });
    if (request.cod) {
        const codUsd = convertMinor(request.cod.minor, request.cod.currency, 'USD');
        lines.push({ typeCode: 'KB', cents: Math.max(500, perMille(codUsd, 20)) });
    }
    const discount = spec.agreement && request.account === AGREEMENT_ACCOUNT ? perMille(base, 120) : 0;
    if (discount > 0)
        lines.push({ typeCode: 'STDIS', cents: discount });
    const taxRate = lane.zone === 0 ? DOMESTIC_TAX[request.shipper.countryCode] : undefined;
    if (taxRate) {
        const taxable = lines.reduce((sum, line) => sum + (line.typeCode === 'STDIS' ? -line.cents : line.cents), 0);
        lines.push({ typeCode: 'STTXA', cents: perMille(taxable, taxRate) });
    }
    return lines;
}
/** `totalPrice[]` and `totalPriceBreakdown[]`: BILLC (the account bills in USD), PULCL (pickup country), BASEC (EUR). */
function currencyViews(lines, pickupCurrency) {
    const views = [
        ['BILLC', 'USD'],
        ['PULCL', pickupCurrency],
        ['BASEC', 'EUR'],
    ];
    const totalPrice = [];
    const totalPriceBreakdown = [];
    for (const [currencyType, currency] of views) {
        const converted = lines.map((line) => ({ typeCode: line.typeCode, minor: convertMinor(line.cents, 'USD', currency) }));
        const total = converted.reduce((sum, line) => sum + (line.typeCode === 'STDIS' ? -line.minor : line.minor), 0);
        totalPrice.push({ currencyType, priceCurrency: currency, price: amountFromMinor(total, currency) });
        totalPriceBreakdown.push({
            currencyType,
            priceCurrency: currency,
            priceBreakdown: converted.map((line) => ({ typeCode: line.typeCode, price: amountFromMinor(line.minor, currency) })),
        });
    }
    return { totalPrice, totalPriceBreakdown };
}
function serviceArea(city, countryCode) {
    const letters = (city ?? '').normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase();
    return letters.length >= 3 ? letters.slice(0, 3) : `${countryCode}X`;
}
/** The whole answer of `/rates` (and `/products`, which answers the same, assumption XR4). */
export function rateAnswer(seed, request) {
    const lane = laneOf(seed, request);
    if (!lane.served)
        return { products: [] };
    const { provided, volumetric, halfKgs } = weights(request);
    const cutoff = lane.remote ? '15:00:00' : '17:00:00';
    // Ready after the cut-off, or on a weekend: the pickup is the next business day.
    const nextBusinessDay = request.readyTime > cutoff || isWeekend(request.shipDate);
    const pickupDate = nextBusinessDay ? addBusinessDays(request.shipDate, 1) : request.shipDate;
    const transitBase = lane.zone === 0 ? 1 : 1 + Math.ceil(lane.zone / 2) + (lane.remote ? 1 : 0);
    const requested = new Set(request.productCodes);
    const products = productsOf(lane)
        .filter((spec) => requested.size === 0 || requested.has(spec.code))
        .map((spec) => {
        const transitDays = transitBase + spec.extraDays;
        return {
            productName: spec.name,
            productCode: spec.code,
            localProductCode: spec.code,
            localProductCountryCode: request.shipper.countryCode,
            networkTypeCode: spec.network,
            isCustomerAgreement: spec.agreement && request.account === AGREEMENT_ACCOUNT,
            weight: { volumetric, provided, unitOfMeasurement: 'metric' },
            ...currencyViews(priceLines(seed, request, lane, spec, halfKgs), currencyOfCountry(request.shipper.countryCode)),
            pickupCapabilities: {
                nextBusinessDay,
                localCutoffDateAndTime: `${pickupDate}T${cutoff}`,
                GMTCutoffTime: gmtTime(cutoff, request.offsetMinutes),
                pickupEarliest: '09:00:00',
                pickupLatest: lane.remote ? '16:00:00' : '18:00:00',
                originServiceAreaCode: serviceArea(request.shipper.cityName, request.shipper.countryCode),
            },
            deliveryCapabilities: {
                deliveryTypeCode: 'QDDC',
                // Local date-time at the destination, without offset, counted from the requested ship date.
                estimatedDeliveryDateAndTime: `${addBusinessDays(pickupDate, transitDays)}T${spec.deliveryTime}`,
                destinationServiceAreaCode: serviceArea(request.receiver.cityName, request.receiver.countryCode),
                totalTransitDays: transitDays,
            },
        };
    });
    const answer = { products };
    // "Soft failures on the express interface arrive as a `warnings[]` array in an otherwise successful answer."
    if (lane.remote && products.length > 0) {
        answer.warnings = ['The destination is a remote area: a remote area surcharge (OO) applies and the pickup cut-off is earlier.'];
    }
    return answer;
}
