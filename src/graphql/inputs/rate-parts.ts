// The library's core only: its package entry also loads 78 locale files of country names at start (~80 modules), and
// only code checks are read here (issue 12 item 4: start fast, stay small).
import countries from 'i18n-iso-countries/index.js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { InputError } from '../../domain/errors.js';
import type { Money } from '../../domain/money.js';
import type { CustomsContent, CustomsItem, Dimensions, RateAddress, RatePackage, Weight } from '../../domain/rating.js';
import { checkOptionalText, checkText, type TextRule } from '../../domain/text-bounds.js';
import { FieldChecks } from '../../domain/field-checks.js';
import type { CustomsContentInput, CustomsItemInput, DimensionsInput, MoneyInput, RateAddressInput, RatePackageInput, WeightInput } from '../../generated/graphql.js';

/**
 * The pieces of a rate request's input (addresses, money, packages, customs), each checked before any upstream call:
 * a problem is an InputError naming the field's path (docs/assumptions.md RT1). Messages never echo the value.
 */

/** Bounds the seeds do not give (RT1): beyond them a value is a typing mistake, not a parcel. */
export const RATE_INPUT_LIMITS = {
  maxPackages: 50,
  maxWeight: { KG: 1000, LB: 2204 },
  maxLength: { CM: 400, IN: 157 },
  maxCustomsItems: 100,
  maxQuantity: 1_000_000,
  /** Largest amount (declared value, customs line, COD) in whole currency units. */
  maxAmountWholeUnits: 10_000_000,
  maxStreetLines: 3,
} as const;

