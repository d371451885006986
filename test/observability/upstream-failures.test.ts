import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';
import { memoryLogger, sample, scrape, startCaptureProxy, transactionIdIn, type CaptureProxy, type LogLine } from './support.js';

const SHIPMENT = `query One($number: String!) {
  shipment(carrier: CARRIER_B, trackingNumber: $number) { id }
}`;

describe('operators can see upstream failures (issue 7, item 11)', () => {
  const logs = memoryLogger('info');
  let e2e: E2E;
  let carrierB: CaptureProxy;

  beforeAll(async () => {
    carrierB = await startCaptureProxy();
    e2e = await startE2E({ logger: logs.logger, env: { CARRIER_B_BASE_URL: carrierB.origin } });
    carrierB.setTarget(e2e.sandbox.urls.carrierB);
  }, 60_000);
  afterAll(async () => {
    await e2e?.close();
    await carrierB?.close();
  });
  beforeEach(() => e2e.sandbox.setFaults('carrierB', { malformedRate: 0, errorRate: 0 }));

  const failureLines = (): LogLine[] => logs.lines().filter((line) => line.msg === 'upstream call failed');
  const trackCallsSeen = () => carrierB.exchanges.filter((r) => r.path === '/track/v1/trackingnumbers');
  const errorsCounted = async (code: string) => sample(await scrape(e2e.server.url), 'upstream_errors_total', { upstream: 'carrier-b', operation: 'track', code });

  it('a contract failure is counted in upstream_errors_total{upstream,operation,code} and logged exactly once with upstream, operation, code, HTTP status, carrier code and both transaction ids', async () => {
    e2e.sandbox.setFaults('carrierB', { malformedRate: 1 });
    // The sandbox breaks an answer in one of two ways (seeded): truncated JSON, or a wrong shape that still carries the
    // carrier's transactionId. Each lookup is checked on its own; the seeded draws give both kinds within these calls.
    const numbers = carrierBNumbers(4, 7100);
    const transactionIdsLogged: Array<string | null> = [];
    for (const number of numbers) {
      const before = await errorsCounted('UPSTREAM_CONTRACT');
      const linesBefore = failureLines().length;
      const callsBefore = trackCallsSeen().length;

      const answer = await e2e.gql(SHIPMENT, { number });

      expect(answer.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_CONTRACT');
      expect((await errorsCounted('UPSTREAM_CONTRACT')) - before).toBe(1);
      const exchanges = trackCallsSeen().slice(callsBefore);
      expect(exchanges).toHaveLength(1);
      const lines = failureLines().slice(linesBefore);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 40,
        upstream: 'carrier-b',
        operation: 'track',
        code: 'UPSTREAM_CONTRACT',
        httpStatus: 200,
        carrierCode: null,
        transactionId: transactionIdIn(exchanges[0]!.responseBody),
        customerTransactionId: exchanges[0]!.headers['x-customer-transaction-id'],
        requestId: expect.any(String),
      });
      transactionIdsLogged.push(lines[0]!['transactionId'] as string | null);
    }
    expect(transactionIdsLogged.some((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  });

  it("a Carrier B error answer's transactionId and our x-customer-transaction-id reach the GraphQL error's extensions and the one log line", async () => {
    const linesBefore = failureLines().length;
    const callsBefore = trackCallsSeen().length;
    e2e.sandbox.failNext('carrierB', { status: 400, count: 1 });

    const [number] = carrierBNumbers(1, 7200);
    const answer = await e2e.gql(SHIPMENT, { number });

    const extensions = answer.errors?.[0]?.extensions ?? {};
    const sent = trackCallsSeen().slice(callsBefore);
    expect(sent).toHaveLength(1);
    expect(extensions).toMatchObject({
      code: 'UPSTREAM_BAD_REQUEST',
      upstream: 'carrier-b',
      carrierErrorCode: 'BAD.REQUEST.ERROR',
      transactionId: expect.stringMatching(/\S/),
      customerTransactionId: sent[0]!.headers['x-customer-transaction-id'],
    });
    const lines = failureLines().slice(linesBefore);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      upstream: 'carrier-b',
      operation: 'track',
      code: 'UPSTREAM_BAD_REQUEST',
      httpStatus: 400,
      carrierCode: 'BAD.REQUEST.ERROR',
      transactionId: extensions['transactionId'],
      customerTransactionId: extensions['customerTransactionId'],
    });
  });

  it('a failure retried before it is given up is counted and logged once, not once per attempt', async () => {
    const before = sample(await scrape(e2e.server.url), 'upstream_errors_total', { upstream: 'carrier-b', operation: 'track', code: 'UPSTREAM_UNAVAILABLE' });
    const linesBefore = failureLines().length;
    const callsBefore = trackCallsSeen().length;
    // The seed: one retry with backoff for 500/503, so two answers of 503 are one failed call.
    e2e.sandbox.failNext('carrierB', { status: 503, count: 2, retryAfterSec: 0 });

    const [number] = carrierBNumbers(1, 7300);
    const answer = await e2e.gql(SHIPMENT, { number });

    expect(answer.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_UNAVAILABLE');
    expect(trackCallsSeen().length - callsBefore).toBe(2);
    const after = sample(await scrape(e2e.server.url), 'upstream_errors_total', { upstream: 'carrier-b', operation: 'track', code: 'UPSTREAM_UNAVAILABLE' });
    expect(after - before).toBe(1);
    expect(failureLines().slice(linesBefore)).toHaveLength(1);
  });

  it('a number the carrier does not know (an error inside a 200) is counted and logged once, at info, with the exchange ids', async () => {
    const before = sample(await scrape(e2e.server.url), 'upstream_errors_total', { upstream: 'carrier-b', operation: 'track', code: 'UPSTREAM_NOT_FOUND' });
    const linesBefore = failureLines().length;
    const callsBefore = trackCallsSeen().length;

    const answer = await e2e.gql(SHIPMENT, { number: '123456789404' });

    expect(answer.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_NOT_FOUND');
    const after = sample(await scrape(e2e.server.url), 'upstream_errors_total', { upstream: 'carrier-b', operation: 'track', code: 'UPSTREAM_NOT_FOUND' });
    expect(after - before).toBe(1);
    const lines = failureLines().slice(linesBefore);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      code: 'UPSTREAM_NOT_FOUND',
      httpStatus: 200,
      transactionId: expect.stringMatching(/\S/),
      customerTransactionId: trackCallsSeen().slice(callsBefore)[0]!.headers['x-customer-transaction-id'],
    });
    expect(answer.errors?.[0]?.extensions?.['transactionId']).toBe(lines[0]!['transactionId']);
  });
  it("a TrackingFailure in track carries the carrier's transactionId and the x-customer-transaction-id we sent", async () => {
    const callsBefore = trackCallsSeen().length;

    const answer = await e2e.gql(`{ track(inputs: [{ carrier: CARRIER_B, trackingNumber: "123456789404" }]) {
      ... on TrackingFailure { code transactionId customerTransactionId }
    } }`);

    const exchange = trackCallsSeen().slice(callsBefore)[0]!;
    const failure = (answer.data as { track: Array<Record<string, unknown>> }).track[0]!;
    expect(failure).toMatchObject({
      code: 'UPSTREAM_NOT_FOUND',
      transactionId: transactionIdIn(exchange.responseBody),
      customerTransactionId: exchange.headers['x-customer-transaction-id'],
    });
    expect(failure['transactionId']).toMatch(/\S/);
  });
});
