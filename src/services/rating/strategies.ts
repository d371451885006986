import type { RateQuote } from '../../domain/rating.js';
import { sortKeyOf, type CarrierTime } from '../../domain/time.js';
import type { ExcludedQuote, RateStrategy } from './types.js';

/**
 * How a rate shop orders its quotes (docs/assumptions.md RT3-RT6). Every rule is ordinal, so it needs no exchange
 * rate and no weights: a reviewer can check an answer by hand.
 */
export interface OrderedQuotes {
  quotes: RateQuote[];
  excluded: ExcludedQuote[];
}

export function orderQuotes(
  all: readonly RateQuote[],
  strategy: RateStrategy,
  context: { preferredCurrency: string | null; deliverBy: string | null },
): OrderedQuotes {
  const cheapest = orderCheapest(all, context.preferredCurrency);
  switch (strategy) {
    case 'CHEAPEST':
      return { quotes: cheapest, excluded: [] };
    case 'FASTEST':
      return { quotes: orderFastest(all, cheapest), excluded: [] };
    case 'BEST_VALUE':
      return { quotes: orderBestValue(all, cheapest), excluded: [] };
    case 'DELIVER_BY':
      return keepDeliveredBy(cheapest, context.deliverBy);
  }
}

/**
 * CHEAPEST (RT3): totals are compared only within one currency, never converted. The preferred currency's quotes come
 * first (the request's `currency`; without one, the currency most quotes are in, ties alphabetical), then each other
 * currency's quotes, currencies alphabetical. Within a currency: lower total first, then faster, then by carrier and
 * service code so the order never depends on which carrier answered first.
 */
export function orderCheapest(all: readonly RateQuote[], preferredCurrency: string | null): RateQuote[] {
  const lead = preferredCurrency ?? mostCommonCurrency(all);
  const amounts = amountKeys(all.map((quote) => quote.total.amount));
  const keyed = all.map((quote, i) => ({ quote, group: quote.total.currency === lead ? '' : quote.total.currency, amount: amounts[i]!, speed: speedKeyOf(quote) }));
  keyed.sort(
    (a, b) =>
      compareStrings(a.group, b.group) ||
      compareAmountKeys(a.amount, b.amount) ||
      compareSpeedKeys(a.speed, b.speed) ||
      compareIdentity(a.quote, b.quote),
  );
  return keyed.map((k) => k.quote);
}

/**
 * FASTEST (RT4): earliest estimated delivery (or commit date) first; then quotes that give only transit days, fewest
 * first; then quotes that give neither. Ties keep the CHEAPEST order.
 */
function orderFastest(all: readonly RateQuote[], cheapest: readonly RateQuote[]): RateQuote[] {
  const priceRank = rankIn(cheapest);
  const keyed = all.map((quote) => ({ quote, speed: speedKeyOf(quote), price: priceRank(quote) }));
  keyed.sort((a, b) => compareSpeedKeys(a.speed, b.speed) || a.price - b.price);
  return keyed.map((k) => k.quote);
}

/**
 * BEST_VALUE (RT5): the smallest sum of a quote's place in the CHEAPEST order and its place in the FASTEST order
 * (0-based); ties go to the cheaper. A quote that is both cheap and quick wins over one that is only one of them.
 */
function orderBestValue(all: readonly RateQuote[], cheapest: readonly RateQuote[]): RateQuote[] {
  const priceRank = rankIn(cheapest);
  const speedRank = rankIn(orderFastest(all, cheapest));
  return [...all].sort((a, b) => priceRank(a) + speedRank(a) - (priceRank(b) + speedRank(b)) || priceRank(a) - priceRank(b));
}

/**
 * DELIVER_BY (RT6): keeps the quotes whose delivery date (estimated delivery, else commit date; the date as the
 * carrier wrote it, local at the destination) is on or before `deliverBy`, in the CHEAPEST order. The others are
 * excluded with the reason; a quote with no date is never assumed to arrive in time.
 */
function keepDeliveredBy(cheapest: readonly RateQuote[], deliverBy: string | null): OrderedQuotes {
  const quotes: RateQuote[] = [];
  const excluded: ExcludedQuote[] = [];
  for (const quote of cheapest) {
    const date = deliveryDateOf(quote);
    if (date === null) excluded.push({ quote, reason: 'DELIVERY_DATE_UNKNOWN' });
    else if (deliverBy !== null && date > deliverBy) excluded.push({ quote, reason: 'ARRIVES_AFTER_DELIVER_BY' });
    else quotes.push(quote);
  }
  return { quotes, excluded };
}

