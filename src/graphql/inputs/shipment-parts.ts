import { CARRIERS, type Carrier, type DivisionsOf } from '../../domain/carrier.js';
import { InputError } from '../../domain/errors.js';
import type { ShipmentReference } from '../../domain/shipment.js';
import type {
  LabelDelivery,
  LabelFormat,
  PickupInShipment,
  ShipmentPackage,
  ShippingAddress,
  ShippingParty,
} from '../../domain/shipping.js';
import { checkOptionalText, checkText, type TextRule } from '../../domain/text-bounds.js';
import { checkAddress, checkMoney, checkPackages } from './rate-parts.js';
import { FieldChecks } from '../../domain/field-checks.js';
import { MAX_SHIP_DAYS_AHEAD } from './rates.js';
import type {
  RateAddressInput,
  ShipmentPackageInput,
  ShippingAddressInput,
  ShippingPartyInput,
  ValidateShipmentInput,
} from '../../generated/graphql.js';

/**
 * The pieces of the shipping inputs, each checked before any write or carrier call: the bounds the seeds do not give
 * (docs/assumptions.md SG3), parties, packages, references, dates, ids. A problem is an InputError naming the field.
 */
// ---------------------------------------------------------------------------------------------------------------------
// Rules (SG3: bounds the seeds do not give)
// ---------------------------------------------------------------------------------------------------------------------

