import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { createCarrierBHttpClient } from '../../../src/carriers/carrier-b/client.js';
import { createCarrierBConnector, type CarrierBConnector } from '../../../src/carriers/carrier-b/connector.js';
import type { Shipment } from '../../../src/domain/shipment.js';
import type { TrackOutcome, TrackRequest } from '../../../src/domain/tracking.js';
import { trackRequest } from '../../support/track-request.js';
import type { CarrierBConfig } from '../../../src/carriers/carrier-b/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics, type Metrics } from '../../../src/platform/metrics.js';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.js';

/** Carrier B tracking through real HTTP against the sandbox simulator (seed 001). */
const TRACK = 'POST /track/v1/trackingnumbers';

let sandbox: Sandbox;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  sandbox = await startSandbox({ faults: { carrierB: { latencyMs: 5 } } });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.resetStats());
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

function connect(options: { config?: Partial<CarrierBConfig>; now?: () => number; maxRetryAfterWaitMs?: number } = {}) {
  const metrics: Metrics = createMetrics();
  const credentials = sandbox.credentials.carrierB;
  const config: CarrierBConfig = { baseUrl: sandbox.urls.carrierB, ...credentials, locale: null, ...options.config };
  const client = createCarrierBHttpClient({
    config,
    timeouts: { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
    retryBaseDelayMs: 20,
    metrics,
    logger: createLogger('silent'),
    ...(options.now ? { now: options.now } : {}),
    ...(options.maxRetryAfterWaitMs !== undefined ? { maxRetryAfterWaitMs: options.maxRetryAfterWaitMs } : {}),
  });
  const connector: CarrierBConnector = createCarrierBConnector({ client, config });
  opened.push(connector);
  return { connector, metrics };
}

async function proxied(): Promise<RecordingProxy> {
  const proxy = await startRecordingProxy(sandbox.urls.carrierB);
  opened.push(proxy);
  return proxy;
}

function req(trackingNumber: string, extra: Partial<TrackRequest> = {}): TrackRequest {
  return trackRequest('CARRIER_B', trackingNumber, { includeEvents: false, ...extra });
}

/** `count` distinct 12-digit numbers of ordinary shipments (no 404/500 ending, no 99 prefix). */
function numbers(count: number, lastDigit = 3): string[] {
  return Array.from({ length: count }, (_, i) => `2000000${String(i).padStart(4, '0')}${lastDigit}`);
}

function shipments(outcome: TrackOutcome | undefined): Shipment[] {
  if (!outcome?.ok) throw new Error(`expected shipments, got ${outcome ? `${outcome.error.code} ${outcome.error.message}` : 'nothing'}`);
  return outcome.shipments;
}

function errorCode(outcome: TrackOutcome | undefined): string | undefined {
  return outcome && !outcome.ok ? outcome.error.code : undefined;
}

describe('Carrier B authentication (seed 001, Authentication)', () => {
  it('a token is minted once and cached across calls', async () => {
    const { connector } = connect();
    await connector.track([req('200000000013')]);
    await connector.track([req('200000000023')]);
    expect(sandbox.stats.carrierB.tokenMints).toBe(1);
    expect(sandbox.stats.carrierB.calls[TRACK]).toBe(2);
  });

  it('wrong client credentials: UPSTREAM_UNAUTHORIZED on every item, and no track call is made', async () => {
    const { connector } = connect({ config: { clientSecret: 'not-the-secret' } });
    const outcomes = await connector.track(numbers(3).map((n) => req(n)));
    expect(outcomes.map(errorCode)).toEqual(['UPSTREAM_UNAUTHORIZED', 'UPSTREAM_UNAUTHORIZED', 'UPSTREAM_UNAUTHORIZED']);
    expect(outcomes[0]?.ok === false && outcomes[0].error.carrierCode).toBe('NOT.AUTHORIZED.ERROR');
    expect(sandbox.stats.carrierB.calls[TRACK]).toBeUndefined();
  });

  it('the token is re-minted before its 3600 seconds elapse, not after a 401', async () => {
    let clock = Date.now();
    const { connector } = connect({ now: () => clock });
    await connector.track([req('200000000013')]);
    clock += 3_600_000 - 30_000; // inside the last minute of the token's life
    expect(shipments((await connector.track([req('200000000013')]))[0])).toHaveLength(1);
    expect(sandbox.stats.carrierB.tokenMints).toBe(2);
    expect(sandbox.stats.carrierB.responses['401']).toBeUndefined();
  });

  it('when a call returns 401, mint a new token and retry once: one re-mint even under 100 concurrent track calls', async () => {
    const { connector } = connect();
    await connector.track([req('200000000013')]);
    sandbox.revokeTokens('carrierB');
    const outcomes = await Promise.all(numbers(100).map((n) => connector.track([req(n)])));
    expect(outcomes.flat().filter((o) => o.ok)).toHaveLength(100);
    expect(sandbox.stats.carrierB.responses['401']).toBeGreaterThan(0);
    expect(sandbox.stats.carrierB.tokenMints).toBe(2);
  });
});

describe('Carrier B failures (seed 001, Errors)', () => {
  it('when the server fails with 500, one retry with backoff, then success', async () => {
    const { connector } = connect();
    await connector.track([req('200000000013')]); // token first, so only track calls are counted below
    sandbox.resetStats();
    sandbox.failNext('carrierB', { status: 500, count: 1 });
    const [outcome] = await connector.track([req('200000000013')]);
    expect(shipments(outcome)).toHaveLength(1);
    expect(sandbox.stats.carrierB.calls[TRACK]).toBe(2);
  });

  it('a 503 twice is UPSTREAM_UNAVAILABLE on every item after exactly two calls', async () => {
    const { connector } = connect();
    await connector.track([req('200000000013')]);
    sandbox.resetStats();
    sandbox.failNext('carrierB', { status: 503, count: 2 });
    const outcomes = await connector.track(numbers(2).map((n) => req(n)));
    expect(outcomes.map(errorCode)).toEqual(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_UNAVAILABLE']);
    expect(outcomes[0]?.ok === false && outcomes[0].error.carrierCode).toBe('SERVICE.UNAVAILABLE.ERROR');
    expect(sandbox.stats.carrierB.calls[TRACK]).toBe(2);
  });

  it('a 429 is honoured through Retry-After (assumption B3): a short wait is waited out, a long one is UPSTREAM_RATE_LIMITED with retryAt', async () => {
    const { connector } = connect();
    await connector.track([req('200000000013')]);
    sandbox.resetStats();
    sandbox.failNext('carrierB', { status: 429, count: 1, retryAfterSec: 1 });
    const started = Date.now();
    expect(shipments((await connector.track([req('200000000013')]))[0])).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(sandbox.stats.carrierB.calls[TRACK]).toBe(2);

    sandbox.failNext('carrierB', { status: 429, count: 1, retryAfterSec: 90 });
    const [limited] = await connector.track([req('200000000013')]);
    expect(errorCode(limited)).toBe('UPSTREAM_RATE_LIMITED');
    expect(limited?.ok === false && limited.error.retryAt!.getTime()).toBeGreaterThan(Date.now() + 80_000);
  });

  it('a track request with several numbers can succeed in part: a not-found number fails only its own item', async () => {
    const { connector } = connect();
    const outcomes = await connector.track([req('200000000013'), req('200000000404'), req('200000000021')]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(errorCode(outcomes[1])).toBe('UPSTREAM_NOT_FOUND');
    expect(outcomes[1]?.ok === false && outcomes[1].error.carrierCode).toBe('TRACKING.TRACKINGNUMBER.NOTFOUND');
    expect(sandbox.stats.carrierB.calls[TRACK]).toBe(1);
  });

  it('a malformed track result is UPSTREAM_CONTRACT for that item only while its siblings succeed', async () => {
    const { connector } = connect();
    const outcomes = await connector.track([req('200000000013'), req('200000000500'), req('200000000021')]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual(['ok', 'UPSTREAM_CONTRACT', 'ok']);
  });
});

describe('Carrier B tracking (seed 001, Track request / answer)', () => {
  it('at most 30 numbers per track request: 30 numbers cost 1 call, 31 cost 2, 95 cost 4', async () => {
    const { connector } = connect();
    for (const [count, calls] of [
      [30, [30]],
      [31, [30, 1]],
      [95, [30, 30, 30, 5]],
    ] as const) {
      sandbox.resetStats();
      const outcomes = await connector.track(numbers(count).map((n) => req(n)));
      expect(outcomes.filter((o) => o.ok)).toHaveLength(count);
      const sizes = sandbox.stats.carrierB.trackingRequests.map((asked) => asked.length).sort((a, b) => b - a);
      expect(sizes).toEqual(calls);
    }
  });

  it('a reused number answers two shipments with distinct ids, narrowed by trackingNumberUniqueId and by a ship-date window', async () => {
    const { connector } = connect();
    const both = shipments((await connector.track([req('990000000013')]))[0]);
    expect(both).toHaveLength(2);
    expect(new Set(both.map((s) => s.id)).size).toBe(2);
    const [current, earlier] = both as [Shipment, Shipment];
    expect(earlier.status.status).toBe('DELIVERED');

    const byId = shipments((await connector.track([req('990000000013', { carrierUniqueId: earlier.carrierUniqueId })]))[0]);
    expect(byId.map((s) => s.id)).toEqual([earlier.id]);

    const shipDay = (s: Shipment) => s.shippedAt?.instant?.slice(0, 10) ?? null;
    const window = { shipDateBegin: shipDay(current), shipDateEnd: shipDay(current) };
    const byWindow = shipments((await connector.track([req('990000000013', window)]))[0]);
    expect(byWindow.map((s) => s.id)).toEqual([current.id]);
  });

  it('includeDetailedScans is sent true only when a lookup in the call asks for events, with x-locale and a fresh x-customer-transaction-id', async () => {
    const proxy = await proxied();
    const { connector } = connect({ config: { baseUrl: proxy.origin, locale: 'en_GB' } });
    const [latestOnly] = await connector.track([req('200000000013')]);
    const [withScans] = await connector.track([req('200000000013', { includeEvents: true }), req('200000000023')]);
    const bodies = proxy.seen.filter((r) => r.path === '/track/v1/trackingnumbers').map((r) => JSON.parse(r.body) as { includeDetailedScans: boolean });
    expect(bodies.map((b) => b.includeDetailedScans)).toEqual([false, true]);
    expect(shipments(latestOnly)[0]?.events).toBeNull();
    expect(shipments(withScans)[0]?.events?.length).toBeGreaterThan(0);
    const tracks = proxy.seen.filter((r) => r.path === '/track/v1/trackingnumbers');
    expect(tracks.map((r) => r.headers['x-locale'])).toEqual(['en_GB', 'en_GB']);
    const ids = tracks.map((r) => r.headers['x-customer-transaction-id']);
    expect(ids.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('the reference-number operation finds the shipments of an order by its customer reference (assumption B2)', async () => {
    const proxy = await proxied();
    const { connector } = connect({ config: { baseUrl: proxy.origin } });
    const found = await connector.trackByReference({
      carrier: 'CARRIER_B',
      referenceType: 'CUSTOMER_REFERENCE',
      value: 'ORDER-5',
      shipDateBegin: null,
      shipDateEnd: null,
      includeEvents: true,
    });
    expect(found.map((s) => s.trackingNumber).sort()).toEqual(['794600000501', '794600000502', '794600000503']);
    expect(found.every((s) => s.references.some((r) => r.value === 'ORDER-5') && (s.events?.length ?? 0) > 0)).toBe(true);
    const sent = proxy.seen.find((r) => r.path === '/track/v1/referencenumbers');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      referencesInformation: { type: 'CUSTOMER_REFERENCE', value: 'ORDER-5', accountNumber: sandbox.credentials.carrierB.accountNumber },
      includeDetailedScans: true,
    });
    const none = await connector.trackByReference({
      carrier: 'CARRIER_B',
      referenceType: 'CUSTOMER_REFERENCE',
      value: 'ORDER-0',
      shipDateBegin: null,
      shipDateEnd: null,
      includeEvents: false,
    });
    expect(none).toEqual([]);
  });

  it('upstream calls, errors and token mints are counted on /metrics per upstream and operation', async () => {
    const { connector, metrics } = connect();
    await connector.track([req('200000000013')]);
    const text = await metrics.registry.metrics();
    expect(text).toContain('upstream_calls_total{upstream="carrier-b",operation="track",status="200"} 1');
    expect(text).toContain('upstream_calls_total{upstream="carrier-b",operation="token",status="200"} 1');
    expect(text).toContain('upstream_token_mints_total{upstream="carrier-b"} 1');
  });
});
