/**
 * GraphQL pickup inputs -> domain requests (issue 10 item 1; docs/assumptions.md PK3). Every value is checked here,
 * before the service writes anything or calls a carrier: a problem is an InputError naming the field's path under
 * `input.`, never echoing the value, and every bad field of one input is reported in one answer (FieldChecks). The
 * party and address checks are the shipment's (shipment-parts.ts). Which carrier offers pickups, and the carrier's own
 * rules (its connector's `check`), are the service's next step.
 */
import { CARRIERS, type Carrier, type DivisionsOf } from '../../domain/carrier.js';
import { InputError } from '../../domain/errors.js';
import type { PickupAvailabilityRequest, PickupDateType, PickupNetwork, PickupRequest } from '../../domain/pickups-addresses.js';
import type { Weight } from '../../domain/rating.js';
import { checkOptionalText, checkText, TEXT_RULES, type TextRule } from '../../domain/text-bounds.js';
import {
  checkDivision,
  checkIdempotencyKey,
  checkLabelId,
  checkParty,
  checkShippingAddress,
} from './shipment-parts.js';
import { FieldChecks } from '../../domain/field-checks.js';
import type { PickupUpdate } from '../../services/pickups/pickups-api.js';
import type { SettlePickupInput } from '../../services/pickups/pickup-settlement.js';
import type {
  CancelPickupInput,
  PickupAvailabilityInput,
  PickupWeightInput,
  SchedulePickupInput,
  UpdatePickupInput,
} from '../../generated/graphql.js';

const PRINTABLE = 'printable characters (no control characters)';
const RULES = {
  accountNumber: { what: 'an account number', max: 32, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' },
  packageLocation: { what: 'a package location', max: 80, pattern: null, charset: PRINTABLE },
  remarks: { what: 'remarks', max: 200, pattern: null, charset: PRINTABLE },
  reason: { what: 'a reason', max: 200, pattern: null, charset: PRINTABLE },
  pickupId: { what: 'a pickup id', max: 64, pattern: /^Pickup:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, charset: 'a pickup id such as "Pickup:<uuid>"' },
} as const satisfies Record<string, TextRule>;

const MAX_PACKAGES = 999;
/** PK3: the heaviest collection we accept (a truck's load); a larger number is a mistake. */
const MAX_TOTAL_WEIGHT: Record<'KG' | 'LB', number> = { KG: 10_000, LB: 22_046 };
const MAX_LINKED = 100;
/** PK3: a ready time more than a day before now is in the past wherever the address is. */
const PAST_TOLERANCE_MS = 86_400_000;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d+)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;
const OFFSET = /^([+-])(\d{2}):([0-5]\d)$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const NETWORKS: readonly PickupNetwork[] = ['GROUND', 'EXPRESS'];
const DATE_TYPES: readonly PickupDateType[] = ['SAME_DAY', 'FUTURE_DAY'];

export function checkPickupId(value: string | null | undefined, field: string): string {
  return checkText(value, field, RULES.pickupId);
}

/** `schedulePickup`'s input: the request (its purchase reference is the service's to derive), the key and the labels. */
export function toSchedulePickup(raw: SchedulePickupInput, now: Date, divisionsOf: DivisionsOf): { request: PickupRequest; idempotencyKey: string; labelIds: string[] } {
  // Every bad field in one answer (one userError each); the carrier's own rules (its connector's check) run after.
  const checks = new FieldChecks();
  const idempotencyKey = checks.run(() => checkIdempotencyKey(raw.idempotencyKey, 'input.idempotencyKey'));
  const carrier = checks.run(() => checkCarrier(raw.carrier, 'input.carrier'));
  const division = carrier === undefined ? null : checks.run(() => checkDivision(carrier, raw.division, 'input.division', divisionsOf));
  const location = checks.run(() => checkParty(raw.location, 'input.location'));
  const when = checkReady(checks, raw.readyAt, raw.utcOffset, now);
  // A carrier's own bound on remarks (Carrier B keeps few of them) is its connector's `check`, run by the service.
  const request: PickupRequest = {
    carrier,
    division,
    accountNumber: checks.run(() => checkOptionalText(raw.accountNumber, 'input.accountNumber', RULES.accountNumber)),
    network: checks.run(() => checkOneOf(raw.network, NETWORKS, 'input.network')),
    location,
    ...when,
    closeTime: checks.run(() => checkCloseTime(raw.closeTime, when?.readyAtLocal)),
    dateType: checks.run(() => checkOneOf(raw.dateType ?? 'FUTURE_DAY', DATE_TYPES, 'input.dateType')),
    packageLocation: checks.run(() => checkOptionalText(raw.packageLocation, 'input.packageLocation', RULES.packageLocation)),
    packageCount: checks.run(() => checkPackageCount(raw.packageCount, 'input.packageCount')),
    totalWeight: checks.run(() => checkTotalWeight(raw.totalWeight, 'input.totalWeight')),
    remarks: checks.run(() => checkOptionalText(raw.remarks, 'input.remarks', RULES.remarks)),
    countryRelationship: raw.international ? 'INTERNATIONAL' : 'DOMESTIC',
    trackingNumbers: checks.run(() => checkTrackingNumbers(raw.trackingNumbers, 'input.trackingNumbers')),
    purchaseReference: '',
  } as PickupRequest;
  const labelIds = checks.run(() => checkLabelIds(raw.labelIds, 'input.labelIds'));
  checks.done();
  return { request, idempotencyKey, labelIds };
}

