import type { Money } from '../../../domain/money.js';
import type { ChargeLine } from '../../../domain/rating.js';
import type { CarrierDocument, CreatedPiece, CreatedShipment, ShipmentRequest } from '../../../domain/shipping.js';
import { mapExpressWarnings } from './mapping.js';
import { BILLING_CURRENCY_TYPE, chargeKindOf, decimalFromWire, discountAmount } from './rating-units.js';
import { CUSTOMER_REFERENCE_TYPE_CODE, documentKindOf } from './ship-units.js';
import type { ExpressChargeWire, ExpressDocumentWire, ExpressShipmentAnswer } from './ship-wire.js';
import type { ExpressShipment } from './wire.js';

const UPSTREAM = 'group-a/express';

function carrierDocument(wire: ExpressDocumentWire, pieceTrackingNumber: string | null): CarrierDocument {
  return {
    kind: documentKindOf(wire.typeCode),
    nativeType: wire.typeCode ?? null,
    format: wire.imageFormat.toUpperCase(),
    // "`content` (base64)": decoded here, stored as bytes.
    content: Buffer.from(wire.content, 'base64'),
    url: null,
    pieceTrackingNumber,
    copiesToPrint: null,
  };
}

/**
 * "`currencyType` value `BILLC` is the billing currency and is the entry to use for anything invoiced": the total and
 * its breakdown come from that entry only; without one the total is not given (null), never another view's.
 */
function billing(charges: readonly ExpressChargeWire[]): { total: Money | null; breakdown: ChargeLine[] } {
  const bill = charges.find((c) => c.currencyType === BILLING_CURRENCY_TYPE);
  if (!bill) return { total: null, breakdown: [] };
  const currency = bill.priceCurrency;
  const breakdown = (bill.serviceBreakdown ?? []).map((line): ChargeLine => {
    const kind = chargeKindOf(line.typeCode ?? '');
    const decimal = decimalFromWire(line.price);
    return { kind, code: line.typeCode ?? null, name: line.name ?? null, amount: { amount: kind === 'DISCOUNT' ? discountAmount(decimal) : decimal, currency } };
  });
  return { total: { amount: decimalFromWire(bill.price), currency }, breakdown };
}

/**
 * The creation answer (or one shipment of the reference lookup) in the unified model. `request` supplies what the
 * answer does not repeat: the product code and the caller's package ids (by `referenceNumber`, 1-based in request order).
 */
export function mapExpressCreatedShipment(answer: ExpressShipmentAnswer, request: ShipmentRequest): CreatedShipment {
  const packages = [...(answer.packages ?? [])].sort((a, b) => a.referenceNumber - b.referenceNumber);
  const pieceByReference = new Map(packages.map((p) => [p.referenceNumber, p.trackingNumber]));
  const pieces: CreatedPiece[] = packages.map((p) => {
    const packageId = request.packages[p.referenceNumber - 1]?.packageId ?? null;
    return {
      sequence: p.referenceNumber,
      trackingNumber: p.trackingNumber,
      packageId: null,
      carrierPackageId: null,
      netCharge: null,
      cashOnDelivery: request.packages[p.referenceNumber - 1]?.cashOnDelivery ?? null,
      // The caller's package id travelled as the package's customer reference (SX3).
      references: packageId ? [{ type: CUSTOMER_REFERENCE_TYPE_CODE, value: packageId, scope: null }] : [],
    };
  });
  const documents: CarrierDocument[] = [
    ...(answer.documents ?? []).map((d) =>
      carrierDocument(d, d.packageReferenceNumber != null ? (pieceByReference.get(d.packageReferenceNumber) ?? null) : null),
    ),
    ...packages.flatMap((p) => (p.documents ?? []).map((d) => carrierDocument(d, p.trackingNumber))),
  ];
  const { total, breakdown } = billing(answer.shipmentCharges ?? []);
  return {
    carrier: 'GROUP_A',
    division: 'express',
    upstream: UPSTREAM,
    trackingNumber: answer.shipmentTrackingNumber,
    carrierUniqueId: null,
    carrierCode: null,
    serviceCode: request.serviceCode,
    serviceName: null,
    pieces,
    documents,
    total,
    breakdown,
    dispatchConfirmationNumber: answer.dispatchConfirmationNumber ?? null,
    links: {
      trackingUrl: answer.trackingUrl ?? null,
      cancelPickupUrl: answer.cancelPickupUrl ?? null,
      onDemandDeliveryUrl: answer.onDemandDeliveryURL ?? null,
    },
    warnings: mapExpressWarnings(answer.warnings ?? []),
    // Express needs no separate tender: the shipment is expected once created (and collected if a pickup was booked).
    tendered: true,
    tenderBy: null,
    transactionId: null,
  };
}

/**
 * A shipment the express tracking shows, as a created shipment for an operator's settlement: the waybill, its pieces
 * and product; no charges, documents or links (tracking gives none), and a note saying where it came from.
 */
export function createdFromExpressTracking(found: ExpressShipment, request: ShipmentRequest): CreatedShipment {
  const pieces: CreatedPiece[] = (found.pieces ?? []).flatMap((p, i) =>
    p.trackingNumber
      ? [
          {
            sequence: p.number ?? i + 1,
            trackingNumber: p.trackingNumber,
            packageId: null,
            carrierPackageId: null,
            netCharge: null,
            cashOnDelivery: request.packages[i]?.cashOnDelivery ?? null,
            references: [],
          },
        ]
      : [],
  );
  return {
    carrier: 'GROUP_A',
    division: 'express',
    upstream: UPSTREAM,
    trackingNumber: found.shipmentTrackingNumber,
    carrierUniqueId: null,
    carrierCode: null,
    serviceCode: found.productCode ?? request.serviceCode,
    serviceName: null,
    pieces,
    documents: [],
    total: null,
    breakdown: [],
    dispatchConfirmationNumber: null,
    links: { trackingUrl: null, cancelPickupUrl: null, onDemandDeliveryUrl: null },
    warnings: [
      {
        code: 'SETTLED_FROM_TRACKING',
        message: 'The creation answer was lost; an operator settled this label with a waybill the carrier tracks. Charges and label documents were not given by tracking.',
        type: 'NOTE',
      },
    ],
    tendered: true,
    tenderBy: null,
    transactionId: null,
  };
}
