/** The strategies' rules (docs/assumptions.md RT3-RT6) on quotes built by hand, so each rule can be read off the test. */
import { describe, expect, it } from 'vitest';
import type { RateQuote } from '../../src/domain/rating.js';
import { compareAmounts, orderQuotes } from '../../src/services/rating/strategies.js';
import { quote } from './rates-support.js';

const at = (date: string) => ({ instant: null, localDateTime: `${date}T18:00:00` });
const codes = (quotes: RateQuote[]) => quotes.map((q) => q.serviceCode);
const none = { preferredCurrency: null, deliverBy: null };

describe('rate strategies', () => {
  it('amounts are compared as decimals, never as floats or text (12.5 = 12.50 < 100)', () => {
    expect(compareAmounts('12.5', '12.50')).toBe(0);
    expect(compareAmounts('9.99', '100')).toBeLessThan(0);
    expect(compareAmounts('0.1', '0.09')).toBeGreaterThan(0);
  });

  it('CHEAPEST orders by total within one currency, the other currencies after', () => {
    const quotes = [
      quote('carrier-b', 'EUR-5', '5.00', { total: { amount: '5.00', currency: 'EUR' } }),
      quote('carrier-b', 'USD-20', '20.00'),
      quote('group-a/express', 'USD-9', '9.00'),
      quote('group-a/ecommerce', 'USD-100', '100.00'),
    ];
    // USD is the currency most quotes are in, so it leads; the cheaper EUR quote is not compared with them.
    expect(codes(orderQuotes(quotes, 'CHEAPEST', none).quotes)).toEqual(['USD-9', 'USD-20', 'USD-100', 'EUR-5']);
    // The request's currency leads when given.
    expect(codes(orderQuotes(quotes, 'CHEAPEST', { ...none, preferredCurrency: 'EUR' }).quotes)).toEqual(['EUR-5', 'USD-9', 'USD-20', 'USD-100']);
  });

  it('FASTEST puts the earliest estimated delivery first, then transit days only, then neither', () => {
    const quotes = [
      quote('carrier-b', 'NONE', '1.00'),
      quote('carrier-b', 'DAYS-1', '2.00', { transitDays: 1 }),
      quote('group-a/express', 'MAR-12', '30.00', { estimatedDelivery: at('2026-03-12') }),
      quote('group-a/express', 'MAR-11', '40.00', { estimatedDelivery: at('2026-03-11') }),
    ];
    expect(codes(orderQuotes(quotes, 'FASTEST', none).quotes)).toEqual(['MAR-11', 'MAR-12', 'DAYS-1', 'NONE']);
  });

  it('BEST_VALUE picks the smallest sum of the price place and the speed place, ties to the cheaper', () => {
    const quotes = [
      quote('carrier-b', 'CHEAP-SLOW', '5.00', { estimatedDelivery: at('2026-03-20') }),
      quote('group-a/express', 'DEAR-FAST', '50.00', { estimatedDelivery: at('2026-03-11') }),
      quote('carrier-b', 'MIDDLE', '10.00', { estimatedDelivery: at('2026-03-12') }),
    ];
    // price places: CHEAP-SLOW 0, MIDDLE 1, DEAR-FAST 2; speed places: DEAR-FAST 0, MIDDLE 1, CHEAP-SLOW 2.
    // sums: CHEAP-SLOW 2, MIDDLE 2, DEAR-FAST 2 -> ties go to the cheaper.
    expect(codes(orderQuotes(quotes, 'BEST_VALUE', none).quotes)).toEqual(['CHEAP-SLOW', 'MIDDLE', 'DEAR-FAST']);
    const withSlowDear = [...quotes, quote('carrier-b', 'DEAR-SLOW', '60.00', { estimatedDelivery: at('2026-03-25') })];
    expect(codes(orderQuotes(withSlowDear, 'BEST_VALUE', none).quotes).at(-1)).toBe('DEAR-SLOW');
  });

  it('DELIVER_BY keeps only quotes arriving on or before the date, cheapest first; late and undated ones are excluded and said so', () => {
    const quotes = [
      quote('carrier-b', 'ON-DAY', '20.00', { estimatedDelivery: { instant: '2026-03-12T23:30:00-05:00', localDateTime: null } }),
      quote('carrier-b', 'EARLY', '25.00', { commitDate: at('2026-03-11') }),
      quote('group-a/express', 'LATE', '5.00', { estimatedDelivery: at('2026-03-13') }),
      quote('group-a/ecommerce', 'UNDATED', '3.00', { transitDays: 1 }),
    ];
    const ordered = orderQuotes(quotes, 'DELIVER_BY', { ...none, deliverBy: '2026-03-12' });
    // The date as the carrier wrote it (local at the destination), never shifted to UTC.
    expect(codes(ordered.quotes)).toEqual(['ON-DAY', 'EARLY']);
    expect(ordered.excluded.map((e) => [e.quote.serviceCode, e.reason])).toEqual([
      ['UNDATED', 'DELIVERY_DATE_UNKNOWN'],
      ['LATE', 'ARRIVES_AFTER_DELIVER_BY'],
    ]);
  });

  it("a promised delivery window's end dates a quote (the dark store's 2-4 hours) for FASTEST and DELIVER_BY", () => {
    const window = { from: { instant: '2026-03-10T14:00:00+05:30', localDateTime: null }, to: { instant: '2026-03-10T16:00:00+05:30', localDateTime: null } };
    const quotes = [quote('carrier-b', 'NEXT-DAY', '5.00', { estimatedDelivery: at('2026-03-11') }), quote('dark-store', 'WINDOW', '22.00', { deliveryWindow: window })];
    expect(codes(orderQuotes(quotes, 'FASTEST', none).quotes)).toEqual(['WINDOW', 'NEXT-DAY']);
    expect(codes(orderQuotes(quotes, 'DELIVER_BY', { ...none, deliverBy: '2026-03-10' }).quotes)).toEqual(['WINDOW']);
  });

  it('orders exactly as the rules compared pair by pair, with each quote read once (random quote sets, CHEAPEST and FASTEST)', () => {
    // The rules as one comparison of two quotes, written out plainly: the ordering reads each quote once and must give
    // the same order, stability included.
    const tierOf = (q: RateQuote) => (q.estimatedDelivery ?? q.deliveryWindow?.to ?? q.commitDate ? 0 : q.transitDays !== null ? 1 : 2);
    const timeOf = (q: RateQuote) => {
      const t = q.estimatedDelivery ?? q.deliveryWindow?.to ?? q.commitDate ?? null;
      return t?.instant ? Date.parse(t.instant) : t?.localDateTime ? Date.parse(`${t.localDateTime}Z`) : Number.NEGATIVE_INFINITY;
    };
    const speed = (a: RateQuote, b: RateQuote) =>
      tierOf(a) - tierOf(b) || (tierOf(a) === 0 ? timeOf(a) - timeOf(b) : 0) || (a.transitDays ?? Number.MAX_SAFE_INTEGER) - (b.transitDays ?? Number.MAX_SAFE_INTEGER);
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const cheapest = (quotes: RateQuote[], lead: string) =>
      [...quotes].sort(
        (a, b) =>
          text(a.total.currency === lead ? '' : a.total.currency, b.total.currency === lead ? '' : b.total.currency) ||
          compareAmounts(a.total.amount, b.total.amount) ||
          speed(a, b) ||
          text(a.upstream, b.upstream) ||
          text(a.serviceCode, b.serviceCode),
      );
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const amounts = ['5', '5.0', '5.00', '12.5', '12.50', '9.99', '100', '0.09', '0.1', '-1.5', '-0', '0', 'n/a', ' 7.25 ', '1e3'];
    const days = ['2026-03-11', '2026-03-12', '2026-03-13'];
    for (let round = 0; round < 300; round++) {
      const quotes = Array.from({ length: 1 + next(12) }, (_, i) => {
        const dated = next(4);
        return quote(next(2) ? 'carrier-b' : 'group-a/express', `S${next(4)}-${i}`, amounts[next(amounts.length)]!, {
          total: { amount: amounts[next(amounts.length)]!, currency: next(3) ? 'USD' : 'EUR' },
          transitDays: next(3) ? next(5) : null,
          ...(dated === 0 ? { estimatedDelivery: at(days[next(3)]!) } : {}),
          ...(dated === 1 ? { commitDate: { instant: `${days[next(3)]}T1${next(10)}:00:00-05:00`, localDateTime: null } } : {}),
        });
      });
      const usd = quotes.filter((q) => q.total.currency === 'USD').length;
      const eur = quotes.length - usd;
      // The currency most quotes are in leads; a tie goes to the first alphabetically (EUR).
      const lead = usd > eur ? 'USD' : 'EUR';
      const expected = cheapest(quotes, lead);
      expect(orderQuotes(quotes, 'CHEAPEST', none).quotes).toEqual(expected);
      expect(orderQuotes(quotes, 'CHEAPEST', { ...none, preferredCurrency: 'EUR' }).quotes).toEqual(cheapest(quotes, 'EUR'));
      const rank = new Map(expected.map((q, i) => [q, i]));
      expect(orderQuotes(quotes, 'FASTEST', none).quotes).toEqual([...quotes].sort((a, b) => speed(a, b) || rank.get(a)! - rank.get(b)!));
    }
  });
});
