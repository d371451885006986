import { InputError, UpstreamError } from '../../../domain/errors.js';
import type {
  CancelResult,
  CreateShipmentAnswer,
  LabelHandle,
  ReconcileResult,
  ShipmentRequest,
} from '../../../domain/shipping.js';
import type { GroupAExpressConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { ShippingConnector } from '../../types.js';
import { mapExpressWarnings } from './mapping.js';
import { DEFAULT_COD_SERVICE_CODE, looksLikeExpressProduct } from './rating-units.js';
import { checkExpressShipment } from './ship-check.js';
import { mapExpressCreatedShipment } from './ship-mapping.js';
import { expressShipmentRequest } from './ship-request.js';
import { createdFromExpressTracking } from './ship-mapping.js';
import { CANCEL_PATH, SHIPMENTS_PATH, TRACKING_PATH } from './ship-units.js';
import { expressCancelAnswer, expressShipmentAnswer } from './ship-wire.js';
import { expressTrackingAnswer } from './wire.js';

const UPSTREAM = 'group-a/express';

export interface ExpressShippingConnectorOptions {
  /** The express origin's ONE client (createExpressHttpClient): Basic auth and the daily quota shared with rating. */
  client: UpstreamClient;
  config: Pick<GroupAExpressConfig, 'accountNumbers' | 'codServiceCode'>;
}

/**
 * Group A express shipping (seed 000, interface B): `POST /shipments` (label, invoice, waybill and QR documents; a pickup
 * booked in the same call; per-piece numbers; charges; `warnings[]`), the cancellation (SX6) and, for an operator's
 * settlement of a lost answer, the express tracking by waybill. Every call goes through the express client, so it counts against the test environment's 500 a day.
 */
export class ExpressShippingConnector implements ShippingConnector {
  readonly upstream = UPSTREAM;
  readonly carrier = 'GROUP_A' as const;
  readonly division = 'express';
  readonly defaultAccountNumber: string;
  readonly accountNumbers: readonly string[];
  private readonly client: UpstreamClient;
  private readonly codServiceCode: string;

  constructor(options: ExpressShippingConnectorOptions) {
    this.client = options.client;
    this.accountNumbers = options.config.accountNumbers;
    this.defaultAccountNumber = options.config.accountNumbers[0] ?? '';
    this.codServiceCode = options.config.codServiceCode || DEFAULT_COD_SERVICE_CODE;
  }

  /** Product codes are the carrier's; one shaped like none is surely not offered, any other the carrier decides. */
  offersService(serviceCode: string): boolean | null {
    return looksLikeExpressProduct(serviceCode) ? null : false;
  }

  check(request: ShipmentRequest): InputError[] {
    return checkExpressShipment(request, this.accountNumbers);
  }

  /**
   * Sent ONCE (`idempotent: false`): a lost answer is never bought again; it stays UNKNOWN until an operator settles it
   * (the purchase reference is still written into `customerReferences[]`, so the carrier's own tools can find it).
   */
  async create(request: ShipmentRequest): Promise<CreateShipmentAnswer> {
    const refused = this.check(request)[0];
    // The service refuses first; a caller that skipped `check` still sends nothing the carrier would refuse.
    if (refused) throw refused;
    const body = expressShipmentRequest(request, { accountNumber: this.accountOf(request), codServiceCode: this.codServiceCode });
    const answer = await this.client.call({
      operation: 'ship',
      method: 'POST',
      path: SHIPMENTS_PATH,
      json: body,
      schema: expressShipmentAnswer,
      idempotent: false,
    });
    return { kind: 'CREATED', shipment: mapExpressCreatedShipment(answer, request) };
  }

  // No `reconcile`: the seed shows no way to find an express shipment by a reference we wrote, and no endpoint it does
  // not show is called. A lost answer stays UNKNOWN (visible) until an operator settles it with the waybill.

  /**
   * The operator's settlement: the seed's express tracking, GET `/tracking?shipmentTrackingNumber=`. A 404 (X1): no
   * such shipment; a shipment whose shown references are none of ours: INCONCLUSIVE; any other failure rejects with
   * its UpstreamError (unavailability is not the operator's mistake). What tracking gives is less than the creation answer: the waybill,
   * its pieces and the product; no charges and no documents (those came only in the lost answer). Never creates.
   */
  async findShipment(trackingNumber: string, request: ShipmentRequest): Promise<ReconcileResult> {
    let answer;
    try {
      answer = await this.client.call({
        operation: 'ship-settle-track',
        method: 'GET',
        path: TRACKING_PATH,
        query: { shipmentTrackingNumber: trackingNumber },
        schema: expressTrackingAnswer,
      });
    } catch (error) {
      // Unknown to the carrier (X1): no such shipment. Any other failure is the carrier's, typed, for the caller.
      if (error instanceof UpstreamError && error.code === 'UPSTREAM_NOT_FOUND') return { kind: 'NOT_CREATED' };
      throw error;
    }
    const found = answer.shipments.find((s) => s.shipmentTrackingNumber === trackingNumber);
    if (!found) return { kind: 'NOT_CREATED' };
    // We wrote the order id and the purchase reference as customer references: a shipment whose references tracking
    // shows carry none of them is someone else's (a mistyped waybill), not this label's.
    const ours = new Set([request.purchaseReference, ...(request.orderId ? [request.orderId] : []), ...request.references.map((r) => r.value)]);
    const shown = (found.shipperReferences ?? []).map((r) => r.value);
    if (shown.length > 0 && !shown.some((v) => ours.has(v))) {
      return { kind: 'INCONCLUSIVE', reason: `waybill ${trackingNumber} carries none of this label's references (it shows ${shown.join(', ')})` };
    }
    return { kind: 'FOUND', shipment: createdFromExpressTracking(found, request) };
  }

  /** SX6: POST `/shipments/cancel` with the seed's body (`shipmentTrackingNumber`, `reason`). Safe to send twice (SX7). */
  async cancel(label: LabelHandle, reason: string | null): Promise<CancelResult> {
    const answer = await this.client.call({
      operation: 'ship-cancel',
      method: 'POST',
      path: CANCEL_PATH,
      json: { shipmentTrackingNumber: label.trackingNumber, reason: reason ?? 'Cancelled by the shipper' },
      schema: expressCancelAnswer,
      // A second cancellation answers the first one's result (SX7), so a retry after a 500/503 buys nothing.
      idempotent: true,
    });
    return {
      cancelled: answer.status.toLowerCase() === 'cancelled',
      message: answer.message ?? null,
      warnings: mapExpressWarnings(answer.warnings ?? []),
    };
  }

  private accountOf(request: ShipmentRequest): string {
    const account = request.accountNumber ?? this.defaultAccountNumber;
    if (!this.accountNumbers.includes(account)) throw new InputError('input.accountNumber', 'is not one of the configured express accounts');
    return account;
  }
}
