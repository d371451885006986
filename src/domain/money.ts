/** An amount with its ISO 4217 currency. Amounts are decimal strings to avoid binary rounding of prices. */
export interface Money {
  amount: string;
  currency: string;
}

const digitsCache = new Map<string, number>();

/**
 * ISO 4217 minor digits from the platform's currency data (JPY 0, USD 2, KWD 3); 2 for a code it does not know. Kept
 * per currency: a formatter costs tens of microseconds to build, and the first one loads ICU's currency data.
 */
export function minorDigits(currency: string): number {
  const cached = digitsCache.get(currency);
  if (cached !== undefined) return cached;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    digits = 2;
  }
  digitsCache.set(currency, digits);
  return digits;
}
