/**
 * The rating service's own rules (fan-out, per-carrier deadline, coalescing, cache, filters, postal check), shown with
 * fake RatingConnectors in process: these rules do not depend on any carrier's wire. The same rules are shown through
 * /graphql to the simulators in rates.e2e.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { PostalValidationConnector, RatingConnector } from '../../src/carriers/types.js';
import type { Carrier, CarrierInterface } from '../../src/domain/carrier.js';
import { InputError, UpstreamError } from '../../src/domain/errors.js';
import type { LaneRefusal, RateOutcome, RateQuote, RateRequest } from '../../src/domain/rating.js';
import { quote } from './rates-support.js';
import { startDeadline } from '../../src/platform/http/deadline.js';
import { RatingService, type RatingServiceOptions } from '../../src/services/rating/rating-service.js';
import type { RateShopOptions } from '../../src/services/rating/types.js';

const ALL: RateShopOptions = { carriers: null, divisions: null, strategy: 'CHEAPEST', deliverBy: null };

function request(overrides: Partial<RateRequest> = {}): RateRequest {
  const address = (postalCode: string) => ({ countryCode: 'US', postalCode, city: null, stateOrProvinceCode: null, streetLines: [], residential: null });
  return {
    origin: address('30301'),
    destination: address('10001'),
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
    ...overrides,
  };
}

/** A connector whose answer the test decides; it counts its calls. */
class FakeConnector implements RatingConnector {
  calls = 0;
  readonly carrier: Carrier;
  readonly division: string | null;
  constructor(
    readonly upstream: CarrierInterface,
    private readonly answer: (request: RateRequest, call: number) => Promise<RateQuote[]> | 'never' | 'reject' | 'fail',
    private readonly refusal: LaneRefusal | null = null,
  ) {
    this.carrier = upstream === 'carrier-b' ? 'CARRIER_B' : upstream === 'dark-store' ? 'DARK_STORE' : 'GROUP_A';
    this.division = upstream.startsWith('group-a/') ? upstream.slice('group-a/'.length) : null;
  }
  refuses(): LaneRefusal | null {
    return this.refusal;
  }
  async rate(req: RateRequest): Promise<RateOutcome> {
    this.calls += 1;
    const answer = this.answer(req, this.calls);
    if (answer === 'never') return new Promise<RateOutcome>(() => {});
    if (answer === 'reject') throw new TypeError('a bug in the connector');
    if (answer === 'fail') {
      const error = new UpstreamError('server error', { code: 'UPSTREAM_UNAVAILABLE', upstream: this.upstream });
      return { ok: false, carrier: this.carrier, division: this.division, upstream: this.upstream, error, workableServices: [], warnings: [] };
    }
    return { ok: true, carrier: this.carrier, division: this.division, upstream: this.upstream, quotes: await answer, warnings: [] };
  }
}

const quick = (upstream: CarrierInterface, amount: string) => new FakeConnector(upstream, async () => [quote(upstream, 'S', amount)]);

function service(connectors: RatingConnector[], overrides: Partial<RatingServiceOptions> = {}): RatingService {
  return new RatingService({ connectors, carrierDeadlineMs: 200, cacheTtlMs: 60_000, cacheMaxEntries: 100, ...overrides });
}

