/**
 * What a stored pickup becomes for a connector (the handle that updates and cancels it, all from the store), what a
 * carrier's answer becomes in the store, and the request a pickup booked inside an express shipment stands for.
 */
import { UpstreamError } from '../../domain/errors.js';
import type { PickupHandle, PickupRequest, ScheduledPickup } from '../../domain/pickups-addresses.js';
import type { Label } from '../../domain/shipping.js';
import type { PickupPatch } from '../../store/pickups-store.js';
import type { Pickup, PickupFailure } from '../../domain/pickup.js';

/** Everything the carrier needs to update or cancel, from the row (seed 001: code, location, date, carrier code). */
export function handleOf(pickup: Pickup): PickupHandle {
  return {
    carrier: pickup.carrier,
    division: pickup.division,
    accountNumber: pickup.accountNumber,
    network: pickup.network,
    confirmationNumber: pickup.confirmationNumber ?? '',
    location: pickup.location,
    scheduledDate: pickup.scheduledDate ?? '',
    carrierCode: pickup.carrierCode,
    countryCode: pickup.countryCode ?? pickup.request?.location.address.countryCode ?? '',
  };
}

/** SCHEDULED with what the carrier answered. */
export function scheduledPatch(answer: ScheduledPickup, request: PickupRequest): PickupPatch {
  return {
    state: 'SCHEDULED',
    confirmationNumber: answer.confirmationNumber,
    otherConfirmationNumbers: answer.otherConfirmationNumbers,
    location: answer.location,
    scheduledDate: answer.scheduledDate,
    carrierCode: answer.carrierCode,
    readyByTime: answer.readyByTime,
    nextPickupDate: answer.nextPickupDate,
    cancelUrl: answer.cancelUrl,
    message: answer.message,
    request,
    warnings: answer.warnings,
    failure: null,
  };
}

/** Why a call failed, as kept on the pickup: a refusal (4xx) is CARRIER_REFUSED; other failures keep their code. */
export function failureOf(error: unknown): PickupFailure {
  if (error instanceof UpstreamError) {
    return {
      code: error.code === 'UPSTREAM_BAD_REQUEST' ? 'CARRIER_REFUSED' : error.code,
      message: error.message,
      carrierCode: error.carrierCode,
      transactionId: error.transactionId,
    };
  }
  return { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error), carrierCode: null, transactionId: null };
}

/**
 * PK5: the pickup an express shipment creation booked, as a pickup request (for an update, which sends the whole
 * pickup again): the shipper is where the driver comes, the label's packages and waybill are what he collects.
 */
export function requestOfShipmentPickup(label: Label): PickupRequest {
  const shipment = label.request;
  const kg = shipment.packages.reduce((sum, p) => sum + (p.weight.unit === 'KG' ? p.weight.value : p.weight.value * 0.45359237), 0);
  const readyAtLocal = shipment.pickup?.readyAt ?? `${shipment.shipDate}T${shipment.readyTime ?? '12:00:00'}`;
  return {
    carrier: label.carrier,
    division: label.division,
    accountNumber: label.accountNumber,
    network: 'EXPRESS',
    location: shipment.shipper,
    readyAt: '',
    readyAtLocal,
    utcOffset: shipment.originUtcOffset ?? '+00:00',
    closeTime: shipment.pickup?.closeTime ? `${shipment.pickup.closeTime}:00` : '18:00:00',
    dateType: 'FUTURE_DAY',
    packageLocation: shipment.pickup?.location ?? null,
    packageCount: shipment.packages.length,
    totalWeight: { value: Math.round(kg * 1000) / 1000, unit: 'KG' },
    remarks: shipment.pickup?.instructions ?? null,
    countryRelationship: shipment.shipper.address.countryCode === shipment.recipient.address.countryCode ? 'DOMESTIC' : 'INTERNATIONAL',
    trackingNumbers: label.trackingNumber ? [label.trackingNumber] : [],
    purchaseReference: label.purchaseReference,
  };
}
