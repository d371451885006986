import { CARRIERS, type Carrier } from '../../domain/carrier.js';
import { InputError } from '../../domain/errors.js';
import type { RateRequest } from '../../domain/rating.js';
import { checkOptionalText, checkText, type TextRule } from '../../domain/text-bounds.js';
import {
  checkAddress,
  checkCurrency,
  checkCustoms,
  checkMoney,
  checkPackages,
  } from './rate-parts.js';
import type { RateInputRules, RateShopOptions } from '../../services/rating/types.js';
import { FieldChecks } from '../../domain/field-checks.js';
import type { RatePackageInput, RateRequestInput, ServiceabilityInput } from '../../generated/graphql.js';

/**
 * RateRequestInput -> RateRequest (issue 8 item 7, docs/assumptions.md RT1-RT2): every value is checked before any
 * upstream call, and a problem is BAD_USER_INPUT naming the field's path (`input.destination.postalCode`).
 */

/** What validation needs from the server: its clock and its configuration (RatingService.inputRules). */
export type RateInputContext = RateInputRules;

/** RT1: a ship date further ahead than this is a typing mistake (carriers quote a few days ahead). */
export const MAX_SHIP_DAYS_AHEAD = 30;
const MAX_SERVICE_CODES = 20;
const MAX_ITEM_COUNT = 10_000;
/** RT2: the time a parcel is ready when the caller does not say, and the origin's offset when not given. */
export const DEFAULT_READY_TIME = '12:00:00';
export const DEFAULT_UTC_OFFSET = '+00:00';
/** RT9: serviceability without packages asks about one ordinary parcel. */
const DEFAULT_SERVICEABILITY_PACKAGE: RatePackageInput = { weight: { value: 1, unit: 'KG' } };