describe('rate shopping across carriers (in process, fake connectors)', () => {
  it('one slow carrier is a timeout outcome naming RATE_CARRIER_DEADLINE_MS and never hides the others\' quotes', async () => {
    const slow = new FakeConnector('carrier-b', () => 'never');
    const express = quick('group-a/express', '30.00');
    const shop = await service([slow, express]).shop(request(), ALL);
    const failure = shop.outcomes.find((o) => o.upstream === 'carrier-b');
    expect(failure?.ok).toBe(false);
    expect(failure && !failure.ok && failure.error.code).toBe('UPSTREAM_DEADLINE_EXCEEDED');
    expect(failure && !failure.ok && (failure.error as { limit?: string }).limit).toBe('RATE_CARRIER_DEADLINE_MS');
    expect(shop.quotes.map((q) => q.upstream)).toEqual(['group-a/express']);
    expect(shop.best?.total.amount).toBe('30.00');
  });

  it("the request's own deadline bounds each carrier too, and is named when it is the one that passed", async () => {
    const slow = new FakeConnector('carrier-b', () => 'never');
    const deadline = startDeadline(50);
    const shop = await service([slow], { carrierDeadlineMs: 60_000 }).shop(request(), ALL, { deadline });
    const failure = shop.outcomes[0]!;
    expect(!failure.ok && (failure.error as { limit?: string }).limit).toBe('REQUEST_DEADLINE_MS');
  });

  it('a connector that rejects despite its contract is a failed outcome beside the others', async () => {
    const broken = new FakeConnector('group-a/ecommerce', () => 'reject');
    const seen: unknown[] = [];
    const shop = await service([broken, quick('carrier-b', '12.00')], { onUnexpected: (error) => seen.push(error) }).shop(request(), ALL);
    expect(shop.outcomes.map((o) => [o.upstream, o.ok])).toEqual([['group-a/ecommerce', false], ['carrier-b', true]]);
    expect(seen).toHaveLength(1);
    expect(shop.quotes).toHaveLength(1);
  });

  it("a connector whose refuses() throws is a failed outcome beside the others' quotes", async () => {
    const broken = quick('group-a/ecommerce', '8.00');
    broken.refuses = () => {
      throw new TypeError('a bug in refuses');
    };
    const shop = await service([broken, quick('carrier-b', '12.00')]).shop(request(), ALL);
    expect(shop.outcomes.map((o) => [o.upstream, o.ok])).toEqual([['group-a/ecommerce', false], ['carrier-b', true]]);
    expect(broken.calls).toBe(0);
  });

  it('each carrier is called once per rate request, all in parallel', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const gated = (upstream: CarrierInterface) =>
      new FakeConnector(upstream, async () => {
        started.push(upstream);
        if (started.length === 3) release();
        await gate; // every carrier must have been asked before any answers: they run in parallel
        return [quote(upstream, 'S', '10.00')];
      });
    const connectors = [gated('group-a/express'), gated('group-a/ecommerce'), gated('carrier-b')];
    const shop = await service(connectors, { carrierDeadlineMs: 5_000 }).shop(request(), ALL);
    expect(connectors.map((c) => c.calls)).toEqual([1, 1, 1]);
    expect(shop.quotes).toHaveLength(3);
  });

  it('identical rate requests in flight share one call per carrier', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const connector = new FakeConnector('carrier-b', async () => {
      await gate;
      return [quote('carrier-b', 'S', '10.00')];
    });
    const rating = service([connector], { carrierDeadlineMs: 5_000 });
    const first = rating.shop(request(), ALL);
    const second = rating.shop(request(), { ...ALL, strategy: 'FASTEST' });
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(connector.calls).toBe(1);
    expect(a.fromCache).toBe(false);
    expect(b.fromCache).toBe(true);
    expect(b.quotedAt).toBe(a.quotedAt);
  });

  it('an identical rate request within RATE_CACHE_TTL_MS calls no carrier and answers fromCache with the original quotedAt', async () => {
    const connectors = [quick('group-a/express', '30.00'), quick('carrier-b', '12.00')];
    let clock = Date.parse('2026-03-10T12:00:00Z');
    const rating = service(connectors, { now: () => new Date(clock) });
    const first = await rating.shop(request(), ALL);
    clock += 30_000;
    // The same request written in another field order is the same request.
    const reordered = Object.fromEntries(Object.entries(request()).reverse()) as unknown as RateRequest;
    const second = await rating.shop(reordered, ALL);
    expect(connectors.map((c) => c.calls)).toEqual([1, 1]);
    expect(second.fromCache).toBe(true);
    expect(second.quotedAt).toBe(first.quotedAt);
    expect(second.quotes).toEqual(first.quotes);
  });

  it('an identical rate request after RATE_CACHE_TTL_MS asks the carriers again', async () => {
    const connector = quick('carrier-b', '12.00');
    let clock = Date.parse('2026-03-10T12:00:00Z');
    const rating = service([connector], { cacheTtlMs: 60_000, now: () => new Date(clock) });
    await rating.shop(request(), ALL);
    clock += 59_000;
    expect((await rating.shop(request(), ALL)).fromCache).toBe(true);
    clock += 2_000;
    const late = await rating.shop(request(), ALL);
    expect(late.fromCache).toBe(false);
    expect(connector.calls).toBe(2);
  });

  it('the cache holds at most RATE_CACHE_MAX_ENTRIES answers, the least recently used leaving first', async () => {
    const connector = quick('carrier-b', '12.00');
    const rating = service([connector], { cacheMaxEntries: 1 });
    await rating.shop(request({ shipDate: '2026-03-10' }), ALL);
    await rating.shop(request({ shipDate: '2026-03-11' }), ALL);
    expect((await rating.shop(request({ shipDate: '2026-03-11' }), ALL)).fromCache).toBe(true);
    expect((await rating.shop(request({ shipDate: '2026-03-10' }), ALL)).fromCache).toBe(false);
    expect(connector.calls).toBe(3);
  });

  it('a different rate request is asked again', async () => {
    const connector = quick('carrier-b', '12.00');
    const rating = service([connector]);
    await rating.shop(request(), ALL);
    await rating.shop(request({ shipDate: '2026-03-11' }), ALL);
    expect(connector.calls).toBe(2);
  });

  it('a failure is not cached: the next identical request asks that carrier again, and only that one', async () => {
    const flaky = new FakeConnector('carrier-b', (_r, call) => (call === 1 ? 'fail' : Promise.resolve([quote('carrier-b', 'S', '12.00')])));
    const steady = quick('group-a/express', '30.00');
    const rating = service([flaky, steady]);
    const first = await rating.shop(request(), ALL);
    expect(first.outcomes.map((o) => o.ok)).toEqual([false, true]);
    const second = await rating.shop(request(), ALL);
    expect(flaky.calls).toBe(2);
    expect(steady.calls).toBe(1);
    expect(second.outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(second.fromCache).toBe(false);
  });

  it('a timeout is not cached either', async () => {
    const slowOnce = new FakeConnector('carrier-b', (_r, call) => (call === 1 ? 'never' : Promise.resolve([quote('carrier-b', 'S', '12.00')])));
    const rating = service([slowOnce]);
    expect((await rating.shop(request(), ALL)).outcomes[0]!.ok).toBe(false);
    expect((await rating.shop(request(), ALL)).outcomes[0]!.ok).toBe(true);
    expect(slowOnce.calls).toBe(2);
  });

  it('RATE_CACHE_TTL_MS=0 disables the cache', async () => {
    const connector = quick('carrier-b', '12.00');
    const rating = service([connector], { cacheTtlMs: 0 });
    await rating.shop(request(), ALL);
    const second = await rating.shop(request(), ALL);
    expect(connector.calls).toBe(2);
    expect(second.fromCache).toBe(false);
  });

  it('carriers and divisions not asked for are skipped as FILTERED_OUT without a call', async () => {
    const express = quick('group-a/express', '30.00');
    const ecommerce = quick('group-a/ecommerce', '8.00');
    const carrierB = quick('carrier-b', '12.00');
    const shop = await service([express, ecommerce, carrierB]).shop(request(), { ...ALL, carriers: ['GROUP_A'], divisions: ['express'] });
    expect([express.calls, ecommerce.calls, carrierB.calls]).toEqual([1, 0, 0]);
    expect(shop.skipped.map((s) => [s.upstream, s.refusal.code])).toEqual([
      ['group-a/ecommerce', 'FILTERED_OUT'],
      ['carrier-b', 'FILTERED_OUT'],
    ]);
  });

  it("a connector's refusal skips it with its reason and without a call", async () => {
    const store = new FakeConnector('dark-store', async () => [], { code: 'NOT_IN_CATCHMENT', message: 'pincode not served' });
    const shop = await service([store, quick('carrier-b', '12.00')]).shop(request(), ALL);
    expect(store.calls).toBe(0);
    expect(shop.skipped).toEqual([{ carrier: 'DARK_STORE', division: null, upstream: 'dark-store', refusal: { code: 'NOT_IN_CATCHMENT', message: 'pincode not served' } }]);
  });
});

