import { InputError, UpstreamError } from '../../domain/errors.js';
import type {
  PickupAvailability,
  PickupAvailabilityRequest,
  PickupCancellation,
  PickupHandle,
  PickupNetwork,
  PickupRequest,
  ScheduledPickup,
} from '../../domain/pickups-addresses.js';
import type { ShippingAddress } from '../../domain/shipping.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { PickupConnector } from '../types.js';
import { readAlerts } from './mapping.js';
import { callCarrierB } from './ship-call.js';
import {
  CARRIER_B_ACCOUNT_TYPES,
  CARRIER_B_PICKUP_CARRIER_CODES,
  CARRIER_B_PICKUP_PATHS,
  availabilityAnswerSchema,
  pickupCancelAnswerSchema,
  pickupCreateAnswerSchema,
  type WireAvailabilityRequest,
  type WirePickupAddress,
  type WirePickupCancelRequest,
  type WirePickupCreateRequest,
} from './pickup-wire.js';

const TIME = /^\d{2}:\d{2}:\d{2}$/;
/** Assumption PB8: `remarks` is free text; we keep it to 60 characters with the purchase reference at its end. */
const REMARKS_MAX = 60;
/**
 * PK3: with our `[purchase reference]` (32) at the end of those 60 (PB8), at most 27 of the caller's: refused beyond,
 * rather than cut silently.
 */
export const CALLER_REMARKS_MAX = 27;

/**
 * Carrier B pickups: availability (a read), creation (books a driver: sent once, never retried) and cancellation with
 * every field the carrier needs, all from the stored handle. The networks are the ground and express ones of the one
 * account the configuration names.
 */