export function toUpdatePickup(raw: UpdatePickupInput, now: Date): PickupUpdate {
  const checks = new FieldChecks();
  const pickupId = checks.run(() => checkPickupId(raw.pickupId, 'input.pickupId'));
  const idempotencyKey = checks.run(() => checkIdempotencyKey(raw.idempotencyKey, 'input.idempotencyKey'));
  const when = checkReady(checks, raw.readyAt, raw.utcOffset, now);
  const update: PickupUpdate = {
    pickupId,
    idempotencyKey,
    readyAt: when?.readyAt,
    utcOffset: when?.utcOffset,
    closeTime: checks.run(() => checkCloseTime(raw.closeTime, when?.readyAtLocal)),
    packageLocation: checks.run(() => checkOptionalText(raw.packageLocation, 'input.packageLocation', RULES.packageLocation)),
    packageCount: raw.packageCount == null ? null : checks.run(() => checkPackageCount(raw.packageCount!, 'input.packageCount')),
    totalWeight: raw.totalWeight == null ? null : checks.run(() => checkTotalWeight(raw.totalWeight!, 'input.totalWeight')),
    remarks: checks.run(() => checkOptionalText(raw.remarks, 'input.remarks', RULES.remarks)),
    labelIds: checks.run(() => checkLabelIds(raw.labelIds, 'input.labelIds')),
  } as PickupUpdate;
  checks.done();
  return update;
}

export function toCancelPickup(raw: CancelPickupInput): { pickupId: string; reason: string | null; idempotencyKey: string } {
  const checks = new FieldChecks();
  const cancel = {
    pickupId: checks.run(() => checkPickupId(raw.pickupId, 'input.pickupId')),
    reason: checks.run(() => checkOptionalText(raw.reason, 'input.reason', RULES.reason)),
    idempotencyKey: checks.run(() => checkIdempotencyKey(raw.idempotencyKey, 'input.idempotencyKey')),
  };
  checks.done();
  return cancel;
}

export function toPickupAvailability(raw: PickupAvailabilityInput, now: Date, divisionsOf: DivisionsOf): PickupAvailabilityRequest {
  const checks = new FieldChecks();
  const carrier = checks.run(() => checkCarrier(raw.carrier, 'input.carrier'));
  const division = carrier === undefined ? null : checks.run(() => checkDivision(carrier, raw.division, 'input.division', divisionsOf));
  const address = checks.run(() => checkShippingAddress(raw.address, 'input.address'));
  const when = checkReady(checks, raw.readyAt, raw.utcOffset, now);
  const request: PickupAvailabilityRequest = {
    carrier,
    division,
    address,
    network: checks.run(() => checkOneOf(raw.network, NETWORKS, 'input.network')),
    dateType: checks.run(() => checkOneOf(raw.dateType, DATE_TYPES, 'input.dateType')),
    readyDate: when?.readyAtLocal.slice(0, 10),
    readyTime: when?.readyAtLocal.slice(11),
    accountNumber: checks.run(() => checkOptionalText(raw.accountNumber, 'input.accountNumber', RULES.accountNumber)),
  } as PickupAvailabilityRequest;
  checks.done();
  return request;
}

/** `pickups(state:)` and the like take enums; the carrier filter is checked like an input. */
export function checkCarrier(value: string, field: string): Carrier {
  if (!(CARRIERS as readonly string[]).includes(value)) throw new InputError(field, `expected one of ${CARRIERS.join(', ')}`);
  return value as Carrier;
}

function checkOneOf<T extends string>(value: string, allowed: readonly T[], field: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new InputError(field, `expected one of ${allowed.join(', ')}`);
  return value as T;
}

/**
 * The ready instant (`input.readyAt`, ISO 8601 with `Z` or an offset) and the address's UTC offset at that date
 * (`input.utcOffset`, never guessed): answered as the UTC instant Carrier B takes and the local date-time express takes.
 * Both fields are checked (each refusal recorded in `checks`); undefined when either was refused.
 */
