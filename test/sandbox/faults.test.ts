import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBToken, getJson, postJson, startTestSandbox, type TestSandbox, trackBody } from './support.js';

let t: TestSandbox;
let token: string;
const track = () =>
  postJson(`${t.sandbox.urls.carrierB}/track/v1/trackingnumbers`, trackBody(['123456789010']), { authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());
beforeEach(async () => {
  for (const name of ['carrierB', 'groupAUnified'] as const) t.sandbox.setFaults(name, { latencyMs: 0, errorRate: 0, malformedRate: 0 });
  token = await carrierBToken(t.sandbox);
  t.sandbox.resetStats();
});

describe('sandbox fault knobs', () => {
  it('failNext answers the next N business calls with the status and the upstream error body, then recovers', async () => {
    t.sandbox.failNext('carrierB', { status: 503, count: 2 });
    const first = await track();
    expect(first.status).toBe(503);
    expect(first.body.errors[0]).toEqual({ code: 'SERVICE.UNAVAILABLE.ERROR', message: expect.any(String), parameterList: [] });
    expect((await track()).status).toBe(503);
    expect((await track()).status).toBe(200);
    // A token mint is not a business call: it is not consumed by the script.
    expect(t.sandbox.stats.carrierB.responses).toEqual({ '200': 1, '503': 2 });
  });

  it('failNext 429 carries Retry-After (unified: as a problem detail)', async () => {
    t.sandbox.failNext('groupAUnified', { status: 429, count: 1, retryAfterSec: 7 });
    const headers = { 'Carrier-API-Key': t.sandbox.credentials.groupAUnified.apiKey };
    const refused = await getJson(`${t.sandbox.urls.groupAUnified}/shipments?trackingNumber=1234567890`, headers);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect(refused.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
  });

  it('revokeTokens makes the next call 401; a new token works', async () => {
    expect((await track()).status).toBe(200);
    t.sandbox.revokeTokens('carrierB');
    expect((await track()).status).toBe(401);
    token = await carrierBToken(t.sandbox);
    expect((await track()).status).toBe(200);
  });

  it('errorRate 1 answers every business call 500 or 503', async () => {
    t.sandbox.setFaults('carrierB', { errorRate: 1 });
    for (let i = 0; i < 4; i++) expect([500, 503]).toContain((await track()).status);
  });

  it('malformedRate 1 breaks every answer: truncated JSON or a wrong shape', async () => {
    t.sandbox.setFaults('carrierB', { malformedRate: 1 });
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${t.sandbox.urls.carrierB}/track/v1/trackingnumbers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(trackBody(['123456789010'])),
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      let parsed: { output?: unknown } | undefined;
      try {
        parsed = JSON.parse(text) as { output?: unknown };
      } catch {
        parsed = undefined;
      }
      if (parsed) expect(typeof parsed.output).not.toBe('object');
    }
  });

  it('latency delays every answer, token answers included', async () => {
    t.sandbox.setFaults('carrierB', { latencyMs: 60 });
    const started = performance.now();
    await carrierBToken(t.sandbox);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('sandbox determinism', () => {
  const answerOf = async (seed: string) => {
    const other = await startTestSandbox({ seed });
    try {
      const otherToken = await carrierBToken(other.sandbox);
      const body = trackBody(['123456789013', '991234567890', '223456789016']);
      const answer = await postJson(`${other.sandbox.urls.carrierB}/track/v1/trackingnumbers`, body, { authorization: `Bearer ${otherToken}` });
      return answer.body;
    } finally {
      await other.sandbox.close();
    }
  };

  it('gives the same answer for the same seed and epoch, and different data for another seed', async () => {
    const a = await answerOf('seed-one');
    const b = await answerOf('seed-one');
    expect(b).toEqual(a);
    const c = await answerOf('seed-two');
    expect(c.output.completeTrackResults).not.toEqual(a.output.completeTrackResults);
  });

  it('keeps a scenario per number whatever the seed (the last digit chooses the story)', async () => {
    const a = await answerOf('seed-one');
    const c = await answerOf('seed-two');
    const codes = (body: typeof a) =>
      body.output.completeTrackResults.map((r: { trackResults: Array<{ latestStatusDetail: { derivedCode: string } }> }) => r.trackResults[0]?.latestStatusDetail.derivedCode);
    expect(codes(a)).toEqual(codes(c));
  });
});
