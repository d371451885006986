import { InputError, UpstreamError } from '../../domain/errors.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import type { CancelResult, CreatedReturn, ReturnRequest } from '../../domain/shipping.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { ReturnsConnector } from '../types.js';
import { readAlerts } from './mapping.js';
import { looksLikeCarrierBService } from './rating-units.js';
import {
  associatedShipmentsAnswerSchema,
  tagAnswerSchema,
  tagCancelAnswerSchema,
  type WireAssociatedShipmentsRequest,
  type WireTagCancelRequest,
  type WireTagRequest,
} from './return-wire.js';
import { callCarrierB } from './ship-call.js';
import { checkParty } from './ship-check.js';
import { wireParty } from './ship-request.js';
import { DEFAULT_PACKAGING_TYPE, PURCHASE_REFERENCE_TYPE } from './ship-units.js';

export const CARRIER_B_TAG_PATHS = {
  create: '/ship/v1/shipments/tag',
  cancel: (shipmentId: string) => `/ship/v1/shipments/tag/cancel/${encodeURIComponent(shipmentId)}`,
  associated: '/track/v1/associatedshipments',
} as const;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/**
 * Carrier B return tags ("creates a courier-collected return tag"; cancel by shipment id), linked to the outbound
 * shipment (SB12). A tag is collected by the courier, who brings the label: the carrier hands no label document, so
 * `documents` is empty and the request's label format is not sent.
 */
export class CarrierBReturnTagConnector implements ReturnsConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;

  constructor(private readonly options: { client: UpstreamClient; config: CarrierBConfig }) {}

  check(request: ReturnRequest): InputError[] {
    const errors: InputError[] = [];
    const fail = (field: string, message: string) => errors.push(new InputError(`input.${field}`, message));
    checkParty(request.from, 'from', fail);
    checkParty(request.to, 'to', fail);
    if (request.packages.length === 0) fail('packages', 'at least one package with its weight is required');
    request.packages.forEach((pkg, i) => {
      if (!(pkg.weight?.value > 0)) fail(`packages.${i}.weight`, 'each package needs a weight above zero');
    });
    if (request.serviceCode !== null && !looksLikeCarrierBService(request.serviceCode)) fail('serviceCode', 'not a Carrier B service type');
    if (request.pickupReadyAt !== null && !LOCAL_DATE_TIME.test(request.pickupReadyAt)) fail('pickupReadyAt', 'a local date-time YYYY-MM-DDTHH:MM:SS');
    return errors;
  }

  async createReturn(request: ReturnRequest): Promise<CreatedReturn> {
    const { client, config } = this.options;
    const outbound = request.outbound;
    const readyAt = request.pickupReadyAt ?? defaultReadyAt();
    const body: WireTagRequest = {
      accountNumber: { value: outbound.accountNumber },
      requestedShipment: {
        shipDatestamp: readyAt.slice(0, 10),
        pickupType: 'CONTACT_CARRIER_TO_SCHEDULE',
        serviceType: request.serviceCode ?? outbound.serviceCode,
        packagingType: DEFAULT_PACKAGING_TYPE,
        shipper: wireParty(request.from),
        recipients: [wireParty(request.to)],
        shippingChargesPayment: { paymentType: 'SENDER', payor: { responsibleParty: { accountNumber: { value: outbound.accountNumber } } } },
        shipmentSpecialServices: {
          specialServiceTypes: ['RETURN_SHIPMENT'],
          returnShipmentDetail: {
            returnType: 'CARRIER_TAG',
            ...(request.reason ? { rma: { reason: request.reason } } : {}),
            returnAssociationDetail: { trackingNumber: outbound.trackingNumber, shipDatestamp: outbound.shipDate },
          },
        },
        pickupDetail: { readyPickupDateTime: readyAt },
        requestedPackageLineItems: request.packages.map((pkg, i) => ({
          sequenceNumber: i + 1,
          weight: { units: pkg.weight.unit, value: pkg.weight.value },
          // The purchase reference finds a tag whose answer was lost, like an outbound shipment (SB1).
          customerReferences: [{ customerReferenceType: PURCHASE_REFERENCE_TYPE, value: request.purchaseReference }],
        })),
      },
    };
    const { answer } = await callCarrierB(client, config.locale, {
      operation: 'ship-tag',
      method: 'POST',
      path: CARRIER_B_TAG_PATHS.create,
      json: body,
      schema: tagAnswerSchema,
      idempotent: false,
    });
    const trackingNumber = answer.output.masterTrackingNumber;
    const warnings = readAlerts(answer.output.alerts);
    const linked = await this.linkedToOutbound(outbound.accountNumber, outbound.trackingNumber, trackingNumber, warnings);
    return { trackingNumber, carrierReturnId: trackingNumber, documents: [], warnings, linkedToOutbound: linked };
  }

  async cancelReturn(carrierReturnId: string, accountNumber: string): Promise<CancelResult> {
    const body: WireTagCancelRequest = { accountNumber: { value: accountNumber } };
    const { answer } = await callCarrierB(this.options.client, this.options.config.locale, {
      operation: 'ship-tag-cancel',
      method: 'PUT',
      path: CARRIER_B_TAG_PATHS.cancel(carrierReturnId),
      json: body,
      schema: tagCancelAnswerSchema,
      idempotent: true,
    });
    return { cancelled: answer.output.cancelledTag, message: answer.output.message ?? null, warnings: readAlerts(answer.output.alerts) };
  }

  /**
   * `/track/v1/associatedshipments`: whether the carrier lists the tag among the outbound's returns. The tag exists
   * whatever this says, so a failure here is a warning on the created return, never a failed purchase.
   */
  private async linkedToOutbound(accountNumber: string, outbound: string, tag: string, warnings: CarrierWarning[]): Promise<boolean> {
    const body: WireAssociatedShipmentsRequest = {
      accountNumber: { value: accountNumber },
      associatedType: 'OUTBOUND_LINK_TO_RETURN',
      masterTrackingNumberInfo: { trackingNumberInfo: { trackingNumber: outbound } },
      includeDetailedScans: false,
    };
    try {
      const { answer } = await callCarrierB(this.options.client, this.options.config.locale, {
        operation: 'associated-shipments',
        method: 'POST',
        path: CARRIER_B_TAG_PATHS.associated,
        json: body,
        schema: associatedShipmentsAnswerSchema,
        idempotent: true,
      });
      return answer.output.completeTrackResults.some((entry) => entry.trackingNumber === tag);
    } catch (error) {
      const code = error instanceof UpstreamError ? error.code : 'UPSTREAM_CONTRACT';
      warnings.push({ code: 'RETURN_LINK_UNCONFIRMED', message: `The carrier did not confirm the link to the outbound shipment (${code}).`, type: 'WARNING' });
      return false;
    }
  }
}

/** No ready time given: the courier may come from 09:00 tomorrow (UTC date; SB12 - the origin's zone is not known here). */
function defaultReadyAt(): string {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return `${tomorrow}T09:00:00`;
}
