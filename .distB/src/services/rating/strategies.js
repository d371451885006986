import { sortKeyOf } from '../../domain/time.js';
export function orderQuotes(all, strategy, context) {
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
export function orderCheapest(all, preferredCurrency) {
    const lead = preferredCurrency ?? mostCommonCurrency(all);
    const groupRank = (currency) => (currency === lead ? '' : currency);
    return [...all].sort((a, b) => compareStrings(groupRank(a.total.currency), groupRank(b.total.currency)) ||
        compareAmounts(a.total.amount, b.total.amount) ||
        compareSpeed(a, b) ||
        compareIdentity(a, b));
}
/**
 * FASTEST (RT4): earliest estimated delivery (or commit date) first; then quotes that give only transit days, fewest
 * first; then quotes that give neither. Ties keep the CHEAPEST order.
 */
function orderFastest(all, cheapest) {
    const priceRank = rankIn(cheapest);
    return [...all].sort((a, b) => compareSpeed(a, b) || priceRank(a) - priceRank(b));
}
/**
 * BEST_VALUE (RT5): the smallest sum of a quote's place in the CHEAPEST order and its place in the FASTEST order
 * (0-based); ties go to the cheaper. A quote that is both cheap and quick wins over one that is only one of them.
 */
function orderBestValue(all, cheapest) {
    const priceRank = rankIn(cheapest);
    const speedRank = rankIn(orderFastest(all, cheapest));
    return [...all].sort((a, b) => priceRank(a) + speedRank(a) - (priceRank(b) + speedRank(b)) || priceRank(a) - priceRank(b));
}
/**
 * DELIVER_BY (RT6): keeps the quotes whose delivery date (estimated delivery, else commit date; the date as the
 * carrier wrote it, local at the destination) is on or before `deliverBy`, in the CHEAPEST order. The others are
 * excluded with the reason; a quote with no date is never assumed to arrive in time.
 */
function keepDeliveredBy(cheapest, deliverBy) {
    const quotes = [];
    const excluded = [];
    for (const quote of cheapest) {
        const date = deliveryDateOf(quote);
        if (date === null)
            excluded.push({ quote, reason: 'DELIVERY_DATE_UNKNOWN' });
        else if (deliverBy !== null && date > deliverBy)
            excluded.push({ quote, reason: 'ARRIVES_AFTER_DELIVER_BY' });
        else
            quotes.push(quote);
    }
    return { quotes, excluded };
}
/** The calendar date a quote says it arrives (YYYY-MM-DD as the carrier wrote it), or null when it gives none. */
export function deliveryDateOf(quote) {
    const time = dateBearing(quote);
    const text = time?.instant ?? time?.localDateTime ?? null;
    return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
}
function dateBearing(quote) {
    // A promised window's end is when the parcel is there at the latest (the dark store's 2-4 hours).
    return quote.estimatedDelivery ?? quote.deliveryWindow?.to ?? quote.commitDate ?? null;
}
/** Dated quotes by their time (an instant's moment, a local time read as UTC: ordering only), then transit days. */
function compareSpeed(a, b) {
    const tier = (q) => (dateBearing(q) ? 0 : q.transitDays !== null ? 1 : 2);
    const byTier = tier(a) - tier(b);
    if (byTier !== 0)
        return byTier;
    if (tier(a) === 0) {
        const byTime = sortKeyOf(dateBearing(a)) - sortKeyOf(dateBearing(b));
        if (byTime !== 0)
            return byTime;
    }
    return (a.transitDays ?? Number.MAX_SAFE_INTEGER) - (b.transitDays ?? Number.MAX_SAFE_INTEGER);
}
function compareIdentity(a, b) {
    return (compareStrings(a.upstream, b.upstream) ||
        compareStrings(a.serviceCode, b.serviceCode) ||
        compareStrings(a.rateType, b.rateType) ||
        compareStrings(a.accountNumber ?? '', b.accountNumber ?? ''));
}
function rankIn(ordered) {
    const ranks = new Map(ordered.map((quote, index) => [quote, index]));
    return (quote) => ranks.get(quote) ?? ordered.length;
}
function mostCommonCurrency(all) {
    const counts = new Map();
    for (const quote of all)
        counts.set(quote.total.currency, (counts.get(quote.total.currency) ?? 0) + 1);
    let best = null;
    for (const [currency, count] of counts) {
        const bestCount = best === null ? -1 : counts.get(best);
        if (count > bestCount || (count === bestCount && currency < best))
            best = currency;
    }
    return best;
}
function compareStrings(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/**
 * Compares two decimal strings exactly (amounts are strings, src/domain/money.ts: never floats). Scaled to integers of
 * the longer fraction, so `12.5` and `12.50` are equal. An amount that is not a decimal sorts last.
 */
export function compareAmounts(a, b) {
    const pa = parseDecimal(a);
    const pb = parseDecimal(b);
    if (!pa || !pb)
        return pa ? -1 : pb ? 1 : 0;
    const scale = Math.max(pa.fraction.length, pb.fraction.length);
    const va = BigInt(pa.sign + pa.whole + pa.fraction.padEnd(scale, '0'));
    const vb = BigInt(pb.sign + pb.whole + pb.fraction.padEnd(scale, '0'));
    return va < vb ? -1 : va > vb ? 1 : 0;
}
function parseDecimal(value) {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
    return match ? { sign: match[1], whole: match[2], fraction: match[3] ?? '' } : null;
}
