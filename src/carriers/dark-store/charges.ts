import { minorDigits, type Money } from '../../domain/money.js';

/**
 * Decimal amounts without floats (src/domain/money.ts: amounts are decimal strings): values are held as integers of
 * 1/10000 of the currency unit (configured charges have at most four decimals) and printed with the currency's own
 * minor digits (INR 2), more only when the value needs them.
 */
const SCALE_DIGITS = 4;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

export function toUnits(amount: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount with at most ${SCALE_DIGITS} decimals: '${amount}'`);
  return BigInt(match[1]!) * SCALE + BigInt((match[2] ?? '').padEnd(SCALE_DIGITS, '0'));
}

export function money(units: bigint, currency: string): Money {
  const whole = units / SCALE;
  let fraction = (units % SCALE).toString().padStart(SCALE_DIGITS, '0');
  const minor = minorDigits(currency);
  while (fraction.length > minor && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return { amount: fraction.length > 0 ? `${whole}.${fraction}` : whole.toString(), currency };
}
