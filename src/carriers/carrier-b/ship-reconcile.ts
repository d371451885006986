import { UpstreamError } from '../../domain/errors.js';
import type { Shipment } from '../../domain/shipment.js';
import type { CreatedShipment, ReconcileResult, ShipmentRequest } from '../../domain/shipping.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import { lookupByNumber } from '../../domain/tracking.js';
import { outcomesFromTrackAnswer, shipmentsFromReferenceAnswer } from './answer.js';
import { buildTrackRequest, postReferenceNumbers, postTrackingNumbers } from './client.js';
import { PURCHASE_REFERENCE_TYPE, isGroundService, tenderOf } from './ship-units.js';
import type { WireReferenceRequest } from './wire.js';

/**
 * A creation whose answer was lost is looked up, never bought again: `/track/v1/referencenumbers` by our purchase
 * reference (SB1). The carrier answering it knows no shipment with that reference (404, assumption B2) proves it was
 * not created; any other failure is inconclusive (try later).
 *
 * What tracking gives is less than the creation answer: numbers, network code, unique id, service. The created
 * shipment built from it has no charges and NO documents (the label bytes came only in the lost answer; the caller
 * fetches them again from the carrier's documents or reprints), and every result of the lookup is one piece, the first
 * taken as the master (tracking does not say which number is the master; the sandbox answers the master first, SB10).
 */
export async function reconcileByPurchaseReference(
  client: UpstreamClient,
  config: CarrierBConfig,
  request: ShipmentRequest,
  accountNumber: string,
): Promise<ReconcileResult> {
  const body: WireReferenceRequest = {
    // No ship-date window: the carrier dates a shipment by its own clock, a window from our input could hide it.
    referencesInformation: { type: PURCHASE_REFERENCE_TYPE, value: request.purchaseReference, accountNumber },
    includeDetailedScans: false,
  };
  let shipments: Shipment[];
  try {
    const answer = await postReferenceNumbers(client, body, config.locale);
    shipments = shipmentsFromReferenceAnswer(answer, false);
  } catch (error) {
    if (error instanceof UpstreamError && error.code === 'UPSTREAM_NOT_FOUND') return { kind: 'NOT_CREATED' };
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'INCONCLUSIVE', reason };
  }
  if (shipments.length === 0) return { kind: 'NOT_CREATED' };
  return { kind: 'FOUND', shipment: createdFromTracking(shipments, request) };
}

/**
 * An operator's settlement: the shipment with this tracking number, looked up by the seed's tracking by number. Not
 * known to the carrier: NOT_CREATED (no such shipment); a failed lookup rejects with its UpstreamError. Never creates.
 */
export async function findByTrackingNumber(client: UpstreamClient, config: CarrierBConfig, trackingNumber: string, request: ShipmentRequest): Promise<ReconcileResult> {
  const track = lookupByNumber('CARRIER_B', trackingNumber, false);
  let outcome;
  try {
    const answer = await postTrackingNumbers(client, buildTrackRequest([track]), config.locale);
    outcome = outcomesFromTrackAnswer(answer, [track], false)[0];
  } catch (error) {
    if (error instanceof UpstreamError && error.code === 'UPSTREAM_NOT_FOUND') return { kind: 'NOT_CREATED' };
    throw error;
  }
  if (!outcome) return { kind: 'INCONCLUSIVE', reason: 'tracking answered nothing for the number' };
  if (!outcome.ok) {
    if (outcome.error.code === 'UPSTREAM_NOT_FOUND') return { kind: 'NOT_CREATED' };
    throw outcome.error;
  }
  if (outcome.shipments.length === 0) return { kind: 'NOT_CREATED' };
  return { kind: 'FOUND', shipment: createdFromTracking(outcome.shipments, request) };
}

function createdFromTracking(shipments: readonly Shipment[], request: ShipmentRequest): CreatedShipment {
  const master = shipments[0]!;
  const serviceCode = master.service?.code ?? request.serviceCode;
  const references = [
    ...(request.orderId ? [{ type: 'CUSTOMER_REFERENCE', value: request.orderId, scope: null }] : []),
    { type: PURCHASE_REFERENCE_TYPE, value: request.purchaseReference, scope: null },
  ];
  const tender = tenderOf(isGroundService(serviceCode) || master.carrierCode === 'CBXG' ? 'CARRIER_GROUND' : serviceCode);
  return {
    carrier: 'CARRIER_B',
    division: null,
    upstream: 'carrier-b',
    trackingNumber: master.trackingNumber,
    carrierUniqueId: master.carrierUniqueId,
    carrierCode: master.carrierCode,
    serviceCode,
    serviceName: master.service?.name ?? null,
    pieces: shipments.map((s, i) => ({
      sequence: i + 1,
      trackingNumber: s.trackingNumber,
      packageId: null,
      carrierPackageId: null,
      netCharge: null,
      cashOnDelivery: request.packages[i]?.cashOnDelivery ?? null,
      references,
    })),
    documents: [],
    total: null,
    breakdown: [],
    dispatchConfirmationNumber: null,
    links: { trackingUrl: null, cancelPickupUrl: null, onDemandDeliveryUrl: null },
    warnings: [
      {
        code: 'RECONCILED_FROM_TRACKING',
        message: 'The creation answer was lost; this shipment was found by its reference. Charges and label documents were not given by tracking.',
        type: 'NOTE',
      },
      ...master.warnings,
    ],
    ...tender,
    transactionId: null,
  };
}
