import { randomUUID } from 'node:crypto';
import type { Carrier, DivisionsOf } from '../../domain/carrier.js';
import { InputError } from '../../domain/errors.js';
import type { Money } from '../../domain/money.js';
import type { ShipmentRequest } from '../../domain/shipping.js';
import { checkOptionalText, checkText } from '../../domain/text-bounds.js';
import { checkCustoms, checkMoney } from './rate-parts.js';
import { purchaseReference } from '../../services/shipping/purchase-key.js';
import type { CreateShipmentInput, ValidateShipmentInput } from '../../generated/graphql.js';
import type { ShipperOffer } from '../../services/shipping/types.js';
import {
  LABEL_DELIVERIES,
  RULES,
  checkCarrier,
  checkDivision,
  checkIdempotencyKey,
  checkLabelFormat,
  checkOffset,
  checkOneOf,
  checkParty,
  checkPickup,
  checkReadyTime,
  checkReferences,
  checkShipDate,
  checkShipmentPackages,
} from './shipment-parts.js';
import { FieldChecks } from '../../domain/field-checks.js';

/**
 * GraphQL shipping inputs -> domain requests (issue 9 items 1, 2, 10; docs/assumptions.md SG3-SG6). Every value is
 * checked here, before the service writes anything or calls a carrier: a problem is an InputError naming the field's
 * path under `input.` (`input.packages.0.packageId`), never echoing the value. The address, package, customs and money
 * checks are the rate request's (rate-parts.ts), so a quote's input ships as it was quoted.
 * Carrier-specific rules (seed 001's required inputs) are the connector's `check`, run by the service next.
 */

export interface ShipmentInputContext {
  now: Date;
  /** The divisions each carrier's module accepts (empty: the carrier has none). */
  divisionsOf: DivisionsOf;
  /** The shipping connectors configured here; a carrier or division not among them is refused as input. */
  shippers: readonly ShipperOffer[];
}

/**
 * The reconciliation reference written into the shipment (and used as the e-commerce package id when none is given):
 * derived from the key by purchase-key.ts, so a retry of a lost purchase finds the same shipment (SG5).
 */
export const CREATE_SHIPMENT_SCOPE = 'createShipment';

/** `createShipment`'s input: the request and its key. */
export function toCreateShipment(raw: CreateShipmentInput, ctx: ShipmentInputContext, path = 'input'): { request: ShipmentRequest; idempotencyKey: string } {
  const idempotencyKey = checkIdempotencyKey(raw.idempotencyKey, `${path}.idempotencyKey`);
  return { request: toShipmentRequest(raw, ctx, purchaseReference(CREATE_SHIPMENT_SCOPE, idempotencyKey), path), idempotencyKey };
}

/** `validateShipment`'s input: nothing is bought, so the reference only has to be unique. */
export function toValidateShipment(raw: ValidateShipmentInput, ctx: ShipmentInputContext, path = 'input'): ShipmentRequest {
  return toShipmentRequest(raw, ctx, `VAL${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`, path);
}

/**
 * The GraphQL path of a field of the ShipmentRequest this input converts to: the request is flat (`carrier`,
 * `division`, `serviceCode`, `quotedTotal`) where the input nests them under `service` or `quote`, so a refusal of one
 * of them by the service or the carrier's connector (its `check`) names the field the caller sent. Every other field
 * has the same path in both.
 */
export function shipmentFieldPath(raw: Pick<ValidateShipmentInput, 'quote'>): (field: string) => string {
  const selection = raw.quote ? 'quote' : 'service';
  return (field) => {
    const match = /^input\.(serviceCode|carrier|division|quotedTotal)(\..*)?$/.exec(field);
    return match ? `input.${selection}.${match[1] === 'quotedTotal' ? 'total' : match[1]}${match[2] ?? ''}` : field;
  };
}