const SERVICE_CODE: TextRule = { what: 'a service code', max: 40, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' };
const ACCOUNT_NUMBER: TextRule = { what: 'an account number', max: 32, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' };
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const OFFSET_RE = /^([+-])(\d{2}):([0-5]\d)$/;

export function validateRateRequestInput(
  raw: RateRequestInput,
  path: string,
  ctx: RateInputContext,
): { request: RateRequest; options: RateShopOptions } {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  // Every bad field in one answer (one GraphQL error listing them all).
  const checks = new FieldChecks();
  const request = checks.run(() => validateLane(raw, raw.packages, at, ctx));
  const strategy = raw.strategy ?? 'CHEAPEST';
  const deliverBy = checks.run(() => checkDate(raw.deliverBy, at('deliverBy')));
  if (strategy === 'DELIVER_BY' && deliverBy === null) checks.fail(at('deliverBy'), 'is required with strategy DELIVER_BY');
  if (strategy !== 'DELIVER_BY' && deliverBy) checks.fail(at('deliverBy'), 'is read only with strategy DELIVER_BY');
  if (request && deliverBy && deliverBy < request.shipDate) checks.fail(at('deliverBy'), 'must not be before shipDate');
  const serviceCodes = raw.serviceCodes ?? [];
  if (serviceCodes.length > MAX_SERVICE_CODES) checks.fail(at('serviceCodes'), `at most ${MAX_SERVICE_CODES} service codes`);
  const readyTime = checks.run(() => checkReadyTime(raw.readyTime, at('readyTime')));
  const currency = raw.currency == null || raw.currency.trim() === '' ? null : checks.run(() => checkCurrency(raw.currency, at('currency')));
  const itemCount = raw.itemCount ?? null;
  if (itemCount !== null && (!Number.isInteger(itemCount) || itemCount < 1 || itemCount > MAX_ITEM_COUNT)) {
    checks.fail(at('itemCount'), `must be a whole number from 1 to ${MAX_ITEM_COUNT}`);
  }
  const codes = serviceCodes.length > MAX_SERVICE_CODES ? [] : serviceCodes.map((code, i) => checks.run(() => checkServiceCode(code, at(`serviceCodes.${i}`), ctx)));
  const filters = checks.run(() => checkFilters(raw, at, ctx));
  checks.done();
  return {
    request: { ...request, readyTime, currency, itemCount, serviceCodes: [...new Set(codes)] },
    options: { ...filters, strategy, deliverBy },
  };
}

export function validateServiceabilityInput(
  raw: ServiceabilityInput,
  path: string,
  ctx: RateInputContext,
): { request: RateRequest; options: Pick<RateShopOptions, 'carriers' | 'divisions'> } {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const packages = raw.packages ?? [DEFAULT_SERVICEABILITY_PACKAGE];
  return { request: validateLane(raw, packages, at, ctx), options: checkFilters(raw, at, ctx) };
}

/** A requested service code: well formed, and one some carrier's rate interface can quote (freight is refused here). */
function checkServiceCode(raw: string, field: string, ctx: RateInputContext): string {
  const code = checkText(raw, field, SERVICE_CODE);
  const unquotable = ctx.unquotableService?.(code) ?? null;
  if (unquotable !== null) throw new InputError(field, `${unquotable}; ask for a parcel service or none`);
  return code;
}

/** The parts rates and serviceability share: lane, packages, dates, customs, COD, the express account. */
function validateLane(
  raw: ServiceabilityInput,
  packages: readonly RatePackageInput[],
  at: (field: string) => string,
  ctx: RateInputContext,
): RateRequest {
  const checks = new FieldChecks();
  const origin = checks.run(() => checkAddress(raw.origin, at('origin')));
  const destination = checks.run(() => checkAddress(raw.destination, at('destination')));
  const checkedPackages = checks.run(() => checkPackages(packages, at('packages')));
  const originUtcOffset = checks.run(() => checkOffset(raw.originUtcOffset, at('originUtcOffset')));
  const shipDate = originUtcOffset === undefined ? '' : checks.run(() => checkShipDate(raw.shipDate, at('shipDate'), ctx.now, raw.originUtcOffset == null ? null : originUtcOffset));
  const declaredValue = raw.declaredValue ? checks.run(() => checkMoney(raw.declaredValue!, at('declaredValue'))) : null;
  const customs = raw.customs ? checks.run(() => checkCustoms(raw.customs!, at('customs'))) : null;
  // Issue 8 item 7: "missing customs content on a cross-border lane" (RT1: any two different countries).
  if (origin && destination && origin.countryCode !== destination.countryCode) {
    if (!customs && !raw.customs) checks.fail(at('customs'), `is required on a cross-border lane (${origin.countryCode} to ${destination.countryCode})`);
    if (!declaredValue && !raw.declaredValue) checks.fail(at('declaredValue'), `is required on a cross-border lane (${origin.countryCode} to ${destination.countryCode})`);
  }
  const cashOnDelivery = raw.cashOnDelivery ? checks.run(() => checkMoney(raw.cashOnDelivery!, at('cashOnDelivery'))) : null;
  const expressAccountNumber = checks.run(() => checkAccount(raw.expressAccountNumber, at('expressAccountNumber'), ctx.expressAccountNumbers));
  checks.done();
  return {
    origin,
    destination,
    packages: checkedPackages,
    shipDate,
    readyTime: DEFAULT_READY_TIME,
    originUtcOffset,
    declaredValue,
    customs,
    cashOnDelivery,
    currency: null,
    serviceCodes: [],
    expressAccountNumber,
    itemCount: null,
  };
}

function checkFilters(
  raw: Pick<RateRequestInput, 'carriers' | 'divisions'>,
  at: (field: string) => string,
  ctx: RateInputContext,
): Pick<RateShopOptions, 'carriers' | 'divisions'> {
  let carriers: Carrier[] | null = null;
  if (raw.carriers != null) {
    if (raw.carriers.length === 0) throw new InputError(at('carriers'), 'must name at least one carrier (omit it for every carrier)');
    raw.carriers.forEach((c, i) => {
      if (!(CARRIERS as readonly string[]).includes(c)) throw new InputError(at(`carriers.${i}`), `expected one of ${CARRIERS.join(', ')}`);
    });
    carriers = [...new Set(raw.carriers as Carrier[])];
  }
  let divisions: string[] | null = null;
  if (raw.divisions != null) {
    if (raw.divisions.length === 0) throw new InputError(at('divisions'), 'must name at least one division (omit it for every division)');
    divisions = [
      ...new Set(
        raw.divisions.map((d, i) => {
          const division = checkText(d, at(`divisions.${i}`), 'division');
          if (!ctx.divisions.includes(division)) {
            throw new InputError(at(`divisions.${i}`), `unknown division; expected one of ${ctx.divisions.join(', ')}`);
          }
          return division;
        }),
      ),
    ];
  }
  return { carriers, divisions };
}

/** Issue 8 item 7: "an unknown account number": one of GROUP_A_EXPRESS_ACCOUNT_NUMBERS, or null for the first. */
export function checkAccount(value: string | null | undefined, field: string, configured: readonly string[]): string | null {
  const account = checkOptionalText(value, field, ACCOUNT_NUMBER);
  if (account === null) return null;
  if (configured.length === 0) throw new InputError(field, 'no express account is configured on this server');
  if (!configured.includes(account)) throw new InputError(field, 'is not one of the express account numbers configured on this server');
  return account;
}

function checkDate(value: string | null | undefined, field: string): string | null {
  if (value == null) return null;
  const match = DATE_RE.exec(value.trim());
  const date = match ? new Date(`${match[0]}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0]) {
    throw new InputError(field, 'must be a date YYYY-MM-DD');
  }
  return match[0];
}

/**
 * RT2: "today" is the origin's date at `originUtcOffset` when the caller gives one; without it, any date that is
 * still today somewhere (UTC-12:00) is allowed, since we never guess the origin's time zone. At most
 * MAX_SHIP_DAYS_AHEAD days ahead. Default: today at the offset (+00:00 when not given).
 */
function checkShipDate(value: string | null | undefined, field: string, now: Date, givenOffset: string | null): string {
  const today = localDate(now, givenOffset ?? DEFAULT_UTC_OFFSET);
  const date = checkDate(value, field);
  if (date === null) return today;
  const earliest = givenOffset ? today : localDate(now, '-12:00');
  if (date < earliest) throw new InputError(field, "must not be in the past (today at the origin is allowed)");
  const latest = addDays(today, MAX_SHIP_DAYS_AHEAD);
  if (date > latest) throw new InputError(field, `must be at most ${MAX_SHIP_DAYS_AHEAD} days ahead`);
  return date;
}

function checkReadyTime(value: string | null | undefined, field: string): string {
  if (value == null || value.trim() === '') return DEFAULT_READY_TIME;
  const match = TIME_RE.exec(value.trim());
  if (!match) throw new InputError(field, 'must be a local time HH:MM or HH:MM:SS');
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

function checkOffset(value: string | null | undefined, field: string): string {
  if (value == null || value.trim() === '') return DEFAULT_UTC_OFFSET;
  const match = OFFSET_RE.exec(value.trim());
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : Number.NaN;
  if (!match || minutes < -12 * 60 || minutes > 14 * 60) throw new InputError(field, 'must be a UTC offset from -12:00 to +14:00, e.g. "+05:30"');
  return match[0];
}

function localDate(now: Date, offset: string): string {
  const match = OFFSET_RE.exec(offset)!;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
