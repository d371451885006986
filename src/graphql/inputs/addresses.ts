import { InputError } from '../../domain/errors.js';
import type { AddressInput, EmailNotificationRequest, NotificationRecipient, ServicePointQuery } from '../../domain/pickups-addresses.js';
import { CARRIERS, type Carrier } from '../../domain/carrier.js';
import { checkOptionalText, checkText, type TextRule } from '../../domain/text-bounds.js';
import { checkCountry } from './rate-parts.js';
import { FieldChecks } from '../../domain/field-checks.js';
import type { ResolveAddressesOptions } from '../../services/pickups/types.js';
import type { AddressToResolveInput, EmailRecipientInput, ResolveAddressesOptionsInput, ServicePointsNearInput, SubscribeEmailNotificationsInput } from '../../generated/graphql.js';

/**
 * The inputs of `resolveAddresses`, `servicePoints` and `subscribeEmailNotifications`, checked before any upstream
 * call: a problem is an InputError naming the field's path (`inputs.3.streetLines.0`, `near.latitude`,
 * `input.recipients.4`), every bad field of one input in one answer (FieldChecks). Messages never echo the value
 * (docs/assumptions.md AR1-AR2, AR5-AR6).
 */

const PRINTABLE = 'printable characters (no control characters)';
const RULES = {
  // AR1: Carrier B takes `streetLines[]`; three lines of at most 100 characters, like a rate request's (RT1).
  streetLine: { what: 'a street line', max: 100, pattern: null, charset: PRINTABLE },
  city: { what: 'a city', max: 64, pattern: null, charset: PRINTABLE },
  stateOrProvinceCode: { what: 'a state or province code', max: 10, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' },
  // Not format-checked: whether it exists is the carriers' answer (a resolution of a wrong code says so).
  postalCode: { what: 'a postal code', max: 16, pattern: null, charset: PRINTABLE },
  capability: { what: 'a service point capability', max: 32, pattern: /^[A-Z][A-Z0-9_]*$/, charset: 'upper-case letters, digits and "_" (e.g. DROP_OFF)' },
  // AR6: an address a mail server takes (one @, a dotted domain, no blanks), at most 254 characters (RFC 5321 path).
  email: { what: 'an email address', max: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, charset: 'an email address such as ops@example.com' },
  name: { what: 'a name', max: 70, pattern: null, charset: PRINTABLE },
  // Seed 001: `x-locale` and localisation are "shape xx_XX".
  locale: { what: 'a locale', max: 5, pattern: /^[a-z]{2}_[A-Z]{2}$/, charset: 'the shape xx_XX (e.g. en_US)' },
  trackingNumber: { what: 'a tracking number', max: 40, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' },
  carrierCode: { what: 'a carrier code', max: 16, pattern: /^[A-Za-z0-9_-]+$/, charset: 'letters, digits, "_" and "-"' },
  carrierUniqueId: { what: "a carrier's unique id", max: 128, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
} as const satisfies Record<string, TextRule>;

export const MAX_STREET_LINES = 3;
/** Seed 001 Limits: "email recipients per notification subscription: 4". */
export const MAX_EMAIL_RECIPIENTS = 4;
/** AR5: the express sandbox's bounds, which we keep for every carrier (the seed shows none). */
export const SERVICE_POINT_LIMITS = { maxRadiusKm: 100, maxLimit: 50, maxCapabilities: 5 } as const;

/** Every input checked, in order; too many inputs is refused on `path` itself before any field is read. */
export function toAddressInputs(raw: readonly AddressToResolveInput[], maxInputs: number, path = 'inputs'): AddressInput[] {
  if (raw.length === 0) throw new InputError(path, 'give at least one address');
  if (raw.length > maxInputs) throw new InputError(path, `at most ${maxInputs} addresses per request (MAX_ADDRESSES_PER_REQUEST); ${raw.length} were given`);
  // Every bad field of every address in one answer.
  const checks = new FieldChecks();
  const addresses = raw.map((address, i) => checks.run(() => toAddressInput(address, `${path}.${i}`)));
  checks.done();
  return addresses;
}

export function toAddressInput(raw: AddressToResolveInput, at: string): AddressInput {
  const checks = new FieldChecks();
  const countryCode = checks.run(() => checkCountry(raw.countryCode, `${at}.countryCode`));
  let streetLines: string[] = [];
  if (raw.streetLines.length === 0) checks.fail(`${at}.streetLines`, 'give at least one street line');
  else if (raw.streetLines.length > MAX_STREET_LINES) checks.fail(`${at}.streetLines`, `at most ${MAX_STREET_LINES} street lines`);
  else streetLines = raw.streetLines.map((line, i) => checks.run(() => checkText(line, `${at}.streetLines.${i}`, RULES.streetLine)));
  const address: AddressInput = {
    streetLines,
    city: checks.run(() => checkOptionalText(raw.city, `${at}.city`, RULES.city)),
    stateOrProvinceCode: checks.run(() => checkOptionalText(raw.stateOrProvinceCode, `${at}.stateOrProvinceCode`, RULES.stateOrProvinceCode))?.toUpperCase() ?? null,
    postalCode: checks.run(() => checkOptionalText(raw.postalCode, `${at}.postalCode`, RULES.postalCode)),
    countryCode,
  };
  checks.done();
  return address;
}

export function toResolveOptions(raw: ResolveAddressesOptionsInput | null | undefined): ResolveAddressesOptions {
  return {
    strict: raw?.strict ?? false,
    includeResolutionTokens: raw?.includeResolutionTokens ?? false,
    // Asking twice for one purpose is asking once.
    capabilities: [...new Set(raw?.capabilities ?? [])],
    validatePostalCodes: raw?.validatePostalCodes ?? false,
  };
}

export function toServicePointQuery(raw: ServicePointsNearInput, path = 'near'): ServicePointQuery {
  const at = (field: string) => `${path}.${field}`;
  const checks = new FieldChecks();
  const countryCode = checks.run(() => checkCountry(raw.countryCode, at('countryCode')));
  const latitude = raw.latitude ?? null;
  const longitude = raw.longitude ?? null;
  if ((latitude === null) !== (longitude === null)) {
    checks.fail(at(latitude === null ? 'latitude' : 'longitude'), 'give latitude and longitude together, or neither');
  }
  if (latitude !== null && (latitude < -90 || latitude > 90)) checks.fail(at('latitude'), 'must be from -90 to 90 degrees');
  if (longitude !== null && (longitude < -180 || longitude > 180)) checks.fail(at('longitude'), 'must be from -180 to 180 degrees');
  const postalCode = checks.run(() => checkOptionalText(raw.postalCode, at('postalCode'), RULES.postalCode));
  const city = checks.run(() => checkOptionalText(raw.city, at('city'), RULES.city));
  // Only when both were read (a refused one was given, and is named on its own).
  if (latitude === null && longitude === null && postalCode === null && city === null) {
    checks.fail(path, 'give a postal code, a city, or latitude and longitude');
  }
  const radiusKm = raw.radiusKm ?? 10;
  if (!(radiusKm > 0 && radiusKm <= SERVICE_POINT_LIMITS.maxRadiusKm)) {
    checks.fail(at('radiusKm'), `must be above 0 and at most ${SERVICE_POINT_LIMITS.maxRadiusKm} km`);
  }
  const limit = raw.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > SERVICE_POINT_LIMITS.maxLimit) checks.fail(at('limit'), `must be from 1 to ${SERVICE_POINT_LIMITS.maxLimit}`);
  const capabilities = raw.capabilities ?? [];
  let checkedCapabilities: string[] = [];
  if (capabilities.length > SERVICE_POINT_LIMITS.maxCapabilities) checks.fail(at('capabilities'), `at most ${SERVICE_POINT_LIMITS.maxCapabilities} capabilities`);
  else checkedCapabilities = capabilities.map((c, i) => checks.run(() => checkText(c, at(`capabilities.${i}`), RULES.capability)));
  const streetLine = checks.run(() => checkOptionalText(raw.streetLine, at('streetLine'), RULES.streetLine));
  checks.done();
  return { countryCode, postalCode, city, streetLine, latitude, longitude, radiusKm, limit, capabilities: [...new Set(checkedCapabilities)] };
}

/** A fifth recipient is refused on `input.recipients.4` before anything else is read (seed 001: at most four). */
export function toEmailNotificationRequest(raw: SubscribeEmailNotificationsInput, path = 'input'): EmailNotificationRequest {
  const at = (field: string) => `${path}.${field}`;
  if (raw.recipients.length > MAX_EMAIL_RECIPIENTS) {
    throw new InputError(at(`recipients.${MAX_EMAIL_RECIPIENTS}`), `at most ${MAX_EMAIL_RECIPIENTS} email recipients per subscription; ${raw.recipients.length} were given`);
  }
  const checks = new FieldChecks();
  if (raw.recipients.length === 0) checks.fail(at('recipients'), 'give at least one recipient');
  if (!CARRIERS.includes(raw.carrier)) checks.fail(at('carrier'), 'unknown carrier');
  const request: EmailNotificationRequest = {
    carrier: raw.carrier,
    trackingNumber: checks.run(() => checkText(raw.trackingNumber, at('trackingNumber'), RULES.trackingNumber)),
    carrierCode: checks.run(() => checkOptionalText(raw.carrierCode, at('carrierCode'), RULES.carrierCode)),
    carrierUniqueId: checks.run(() => checkOptionalText(raw.carrierUniqueId, at('carrierUniqueId'), RULES.carrierUniqueId)),
    senderEmail: checks.run(() => checkText(raw.senderEmail, at('senderEmail'), RULES.email)),
    senderName: checks.run(() => checkText(raw.senderName, at('senderName'), RULES.name)),
    recipients: raw.recipients.map((r, i) => toRecipient(checks, r, at(`recipients.${i}`))),
  };
  checks.done();
  return request;
}

function toRecipient(checks: FieldChecks, raw: EmailRecipientInput, at: string): NotificationRecipient {
  if (raw.eventTypes.length === 0) checks.fail(`${at}.eventTypes`, 'give at least one event type');
  return {
    role: raw.role,
    email: checks.run(() => checkText(raw.email, `${at}.email`, RULES.email)),
    name: checks.run(() => checkOptionalText(raw.name, `${at}.name`, RULES.name)),
    format: raw.format ?? 'HTML',
    locale: checks.run(() => checkOptionalText(raw.locale, `${at}.locale`, RULES.locale)),
    eventTypes: [...new Set(raw.eventTypes)],
  };
}
