import { UpstreamError, type InputError } from '../../domain/errors.js';
import type {
  CancelResult,
  CreateShipmentAnswer,
  LabelHandle,
  ReconcileResult,
  ShipmentJobResult,
  ShipmentRequest,
  ValidationResult,
} from '../../domain/shipping.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { ShippingConnector } from '../types.js';
import { readAlerts } from './mapping.js';
import { looksLikeCarrierBService } from './rating-units.js';
import { createdShipmentFrom } from './ship-answer.js';
import { callCarrierB, transactionIdOf } from './ship-call.js';
import { checkCarrierBShipment } from './ship-check.js';
import { findByTrackingNumber, reconcileByPurchaseReference } from './ship-reconcile.js';
import { buildShipRequest } from './ship-request.js';
import {
  cancelAnswerSchema,
  shipAnswerSchema,
  shipResultsAnswerSchema,
  validateAnswerSchema,
  type WireCancelRequest,
  type WireShipAnswer,
  type WireShipResultsRequest,
} from './ship-wire.js';

/** Seed 001 "Endpoints" of the shipping family. */
export const CARRIER_B_SHIP_PATHS = {
  create: '/ship/v1/shipments',
  results: '/ship/v1/shipments/results',
  validate: '/ship/v1/shipments/packages/validate',
  cancel: '/ship/v1/shipments/cancel',
} as const;

export interface CarrierBShippingOptions {
  /** The module's one Carrier B client (one token, one pool), shared with every other Carrier B capability. */
  client: UpstreamClient;
  config: CarrierBConfig;
}

/**
 * Carrier B shipping (`/ship/v1/shipments`): required inputs checked before any call, creation sent ONCE (a lost answer
 * is found again by the purchase reference written on every piece), sync or async answers, validate, cancel.
 */