export function toShipmentRequest(raw: ValidateShipmentInput, ctx: ShipmentInputContext, purchaseReference: string, path = 'input'): ShipmentRequest {
  const at = (field: string) => `${path}.${field}`;
  // Every bad field in one answer (one userError each); the carrier's own rules (its connector's check) run after.
  const checks = new FieldChecks();
  const selection = checks.run(() => checkServiceSelection(raw, at, ctx));
  const shipper = checks.run(() => checkParty(raw.shipper, at('shipper')));
  const recipient = checks.run(() => checkParty(raw.recipient, at('recipient')));
  const returnTo = raw.returnTo ? checks.run(() => checkParty(raw.returnTo!, at('returnTo'))) : null;
  const packages = checks.run(() => checkShipmentPackages(raw.packages, at('packages')));
  const declaredValue = raw.declaredValue ? checks.run(() => checkMoney(raw.declaredValue!, at('declaredValue'))) : null;
  const customs = raw.customs ? checks.run(() => checkCustoms(raw.customs!, at('customs'))) : null;
  // The rate request's rule (RT1), so what was quoted can be shipped: any two different countries need customs.
  if (shipper && recipient && shipper.address.countryCode !== recipient.address.countryCode) {
    const lane = `(${shipper.address.countryCode} to ${recipient.address.countryCode})`;
    if (!raw.customs) checks.fail(at('customs'), `is required when shipper and recipient countries differ ${lane}`);
    if (!raw.declaredValue) checks.fail(at('declaredValue'), `is required when shipper and recipient countries differ ${lane}`);
  }
  const hasCod = raw.packages.some((p) => p.cashOnDelivery != null);
  const codCollectionType = checks.run(() => checkOptionalText(raw.codCollectionType, at('codCollectionType'), RULES.carrierEnum));
  if (hasCod && codCollectionType === null) checks.fail(at('codCollectionType'), 'is required when a package has cashOnDelivery (e.g. CASH)');
  const accountNumber = checks.run(() => checkOptionalText(raw.accountNumber, at('accountNumber'), RULES.accountNumber));
  const originUtcOffset = checks.run(() => checkOffset(raw.originUtcOffset, at('originUtcOffset')));
  const request: ShipmentRequest = {
    carrier: selection?.carrier,
    division: selection?.division,
    serviceCode: selection?.serviceCode,
    accountNumber,
    shipDate: originUtcOffset === undefined ? '' : checks.run(() => checkShipDate(raw.shipDate, at('shipDate'), ctx.now, originUtcOffset)),
    readyTime: checks.run(() => checkReadyTime(raw.readyTime, at('readyTime'))),
    originUtcOffset,
    shipper,
    recipient,
    returnTo,
    packages,
    packagingType: checks.run(() => checkOptionalText(raw.packagingType, at('packagingType'), RULES.carrierEnum)),
    pickupType: checks.run(() => checkOptionalText(raw.pickupType, at('pickupType'), RULES.carrierEnum)),
    paymentType: 'SENDER',
    customs,
    declaredValue,
    codCollectionType: hasCod ? codCollectionType : null,
    orderId: checks.run(() => checkOptionalText(raw.orderId, at('orderId'), RULES.orderId)),
    references: checks.run(() => checkReferences(raw.references, at('references'))),
    labelFormat: checks.run(() => checkLabelFormat(raw.labelFormat, at('labelFormat'))),
    labelDelivery: checks.run(() => checkOneOf(raw.labelDelivery ?? 'INLINE', LABEL_DELIVERIES, at('labelDelivery'))),
    pickup: raw.pickup ? checks.run(() => checkPickup(raw.pickup!, at('pickup'))) : null,
    quotedTotal: selection?.quotedTotal,
    purchaseReference,
  } as ShipmentRequest;
  checks.done();
  // Last: whether this server ships with that carrier and account (shape errors above name the field first).
  checkOffered(request, raw, at, ctx);
  return request;
}

// ---------------------------------------------------------------------------------------------------------------------
// Service selection
// ---------------------------------------------------------------------------------------------------------------------

function checkServiceSelection(
  raw: ValidateShipmentInput,
  at: (field: string) => string,
  ctx: ShipmentInputContext,
): { carrier: Carrier; division: string | null; serviceCode: string; quotedTotal: Money | null } {
  if (raw.quote && raw.service) throw new InputError(at('service'), 'give either quote or service, not both');
  const selected = raw.quote ?? raw.service;
  if (!selected) throw new InputError(at('service'), 'is required: name the service, or give the quote taken from rates as quote');
  const where = raw.quote ? at('quote') : at('service');
  const carrier = checkCarrier(selected.carrier, `${where}.carrier`);
  const division = checkDivision(carrier, selected.division, `${where}.division`, ctx.divisionsOf);
  return {
    carrier,
    division,
    serviceCode: checkText(selected.serviceCode, `${where}.serviceCode`, RULES.serviceCode),
    quotedTotal: raw.quote ? checkMoney(raw.quote.total, `${where}.total`, { allowZero: true }) : null,
  };
}

function checkOffered(request: ShipmentRequest, raw: ValidateShipmentInput, at: (field: string) => string, ctx: ShipmentInputContext): void {
  const where = raw.quote ? at('quote') : at('service');
  const offers = ctx.shippers.filter((s) => s.carrier === request.carrier && s.division === request.division);
  if (offers.length === 0) {
    const field = request.division === null ? `${where}.carrier` : `${where}.division`;
    const available = ctx.shippers.map((s) => (s.division ? `${s.carrier}/${s.division}` : s.carrier));
    throw new InputError(field, `no shipping is configured for ${request.division ? `${request.carrier}/${request.division}` : request.carrier} on this server${available.length ? `; available: ${available.join(', ')}` : ''}`);
  }
  if (request.accountNumber !== null && !offers.some((o) => o.accountNumbers.includes(request.accountNumber!))) {
    throw new InputError(at('accountNumber'), 'is not a shipping account configured on this server for that carrier');
  }
}

