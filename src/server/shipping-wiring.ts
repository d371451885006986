import type { CarrierPolicies } from '../carriers/module-contract.js';
import type { Carrier } from '../domain/carrier.js';
import { UpstreamError } from '../domain/errors.js';
import { parseShipmentId } from '../domain/ids.js';
import type { Label } from '../domain/shipping.js';
import type { Logger } from '../platform/logger.js';
import type { PushSubscriptionService } from '../services/realtime/push-subscriptions.js';
import type { ShipmentWatcher } from '../services/realtime/watcher.js';
import { shipmentFromLabel } from '../services/shipping/label-shipment.js';
import type { ReferenceLookupAnswer } from '../services/shipping/shipping-service.js';
import type { TrackingService } from '../services/tracking.js';
import type { StatusLog } from '../store/status-log.js';

/**
 * How the shipping service meets tracking (issue 9 item 8): a purchased label is tracked from birth, and an order id is
 * looked up with every carrier that finds shipments by reference. Kept apart from the container so its rules read at a
 * glance (docs/assumptions.md SG7, SG8).
 */

export interface TrackFromBirthDeps {
  statusLog: StatusLog | null;
  watcher: ShipmentWatcher | null;
  /** Group A push subscriptions, once the push runtime exists (it is built after the services); null: none. */
  push: () => { subscriptions: PushSubscriptionService; configured: boolean } | null;
  /** The label's module's policies: whether it is followed by push, and the watch's lookup (followPurchase). */
  policiesOf: (carrier: Carrier) => CarrierPolicies;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/**
 * `onPurchased`: the label's shipment is followed, then stored as a LABEL_CREATED snapshot under its canonical id (so
 * `_entities` and `Label.shipment` answer at once, same id as tracking). The label's module says how
 * (`followPurchase`): by a push subscription on its tracking number when push is configured (a carrier that pushes),
 * else by a watch, with the lookup the module names (a package id instead of the number, say), so its changes reach
 * `shipmentStatusChanged` subscribers like any watched shipment. A watch answers the shipment's canonical id (a
 * carrier's unique id, which only tracking gives). A failure here is the caller's to log; the purchase stands (SG7).
 */
export function trackFromBirth(deps: TrackFromBirthDeps): (label: Label) => Promise<void> {
  return async (label) => {
    const born = shipmentFromLabel(label);
    if (!born) return;
    let shipmentId = born.id;
    const following = deps.policiesOf(label.carrier).followPurchase?.(label) ?? {};
    const push = deps.push();
    let pushed = false;
    if (following.push && push?.configured) {
      try {
        await push.subscriptions.create({ scope: 'TRACKING_NUMBER', subject: born.trackingNumber, division: following.push.division });
        pushed = true;
        deps.logger.info({ labelId: label.id, shipmentId }, 'purchased label followed by a push subscription');
      } catch (err) {
        // Followed anyway: the module's watch lookup polls it when push cannot be set up.
        deps.logger.warn({ labelId: label.id, err: err instanceof Error ? err.message : String(err) }, 'push subscription for a purchased label failed; watching it instead');
      }
    }
    if (!pushed && deps.watcher) {
      const watch = await deps.watcher.watch(
        {
          carrier: label.carrier,
          trackingNumber: following.watch?.trackingNumber ?? born.trackingNumber,
          division: label.division,
          carrierCode: label.carrierCode,
          carrierUniqueId: label.carrierUniqueId,
          ...(following.watch?.ecommerceIdType ? { ecommerceIdType: following.watch.ecommerceIdType } : {}),
        },
        'label',
      );
      shipmentId = watch.shipmentId;
      deps.logger.info({ labelId: label.id, shipmentId }, 'purchased label followed by a watch');
    }
    if (!deps.statusLog) return;
    // Only where nothing is stored yet: a snapshot without a status time would replace a status the carrier already gave.
    const parts = parseShipmentId(shipmentId);
    await deps.statusLog.saveFirstSnapshot({ ...born, id: shipmentId, carrierUniqueId: parts?.carrierUniqueId ?? born.carrierUniqueId });
  };
}

/**
 * `lookupReference`: the existing reference tracking (`Query.shipmentsByReference`) across every carrier that offers
 * it, in parallel; a carrier that fails is a failure beside the others' shipments, never the whole answer.
 */
export function lookupReferenceAcrossCarriers(tracking: TrackingService, carriers: readonly Carrier[]): (orderId: string) => Promise<ReferenceLookupAnswer> {
  return async (orderId) => {
    const answers = await Promise.allSettled(
      carriers.map((carrier) =>
        tracking.trackByReference({
          carrier,
          referenceType: 'CUSTOMER_REFERENCE',
          value: orderId,
          shipDateBegin: null,
          shipDateEnd: null,
          includeEvents: false,
        }),
      ),
    );
    const result: ReferenceLookupAnswer = { shipments: [], failures: [] };
    answers.forEach((answer, i) => {
      const carrier = carriers[i]!;
      if (answer.status === 'fulfilled') result.shipments.push(...answer.value);
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
