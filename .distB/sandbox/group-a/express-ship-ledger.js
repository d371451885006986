import { Rng } from '../core/prng.js';
import { buildShipment, round1 } from '../data/shipment.js';
import { US_PLACES, WORLD_PLACES } from '../data/places.js';
const ledgers = new WeakMap();
export function expressLedger(ctx) {
    let ledger = ledgers.get(ctx);
    if (!ledger) {
        ledger = newLedger(ctx.seed);
        ledgers.set(ctx, ledger);
    }
    return ledger;
}
function newLedger(seed) {
    // Created waybills: 10 digits starting `6`, from a seeded start; never ending `404` (unknown) or `77` (a tracking
    // warning), so a created number behaves as created only.
    let next = 6_000_000_000 + Rng.of(seed, 'express-created-waybills').int(10_000_000, 90_000_000) * 10;
    let dispatches = 0;
    return {
        shipments: new Map(),
        images: [],
        invoices: [],
        nextWaybill() {
            let waybill;
            do {
                next += 1;
                waybill = String(next);
            } while (waybill.endsWith('404') || waybill.endsWith('77'));
            return waybill;
        },
        nextDispatchConfirmation(shipDate) {
            dispatches += 1;
            return `PRG${shipDate.replace(/-/g, '').slice(2)}${String(dispatches).padStart(6, '0')}`;
        },
    };
}
/** The created shipment a waybill names, as tracking shows it; undefined when the ledger has none. */
export function createdExpressShipment(ctx, waybill) {
    return ledgers.get(ctx)?.shipments.get(waybill)?.tracked;
}
/** A place of the request's address: its offset from the planned date (origin) or a known place of the country. */
function placeOf(party, offsetMinutes) {
    const known = [...WORLD_PLACES, ...US_PLACES].find((p) => p.countryCode === party.countryCode);
    const letters = party.cityName.normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase();
    return {
        city: party.cityName,
        region: party.provinceCode ?? '',
        postalCode: party.postalCode ?? '',
        countryCode: party.countryCode,
        utcOffsetMinutes: offsetMinutes ?? known?.utcOffsetMinutes ?? 0,
        facility: letters.length >= 3 ? letters.slice(0, 3) : `${party.countryCode}X`,
    };
}
/**
 * The tracked shipment of a creation: the seeded story of a delivered express shipment (hub, scan gaps), laid out
 * so that its first step (LABEL_CREATED) is the creation instant and every later step is still to come; the parties,
 * pieces and order reference are the request's.
 */
export function trackedShipmentOf(ctx, waybill, request, createdAt) {
    const key = `groupA:express:created:${waybill}`;
    const base = buildShipment(ctx.seed, ctx.epoch, { key, network: 'groupA-express', scenario: 'delivered' });
    const origin = placeOf(request.shipper, request.offsetMinutes);
    const destination = placeOf(request.receiver, null);
    const shift = createdAt.getTime() - base.steps[0].at.getTime();
    const placeFor = (place) => (place === base.origin ? origin : place === base.destination ? destination : place);
    const [given = request.receiver.fullName, ...family] = request.receiver.fullName.split(/\s+/);
    const pieces = request.packages.map((p, i) => ({
        number: i + 1,
        weightKg: p.weightKg,
        lengthCm: p.lengthCm ?? 0,
        widthCm: p.widthCm ?? 0,
        heightCm: p.heightCm ?? 0,
    }));
    const shipment = {
        ...base,
        origin,
        destination,
        sender: { organizationName: request.shipper.companyName ?? request.shipper.fullName, contactName: request.shipper.fullName, streetAddress: request.shipper.addressLine1 },
        receiver: { givenName: given, familyName: family.join(' '), streetAddress: request.receiver.addressLine1 },
        pieces,
        totalWeightKg: round1(pieces.reduce((sum, p) => sum + p.weightKg, 0)),
        // The order id is the first customer reference (SX3).
        orderReference: request.references[0] ?? base.orderReference,
        steps: base.steps.map((step) => ({ ...step, at: new Date(step.at.getTime() + shift), place: placeFor(step.place) })),
    };
    const rng = Rng.of(ctx.seed, key, 'piece-ids');
    return { id: waybill, service: 'express', shipment, pieceIds: pieces.map(() => `JD01${rng.digits(16)}`) };
}
export function expressShippingControl(ctx) {
    return {
        shipments: () => [...expressLedger(ctx).shipments.values()].map((e) => ({
            waybill: e.waybill,
            createdAt: e.createdAt,
            references: [...e.request.references],
            pieceNumbers: [...e.tracked.pieceIds],
            dispatchConfirmationNumber: e.dispatchConfirmationNumber,
            cancelledAt: e.cancelledAt,
        })),
        images: () => [...expressLedger(ctx).images],
        invoices: () => [...expressLedger(ctx).invoices],
    };
}
