import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBToken, postForm, postJson, startTestSandbox, type TestSandbox, trackBody, WITH_OFFSET } from './support.js';

let t: TestSandbox;
let token: string;
const track = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${t.sandbox.urls.carrierB}/track/v1/trackingnumbers`, body, { authorization: `Bearer ${token}`, ...headers });

beforeAll(async () => {
  t = await startTestSandbox({ tokenLifetimeSec: 60 });
});
afterAll(() => t.sandbox.close());
beforeEach(async () => {
  token = await carrierBToken(t.sandbox);
  t.sandbox.resetStats();
});

describe('Carrier B sandbox: OAuth', () => {
  it('answers the seed token answer: access_token, token_type, expires_in, scope', async () => {
    const { clientId, clientSecret } = t.sandbox.credentials.carrierB;
    const answer = await postForm(`${t.sandbox.urls.carrierB}/oauth/token`, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 60, scope: expect.any(String) });
    expect(t.sandbox.stats.carrierB.tokenMints).toBe(1);
  });

  it('refuses wrong client credentials with 401 and the seed error body', async () => {
    const answer = await postForm(`${t.sandbox.urls.carrierB}/oauth/token`, {
      grant_type: 'client_credentials',
      client_id: 'someone',
      client_secret: 'wrong',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      transactionId: expect.any(String),
      errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: expect.any(String), parameterList: [] }],
    });
  });

  it('answers 401 to a business call without a bearer token', async () => {
    const answer = await postJson(`${t.sandbox.urls.carrierB}/track/v1/trackingnumbers`, trackBody(['123456789010']));
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].code).toBe('NOT.AUTHORIZED.ERROR');
  });

  it('answers 401 once the token has expired (the seed: "When the token has expired, then the answer is 401")', async () => {
    expect((await track(trackBody(['123456789010']))).status).toBe(200);
    t.wallClock.advance(61_000);
    const answer = await track(trackBody(['123456789010']));
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].code).toBe('NOT.AUTHORIZED.ERROR');
  });
});

describe('Carrier B sandbox: track by number', () => {
  it('accepts 30 numbers and refuses 31 with 400 TRACKING.TRACKINGINFO.TOOMANY', async () => {
    const numbers = Array.from({ length: 31 }, (_, i) => `1000000000${String(i).padStart(2, '0')}`);
    const ok = await track(trackBody(numbers.slice(0, 30), false));
    expect(ok.status).toBe(200);
    expect(ok.body.output.completeTrackResults).toHaveLength(30);
    const tooMany = await track(trackBody(numbers, false));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].code).toBe('TRACKING.TRACKINGINFO.TOOMANY');
  });

  it('refuses an empty tracking number with 400 TRACKING.TRACKINGNUMBER.EMPTY', async () => {
    const answer = await track(trackBody(['123456789010', '']));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      transactionId: expect.any(String),
      errors: [{ code: 'TRACKING.TRACKINGNUMBER.EMPTY', message: expect.any(String), parameterList: [] }],
    });
  });

  it('answers a partial failure inside the failing entry while siblings succeed (HTTP 200)', async () => {
    const answer = await track(trackBody(['123456789010', '123456789404']));
    expect(answer.status).toBe(200);
    const [found, missing] = answer.body.output.completeTrackResults;
    expect(found.trackResults[0].error).toBeNull();
    expect(found.trackResults[0].latestStatusDetail.derivedCode).toBe('DL');
    expect(missing.trackingNumber).toBe('123456789404');
    expect(missing.trackResults[0].error).toEqual({ code: 'TRACKING.TRACKINGNUMBER.NOTFOUND', message: expect.any(String) });
    expect(answer.body.output.alerts).toEqual([]);
  });

  it('echoes x-customer-transaction-id as customerTransactionId', async () => {
    const answer = await track(trackBody(['123456789010']), { 'x-customer-transaction-id': 'corr-42' });
    expect(answer.body.transactionId).toEqual(expect.any(String));
    expect(answer.body.customerTransactionId).toBe('corr-42');
  });

  it('gives scanEvents only when includeDetailedScans is true, dated ISO 8601 with offset, newest first', async () => {
    const latestOnly = await track(trackBody(['123456789013'], false));
    expect(latestOnly.body.output.completeTrackResults[0].trackResults[0]).not.toHaveProperty('scanEvents');
    const detailed = await track(trackBody(['123456789013'], true));
    const result = detailed.body.output.completeTrackResults[0].trackResults[0];
    expect(result.scanEvents.length).toBeGreaterThan(2);
    for (const scan of result.scanEvents) {
      expect(scan.date).toMatch(WITH_OFFSET);
      expect(Object.keys(scan).sort()).toEqual(
        ['date', 'derivedStatus', 'derivedStatusCode', 'eventDescription', 'eventType', 'exceptionCode', 'exceptionDescription', 'locationId', 'locationType', 'scanLocation'].sort(),
      );
    }
    const instants = result.scanEvents.map((s: { date: string }) => Date.parse(s.date));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
    expect(result.scanEvents.at(-1).eventType).toBe('OC');
  });

  it('describes a delivered shipment with DL, ACTUAL_DELIVERY, a signature image and a string package count', async () => {
    const result = (await track(trackBody(['223456789010']))).body.output.completeTrackResults[0].trackResults[0];
    expect(result.trackingNumberInfo).toMatchObject({ trackingNumber: '223456789010', carrierCode: 'CBXE' });
    expect(result.latestStatusDetail).toMatchObject({ code: 'DL', derivedCode: 'DL', delayDetail: { status: 'ON_TIME' } });
    expect(result.dateAndTimes.map((d: { type: string }) => d.type)).toEqual(['ACTUAL_DELIVERY', 'ACTUAL_PICKUP', 'SHIP']);
    expect(result.availableImages).toContainEqual({ type: 'SIGNATURE_PROOF_OF_DELIVERY', size: 'LARGE' });
    expect(typeof result.packageDetails.count).toBe('string');
    expect(result.deliveryDetails.signedByName).toEqual(expect.any(String));
    expect(result.serviceDetail).toEqual({ type: 'INTERNATIONAL_PRIORITY', shortDescription: 'IP' });
  });

  it('reports a weather delay as DELAYED with type WEATHER and subType SNOW', async () => {
    const result = (await track(trackBody(['223456789016']))).body.output.completeTrackResults[0].trackResults[0];
    expect(result.latestStatusDetail.delayDetail).toEqual({ type: 'WEATHER', subType: 'SNOW', status: 'DELAYED' });
    expect(result.latestStatusDetail.ancillaryDetails).toEqual([{ reason: 'WX', reasonDescription: expect.any(String) }]);
    expect(result.estimatedDeliveryTimeWindow.window.begins).toMatch(WITH_OFFSET);
  });

  it('ends a returned shipment in RS (assumption B1) and a ground shipment offers a bill of lading', async () => {
    const result = (await track(trackBody(['123456789017']))).body.output.completeTrackResults[0].trackResults[0];
    expect(result.latestStatusDetail.derivedCode).toBe('RS');
    expect(result.trackingNumberInfo.carrierCode).toBe('CBXG');
    expect(result.availableImages).toContainEqual({ type: 'BILL_OF_LADING', size: 'LARGE' });
  });

  it('answers a malformed item for a number ending 500 (latestStatusDetail is a number)', async () => {
    const result = (await track(trackBody(['123456789500']))).body.output.completeTrackResults[0].trackResults[0];
    expect(typeof result.latestStatusDetail).toBe('number');
  });

  it('counts upstream calls and records the numbers asked: 95 numbers in 4 calls of at most 30', async () => {
    const numbers = Array.from({ length: 95 }, (_, i) => `3000000000${String(i).padStart(2, '0')}`);
    for (let i = 0; i < numbers.length; i += 30) await track(trackBody(numbers.slice(i, i + 30), false));
    expect(t.sandbox.stats.carrierB.calls['POST /track/v1/trackingnumbers']).toBe(4);
    expect(t.sandbox.stats.carrierB.trackingRequests.map((r) => r.length)).toEqual([30, 30, 30, 5]);
    expect(t.sandbox.stats.carrierB.trackingRequests.flat()).toEqual(numbers);
  });
});

describe('Carrier B sandbox: reused numbers', () => {
  const reused = '991234567893';
  const firstResults = async (info: Record<string, unknown>) =>
    (await track({ includeDetailedScans: false, trackingInfo: [info] })).body.output.completeTrackResults[0].trackResults;

  it('answers every candidate of a reused number given without disambiguation', async () => {
    const results = await firstResults({ trackingNumberInfo: { trackingNumber: reused } });
    expect(results).toHaveLength(2);
    const ids = results.map((r: { trackingNumberInfo: { trackingNumberUniqueId: string } }) => r.trackingNumberInfo.trackingNumberUniqueId);
    expect(new Set(ids).size).toBe(2);
    expect(results.map((r: { trackingNumberInfo: { carrierCode: string } }) => r.trackingNumberInfo.carrierCode).sort()).toEqual(['CBXE', 'CBXG']);
  });

  it('narrows to one candidate by trackingNumberUniqueId, by carrierCode or by a ship-date window', async () => {
    const all = await firstResults({ trackingNumberInfo: { trackingNumber: reused } });
    const older = all.find((r: { trackingNumberInfo: { carrierCode: string } }) => r.trackingNumberInfo.carrierCode === 'CBXG');
    const byId = await firstResults({ trackingNumberInfo: { trackingNumber: reused, trackingNumberUniqueId: older.trackingNumberInfo.trackingNumberUniqueId } });
    expect(byId).toHaveLength(1);
    expect(byId[0].trackingNumberInfo.carrierCode).toBe('CBXG');
    const byCarrier = await firstResults({ trackingNumberInfo: { trackingNumber: reused, carrierCode: 'CBXE' } });
    expect(byCarrier).toHaveLength(1);
    expect(byCarrier[0].trackingNumberInfo.carrierCode).toBe('CBXE');
    const recent = await firstResults({ trackingNumberInfo: { trackingNumber: reused }, shipDateBegin: '2026-03-01', shipDateEnd: '2026-03-31' });
    expect(recent).toHaveLength(1);
    expect(recent[0].trackingNumberInfo.carrierCode).toBe('CBXE');
  });
});

describe('Carrier B sandbox: track by reference (assumption B2)', () => {
  const byReference = (value: string, accountNumber = t.sandbox.credentials.carrierB.accountNumber) =>
    postJson(
      `${t.sandbox.urls.carrierB}/track/v1/referencenumbers`,
      { referencesInformation: { type: 'CUSTOMER_REFERENCE', value, accountNumber }, includeDetailedScans: false },
      { authorization: `Bearer ${token}` },
    );

  it('finds every package of order ORDER-<n> (1 + n mod 3 packages)', async () => {
    const answer = await byReference('ORDER-1235');
    expect(answer.status).toBe(200);
    expect(answer.body.output.completeTrackResults.map((r: { trackingNumber: string }) => r.trackingNumber)).toEqual([
      '794600123501',
      '794600123502',
      '794600123503',
    ]);
  });

  it('answers 404 for a reference that matches nothing and 403 for another account', async () => {
    expect((await byReference('INVOICE-7')).status).toBe(404);
    expect((await byReference('ORDER-1235', '000000000')).status).toBe(403);
  });
});