/** The calendar date a quote says it arrives (YYYY-MM-DD as the carrier wrote it), or null when it gives none. */
export function deliveryDateOf(quote: RateQuote): string | null {
  const time = dateBearing(quote);
  const text = time?.instant ?? time?.localDateTime ?? null;
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
}

function dateBearing(quote: RateQuote): CarrierTime | null {
  // A promised window's end is when the parcel is there at the latest (the dark store's 2-4 hours).
  return quote.estimatedDelivery ?? quote.deliveryWindow?.to ?? quote.commitDate ?? null;
}

/**
 * What the speed order reads of a quote, worked out once per quote rather than once per comparison (a sort compares
 * each quote several times; parsing its date each time allocated most of a rate shop's ordering): its tier (dated,
 * transit days only, neither), its date's moment (an instant's, a local time read as UTC: ordering only) and its
 * transit days.
 */
interface SpeedKey { tier: number; time: number; transitDays: number }

function speedKeyOf(quote: RateQuote): SpeedKey {
  const dated = dateBearing(quote);
  return {
    tier: dated ? 0 : quote.transitDays !== null ? 1 : 2,
    time: dated ? sortKeyOf(dated) : 0,
    transitDays: quote.transitDays ?? Number.MAX_SAFE_INTEGER,
  };
}

/** Dated quotes by their time, then transit days; quotes with transit days only, fewest first; then the rest. */
function compareSpeedKeys(a: SpeedKey, b: SpeedKey): number {
  const byTier = a.tier - b.tier;
  if (byTier !== 0) return byTier;
  if (a.tier === 0) {
    const byTime = a.time - b.time;
    if (byTime !== 0) return byTime;
  }
  return a.transitDays - b.transitDays;
}

function compareIdentity(a: RateQuote, b: RateQuote): number {
  return (
    compareStrings(a.upstream, b.upstream) ||
    compareStrings(a.serviceCode, b.serviceCode) ||
    compareStrings(a.rateType, b.rateType) ||
    compareStrings(a.accountNumber ?? '', b.accountNumber ?? '')
  );
}

function rankIn(ordered: readonly RateQuote[]): (quote: RateQuote) => number {
  const ranks = new Map(ordered.map((quote, index) => [quote, index]));
  return (quote) => ranks.get(quote) ?? ordered.length;
}

function mostCommonCurrency(all: readonly RateQuote[]): string | null {
  const counts = new Map<string, number>();
  for (const quote of all) counts.set(quote.total.currency, (counts.get(quote.total.currency) ?? 0) + 1);
  let best: string | null = null;
  for (const [currency, count] of counts) {
    const bestCount = best === null ? -1 : counts.get(best)!;
    if (count > bestCount || (count === bestCount && currency < best!)) best = currency;
  }
  return best;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Compares two decimal strings exactly (amounts are strings, src/domain/money.ts: never floats). Scaled to integers of
 * the longer fraction, so `12.5` and `12.50` are equal. An amount that is not a decimal sorts last.
 */
export function compareAmounts(a: string, b: string): number {
  const [ka, kb] = amountKeys([a, b]);
  return compareAmountKeys(ka!, kb!);
}

/**
 * Each amount as an integer at the longest fraction among them (so any two compare exactly, as compareAmounts says),
 * or null when it is not a decimal. Parsed once per quote for a whole sort, not twice per comparison.
 */
function amountKeys(amounts: readonly string[]): Array<bigint | null> {
  const parsed = amounts.map(parseDecimal);
  let scale = 0;
  for (const p of parsed) if (p && p.fraction.length > scale) scale = p.fraction.length;
  return parsed.map((p) => (p ? BigInt(p.sign + p.whole + p.fraction.padEnd(scale, '0')) : null));
}

function compareAmountKeys(a: bigint | null, b: bigint | null): number {
  if (a === null || b === null) return a !== null ? -1 : b !== null ? 1 : 0;
  return a < b ? -1 : a > b ? 1 : 0;
}

function parseDecimal(value: string): { sign: string; whole: string; fraction: string } | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  return match ? { sign: match[1]!, whole: match[2]!, fraction: match[3] ?? '' } : null;
}
