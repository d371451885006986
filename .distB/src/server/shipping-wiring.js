import { UpstreamError } from '../domain/errors.js';
import { parseShipmentId } from '../domain/ids.js';
import { shipmentFromLabel } from '../services/shipping/label-shipment.js';
/**
 * `onPurchased`: the label's shipment is followed, then stored as a LABEL_CREATED snapshot under its canonical id (so
 * `_entities` and `Label.shipment` answer at once, same id as tracking). Group A express is followed by a push
 * subscription on its tracking number when push is configured (the unified interface pushes, seed 000); everything
 * else (Carrier B, e-commerce, express without push) by a watch, so its changes reach `shipmentStatusChanged`
 * subscribers like any watched shipment. A watch answers the shipment's canonical id (Carrier B's carries the
 * carrier's unique id, which only tracking gives). A failure here is the caller's to log; the purchase stands (SG7).
 */
export function trackFromBirth(deps) {
    return async (label) => {
        const born = shipmentFromLabel(label);
        if (!born)
            return;
        let shipmentId = born.id;
        const push = deps.push();
        let pushed = false;
        if (label.carrier === 'GROUP_A' && label.division === 'express' && push?.configured) {
            try {
                await push.subscriptions.create({ scope: 'TRACKING_NUMBER', subject: born.trackingNumber, division: label.division });
                pushed = true;
                deps.logger.info({ labelId: label.id, shipmentId }, 'purchased label followed by a push subscription');
            }
            catch (err) {
                // Followed anyway: express numbers are polled on the express interface when push cannot be set up.
                deps.logger.warn({ labelId: label.id, err: err instanceof Error ? err.message : String(err) }, 'push subscription for a purchased label failed; watching it instead');
            }
        }
        if (!pushed && deps.watcher) {
            // E-commerce shipments are identified by the carrier's package id (docs/assumptions.md S2), watched by it.
            const carrierPackageId = label.division === 'ecommerce' ? (label.pieces[0]?.carrierPackageId ?? null) : null;
            const watch = await deps.watcher.watch({
                carrier: label.carrier,
                trackingNumber: carrierPackageId ?? born.trackingNumber,
                division: label.division,
                carrierCode: label.carrierCode,
                carrierUniqueId: label.carrierUniqueId,
                ...(label.division === 'ecommerce' ? { ecommerceIdType: carrierPackageId ? 'CARRIER_PACKAGE_ID' : 'PACKAGE_ID' } : {}),
            }, 'label');
            shipmentId = watch.shipmentId;
            deps.logger.info({ labelId: label.id, shipmentId }, 'purchased label followed by a watch');
        }
        if (!deps.statusLog)
            return;
        // Only where nothing is stored yet: a snapshot without a status time would replace a status the carrier already gave.
        const stored = await deps.statusLog.storedShipments([shipmentId], Number.MAX_SAFE_INTEGER);
        if (stored.size > 0)
            return;
        const parts = parseShipmentId(shipmentId);
        await deps.statusLog.saveSnapshot({ ...born, id: shipmentId, carrierUniqueId: parts?.carrierUniqueId ?? born.carrierUniqueId });
    };
}
/**
 * `lookupReference`: the existing reference tracking (`Query.shipmentsByReference`) across every carrier that offers
 * it, in parallel; a carrier that fails is a failure beside the others' shipments, never the whole answer.
 */
export function lookupReferenceAcrossCarriers(tracking, carriers) {
    return async (orderId) => {
        const answers = await Promise.allSettled(carriers.map((carrier) => tracking.trackByReference({
            carrier,
            referenceType: 'CUSTOMER_REFERENCE',
            value: orderId,
            shipDateBegin: null,
            shipDateEnd: null,
            includeEvents: false,
        })));
        const result = { shipments: [], failures: [] };
        answers.forEach((answer, i) => {
            const carrier = carriers[i];
            if (answer.status === 'fulfilled')
                result.shipments.push(...answer.value);
            else {
                const error = answer.reason;
                result.failures.push({
                    carrier,
                    code: error instanceof UpstreamError ? error.code : 'INTERNAL',
                    message: error instanceof Error ? error.message : String(error),
                });
            }
        });
        return result;
    };
}