export const PRINTABLE = 'printable characters (no control characters)';
export const RULES = {
  // SG3: Stripe's keys are up to 255 characters; visible ASCII so a key is the same bytes in every log and header.
  idempotencyKey: { what: 'an idempotency key', max: 255, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
  serviceCode: { what: 'a service code', max: 40, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
  accountNumber: { what: 'an account number', max: 32, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' },
  contactName: { what: 'a contact name', max: 70, pattern: null, charset: PRINTABLE },
  companyName: { what: 'a company name', max: 100, pattern: null, charset: PRINTABLE },
  phone: { what: 'a phone number', max: 25, pattern: /^\+?[0-9 ()./-]{5,25}$/, charset: 'digits, spaces and "+()-./" (5 to 25)' },
  email: { what: 'an e-mail address', max: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, charset: 'an e-mail address such as "ops@example.com"' },
  city: { what: 'a city', max: 64, pattern: null, charset: PRINTABLE },
  description: { what: 'a description', max: 200, pattern: null, charset: PRINTABLE },
  // The seed (000): "packageId ... maximum 30 characters" (e-commerce); refused here for every carrier (SG4).
  packageId: { what: 'a package id', max: 30, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
  carrierEnum: { what: 'a carrier code word', max: 40, pattern: /^[A-Z][A-Z0-9_]*$/, charset: 'upper-case letters, digits and "_" (e.g. YOUR_PACKAGING)' },
  orderId: { what: 'an order id', max: 64, pattern: null, charset: PRINTABLE },
  referenceValue: { what: 'a reference', max: 64, pattern: null, charset: PRINTABLE },
  closeTime: { what: 'a local time', max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, charset: 'a local time HH:MM' },
  location: { what: 'a pickup location', max: 80, pattern: null, charset: PRINTABLE },
  instructions: { what: 'instructions', max: 200, pattern: null, charset: PRINTABLE },
  reason: { what: 'a reason', max: 200, pattern: null, charset: PRINTABLE },
  labelId: { what: 'a label id', max: 64, pattern: /^Label:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, charset: 'a label id such as "Label:<uuid>"' },
  tenderId: { what: 'a tender id', max: 64, pattern: /^Tender:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, charset: 'a tender id such as "Tender:<uuid>"' },
  imageFormat: { what: 'a file format', max: 5, pattern: /^[A-Za-z]{2,5}$/, charset: 'letters (e.g. "PNG")' },
  typeCode: { what: 'a type code', max: 10, pattern: /^[A-Za-z0-9]+$/, charset: 'letters and digits (e.g. "CIN")' },
  invoiceNumber: { what: 'an invoice number', max: 35, pattern: /^[\x20-\x7E]+$/, charset: 'printable ASCII characters' },
} as const satisfies Record<string, TextRule>;

export const MAX_REFERENCES = 5;
export const MAX_LABEL_IDS = 1000;
export const MAX_INVOICE_LINES = 100;
/** SG3: uploads are decoded into memory and sent on; a larger file is a mistake or an attack. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const REFERENCE_TYPES = ['CUSTOMER_REFERENCE', 'INVOICE', 'PURCHASE_ORDER', 'DEPARTMENT_NUMBER'] as const;
export const LABEL_FORMATS: readonly LabelFormat[] = ['PDF', 'PNG'];
export const LABEL_DELIVERIES: readonly LabelDelivery[] = ['URL', 'INLINE'];
export const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const LOCAL_DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;
export const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
export const OFFSET_RE = /^([+-])(\d{2}):([0-5]\d)$/;
export const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** An idempotency key: 1 to 255 visible ASCII characters (SG3). */
export function checkIdempotencyKey(value: string | null | undefined, field: string): string {
  // Not trimmed: a key is an opaque token, and " k" must not replay "k".
  if (typeof value !== 'string' || value.length === 0) throw new InputError(field, 'is required; expected an idempotency key (1 to 255 visible ASCII characters)');
  if (value.length > RULES.idempotencyKey.max) throw new InputError(field, `must be at most ${RULES.idempotencyKey.max} characters (an idempotency key)`);
  if (!RULES.idempotencyKey.pattern.test(value)) throw new InputError(field, `may contain only ${RULES.idempotencyKey.charset} (an idempotency key)`);
  return value;
}

export function checkOrderId(value: string, field: string): string {
  return checkText(value, field, RULES.orderId);
}

export function checkAccountFilter(value: string | null | undefined, field: string): string | null {
  return checkOptionalText(value, field, RULES.accountNumber);
}

/** A tender id as we hand it out (`Tender:<uuid>`); BAD_USER_INPUT on `field` otherwise. */
export function checkTenderId(value: string | null | undefined, field: string): string {
  return checkText(value, field, RULES.tenderId);
}

/** A label id as we hand it out (`Label:<uuid>`); BAD_USER_INPUT on `field` otherwise. */
export function checkLabelId(value: string | null | undefined, field: string): string {
  return checkText(value, field, RULES.labelId);
}


export function checkCarrier(value: string, field: string): Carrier {
  if (!(CARRIERS as readonly string[]).includes(value)) throw new InputError(field, `expected one of ${CARRIERS.join(', ')}`);
  return value as Carrier;
}

/**
 * A carrier that ships per division (its module lists them) needs one of them; for a carrier without divisions the
 * field is meaningless and refused. The messages name the carrier the input named, never one the code knows.
 */
export function checkDivision(carrier: Carrier, value: string | null | undefined, field: string, divisionsOf: DivisionsOf): string | null {
  const division = checkOptionalText(value, field, 'division');
  const divisions = divisionsOf(carrier);
  if (divisions.length === 0) {
    if (division !== null) throw new InputError(field, `${carrier} has no divisions; omit it`);
    return null;
  }
  if (division === null) throw new InputError(field, `is required for ${carrier}; expected one of ${divisions.join(', ')}`);
  if (!divisions.includes(division)) throw new InputError(field, `unknown ${carrier} division; expected one of ${divisions.join(', ')}`);
  return division;
}


export function checkParty(raw: ShippingPartyInput, at: string): ShippingParty {
  const checks = new FieldChecks();
  const party: ShippingParty = {
    contactName: checks.run(() => checkText(raw.contactName, `${at}.contactName`, RULES.contactName)),
    companyName: checks.run(() => checkOptionalText(raw.companyName, `${at}.companyName`, RULES.companyName)),
    phone: checks.run(() => checkOptionalText(raw.phone, `${at}.phone`, RULES.phone)),
    email: checks.run(() => checkOptionalText(raw.email, `${at}.email`, RULES.email)),
    address: checks.run(() => checkShippingAddress(raw.address, `${at}.address`)),
  };
  checks.done();
  return party;
}

/** The rate request's address check, plus what a label needs: a street line and a city. */
export function checkShippingAddress(raw: ShippingAddressInput, at: string): ShippingAddress {
  const checks = new FieldChecks();
  if (raw.streetLines.length === 0) checks.fail(`${at}.streetLines`, 'at least one street line is required');
  const checked = checks.run(() => checkAddress(raw as RateAddressInput, at));
  const city = checks.run(() => checkText(raw.city, `${at}.city`, RULES.city));
  checks.done();
  return {
    streetLines: checked.streetLines,
    city,
    stateOrProvinceCode: checked.stateOrProvinceCode,
    postalCode: checked.postalCode,
    countryCode: checked.countryCode,
    residential: checked.residential,
  };
}

export function checkShipmentPackages(raw: readonly ShipmentPackageInput[], at: string): ShipmentPackage[] {
  const checks = new FieldChecks();
  const measured = checks.run(() => checkPackages(raw, at));
  const seen = new Map<string, number>();
  const packages = raw.map((p, i) => {
    const packageId = checks.run(() => checkOptionalText(p.packageId, `${at}.${i}.packageId`, RULES.packageId));
    if (packageId) {
      if (seen.has(packageId)) checks.fail(`${at}.${i}.packageId`, `repeats the package id of packages.${seen.get(packageId)}`);
      seen.set(packageId, i);
    }
    return {
      weight: measured?.[i]?.weight as ShipmentPackage['weight'],
      dimensions: measured?.[i]?.dimensions ?? null,
      description: checks.run(() => checkOptionalText(p.description, `${at}.${i}.description`, RULES.description)),
      packageId,
      cashOnDelivery: p.cashOnDelivery ? checks.run(() => checkMoney(p.cashOnDelivery!, `${at}.${i}.cashOnDelivery`)) : null,
    };
  });
  checks.done();
  return packages;
}

export function checkReferences(raw: ValidateShipmentInput['references'], at: string): ShipmentReference[] {
  if (!raw) return [];
  if (raw.length > MAX_REFERENCES) throw new InputError(at, `at most ${MAX_REFERENCES} references`);
  return raw.map((r, i) => ({
    type: checkOneOf(r.type ?? 'CUSTOMER_REFERENCE', REFERENCE_TYPES, `${at}.${i}.type`),
    value: checkText(r.value, `${at}.${i}.value`, RULES.referenceValue),
    scope: null,
  }));
}

export function checkPickup(raw: NonNullable<ValidateShipmentInput['pickup']>, at: string): PickupInShipment {
  return {
    readyAt: checkLocalDateTime(raw.readyAt, `${at}.readyAt`) ?? missing(`${at}.readyAt`),
    closeTime: checkOptionalText(raw.closeTime, `${at}.closeTime`, RULES.closeTime),
    location: checkOptionalText(raw.location, `${at}.location`, RULES.location),
    instructions: checkOptionalText(raw.instructions, `${at}.instructions`, RULES.instructions),
  };
}

export function checkLabelFormat(value: string | null | undefined, field: string): LabelFormat {
  return checkOneOf(value ?? 'PDF', LABEL_FORMATS, field);
}

export function checkOneOf<T extends string>(value: string, allowed: readonly T[], field: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new InputError(field, `expected one of ${allowed.join(', ')}`);
  return value as T;
}

export function checkDate(value: string | null | undefined, field: string): string | null {
  if (value == null || value.trim() === '') return null;
  const match = DATE_RE.exec(value.trim());
  const date = match ? new Date(`${match[0]}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0]) {
    throw new InputError(field, 'must be a date YYYY-MM-DD');
  }
  return match[0];
}

/**
 * SG3 (the rate request's RT2): today or up to MAX_SHIP_DAYS_AHEAD days ahead. "Today" is the origin's date at
 * `originUtcOffset` when given; without it any date that is still today somewhere (UTC-12:00), since we never guess the
 * origin's time zone. Default: today at the offset (UTC when none).
 */
export function checkShipDate(value: string | null | undefined, field: string, now: Date, offset: string | null): string {
  const today = localDate(now, offset ?? '+00:00');
  const date = checkDate(value, field);
  if (date === null) return today;
  const earliest = offset ? today : localDate(now, '-12:00');
  if (date < earliest) throw new InputError(field, 'must not be in the past (today at the origin is allowed)');
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + MAX_SHIP_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
  if (date > latest) throw new InputError(field, `must be at most ${MAX_SHIP_DAYS_AHEAD} days ahead`);
  return date;
}

export function localDate(now: Date, offset: string): string {
  const match = OFFSET_RE.exec(offset)!;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}

/** `+HH:MM` / `-HH:MM` from -12:00 to +14:00; null when not given (never guessed). */
export function checkOffset(value: string | null | undefined, field: string): string | null {
  if (value == null || value.trim() === '') return null;
  const match = OFFSET_RE.exec(value.trim());
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : Number.NaN;
  if (!match || minutes < -12 * 60 || minutes > 14 * 60) throw new InputError(field, 'must be a UTC offset from -12:00 to +14:00, e.g. "+05:30"');
  return match[0];
}

/** `HH:MM` or `HH:MM:SS`, answered as `HH:MM:SS`; null when not given (the connector's default). */
export function checkReadyTime(value: string | null | undefined, field: string): string | null {
  if (value == null || value.trim() === '') return null;
  const match = TIME_RE.exec(value.trim());
  if (!match) throw new InputError(field, 'must be a local time HH:MM or HH:MM:SS');
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

export function checkLocalDateTime(value: string | null | undefined, field: string): string | null {
  if (value == null || value.trim() === '') return null;
  const match = LOCAL_DATE_TIME_RE.exec(value.trim());
  if (!match || checkDate(match[1], field) === null) throw new InputError(field, 'must be a local date-time YYYY-MM-DDTHH:MM:SS without offset');
  return match[0];
}

export function checkBase64(value: string | null | undefined, field: string, required: boolean): Buffer | null {
  if (value == null || value === '') {
    if (required) throw new InputError(field, 'is required: the file, base64-encoded');
    return null;
  }
  // Checked before decoding: Buffer.from ignores characters outside the alphabet, which would hide a broken upload.
  if (value.length > Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 4) throw new InputError(field, `must be at most ${MAX_UPLOAD_BYTES} bytes decoded`);
  if (value.length % 4 !== 0 || !BASE64_RE.test(value)) throw new InputError(field, 'must be base64 (RFC 4648, padded)');
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length === 0) throw new InputError(field, 'must not be empty');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new InputError(field, `must be at most ${MAX_UPLOAD_BYTES} bytes decoded`);
  return bytes;
}

export function missing(field: string): never {
  throw new InputError(field, 'is required');
}