export class CarrierBShippingConnector implements ShippingConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly defaultAccountNumber: string;
  /** "One connection is one shipping account number." */
  readonly accountNumbers: readonly string[];
  private readonly client: UpstreamClient;
  private readonly config: CarrierBConfig;

  constructor(options: CarrierBShippingOptions) {
    this.client = options.client;
    this.config = options.config;
    this.defaultAccountNumber = options.config.accountNumber;
    this.accountNumbers = [options.config.accountNumber];
  }

  offersService(serviceCode: string): boolean | null {
    // The carrier's service list is not known without a call; a code not shaped like its words is surely not one.
    return looksLikeCarrierBService(serviceCode) ? null : false;
  }

  check(request: ShipmentRequest): InputError[] {
    return checkCarrierBShipment(request, { accountNumbers: this.accountNumbers });
  }

  async create(request: ShipmentRequest): Promise<CreateShipmentAnswer> {
    const { answer } = await callCarrierB(this.client, this.config.locale, {
      operation: 'ship',
      method: 'POST',
      path: CARRIER_B_SHIP_PATHS.create,
      json: buildShipRequest(request, this.accountOf(request)),
      schema: shipAnswerSchema,
      // Money is spent here: never sent twice (a 5xx or a reset leaves the outcome unknown; reconcile finds it).
      idempotent: false,
    });
    const shipment = answer.output.transactionShipments?.[0];
    if (shipment) {
      return { kind: 'CREATED', shipment: await createdShipmentFrom(shipment, answer.output.alerts, transactionIdOf(answer), this.client, request.serviceCode) };
    }
    if (answer.output.jobId) {
      return { kind: 'ACCEPTED', job: { jobId: answer.output.jobId, warnings: readAlerts(answer.output.alerts), transactionId: transactionIdOf(answer) } };
    }
    throw contractBreak('ship', 'a 200 answer with neither transactionShipments nor jobId', answer);
  }

  /** "caller polls the results operation with `accountNumber` and `jobId` until shipment documents appear". */
  async jobResult(jobId: string, accountNumber: string): Promise<ShipmentJobResult> {
    const body: WireShipResultsRequest = { accountNumber: { value: accountNumber }, jobId };
    const { answer } = await callCarrierB(this.client, this.config.locale, {
      operation: 'ship-results',
      method: 'POST',
      path: CARRIER_B_SHIP_PATHS.results,
      json: body,
      schema: shipResultsAnswerSchema,
      // Reading a job's results changes nothing.
      idempotent: true,
    });
    const shipment = answer.output.transactionShipments?.[0];
    const documents = [...(shipment?.shipmentDocuments ?? []), ...(shipment?.pieceResponses ?? []).flatMap((p) => p.packageDocuments ?? [])];
    // "until shipment documents appear": an answer without documents is a job still running (assumption SB6).
    if (!shipment || documents.length === 0) return { kind: 'RUNNING' };
    return { kind: 'CREATED', shipment: await createdShipmentFrom(shipment, answer.output.alerts, transactionIdOf(answer), this.client, shipment.serviceType ?? '') };
  }

  /** CARRIER_B_SHIP_PROCESSING_GRACE_MS: a creation held this long may still be made (label-jobs.ts). */
  get processingGraceMs(): number | undefined {
    return this.config.processingGraceMs;
  }

  reconcile(request: ShipmentRequest, _sentAt: Date): Promise<ReconcileResult> {
    return reconcileByPurchaseReference(this.client, this.config, request, this.accountOf(request));
  }

  findShipment(trackingNumber: string, request: ShipmentRequest): Promise<ReconcileResult> {
    return findByTrackingNumber(this.client, this.config, trackingNumber, request);
  }

  /** "same shape as creation; alerts only, nothing created". Valid unless an alert is an ERROR (assumption SB8). */
  async validate(request: ShipmentRequest): Promise<ValidationResult> {
    const { answer } = await callCarrierB(this.client, this.config.locale, {
      operation: 'ship-validate',
      method: 'POST',
      path: CARRIER_B_SHIP_PATHS.validate,
      json: buildShipRequest(request, this.accountOf(request)),
      schema: validateAnswerSchema,
      idempotent: true,
    });
    const alerts = readAlerts(answer.output?.alerts);
    return { valid: !alerts.some((a) => a.type === 'ERROR'), alerts };
  }

  /** PUT `/ship/v1/shipments/cancel`: every package of the shipment ("`DELETE_ALL_PACKAGES` appears"). */
  async cancel(label: LabelHandle, _reason: string | null): Promise<CancelResult> {
    const body: WireCancelRequest = {
      accountNumber: { value: label.accountNumber },
      trackingNumber: label.trackingNumber,
      senderCountryCode: label.shipperCountryCode,
      deletionControl: 'DELETE_ALL_PACKAGES',
      emailShipment: 'false',
    };
    const { answer } = await callCarrierB(this.client, this.config.locale, {
      operation: 'ship-cancel',
      method: 'PUT',
      path: CARRIER_B_SHIP_PATHS.cancel,
      json: body,
      schema: cancelAnswerSchema,
      // A cancellation asked twice ends in the same state (the carrier answers a second one itself, SB9).
      idempotent: true,
    });
    const { cancelledShipment, message } = answer.output;
    const warnings = readAlerts(answer.output.alerts);
    // A repeat (after a lost answer) is answered `cancelledShipment: false`, "Shipment already cancelled.": the
    // shipment is cancelled, so it settles ours as cancelled. Any other false is a refusal (CX1).
    const alreadyCancelled = saysAlreadyCancelled(message ?? null, warnings);
    return { cancelled: cancelledShipment || alreadyCancelled, message: message ?? null, warnings, alreadyCancelled };
  }

  private accountOf(request: ShipmentRequest): string {
    return request.accountNumber ?? this.defaultAccountNumber;
  }
}

/** The carrier's words (message, or an alert's code or message) say the shipment was already cancelled. */
export function saysAlreadyCancelled(message: string | null, alerts: readonly { code: string | null; message: string }[]): boolean {
  const words = /\balready\s+(?:been\s+)?cancel/i;
  return (message !== null && words.test(message)) || alerts.some((a) => /ALREADY[._ ]?CANCEL/i.test(a.code ?? '') || words.test(a.message));
}

/** A 200 that is neither a shipment nor a job: UPSTREAM_CONTRACT (its outcome is unknown: the label is reconciled). */
function contractBreak(operation: string, what: string, answer: WireShipAnswer): UpstreamError {
  return new UpstreamError(`carrier-b ${operation}: ${what}`, {
    code: 'UPSTREAM_CONTRACT',
    upstream: 'carrier-b',
    operation,
    httpStatus: 200,
    transactionId: answer.transactionId ?? null,
  });
}
