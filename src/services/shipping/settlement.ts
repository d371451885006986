/**
 * An operator settles a label whose outcome is lost (`settleLabel`): what no lookup the carrier publishes can settle
 * stays UNKNOWN, visible, until someone checks with the carrier. Two ways:
 *
 * - `trackingNumber`: the shipment the carrier made. It is checked first by the carrier's own tracking (it must exist
 *   and, where tracking shows references, carry one of ours); the label becomes PURCHASED with what tracking gives and
 *   a SETTLED_BY_OPERATOR note. Also accepted for a label FAILED by a reconciliation (it appeared after all).
 * - `notCreated: true`: the carrier made nothing; the label becomes FAILED (SETTLED_NOT_CREATED) and its key can
 *   expire like any settled one.
 *
 * Refusals name the field, before any carrier call where they can. Settling twice the same way answers the label.
 */
import { InputError } from '../../domain/errors.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import type { Label, LabelFailure } from '../../domain/shipping.js';
import { AfterPurchase, named } from './after-purchase.js';
import { documentsToStore, publicLabel } from './label-records.js';
import type { SettleLabelInput } from './types.js';

export type { SettleLabelInput } from './types.js';

export class Settlements extends AfterPurchase {
  async settleLabel(input: SettleLabelInput): Promise<{ label: Label }> {
    const label = await this.mustLabel(input.labelId, 'input.labelId');
    const failedByReconciliation = label.state === 'FAILED' && label.failure?.code === 'NOT_CREATED';
    // The same settlement again answers the label (an operator's retry after a lost answer).
    if (input.trackingNumber !== null && label.state === 'PURCHASED' && label.trackingNumber === input.trackingNumber) return { label: publicLabel(label) };
    if (input.notCreated && label.state === 'FAILED' && label.failure?.code === 'SETTLED_NOT_CREATED') return { label: publicLabel(label) };
    if (label.state !== 'UNKNOWN' && !(input.trackingNumber !== null && failedByReconciliation)) {
      throw new InputError('input.labelId', `is ${label.state}; only a label whose outcome is UNKNOWN (or, with a tracking number, one failed by a reconciliation) can be settled`);
    }
    const now = this.deps.now();
    if (input.notCreated) {
      const failure: LabelFailure = {
        code: 'SETTLED_NOT_CREATED',
        message: `an operator recorded that the carrier created no shipment${label.failure ? ` (the outcome had been lost: ${label.failure.code} ${label.failure.message})` : ''}`,
        carrierCode: label.failure?.carrierCode ?? null,
        transactionId: label.failure?.transactionId ?? null,
      };
      if (!(await this.deps.records.update(label.id, { state: 'FAILED', failure, nextAttemptAt: null }, { states: ['UNKNOWN'] }, now))) {
        throw new InputError('input.labelId', 'was settled meanwhile; read it again');
      }
      return { label: publicLabel((await this.deps.label(label.id)) ?? label) };
    }
    const trackingNumber = input.trackingNumber!;
    // A return's shipment is the carrier's return tag or label, which tracking does not map back to a return here.
    if (label.kind !== 'OUTBOUND') throw new InputError('input.trackingNumber', 'a return can only be settled as notCreated here; check its tag with the carrier');
    const connector = this.deps.shippingFor(label.carrier, label.division);
    if (!connector?.findShipment) {
      throw new InputError('input.trackingNumber', `${named(label.carrier, label.division)} offers no tracking here to check it by`);
    }
    const other = await this.db.labelWithTrackingNumber(label.carrier, trackingNumber, label.id);
    if (other) throw new InputError('input.trackingNumber', `is already the shipment of label ${other}`);
    const found = await connector.findShipment(trackingNumber, { ...label.request, purchaseReference: label.purchaseReference });
    if (found.kind === 'NOT_CREATED') throw new InputError('input.trackingNumber', 'the carrier tracks no shipment with this number');
    // A tracking call that failed rejected with its typed UpstreamError (a GraphQL error: unavailability, not input).
    if (found.kind === 'INCONCLUSIVE') throw new InputError('input.trackingNumber', `is not confirmed by the carrier's tracking: ${found.reason}`);
    const note: CarrierWarning = {
      code: 'SETTLED_BY_OPERATOR',
      message: `The outcome of this purchase was ${label.state === 'FAILED' ? `recorded FAILED (${label.failure?.code})` : 'lost'}; an operator settled it with ${trackingNumber}, checked by the carrier's tracking.`,
      type: label.state === 'FAILED' ? 'WARNING' : 'NOTE',
    };
    const { documents, warnings } = await documentsToStore(found.shipment.documents, connector.downloadDocument?.bind(connector));
    const stored = await this.deps.records.purchased(label.id, found.shipment, documents, [note, ...warnings], now, {}, { states: [label.state] });
    if (!stored) throw new InputError('input.labelId', 'was settled meanwhile; read it again');
    if (label.state === 'FAILED') this.deps.metrics.foundAfterFailed.inc({ carrier: label.carrier });
    this.deps.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'PURCHASED' });
    return { label: publicLabel((await this.deps.label(label.id)) ?? label) };
  }
}
