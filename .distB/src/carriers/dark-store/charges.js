/**
 * Decimal amounts without floats (src/domain/money.ts: amounts are decimal strings): values are held as integers of
 * 1/10000 of the currency unit (configured charges have at most four decimals) and printed with the currency's own
 * minor digits (INR 2), more only when the value needs them.
 */
const SCALE_DIGITS = 4;
const SCALE = 10n ** BigInt(SCALE_DIGITS);
export function toUnits(amount) {
    const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(amount.trim());
    if (!match)
        throw new Error(`not a decimal amount with at most ${SCALE_DIGITS} decimals: '${amount}'`);
    return BigInt(match[1]) * SCALE + BigInt((match[2] ?? '').padEnd(SCALE_DIGITS, '0'));
}
export function money(units, currency) {
    const whole = units / SCALE;
    let fraction = (units % SCALE).toString().padStart(SCALE_DIGITS, '0');
    const minor = minorDigits(currency);
    while (fraction.length > minor && fraction.endsWith('0'))
        fraction = fraction.slice(0, -1);
    return { amount: fraction.length > 0 ? `${whole}.${fraction}` : whole.toString(), currency };
}
const MINOR_DIGITS = new Map();
/**
 * ISO 4217 minor digits as the runtime's ICU knows them (INR 2, JPY 0, KWD 3), read once per currency: a formatter
 * costs tens of microseconds to build, and the first one loads ICU's currency data (20-80 ms).
 */
function minorDigits(currency) {
    let digits = MINOR_DIGITS.get(currency);
    if (digits === undefined) {
        try {
            digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
        }
        catch {
            digits = 2;
        }
        MINOR_DIGITS.set(currency, digits);
    }
    return digits;
}
