import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';

/** The e-commerce simulator's products and duty-and-tax routes on the wire (E7, E10, D13), without our client. */
let sandbox: Sandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function token(s: Sandbox): Promise<string> {
  const { clientId, clientSecret } = s.credentials.groupAEcommerce;
  const answer = await fetch(`${s.urls.groupAEcommerce}/auth/v4/accesstoken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString(),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

const productsBody = (extra: Record<string, unknown> = {}) => ({
  pickup: '5351244',
  distributionCenter: 'USATL1',
  consigneeAddress: { postalCode: '10001', country: 'US' },
  packageDetail: { weight: { value: 3, unitOfMeasure: 'LB' } },
  expectedShipDate: '2030-01-07',
  ...extra,
});

async function post(s: Sandbox, path: string, body: unknown, bearer: string | null) {
  const answer = await fetch(`${s.urls.groupAEcommerce}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: answer.status, type: answer.headers.get('content-type'), body: (await answer.json()) as any };
}

describe('e-commerce simulator: POST /shipping/v4/products and the duty-and-tax route (seed 000 C; E7, E10, D13)', () => {
  it('a products call without the bearer token is a 401 problem, as on the tracking route', async () => {
    sandbox = await startSandbox();
    const answer = await post(sandbox, '/shipping/v4/products', productsBody(), null);
    expect(answer.status).toBe(401);
    expect(answer.type).toContain('application/problem+json');
    const duty = await post(sandbox, '/shipping/v4/dutytax', productsBody(), 'not-a-token');
    expect(duty.status).toBe(401);
  });

  it('weights other than LB and dimensions other than IN are a 400 problem (the label request\'s units)', async () => {
    sandbox = await startSandbox();
    const bearer = await token(sandbox);
    const kg = await post(sandbox, '/shipping/v4/products', productsBody({ packageDetail: { weight: { value: 3, unitOfMeasure: 'KG' } } }), bearer);
    expect(kg).toMatchObject({ status: 400, body: { detail: 'packageDetail.weight.unitOfMeasure must be LB.' } });
    const cm = await post(
      sandbox,
      '/shipping/v4/products',
      productsBody({ packageDetail: { weight: { value: 3, unitOfMeasure: 'LB' }, dimension: { length: 1, width: 1, height: 1, unitOfMeasure: 'CM' } } }),
      bearer,
    );
    expect(cm.status).toBe(400);
  });

  it('an unknown distribution center is a 400 problem', async () => {
    sandbox = await startSandbox();
    const answer = await post(sandbox, '/shipping/v4/products', productsBody({ distributionCenter: 'ZZZ9' }), await token(sandbox));
    expect(answer).toMatchObject({ status: 400, body: { detail: 'Unknown distributionCenter ZZZ9.' } });
  });

  it('the same request gets the same products on every run with the same seed (deterministic)', async () => {
    sandbox = await startSandbox({ seed: 'one' });
    const first = await post(sandbox, '/shipping/v4/products', productsBody(), await token(sandbox));
    await sandbox.close();
    sandbox = await startSandbox({ seed: 'one' });
    const again = await post(sandbox, '/shipping/v4/products', productsBody(), await token(sandbox));
    expect(again.body).toEqual(first.body);
    expect(first.body.products.length).toBeGreaterThan(0);
  });

  it('delivery dates count from expectedShipDate, not the sandbox clock; without it only the days are given', async () => {
    sandbox = await startSandbox();
    const bearer = await token(sandbox);
    const dated = await post(sandbox, '/shipping/v4/products', productsBody({ expectedShipDate: '2031-06-02' }), bearer);
    const ground = dated.body.products.find((p: any) => p.orderedProductId === 'GND');
    expect(ground.estimatedDeliveryDate.estimatedDeliveryMin >= '2031-06-03').toBe(true);
    const undated = await post(sandbox, '/shipping/v4/products', { ...productsBody(), expectedShipDate: undefined }, bearer);
    const undatedGround = undated.body.products.find((p: any) => p.orderedProductId === 'GND');
    expect(undatedGround.estimatedDeliveryDate).toEqual({ deliveryDaysMin: ground.estimatedDeliveryDate.deliveryDaysMin, deliveryDaysMax: ground.estimatedDeliveryDate.deliveryDaysMax, isGuaranteed: false });
  });

  it('fault knobs apply: a scripted 503 answers the products call with the problem body', async () => {
    sandbox = await startSandbox();
    const bearer = await token(sandbox);
    sandbox.failNext('groupAEcommerce', { status: 503, count: 1 });
    expect((await post(sandbox, '/shipping/v4/products', productsBody(), bearer)).status).toBe(503);
    expect((await post(sandbox, '/shipping/v4/products', productsBody(), bearer)).status).toBe(200);
  });
});