function checkReady(checks: FieldChecks, readyAt: string, utcOffset: string, now: Date): { readyAt: string; readyAtLocal: string; utcOffset: string } | undefined {
  const offset = checks.run(() => checkUtcOffset(utcOffset));
  const ms = checks.run(() => checkReadyAt(readyAt, now));
  if (offset === undefined || ms === undefined) return undefined;
  const utc = new Date(Math.floor(ms / 1000) * 1000);
  return {
    readyAt: utc.toISOString().replace('.000Z', 'Z'),
    readyAtLocal: new Date(utc.getTime() + offset.minutes * 60_000).toISOString().slice(0, 19),
    utcOffset: offset.text,
  };
}

function checkUtcOffset(utcOffset: string): { text: string; minutes: number } {
  const offset = OFFSET.exec((utcOffset ?? '').trim());
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : Number.NaN;
  if (!offset || minutes < -12 * 60 || minutes > 14 * 60) {
    throw new InputError('input.utcOffset', 'must be the address\'s UTC offset from -12:00 to +14:00, e.g. "+05:30"');
  }
  return { text: offset[0], minutes };
}

/** The ready instant in epoch milliseconds. */
function checkReadyAt(readyAt: string, now: Date): number {
  const match = INSTANT.exec((readyAt ?? '').trim());
  const ms = match ? Date.parse(match[0]) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(`${match[1]}T00:00:00Z`).toISOString().slice(0, 10) !== match[1]) {
    throw new InputError('input.readyAt', 'must be an instant such as "2030-03-13T08:30:00Z" (ISO 8601 with Z or an offset)');
  }
  if (ms < now.getTime() - PAST_TOLERANCE_MS) throw new InputError('input.readyAt', 'is in the past');
  return ms;
}

/** `HH:MM` or `HH:MM:SS` at the address, after the local ready time (when that was valid); answered `HH:MM:SS`. */
function checkCloseTime(value: string, readyAtLocal: string | undefined): string {
  const match = TIME.exec((value ?? '').trim());
  if (!match) throw new InputError('input.closeTime', 'must be a local time HH:MM or HH:MM:SS at the address');
  const close = `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
  if (readyAtLocal !== undefined && close <= readyAtLocal.slice(11)) throw new InputError('input.closeTime', 'must be after the ready time (local time at the address)');
  return close;
}

function checkPackageCount(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_PACKAGES) throw new InputError(field, `must be a whole number from 1 to ${MAX_PACKAGES}`);
  return value;
}

function checkTotalWeight(raw: PickupWeightInput, field: string): Weight {
  const unit = raw.unit ?? 'KG';
  if (!Number.isFinite(raw.value) || raw.value <= 0) throw new InputError(`${field}.value`, 'must be greater than 0');
  if (raw.value > MAX_TOTAL_WEIGHT[unit]) throw new InputError(`${field}.value`, `must be at most ${MAX_TOTAL_WEIGHT[unit]} ${unit}`);
  return { value: raw.value, unit };
}

function checkLabelIds(raw: readonly string[] | null | undefined, field: string): string[] {
  const ids = raw ?? [];
  if (ids.length > MAX_LINKED) throw new InputError(field, `at most ${MAX_LINKED} labels`);
  const checks = new FieldChecks();
  const seen = new Set<string>();
  const checked = ids.map((id, i) =>
    checks.run(() => {
      const labelId = checkLabelId(id, `${field}.${i}`);
      if (seen.has(labelId)) throw new InputError(`${field}.${i}`, 'repeats a label given before');
      seen.add(labelId);
      return labelId;
    }),
  );
  checks.done();
  return checked;
}

function checkTrackingNumbers(raw: readonly string[] | null | undefined, field: string): string[] {
  const numbers = raw ?? [];
  if (numbers.length > MAX_LINKED) throw new InputError(field, `at most ${MAX_LINKED} tracking numbers`);
  const checks = new FieldChecks();
  const checked = numbers.map((n, i) => checks.run(() => checkText(n, `${field}.${i}`, TEXT_RULES.trackingNumber)));
  checks.done();
  return [...new Set(checked)];
}

const CONFIRMATION_NUMBER = { what: 'a confirmation number', max: 40, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' };

/** `settlePickup`'s input: a pickup id and exactly one of `confirmationNumber` or `notCreated: true`. */
export function toSettlePickup(raw: { pickupId: string; confirmationNumber?: string | null; notCreated?: boolean | null }): SettlePickupInput {
  const checks = new FieldChecks();
  const pickupId = checks.run(() => checkPickupId(raw.pickupId, 'input.pickupId'));
  const notCreated = raw.notCreated === true;
  const given = raw.confirmationNumber !== null && raw.confirmationNumber !== undefined;
  if (given === notCreated) {
    checks.fail(given ? 'input.notCreated' : 'input.confirmationNumber', 'give exactly one of confirmationNumber (the carrier booked it) or notCreated: true');
  }
  const confirmationNumber = given && !notCreated ? checks.run(() => checkText(raw.confirmationNumber, 'input.confirmationNumber', CONFIRMATION_NUMBER)) : null;
  checks.done();
  return { pickupId, confirmationNumber, notCreated };
}