const RULES = {
  countryCode: { what: 'an ISO 3166-1 country code', max: 3, pattern: /^[A-Za-z]{2,3}$/, charset: 'letters (e.g. "DE")' },
  // A country postcode-validator does not know (RT1): any short printable text, the carrier decides.
  postalCode: { what: 'a postal code', max: 16, pattern: null, charset: 'printable characters (no control characters)' },
  city: { what: 'a city', max: 64, pattern: null, charset: 'printable characters (no control characters)' },
  stateOrProvinceCode: { what: 'a state or province code', max: 10, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' },
  streetLine: { what: 'a street line', max: 100, pattern: null, charset: 'printable characters (no control characters)' },
  currency: { what: 'an ISO 4217 currency code', max: 3, pattern: /^[A-Za-z]{3}$/, charset: 'three letters (e.g. "EUR")' },
  amount: { what: 'a decimal amount', max: 24, pattern: /^\d+(\.\d+)?$/, charset: 'digits and one "." (e.g. "12.50")' },
  description: { what: 'a description of goods', max: 200, pattern: null, charset: 'printable characters (no control characters)' },
  quantityUnit: { what: 'a quantity unit', max: 10, pattern: /^[A-Za-z]+$/, charset: 'letters (e.g. "PCS")' },
  hsCode: { what: 'a Harmonised System code', max: 13, pattern: /^\d{4}(\.?\d{2}){1,3}$/, charset: 'a Harmonised System code of 6 to 10 digits (dots allowed)' },
} as const satisfies Record<string, TextRule>;

/** ISO 4217 codes the runtime knows (Intl), upper case. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 3166-1 alpha-2 code (alpha-3 is read too), upper case; an unknown country is BAD_USER_INPUT. */
export function checkCountry(value: string | null | undefined, field: string): string {
  const text = checkText(value, field, RULES.countryCode);
  const alpha2 = countries.isValid(text) ? countries.toAlpha2(text.toUpperCase()) : undefined;
  if (!alpha2) throw new InputError(field, 'unknown country; expected an ISO 3166-1 code such as "DE" or "US"');
  return alpha2.toUpperCase();
}

/** Every bad field of the address is reported (the postal code is read only once the country is known). */
export function checkAddress(raw: RateAddressInput, at: string): RateAddress {
  const checks = new FieldChecks();
  const countryCode = checks.run(() => checkCountry(raw.countryCode, `${at}.countryCode`));
  const streetLines = raw.streetLines ?? [];
  if (streetLines.length > RATE_INPUT_LIMITS.maxStreetLines) checks.fail(`${at}.streetLines`, `at most ${RATE_INPUT_LIMITS.maxStreetLines} street lines`);
  const address: RateAddress = {
    countryCode,
    postalCode: countryCode === undefined ? null : checks.run(() => checkPostalCode(raw.postalCode, countryCode, `${at}.postalCode`)),
    city: checks.run(() => checkOptionalText(raw.city, `${at}.city`, RULES.city)),
    stateOrProvinceCode: checks.run(() => checkOptionalText(raw.stateOrProvinceCode, `${at}.stateOrProvinceCode`, RULES.stateOrProvinceCode))?.toUpperCase() ?? null,
    streetLines: streetLines.map((line, i) => checks.run(() => checkText(line, `${at}.streetLines.${i}`, RULES.streetLine))),
    residential: raw.residential ?? null,
  };
  checks.done();
  return address;
}

/**
 * A country whose postal-code format postcode-validator knows must have a code of that format; for a country it does
 * not know (many have no postal codes) the code is optional, any short printable text (RT1).
 */
function checkPostalCode(value: string | null | undefined, countryCode: string, field: string): string | null {
  const known = postcodeValidatorExistsForCountry(countryCode);
  const text = checkOptionalText(value, field, RULES.postalCode);
  if (text === null) {
    if (known) throw new InputError(field, `is required for ${countryCode}`);
    return null;
  }
  if (known && !postcodeValidator(text, countryCode)) {
    throw new InputError(field, `is not a postal code of ${countryCode}'s format`);
  }
  return text;
}

export function checkCurrency(value: string | null | undefined, field: string): string {
  const code = checkText(value, field, RULES.currency).toUpperCase();
  if (!CURRENCIES.has(code)) throw new InputError(field, 'is not an ISO 4217 currency code (e.g. "EUR", "USD")');
  return code;
}

/** A strictly positive amount with no more decimals than its currency has (JPY 0, EUR 2, KWD 3), bounded. */
export function checkMoney(raw: MoneyInput, at: string, options: { allowZero?: boolean } = {}): Money {
  const currency = checkCurrency(raw.currency, `${at}.currency`);
  const amount = checkText(raw.amount, `${at}.amount`, RULES.amount);
  const [whole = '', fraction = ''] = amount.split('.');
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  if (fraction.length > digits) throw new InputError(`${at}.amount`, `${currency} amounts have at most ${digits} decimals`);
  const wholeValue = BigInt(whole);
  if (wholeValue >= BigInt(RATE_INPUT_LIMITS.maxAmountWholeUnits)) {
    throw new InputError(`${at}.amount`, `must be below ${RATE_INPUT_LIMITS.maxAmountWholeUnits} ${currency}`);
  }
  if (!options.allowZero && wholeValue === 0n && /^0*$/.test(fraction)) throw new InputError(`${at}.amount`, 'must be greater than 0');
  return { amount: amount.replace(/^0+(?=\d)/, ''), currency };
}

export function checkWeight(raw: WeightInput, field: string): Weight {
  const unit = raw.unit ?? 'KG';
  const max = RATE_INPUT_LIMITS.maxWeight[unit];
  if (!Number.isFinite(raw.value) || raw.value <= 0) throw new InputError(`${field}.value`, 'must be greater than 0');
  if (raw.value > max) throw new InputError(`${field}.value`, `must be at most ${max} ${unit}`);
  return { value: raw.value, unit };
}

export function checkPackages(raw: readonly RatePackageInput[], at: string): RatePackage[] {
  if (raw.length === 0) throw new InputError(at, 'at least one package is required');
  if (raw.length > RATE_INPUT_LIMITS.maxPackages) throw new InputError(at, `at most ${RATE_INPUT_LIMITS.maxPackages} packages`);
  const checks = new FieldChecks();
  const packages = raw.map((p, i) => ({
    weight: checks.run(() => checkWeight(p.weight, `${at}.${i}.weight`)),
    dimensions: p.dimensions ? checks.run(() => checkDimensions(p.dimensions!, `${at}.${i}.dimensions`)) : null,
  }));
  checks.done();
  return packages;
}

function checkDimensions(raw: DimensionsInput, at: string): Dimensions {
  const unit = raw.unit ?? 'CM';
  const max = RATE_INPUT_LIMITS.maxLength[unit];
  for (const side of ['length', 'width', 'height'] as const) {
    const value = raw[side];
    if (!Number.isFinite(value) || value <= 0) throw new InputError(`${at}.${side}`, 'must be greater than 0');
    if (value > max) throw new InputError(`${at}.${side}`, `must be at most ${max} ${unit}`);
  }
  return { length: raw.length, width: raw.width, height: raw.height, unit };
}

export function checkCustoms(raw: CustomsContentInput, at: string): CustomsContent {
  if (raw.items.length === 0) throw new InputError(`${at}.items`, 'at least one line of customs content is required');
  if (raw.items.length > RATE_INPUT_LIMITS.maxCustomsItems) {
    throw new InputError(`${at}.items`, `at most ${RATE_INPUT_LIMITS.maxCustomsItems} lines`);
  }
  return {
    purpose: raw.purpose ?? 'SOLD',
    dutiesPaidBy: raw.dutiesPaidBy ?? 'SENDER',
    items: raw.items.map((item, i) => checkCustomsItem(item, `${at}.items.${i}`)),
  };
}

function checkCustomsItem(raw: CustomsItemInput, at: string): CustomsItem {
  if (!Number.isInteger(raw.quantity) || raw.quantity < 1 || raw.quantity > RATE_INPUT_LIMITS.maxQuantity) {
    throw new InputError(`${at}.quantity`, `must be a whole number from 1 to ${RATE_INPUT_LIMITS.maxQuantity}`);
  }
  const hsCode = checkOptionalText(raw.hsCode, `${at}.hsCode`, RULES.hsCode);
  return {
    description: checkText(raw.description, `${at}.description`, RULES.description),
    quantity: raw.quantity,
    quantityUnit: (checkOptionalText(raw.quantityUnit, `${at}.quantityUnit`, RULES.quantityUnit) ?? 'PCS').toUpperCase(),
    value: checkMoney(raw.value, `${at}.value`),
    weight: raw.weight ? checkWeight(raw.weight, `${at}.weight`) : null,
    hsCode: hsCode === null ? null : hsCode.replace(/\./g, ''),
    countryOfOrigin: raw.countryOfOrigin == null || raw.countryOfOrigin.trim() === '' ? null : checkCountry(raw.countryOfOrigin, `${at}.countryOfOrigin`),
  };
}
