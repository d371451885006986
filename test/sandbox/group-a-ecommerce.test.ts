import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecommerceToken, getJson, postForm, startTestSandbox, type TestSandbox, WITH_OFFSET } from './support.js';

let t: TestSandbox;
const track = (query: string, token: string) =>
  getJson(`${t.sandbox.urls.groupAEcommerce}/tracking/v4/package?${query}`, { authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await startTestSandbox({ tokenLifetimeSec: 120 });
});
afterAll(() => t.sandbox.close());

describe('Group A e-commerce sandbox', () => {
  it('mints a token from form-encoded client credentials: access_token and expires_in', async () => {
    const { clientId, clientSecret } = t.sandbox.credentials.groupAEcommerce;
    const answer = await postForm(`${t.sandbox.urls.groupAEcommerce}/auth/v4/accesstoken`, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ access_token: expect.any(String), expires_in: 120 });
  });

  it('refuses wrong client credentials with 401', async () => {
    const answer = await postForm(`${t.sandbox.urls.groupAEcommerce}/auth/v4/accesstoken`, {
      grant_type: 'client_credentials',
      client_id: 'x',
      client_secret: 'y',
    });
    expect(answer.status).toBe(401);
  });

  it('answers 401 to tracking without a token, with an unknown token and with an expired one', async () => {
    expect((await getJson(`${t.sandbox.urls.groupAEcommerce}/tracking/v4/package?packageId=PKG-2026000011`)).status).toBe(401);
    expect((await track('packageId=PKG-2026000011', 'made-up')).status).toBe(401);
    const token = await ecommerceToken(t.sandbox);
    expect((await track('packageId=PKG-2026000011', token)).status).toBe(200);
    t.wallClock.advance(121_000);
    expect((await track('packageId=PKG-2026000011', token)).status).toBe(401);
  });

  it("tracks one package by the caller's packageId or by the carrier's carrierPackageId (assumption E1, E2)", async () => {
    const token = await ecommerceToken(t.sandbox);
    const byCaller = await track('packageId=PKG-2026000013', token);
    const byCarrier = await track('carrierPackageId=GM2026000013', token);
    expect(byCaller.status).toBe(200);
    expect(byCarrier.body).toEqual(byCaller.body);
    const [pkg] = byCaller.body.packages;
    expect(pkg).toMatchObject({ packageId: 'PKG-2026000013', carrierPackageId: 'GM2026000013', trackingId: '9261299000002026000013' });
    const instants = pkg.events.map((e: { date: string }) => Date.parse(e.date));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
    for (const event of pkg.events) {
      expect(event.date).toMatch(WITH_OFFSET);
      expect(Object.keys(event.location).sort()).toEqual(['city', 'country', 'postalCode', 'state']);
    }
    expect(pkg.events.at(-1).eventCode).toBe('LABEL_CREATED');
  });

  it('answers 404 for an unknown package and 400 unless exactly one id parameter is given', async () => {
    const token = await ecommerceToken(t.sandbox);
    expect((await track('packageId=PKG-2026000404', token)).status).toBe(404);
    expect((await track('packageId=GM2026000013', token)).status).toBe(404);
    expect((await track('packageId=PKG-2026000013&carrierPackageId=GM2026000013', token)).status).toBe(400);
    expect((await track('', token)).status).toBe(400);
  });
});