export class CarrierBPickupConnector implements PickupConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly defaultAccountNumber: string;
  readonly accountNumbers: readonly string[];
  private readonly client: UpstreamClient;
  private readonly config: CarrierBConfig;

  constructor(options: { client: UpstreamClient; config: CarrierBConfig }) {
    this.client = options.client;
    this.config = options.config;
    this.defaultAccountNumber = options.config.accountNumber;
    this.accountNumbers = [options.config.accountNumber];
  }

  check(request: PickupRequest): InputError[] {
    const errors: InputError[] = [];
    if (request.accountNumber !== null && !this.accountNumbers.includes(request.accountNumber)) {
      errors.push(new InputError('input.accountNumber', 'is not a Carrier B account of this connection'));
    }
    if (!TIME.test(request.closeTime)) errors.push(new InputError('input.closeTime', 'must be HH:MM:SS (Carrier B customerCloseTime)'));
    if (!Number.isInteger(request.packageCount) || request.packageCount < 1) errors.push(new InputError('input.packageCount', 'must be a whole number of at least 1'));
    if (!(request.totalWeight.value > 0)) errors.push(new InputError('input.totalWeight', 'must be above zero'));
    if (request.readyAtLocal.slice(11) > request.closeTime) errors.push(new InputError('input.closeTime', 'is before the ready time'));
    if (request.remarks !== null && request.remarks.length > CALLER_REMARKS_MAX) {
      errors.push(new InputError('input.remarks', `must be at most ${CALLER_REMARKS_MAX} characters for CARRIER_B (it keeps 60 with our reference)`));
    }
    return errors;
  }

  async availability(request: PickupAvailabilityRequest): Promise<PickupAvailability> {
    const body: WireAvailabilityRequest = {
      associatedAccountNumber: { value: request.accountNumber ?? this.defaultAccountNumber },
      pickupAddress: wireAddress(request.address),
      pickupRequestType: [request.dateType],
      carriers: [CARRIER_B_PICKUP_CARRIER_CODES[request.network]],
      dispatchDate: request.readyDate,
      packageReadyTime: request.readyTime,
    };
    const { answer } = await callCarrierB(this.client, this.config.locale, {
      operation: 'pickup-availability',
      method: 'POST',
      path: CARRIER_B_PICKUP_PATHS.availability,
      json: body,
      schema: availabilityAnswerSchema,
      idempotent: true,
    });
    return {
      options: answer.output.options.map((option) => ({
        network: networkOf(option.carrier) ?? request.network,
        carrierCode: option.carrier,
        pickupDate: option.pickupDate,
        cutoffTime: option.cutOffTime ?? null,
        accessTime: option.accessTime ?? null,
        readyTime: option.readyTime ?? null,
        available: option.available,
      })),
      warnings: readAlerts(answer.output.alerts),
    };
  }

  async schedule(request: PickupRequest): Promise<ScheduledPickup> {
    const carrierCode = CARRIER_B_PICKUP_CARRIER_CODES[request.network];
    const body: WirePickupCreateRequest = {
      associatedAccountNumber: { value: request.accountNumber ?? this.defaultAccountNumber },
      associatedAccountNumberType: CARRIER_B_ACCOUNT_TYPES[request.network],
      originDetail: {
        pickupLocation: {
          contact: {
            personName: request.location.contactName,
            ...(request.location.companyName ? { companyName: request.location.companyName } : {}),
            ...(request.location.phone ? { phoneNumber: request.location.phone } : {}),
          },
          address: wireAddress(request.location.address),
        },
        pickupAddressType: 'ACCOUNT',
        readyDateTimestamp: request.readyAt,
        customerCloseTime: request.closeTime,
        pickupDateType: request.dateType,
        ...(request.packageLocation ? { packageLocation: request.packageLocation } : {}),
        earlyPickup: false,
      },
      totalWeight: { units: request.totalWeight.unit, value: request.totalWeight.value },
      packageCount: request.packageCount,
      carrierCode,
      remarks: remarks(request.remarks, request.purchaseReference),
      countryRelationships: request.countryRelationship,
    };
    const { answer } = await callCarrierB(this.client, this.config.locale, {
      operation: 'pickup-create',
      method: 'POST',
      path: CARRIER_B_PICKUP_PATHS.create,
      json: body,
      schema: pickupCreateAnswerSchema,
      // A driver is booked: sent once; a lost answer leaves the outcome unknown, never a second pickup.
      idempotent: false,
    });
    if (request.network === 'EXPRESS' && !answer.output.location) {
      // Without the location an express pickup can never be cancelled (seed: cancellation needs it).
      throw new UpstreamError('carrier-b pickup-create: an express pickup answered without output.location', {
        code: 'UPSTREAM_CONTRACT',
        upstream: 'carrier-b',
        operation: 'pickup-create',
        transactionId: answer.transactionId ?? null,
      });
    }
    return {
      confirmationNumber: answer.output.pickupConfirmationCode,
      otherConfirmationNumbers: [],
      location: answer.output.location ?? null,
      // The answer gives no date (PB9): the pickup is for the local date the parcels are ready.
      scheduledDate: request.readyAtLocal.slice(0, 10),
      carrierCode,
      readyByTime: null,
      nextPickupDate: null,
      message: answer.output.message ?? null,
      cancelUrl: null,
      warnings: readAlerts(answer.output.alerts),
    };
  }

  async cancel(handle: PickupHandle, reason: string | null): Promise<PickupCancellation> {
    // Sent exactly as stored: a field the handle lacks is left out and the carrier's refusal is the answer.
    const body: WirePickupCancelRequest = {
      associatedAccountNumber: { value: handle.accountNumber },
      pickupConfirmationCode: handle.confirmationNumber,
      ...(handle.location ? { location: handle.location } : {}),
      scheduledDate: handle.scheduledDate,
      carrierCode: handle.carrierCode ?? CARRIER_B_PICKUP_CARRIER_CODES[handle.network],
      ...(reason ? { remarks: reason.slice(0, REMARKS_MAX) } : {}),
    };
    const { answer } = await callCarrierB(this.client, this.config.locale, {
      operation: 'pickup-cancel',
      method: 'PUT',
      path: CARRIER_B_PICKUP_PATHS.cancel,
      json: body,
      schema: pickupCancelAnswerSchema,
      // Cancelling twice is harmless at the carrier (it answers "already cancelled"), but it changes state: sent once.
      idempotent: false,
    });
    return { cancelled: true, message: answer.output.cancelConfirmationMessage ?? null, warnings: readAlerts(answer.output.alerts) };
  }
}

function networkOf(carrierCode: string): PickupNetwork | null {
  if (carrierCode === CARRIER_B_PICKUP_CARRIER_CODES.GROUND) return 'GROUND';
  if (carrierCode === CARRIER_B_PICKUP_CARRIER_CODES.EXPRESS) return 'EXPRESS';
  return null;
}

function wireAddress(address: ShippingAddress): WirePickupAddress {
  return {
    streetLines: [...address.streetLines],
    city: address.city,
    ...(address.stateOrProvinceCode ? { stateOrProvinceCode: address.stateOrProvinceCode } : {}),
    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
    countryCode: address.countryCode,
    ...(address.residential !== null ? { residential: address.residential } : {}),
  };
}

function remarks(given: string | null, reference: string): string {
  const tag = `[${reference}]`;
  if (!given) return tag.slice(0, REMARKS_MAX);
  return `${given.slice(0, Math.max(0, REMARKS_MAX - tag.length - 1))} ${tag}`.trim();
}
