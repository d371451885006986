/**
 * Returns (issue 9 item 6): an e-commerce return label or a Carrier B return tag for a PURCHASED outbound label, bought
 * once per key and stored as a RETURN label linked by `returnOf`.
 */
import { randomUUID } from 'node:crypto';
import { outcomeUnknown } from '../../carriers/types.js';
import { InputError } from '../../domain/errors.js';
import type { CreatedShipment, ReturnRequest } from '../../domain/shipping.js';
import { ShippingStore } from '../../store/shipping-store.js';
import { AfterPurchase, named } from './after-purchase.js';
import { throwInputErrors } from '../../domain/input-errors.js';
import { documentsToStore, failureOf, handleOf, publicLabel } from './label-records.js';
import { purchaseReference, requestHash } from './purchase-key.js';
import type { PurchaseOutcome, ReturnInput } from './types.js';

export class Returns extends AfterPurchase {
  /** A return label (or tag) for a PURCHASED outbound label: one create call; a lost answer leaves it UNKNOWN. */
  async createReturn(input: ReturnInput): Promise<PurchaseOutcome> {
    const outbound = await this.mustLabel(input.outboundLabelId, 'input.outboundLabelId');
    if (outbound.kind !== 'OUTBOUND') throw new InputError('input.outboundLabelId', 'is a return label itself');
    if (outbound.state !== 'PURCHASED') throw new InputError('input.outboundLabelId', `is ${outbound.state}; a return needs a PURCHASED label`);
    const connector = this.deps.returns.find((c) => c.carrier === outbound.carrier && c.division === outbound.division);
    if (!connector) throw new InputError('input.outboundLabelId', `${named(outbound.carrier, outbound.division)} offers no return labels here`);
    const o = input.request;
    const request: ReturnRequest = {
      outbound: handleOf(outbound),
      from: o?.from ?? outbound.request.recipient,
      to: o?.to ?? outbound.request.shipper,
      packages: o?.packages ?? outbound.request.packages,
      serviceCode: o?.serviceCode ?? null,
      pickupReadyAt: o?.pickupReadyAt ?? null,
      reason: o?.reason ?? null,
      labelFormat: o?.labelFormat ?? outbound.request.labelFormat,
      purchaseReference: purchaseReference('createReturn', input.idempotencyKey),
    };
    throwInputErrors(connector.check(request));
    const hash = requestHash('createReturn', { outboundLabelId: input.outboundLabelId, request: input.request });
    const now = this.deps.now();
    const labelId = `Label:${randomUUID()}`;
    const first = await this.deps.store.transaction(async (tx) => {
      const existing = await this.deps.keys.claim(tx, 'createReturn', input.idempotencyKey, hash, labelId, now);
      if (existing) return existing;
      await new ShippingStore(tx).insertLabel({
        id: labelId,
        kind: 'RETURN',
        carrier: outbound.carrier,
        division: outbound.division,
        upstream: connector.upstream,
        accountNumber: outbound.accountNumber,
        serviceCode: request.serviceCode ?? outbound.serviceCode,
        idempotencyKey: input.idempotencyKey,
        purchaseReference: request.purchaseReference,
        orderId: outbound.orderId,
        referenceValues: outbound.orderId ? [outbound.orderId] : [],
        // Kept as a shipment request (parties swapped), so a return is read like any label.
        request: {
          ...outbound.request,
          shipper: request.from,
          recipient: request.to,
          returnTo: null,
          packages: request.packages,
          serviceCode: request.serviceCode ?? outbound.serviceCode,
          labelFormat: request.labelFormat,
          pickup: null,
          purchaseReference: request.purchaseReference,
        },
        quotedTotal: null,
        returnOf: outbound.id,
        leaseUntil: new Date(now.getTime() + this.deps.settings().leaseMs),
        now,
      });
      return null;
    });
    if (first) {
      this.deps.metrics.replays.inc({ scope: 'createReturn' });
      const label = await this.mustLabel(first, 'input.idempotencyKey');
      return { label: publicLabel(label), replayed: true };
    }
    await this.deps.records.announce(labelId);
    try {
      const created = await connector.createReturn(request);
      const shipment: CreatedShipment = {
        carrier: outbound.carrier,
        division: outbound.division,
        upstream: connector.upstream,
        trackingNumber: created.trackingNumber,
        carrierUniqueId: null,
        carrierCode: null,
        serviceCode: request.serviceCode,
        serviceName: null,
        pieces: [],
        documents: created.documents,
        total: null,
        breakdown: [],
        dispatchConfirmationNumber: null,
        links: { trackingUrl: null, cancelPickupUrl: null, onDemandDeliveryUrl: null },
        warnings: created.warnings,
        tendered: true,
        tenderBy: null,
        transactionId: null,
      };
      const { documents, warnings } = await documentsToStore(created.documents, undefined);
      await this.deps.records.purchased(labelId, shipment, documents, warnings, this.deps.now(), { carrierReturnId: created.carrierReturnId });
      this.deps.metrics.purchases.inc({ carrier: outbound.carrier, outcome: 'PURCHASED' });
    } catch (error) {
      const failure = failureOf(error);
      // No carrier offers a lookup of returns by reference: a lost answer stays UNKNOWN, with nothing due.
      const unknown = outcomeUnknown(error) || failure.code === 'INTERNAL_ERROR';
      await this.deps.records.update(labelId, { state: unknown ? 'UNKNOWN' : 'FAILED', failure, nextAttemptAt: null }, { states: ['PENDING'] }, this.deps.now());
      this.deps.metrics.purchases.inc({ carrier: outbound.carrier, outcome: unknown ? 'UNKNOWN' : 'FAILED' });
    }
    return { label: publicLabel(await this.mustLabel(labelId, 'input.outboundLabelId')), replayed: false };
  }
}
