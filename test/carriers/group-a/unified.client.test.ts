import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../sandbox/index.js';
import { UnifiedTrackingConnector } from '../../../src/carriers/group-a/unified/connector.js';
import type { TrackOutcome } from '../../../src/domain/tracking.js';
import type { GroupATrackingConfig } from '../../../src/carriers/group-a/config.js';
import { nextUtcMidnight } from '../../../src/platform/quota-memory.js';
import { gaps, platform, sandboxWithLog, trackRequest, type AnswerLog } from './harness.js';

const TRACK = 'GET /track/shipments';
let sandbox: Sandbox | undefined;
let connector: UnifiedTrackingConnector | undefined;

afterEach(async () => {
  await connector?.close();
  await sandbox?.close();
  connector = undefined;
  sandbox = undefined;
});

interface Setup {
  minIntervalMs?: number;
  dailyQuota?: number;
  maxWaitMs?: number;
  cacheTtlMs?: number;
  pageLimit?: number;
  apiKey?: (s: Sandbox) => string;
}

/** A sandbox whose quota equals the connector's, and the connector configured against it. */
async function setup(options: Setup = {}): Promise<{ sandbox: Sandbox; connector: UnifiedTrackingConnector; answers: AnswerLog[] }> {
  const minIntervalMs = options.minIntervalMs ?? 20;
  const dailyQuota = options.dailyQuota ?? 250;
  const started = await sandboxWithLog({ unifiedQuota: { minIntervalMs, dailyQuota } });
  sandbox = started.sandbox;
  const config: GroupATrackingConfig = {
    baseUrl: sandbox.urls.groupAUnified,
    apiKey: options.apiKey?.(sandbox) ?? sandbox.credentials.groupAUnified.apiKey,
    minIntervalMs,
    dailyQuota,
    maxWaitMs: options.maxWaitMs ?? 10_000,
    cacheTtlMs: options.cacheTtlMs ?? 60_000,
    pageLimit: options.pageLimit ?? 5,
  };
  connector = new UnifiedTrackingConnector({ config, ...platform() });
  return { sandbox, connector, answers: started.answers };
}

function shipmentsOf(outcome: TrackOutcome | undefined) {
  if (!outcome?.ok) throw new Error(`lookup failed: ${outcome ? outcome.error.message : 'no outcome'}`);
  return outcome.shipments;
}

function errorOf(outcome: TrackOutcome | undefined) {
  if (!outcome || outcome.ok) throw new Error('lookup did not fail');
  return outcome.error;
}

