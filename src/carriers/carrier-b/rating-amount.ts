import { minorDigits, type Money } from '../../domain/money.js';

/**
 * Carrier B rate amounts are JSON numbers ("(numbers)"). A binary double already carries the decimal the carrier
 * wrote, up to 15 significant digits (any decimal of at most 15 digits survives the round trip), so the amount is read
 * at 15 significant digits: `12.3` stays `12.3`, a sender's `0.30000000000000004` becomes `0.3`. It is then padded
 * (never rounded) to the currency's minor digits, so `12.3 USD` reads `12.30`. No arithmetic is done on floats.
 */
export function wireAmountToDecimal(value: number, currency: string): string {
  if (!Number.isFinite(value)) throw new RangeError(`amount is not a finite number: ${value}`);
  const plain = toPlainDecimal(value);
  return padFraction(plain, minorDigits(currency));
}

export function wireMoney(value: number, currency: string): Money {
  return { amount: wireAmountToDecimal(value, currency), currency };
}

/** A decimal string as a JSON number for the wire (request amounts: customs values, the COD amount). */
export function decimalToWireNumber(amount: string): number {
  const value = Number(amount);
  if (!Number.isFinite(value)) throw new RangeError(`not a decimal amount: ${amount}`);
  return value;
}

/** Whether a wire amount is zero or absent (a zero discount is not a breakdown line). */
export function isZeroOrAbsent(value: number | null | undefined): boolean {
  return value === null || value === undefined || value === 0;
}

/**
 * 15 significant digits, trailing zeros dropped, never exponent notation. Most amounts (`12.3`, `1520.75`) print
 * that way already: JavaScript's own shortest form, when it has no exponent and at most 15 significant digits, is the
 * double's 15-digit rounding (the double lies within half a unit in the last place of it, far inside half a unit of
 * the 15th digit), so it is returned as it is; only the others are expanded from `toPrecision(15)`.
 */
export function toPlainDecimal(value: number): string {
  if (value === 0) return '0';
  const shortest = String(value);
  if (!shortest.includes('e') && significantDigits(shortest) <= 15) return shortest;
  return fromPrecision(value);
}

/** Digits of a plain decimal string from its first non-zero digit (sign and point not counted). */
function significantDigits(text: string): number {
  let count = 0;
  let leading = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) continue;
    if (leading && c === 48) continue;
    leading = false;
    count++;
  }
  return count;
}

function fromPrecision(value: number): string {
  const negative = value < 0;
  // toPrecision may answer in exponent form (1.5e-7, 1e+21): expand it by hand from its digits and exponent.
  const [mantissa, exponentText] = Math.abs(value).toPrecision(15).split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [intPart, fracPart = ''] = mantissa!.split('.');
  let digits = intPart! + fracPart;
  let point = intPart!.length + exponent;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  const text = fraction.length > 0 ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

function padFraction(plain: string, digits: number): string {
  const [whole, fraction = ''] = plain.split('.');
  if (fraction.length >= digits) return plain;
  const padded = fraction.padEnd(digits, '0');
  return padded.length > 0 ? `${whole}.${padded}` : whole!;
}
