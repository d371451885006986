import { addBusinessDays, domesticLaneServed, domesticZone, ECOMMERCE_INTERNATIONAL_REGIONS, ECOMMERCE_MAX_WEIGHT_LB, fromCents, laneDraw, percentOf, } from './ecommerce-products-lanes.js';
import { readParcelRequest } from './ecommerce-products-request.js';
import { problem } from './problem.js';
/** Seed 000, interface C: "POST `/shipping/v4/products` | answers serviceability"; payload per assumption E7. */
export const ECOMMERCE_PRODUCTS_PATH = '/shipping/v4/products';
const FUEL_PERCENT = 12;
const DELIVERY_AREA_CENTS = 195;
export function ecommerceProductsRoute(ctx, bearer) {
    return { method: 'POST', path: ECOMMERCE_PRODUCTS_PATH, kind: 'business', guards: [bearer], handle: (req) => products(ctx, req) };
}
function products(ctx, req) {
    const parsed = readParcelRequest(req);
    if (!parsed.ok)
        return problem(req, 400, parsed.detail);
    const parcel = parsed.value;
    const shipDate = parcel.body['expectedShipDate'];
    if (shipDate !== undefined && (typeof shipDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(shipDate) || Number.isNaN(Date.parse(shipDate)))) {
        return problem(req, 400, 'expectedShipDate must be a date shaped YYYY-MM-DD.');
    }
    // D13: the heaviest package is 70 LB; the refusal is the interface's error body (D11), not an empty list.
    if (parcel.weightLb > ECOMMERCE_MAX_WEIGHT_LB) {
        return problem(req, 400, `The package weighs ${parcel.weightLb} LB; the maximum is ${ECOMMERCE_MAX_WEIGHT_LB} LB.`);
    }
    const offers = parcel.country === parcel.originCountry ? domesticOffers(ctx.seed, parcel) : internationalOffers(parcel);
    return { status: 200, json: { products: offers.map((offer) => render(ctx.seed, parcel, offer, shipDate)) } };
}
/** Whole pounds billed: the heavier of actual and dimensional weight (cubic inches / 166), rounded up. */
function billablePounds(parcel) {
    const d = parcel.dimensionsIn;
    const dimensional = d ? (d.length * d.width * d.height) / 166 : 0;
    return Math.ceil(Math.max(parcel.weightLb, dimensional) - 1e-9);
}
function domesticOffers(seed, parcel) {
    const postal = parcel.postalCode ?? '';
    if (!domesticLaneServed(postal))
        return [];
    const zone = domesticZone(seed, parcel.distributionCenter, postal);
    const pounds = billablePounds(parcel);
    const groundMin = 1 + Math.floor(zone / 2);
    const offers = [
        { code: 'GND', name: 'Parcel Ground', baseCents: 450 + zone * 35 + pounds * 55, daysMin: groundMin, daysMax: groundMin + 2 },
    ];
    // Expedited runs on some lanes only, and up to 25 LB.
    if (pounds <= 25 && !laneDraw(seed, 'EXP', `${parcel.distributionCenter}:${postal.slice(0, 3)}`, 4)) {
        const min = zone <= 4 ? 1 : 2;
        offers.push({ code: 'EXP', name: 'Parcel Expedited', baseCents: 850 + zone * 60 + pounds * 95, daysMin: min, daysMax: min + 1 });
    }
    return offers;
}
function internationalOffers(parcel) {
    const region = ECOMMERCE_INTERNATIONAL_REGIONS[parcel.country];
    if (region === undefined)
        return [];
    const pounds = billablePounds(parcel);
    const offers = [];
    // A packet is a small item: up to 4 LB.
    if (pounds <= 4) {
        const min = 6 + region * 2;
        offers.push({ code: 'PKY', name: 'Packet International', baseCents: 900 + region * 300 + pounds * 250, daysMin: min, daysMax: min + 6 });
    }
    offers.push({ code: 'PLT', name: 'Parcel International Direct', baseCents: 1800 + region * 600 + pounds * 400, daysMin: 3 + region, daysMax: 6 + region });
    return offers;
}
function render(seed, parcel, offer, shipDate) {
    const fuel = percentOf(offer.baseCents, FUEL_PERCENT);
    const remote = parcel.country === parcel.originCountry && laneDraw(seed, 'DAS', parcel.postalCode ?? '', 5);
    const components = [
        { type: 'BASE', code: 'BASE', description: 'Base rate', amount: fromCents(offer.baseCents) },
        { type: 'SURCHARGE', code: 'FUEL', description: 'Fuel surcharge', amount: fromCents(fuel) },
        ...(remote ? [{ type: 'SURCHARGE', code: 'DAS', description: 'Delivery area surcharge', amount: fromCents(DELIVERY_AREA_CENTS) }] : []),
    ];
    const totalCents = offer.baseCents + fuel + (remote ? DELIVERY_AREA_CENTS : 0);
    return {
        orderedProductId: offer.code,
        productName: offer.name,
        rate: { amount: fromCents(totalCents), currency: 'USD', rateType: 'ACCOUNT', rateComponents: components },
        estimatedDeliveryDate: {
            deliveryDaysMin: offer.daysMin,
            deliveryDaysMax: offer.daysMax,
            // Dates count from the requested ship date, never from the sandbox clock; without one only the days are given.
            ...(shipDate
                ? { estimatedDeliveryMin: addBusinessDays(shipDate, offer.daysMin), estimatedDeliveryMax: addBusinessDays(shipDate, offer.daysMax) }
                : {}),
            isGuaranteed: false,
        },
    };
}
