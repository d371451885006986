/**
 * A rate shop's carrier deadlines end with the carriers' answers: the signal a carrier's call ran under (its own
 * RATE_CARRIER_DEADLINE_MS, combined with the request's deadline) is not aborted later by a timer left behind. Such a
 * timer fired for every carrier of every rate shop, seconds after the answer, with an exception made for nobody.
 */
import { describe, expect, it } from 'vitest';
import type { RatingConnector } from '../../src/carriers/types.js';
import type { RateOutcome, RateRequest } from '../../src/domain/rating.js';
import { currentDeadline, startDeadline } from '../../src/platform/http/deadline.js';
import { RatingService } from '../../src/services/rating/rating-service.js';
import { quote } from '../rating/rates-support.js';

const address = (postalCode: string) => ({ countryCode: 'US', postalCode, city: null, stateOrProvinceCode: null, streetLines: [], residential: null });
const request: RateRequest = {
  origin: address('30301'),
  destination: address('94105'),
  packages: [{ weight: { value: 2, unit: 'KG' }, dimensions: null }],
  shipDate: '2026-03-10',
  readyTime: '12:00:00',
  originUtcOffset: '+00:00',
  declaredValue: null,
  customs: null,
  cashOnDelivery: null,
  currency: null,
  serviceCodes: [],
  expressAccountNumber: null,
  itemCount: null,
};

/** Answers at once, keeping the deadline signal its call ran under. */
function answering(): RatingConnector & { seen: AbortSignal[] } {
  const seen: AbortSignal[] = [];
  return {
    seen,
    carrier: 'CARRIER_B',
    division: null,
    upstream: 'carrier-b',
    refuses: () => null,
    rate: async (): Promise<RateOutcome> => {
      seen.push(currentDeadline()!);
      return { ok: true, carrier: 'CARRIER_B', division: null, upstream: 'carrier-b', quotes: [quote('carrier-b', 'S', '10.00')], warnings: [] };
    },
  };
}

describe('carrier deadlines of a rate shop', () => {
  it("a carrier's deadline is cleared once it answered: its signal is never aborted afterwards", async () => {
    const connector = answering();
    const rating = new RatingService({ connectors: [connector], carrierDeadlineMs: 40, cacheTtlMs: 0, cacheMaxEntries: 10 });
    const shop = await rating.shop(request, { carriers: null, divisions: null, strategy: 'CHEAPEST', deliverBy: null }, { deadline: startDeadline(60_000) });
    expect(shop.quotes).toHaveLength(1);
    // Past the carrier's deadline (40 ms): nothing is left to fire.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(connector.seen).toHaveLength(1);
    expect(connector.seen[0]!.aborted).toBe(false);
  });

  it("a carrier still waiting is cut by its own deadline, or by the request's when that comes first", async () => {
    const never: RatingConnector = { carrier: 'CARRIER_B', division: null, upstream: 'carrier-b', refuses: () => null, rate: () => new Promise(() => {}) };
    const options = { carriers: null, divisions: null, strategy: 'CHEAPEST' as const, deliverBy: null };
    const own = await new RatingService({ connectors: [never], carrierDeadlineMs: 30, cacheTtlMs: 0, cacheMaxEntries: 10 }).shop(request, options, { deadline: startDeadline(60_000) });
    expect(own.outcomes[0]!.ok === false && (own.outcomes[0]!.error as { limit?: string }).limit).toBe('RATE_CARRIER_DEADLINE_MS');
    const requests = await new RatingService({ connectors: [never], carrierDeadlineMs: 60_000, cacheTtlMs: 0, cacheMaxEntries: 10 }).shop(request, options, { deadline: startDeadline(30) });
    expect(requests.outcomes[0]!.ok === false && (requests.outcomes[0]!.error as { limit?: string }).limit).toBe('REQUEST_DEADLINE_MS');
  });
});
