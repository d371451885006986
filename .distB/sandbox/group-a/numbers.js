import { Rng } from '../core/prng.js';
import { scenarioOf } from '../data/plan.js';
import { buildShipment } from '../data/shipment.js';
import { createdExpressShipment } from './express-ship-ledger.js';
export const DIVISIONS = ['express', 'ecommerce', 'freight'];
const NETWORK = {
    express: 'groupA-express',
    ecommerce: 'groupA-ecommerce',
    freight: 'groupA-freight',
};
export const isExpressNumber = (n) => /^\d{10}$/.test(n);
const ECOM_DIGITS = /^(?:GM|PKG-)(\d{8,20})$/;
/** Every Group A shipment a number resolves to, in a stable order; [] when unknown or not yet created at `now`. */
export function resolveGroupA(ctx, number, now) {
    if (number.endsWith('404'))
        return [];
    const found = [];
    // A waybill created by express `POST /shipments` is that shipment, its plan starting at creation.
    if (isExpressNumber(number))
        found.push(createdExpressShipment(ctx, number) ?? groupAShipment(ctx, number, 'express', scenarioOf(number)));
    const ecom = ECOM_DIGITS.exec(number);
    if (ecom?.[1] && number.startsWith('GM'))
        found.push(ecommerceShipment(ctx, ecom[1]));
    const ambiguous = /^AMB\d{4,20}$/.test(number) ? Number(number.at(-1)) : undefined;
    if (ambiguous !== undefined) {
        const divisions = ambiguous % 2 === 1 ? ['express', 'ecommerce', 'freight'] : ['express', 'ecommerce'];
        // Each division's shipment tells a different story: shift the story digit by 3 per division.
        divisions.forEach((division, i) => found.push(groupAShipment(ctx, number, division, scenarioOf(String((ambiguous + 3 * i) % 10)))));
    }
    return found.filter((s) => (s.shipment.steps[0]?.at.getTime() ?? Infinity) <= now.getTime());
}
/** The e-commerce package for the caller's id (`PKG-…`) or the carrier's id (`GM…`); undefined when unknown. */
export function resolveEcommercePackage(ctx, id, now) {
    const digits = ECOM_DIGITS.exec(id)?.[1];
    if (!digits || id.endsWith('404'))
        return undefined;
    const found = ecommerceShipment(ctx, digits);
    return (found.shipment.steps[0]?.at.getTime() ?? Infinity) <= now.getTime() ? found : undefined;
}
function ecommerceShipment(ctx, digits) {
    const carrierPackageId = `GM${digits}`;
    const trackingId = `9261299${digits.padStart(15, '0')}`;
    const base = groupAShipment(ctx, carrierPackageId, 'ecommerce', scenarioOf(digits));
    return { ...base, pieceIds: [trackingId], ecommerce: { packageId: `PKG-${digits}`, carrierPackageId, trackingId } };
}
function groupAShipment(ctx, id, service, scenario) {
    const key = `groupA:${service}:${id}`;
    const shipment = buildShipment(ctx.seed, ctx.epoch, { key, network: NETWORK[service], scenario });
    const rng = Rng.of(ctx.seed, key, 'piece-ids');
    const piecePrefix = service === 'freight' ? 'FR' : 'JD01';
    const pieceIds = shipment.pieces.map(() => `${piecePrefix}${rng.digits(16)}`);
    return { id, service, shipment, pieceIds };
}