describe('Carrier B postal validation before quoting', () => {
  const validator = (valid: boolean | 'fail'): PostalValidationConnector & { calls: number } => ({
    upstream: 'carrier-b',
    carrier: 'CARRIER_B',
    division: null,
    calls: 0,
    async validatePostalCode(countryCode, postalCode) {
      this.calls += 1;
      if (valid === 'fail') throw new UpstreamError('down', { code: 'UPSTREAM_UNAVAILABLE', upstream: 'carrier-b' });
      return { countryCode, postalCode, valid, cleanedPostalCode: null, city: null, stateOrProvinceCode: null, warnings: [] };
    },
  });

  it('a postal code the carrier says does not exist is BAD_USER_INPUT naming the field, before any rate call', async () => {
    const carrierB = quick('carrier-b', '12.00');
    const express = quick('group-a/express', '30.00');
    const rating = service([carrierB, express], { postalValidators: [validator(false)] });
    const error = await rating.shop(request(), ALL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe('input.origin.postalCode');
    expect([carrierB.calls, express.calls]).toEqual([0, 0]);
  });

  it('a validator failure is a warning, not a block', async () => {
    const carrierB = quick('carrier-b', '12.00');
    const shop = await service([carrierB], { postalValidators: [validator('fail')] }).shop(request(), ALL);
    expect(carrierB.calls).toBe(1);
    expect(shop.warnings?.map((w) => w.code)).toEqual(['POSTAL_CODE_NOT_CHECKED', 'POSTAL_CODE_NOT_CHECKED']);
  });

  it('with RATE_CACHE_TTL_MS longer than the 10 minutes of a postal answer, a cached rate shop still calls no carrier', async () => {
    const check = validator(true);
    const carrierB = quick('carrier-b', '12.00');
    let clock = Date.parse('2026-03-10T12:00:00Z');
    const rating = service([carrierB], { postalValidators: [check], cacheTtlMs: 30 * 60_000, now: () => new Date(clock) });
    await rating.shop(request(), ALL);
    clock += 20 * 60_000;
    const again = await rating.shop(request(), ALL);
    expect(again.fromCache).toBe(true);
    expect([check.calls, carrierB.calls]).toEqual([2, 1]);
  });

  it('validations are cached briefly; Carrier B codes are not checked when Carrier B is not asked', async () => {
    const check = validator(true);
    const rating = service([quick('carrier-b', '12.00'), quick('group-a/express', '30.00')], { postalValidators: [check], cacheTtlMs: 0 });
    await rating.shop(request(), ALL);
    await rating.shop(request(), ALL);
    expect(check.calls).toBe(2); // origin and destination, once each
    await rating.shop(request({ shipDate: '2026-03-12' }), { ...ALL, carriers: ['GROUP_A'] });
    expect(check.calls).toBe(2);
  });
});
