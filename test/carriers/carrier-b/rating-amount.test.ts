/**
 * Carrier B amounts are read at 15 significant digits without exponent notation. Most amounts already print that way
 * in JavaScript's shortest form and are taken as they are; every other goes through the 15-digit expansion. Both must
 * give the very string the expansion gives.
 */
import { describe, expect, it } from 'vitest';
import { toPlainDecimal, wireAmountToDecimal } from '../../../src/carriers/carrier-b/rating-amount.js';

/** The 15-significant-digit reading by toPrecision, trailing zeros dropped (values that print without an exponent). */
function byPrecision(value: number): string {
  const text = Math.abs(value).toPrecision(15);
  const plain = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return value < 0 ? `-${plain}` : plain;
}

describe('Carrier B amounts at 15 significant digits', () => {
  it('an amount whose shortest form has at most 15 digits is read as that form, the same string as the 15-digit expansion', () => {
    const values = [0.5, 12.3, 1520.75, 99999.99, 0.01, 100, 123000, -42.5, 1e-7 * 3, 123456789012.345, 0.000123];
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      values.push(Math.round((seed / 2 ** 31) * 10 ** (2 + (i % 6))) / 10 ** (i % 5), (seed / 2 ** 31) * 10 ** (i % 12));
    }
    for (const value of values) {
      if (Math.abs(value).toPrecision(15).includes('e')) continue;
      expect(toPlainDecimal(value), String(value)).toBe(byPrecision(value));
    }
  });

  it('float artefacts, exponents and long integers still go through the expansion', () => {
    expect(toPlainDecimal(0.1 + 0.2)).toBe('0.3');
    expect(toPlainDecimal(1.5e-7)).toBe('0.00000015');
    expect(toPlainDecimal(1e21)).toBe('1000000000000000000000');
    expect(toPlainDecimal(1234567890123456)).toBe('1234567890123460');
    expect(toPlainDecimal(-0)).toBe('0');
    expect(wireAmountToDecimal(12.3, 'USD')).toBe('12.30');
    expect(wireAmountToDecimal(0.1 + 0.2, 'JPY')).toBe('0.3');
  });
});
