import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testCarrierBClient } from '../../support/carrier-b-connector.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { CarrierBPostalValidator } from '../../../src/carriers/carrier-b/postal.js';
import { UpstreamError } from '../../../src/domain/errors.js';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.js';

/** Carrier B postal validation through real HTTP (seed 001 `/country/v1/postal/validate`; shapes: assumption BP1). */
let sandbox: Sandbox;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

async function connect(locale: string | null = null): Promise<{ validator: CarrierBPostalValidator; proxy: RecordingProxy }> {
  const proxy = await startRecordingProxy(sandbox.urls.carrierB);
  opened.push(proxy);
  const config = { baseUrl: proxy.origin, ...sandbox.credentials.carrierB, locale };
  const client = testCarrierBClient(config);
  opened.push(client);
  return { validator: new CarrierBPostalValidator({ client, config }), proxy };
}

describe('Carrier B postal validation (seed 001, "postal code check")', () => {
  it('a code that exists is valid, with the carrier cleaned code, city and state; the request is the assumed shape', async () => {
    const { validator, proxy } = await connect('en_US');
    const result = await validator.validatePostalCode('US', '10001-2345', null);
    expect(result).toEqual({
      countryCode: 'US',
      postalCode: '10001-2345',
      valid: true,
      cleanedPostalCode: '10001',
      city: 'NEW YORK',
      stateOrProvinceCode: 'NY',
      warnings: [],
    });
    const sent = proxy.seen.find((r) => r.path === '/country/v1/postal/validate')!;
    expect(JSON.parse(sent.body)).toEqual({ countryCode: 'US', postalCode: '10001-2345', checkForMismatch: true });
    expect(sent.headers['x-locale']).toBe('en_US');
    expect(sent.headers['authorization']).toMatch(/^Bearer /);
  });

  it('a code that does not exist in the country is not valid (an answer, not a failure), with the carrier code', async () => {
    const { validator } = await connect();
    const result = await validator.validatePostalCode('IN', '012345', null);
    expect(result).toMatchObject({ countryCode: 'IN', postalCode: '012345', valid: false, cleanedPostalCode: null });
    expect(result.warnings).toEqual([{ code: 'COUNTRY.POSTALCODE.INVALID', message: expect.stringContaining('012345'), type: 'ERROR' }]);
  });

  it('a state that does not match the code reaches the caller as an alert, with the carrier state', async () => {
    const { validator, proxy } = await connect();
    const result = await validator.validatePostalCode('IN', '560001', 'MH');
    expect(JSON.parse(proxy.seen.at(-1)!.body)).toMatchObject({ stateOrProvinceCode: 'MH', checkForMismatch: true });
    expect(result).toMatchObject({ valid: true, stateOrProvinceCode: 'KA', city: 'BENGALURU' });
    expect(result.warnings).toEqual([{ code: 'POSTALCODE.STATEORPROVINCECODE.MISMATCH', message: expect.any(String), type: 'WARNING' }]);
  });

  it('any other failure rejects with the typed error, its dotted code and the exchange ids', async () => {
    const { validator } = await connect();
    const failure = await validator.validatePostalCode('usa', '10001', null).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ code: 'UPSTREAM_BAD_REQUEST', carrierCode: 'COUNTRY.COUNTRYCODE.INVALID', upstream: 'carrier-b' });
    expect((failure as UpstreamError).transactionId).toEqual(expect.any(String));
    expect((failure as UpstreamError).customerTransactionId).toEqual(expect.any(String));
  });
});
