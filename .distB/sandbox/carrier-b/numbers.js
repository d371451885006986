import { Rng } from '../core/prng.js';
import { scenarioOf } from '../data/plan.js';
import { buildShipment } from '../data/shipment.js';
import { ledgerOf } from './ship-ledger.js';
const ORDER_PREFIX = '7946';
const DAY_MS = 86_400_000;
/** The candidates a number has at `now`; a shipment whose label is not created yet is not known to the carrier. */
export function carrierBCandidates(ctx, trackingNumber, now) {
    // A number this sandbox created (ship-ledger.ts) tracks as created, before any generated story.
    const created = ledgerOf(ctx).candidates(trackingNumber, now);
    if (created)
        return created;
    return allCandidates(ctx, trackingNumber).filter((c) => (c.shipment.steps[0]?.at.getTime() ?? Infinity) <= now.getTime());
}
function allCandidates(ctx, trackingNumber) {
    if (!/^\d{12}$/.test(trackingNumber) || trackingNumber.endsWith('404'))
        return [];
    const malformed = trackingNumber.endsWith('500');
    const orderReference = trackingNumber.startsWith(ORDER_PREFIX) ? `ORDER-${Number(trackingNumber.slice(4, 10))}` : undefined;
    const candidate = (carrierCode, variant, extraAgeHours, delivered) => {
        const shipment = buildShipment(ctx.seed, ctx.epoch, {
            key: `carrierB:${trackingNumber}:${variant}`,
            network: carrierCode === 'CBXE' ? 'carrierB-express' : 'carrierB-ground',
            scenario: delivered ? 'delivered' : scenarioOf(trackingNumber),
            extraAgeHours,
            ...(orderReference ? { orderReference } : {}),
        });
        const createdAt = shipment.steps[0]?.at ?? ctx.epoch;
        // Shaped like the carrier family's unique ids: "<day number>~<tracking number>~<carrier code>".
        const trackingNumberUniqueId = `${Math.floor(createdAt.getTime() / DAY_MS)}~${trackingNumber}~${carrierCode}`;
        return { trackingNumber, carrierCode, trackingNumberUniqueId, shipment, malformed };
    };
    if (trackingNumber.startsWith('99')) {
        const ageDays = Rng.of(ctx.seed, 'carrierB-reused-age', trackingNumber).int(120, 400);
        return [candidate('CBXE', 'current', 0, false), candidate('CBXG', 'earlier', ageDays * 24, true)];
    }
    const firstDigitEven = Number(trackingNumber[0]) % 2 === 0;
    return [candidate(firstDigitEven ? 'CBXE' : 'CBXG', 'current', 0, false)];
}
/**
 * The tracking numbers that carry customer reference `ORDER-<n>` (n = 1..999999): order n ships as 1 + (n mod 3)
 * packages, numbered `7946` + n (6 digits) + 01, 02, 03.
 */
export function numbersForOrderReference(value) {
    const match = /^ORDER-([1-9]\d{0,5})$/.exec(value);
    if (!match)
        return [];
    const n = Number(match[1]);
    const count = 1 + (n % 3);
    return Array.from({ length: count }, (_, i) => `${ORDER_PREFIX}${String(n).padStart(6, '0')}${String(i + 1).padStart(2, '0')}`);
}