describe('Group A unified tracking through the sandbox (seed 000, interface A)', () => {
  it('sends header Carrier-API-Key on every call', async () => {
    const { connector, sandbox } = await setup();
    const [outcome] = await connector.track([trackRequest('1234567890')]);
    expect(shipmentsOf(outcome)[0]?.trackingNumber).toBe('1234567890');
    expect(sandbox.stats.groupAUnified.responses).toEqual({ '200': 1 });
  });

  it('omitting or misstating the key answers 401: UPSTREAM_UNAUTHORIZED with the problem type', async () => {
    const { connector } = await setup({ apiKey: () => 'not-a-key' });
    const error = errorOf((await connector.track([trackRequest('1234567890')]))[0]);
    expect(error.code).toBe('UPSTREAM_UNAUTHORIZED');
    expect(error.carrierCode).toBe('urn:sandbox:problem:unauthorized');
    expect(error.message).not.toContain('not-a-key');
  });

  it('a tracking number unknown to interface A answers 404: UPSTREAM_NOT_FOUND', async () => {
    const { connector } = await setup();
    const error = errorOf((await connector.track([trackRequest('1234567404')]))[0]);
    expect(error.code).toBe('UPSTREAM_NOT_FOUND');
    expect(error.carrierCode).toBe('urn:sandbox:problem:not-found');
  });

  it('exceeding the quota answers 429: UPSTREAM_RATE_LIMITED with retryAt from Retry-After', async () => {
    const { connector, sandbox } = await setup();
    sandbox.failNext('groupAUnified', { status: 429, count: 1, retryAfterSec: 30 });
    const before = Date.now();
    const error = errorOf((await connector.track([trackRequest('1234567890')]))[0]);
    expect(error.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(error.carrierCode).toBe('urn:sandbox:problem:too-many-requests');
    expect(error.retryAt?.getTime()).toBeGreaterThanOrEqual(before + 29_000);
  });

  it('sends service whenever the division is known, so an ambiguous number is not guessed', async () => {
    const { connector } = await setup();
    const shipments = shipmentsOf((await connector.track([trackRequest('AMB12341', { division: 'express' })]))[0]);
    expect(shipments.map((s) => s.id)).toEqual(['GROUP_A:express:AMB12341']);
  });

  it('language localises free text', async () => {
    const { connector } = await setup();
    const [en, de] = await connector.track([trackRequest('1234567890'), trackRequest('1234567890', { language: 'de' })]);
    expect(shipmentsOf(en)[0]?.status).toMatchObject({ status: 'DELIVERED', nativeCode: 'delivered', nativeText: 'Delivered' });
    expect(shipmentsOf(de)[0]?.status).toMatchObject({ status: 'DELIVERED', nativeText: 'Zugestellt' });
  });

  it('an ambiguous number returns every matching shipment across nextUrl pages, each page a quota call', async () => {
    const { connector, sandbox, answers } = await setup({ pageLimit: 1, minIntervalMs: 200, dailyQuota: 5 });
    const shipments = shipmentsOf((await connector.track([trackRequest('AMB12341')]))[0]);
    expect(shipments.map((s) => [s.id, s.division])).toEqual([
      ['GROUP_A:express:AMB12341', 'express'],
      ['GROUP_A:ecommerce:AMB12341', 'ecommerce'],
      ['GROUP_A:freight:AMB12341', 'freight'],
    ]);
    expect(sandbox.stats.groupAUnified.calls[TRACK]).toBe(3);
    for (const gap of gaps(answers.map((a) => a.at))) expect(gap).toBeGreaterThanOrEqual(200);
  });

  it('at most one call every interval: calls reach the upstream at least the interval apart', async () => {
    const { connector, sandbox, answers } = await setup({ minIntervalMs: 200, dailyQuota: 5 });
    const numbers = ['1234567890', '1234567891', '1234567892', '1234567893'];
    const outcomes = await connector.track(numbers.map((n) => trackRequest(n)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(sandbox.stats.groupAUnified.responses).toEqual({ '200': 4 });
    const times = answers.filter((a) => a.path === '/track/shipments').map((a) => a.at);
    expect(times).toHaveLength(4);
    for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(200);
  });

  it('a retried 503 is a call too: the retry waits for its own quota slot', async () => {
    const { connector, sandbox, answers } = await setup({ minIntervalMs: 200, dailyQuota: 5 });
    sandbox.failNext('groupAUnified', { status: 503, count: 1 });
    expect((await connector.track([trackRequest('1234567890')]))[0]?.ok).toBe(true);
    expect(answers.map((a) => a.status)).toEqual([503, 200]);
    expect(gaps(answers.map((a) => a.at))[0]).toBeGreaterThanOrEqual(200);
    expect(sandbox.stats.groupAUnified.responses['429']).toBeUndefined();
  });

  it('never exceeds the daily quota: the 6th lookup is UPSTREAM_RATE_LIMITED until the next UTC midnight', async () => {
    const { connector, sandbox } = await setup({ minIntervalMs: 200, dailyQuota: 5 });
    const numbers = ['1234567890', '1234567891', '1234567892', '1234567893', '1234567895', '1234567896'];
    const outcomes = await connector.track(numbers.map((n) => trackRequest(n)));
    expect(outcomes.slice(0, 5).every((o) => o.ok)).toBe(true);
    const error = errorOf(outcomes[5]);
    expect(error.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(error.retryAt?.toISOString()).toBe(nextUtcMidnight(new Date()).toISOString());
    expect(sandbox.stats.groupAUnified.calls[TRACK]).toBe(5);
    expect(sandbox.stats.groupAUnified.responses['429']).toBeUndefined();
  });

  it('identical lookups in flight are coalesced into one upstream call', async () => {
    const { connector, sandbox } = await setup({ minIntervalMs: 200, dailyQuota: 5 });
    const outcomes = await connector.track(Array.from({ length: 10 }, () => trackRequest('1234567893')));
    expect(outcomes.every((o) => o.ok && o.shipments[0]?.trackingNumber === '1234567893')).toBe(true);
    expect(sandbox.stats.groupAUnified.calls[TRACK]).toBe(1);
  });

  it('answers are cached: a second lookup makes no call, and a 404 is cached too', async () => {
    const { connector, sandbox } = await setup({ minIntervalMs: 200, dailyQuota: 5 });
    const first = await connector.track([trackRequest('1234567890'), trackRequest('1234567404')]);
    const second = await connector.track([trackRequest('1234567890'), trackRequest('1234567404')]);
    expect(shipmentsOf(second[0])).toEqual(shipmentsOf(first[0]));
    expect(errorOf(second[1]).code).toBe('UPSTREAM_NOT_FOUND');
    expect(sandbox.stats.groupAUnified.calls[TRACK]).toBe(2);
  });

  it('a lookup the quota cannot serve within maxWaitMs fails at once with UPSTREAM_RATE_LIMITED and retryAt', async () => {
    const { connector, sandbox } = await setup({ minIntervalMs: 1_000, dailyQuota: 5, maxWaitMs: 100 });
    expect((await connector.track([trackRequest('1234567890')]))[0]?.ok).toBe(true);
    const started = Date.now();
    const error = errorOf((await connector.track([trackRequest('1234567891')]))[0]);
    expect(Date.now() - started).toBeLessThan(100);
    expect(error.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(error.retryAt?.getTime()).toBeGreaterThan(started + 100);
    expect(error.retryAt?.getTime()).toBeLessThanOrEqual(started + 1_100);
    expect(sandbox.stats.groupAUnified.calls[TRACK]).toBe(1);
  });

  it('personal data is masked by the entitlement of the key: street and names absent, policy exposed', async () => {
    const { connector } = await setup({ apiKey: (s) => s.credentials.groupAUnified.maskedApiKey });
    const shipment = shipmentsOf((await connector.track([trackRequest('1234567890')]))[0])[0];
    expect(shipment?.destination?.address).toMatchObject({ policy: 'postal-code', streetLines: null });
    expect(shipment?.destination?.address?.postalCode).toEqual(expect.any(String));
    expect(shipment?.origin?.address).toMatchObject({ policy: 'postal-code', streetLines: null });
    expect(shipment?.recipient?.name).toBeNull();
    expect(shipment?.recipient?.policy).not.toBeNull();
  });

  it('a full-entitlement key sees street lines and person names', async () => {
    const { connector } = await setup();
    const shipment = shipmentsOf((await connector.track([trackRequest('1234567890')]))[0])[0];
    expect(shipment?.destination?.address?.policy).toBeNull();
    expect(shipment?.destination?.address?.streetLines?.[0]).toEqual(expect.any(String));
    expect(shipment?.recipient?.name).toEqual(expect.any(String));
    expect(shipment?.events?.length).toBeGreaterThan(0);
    expect(shipment?.statusTime?.localDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
});
