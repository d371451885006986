import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBToken, postJson, startTestSandbox, type TestSandbox } from './support.js';

/** The Carrier B rating and postal-validation simulator, straight over HTTP (seed 001; docs/assumptions.md BR*, BP*). */
let t: TestSandbox;
let token: string;
const RATE = '/rate/v1/rates/quotes';
const POSTAL = '/country/v1/postal/validate';
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${t.sandbox.urls.carrierB}${path}`, body, { authorization: `Bearer ${token}`, ...headers });

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());
beforeEach(async () => {
  token = await carrierBToken(t.sandbox);
  t.sandbox.resetStats();
});

interface Lane {
  from?: Record<string, unknown>;
  to?: Record<string, unknown>;
}

function rateBody(lane: Lane = {}, shipment: Record<string, unknown> = {}, controls: Record<string, unknown> = {}) {
  return {
    accountNumber: { value: t.sandbox.credentials.carrierB.accountNumber },
    rateRequestControlParameters: { returnTransitTimes: true, servicesNeededOnRateFailure: true, ...controls },
    requestedShipment: {
      shipper: { address: { postalCode: '38017', countryCode: 'US', ...lane.from } },
      recipient: { address: { postalCode: '10001', countryCode: 'US', ...lane.to } },
      packagingType: 'YOUR_PACKAGING',
      pickupType: 'DROPOFF_AT_CARRIER_LOCATION',
      shipDateStamp: '2026-03-13',
      rateRequestType: ['LIST', 'ACCOUNT'],
      requestedPackageLineItems: [{ weight: { units: 'KG', value: 2.5 } }],
      ...shipment,
    },
  };
}

const customs = {
  dutiesPayment: { paymentType: 'SENDER' },
  commercialInvoice: { shipmentPurpose: 'SOLD' },
  freightOnValue: 'CARRIER_RISK',
  commodities: [{ description: 'Cotton shirts', weight: { units: 'KG', value: 2 }, quantity: 4, quantityUnits: 'PCS', customsValue: { amount: 120, currency: 'USD' } }],
};
const toGermany = { to: { postalCode: '10115', countryCode: 'DE' } };

describe('Carrier B sandbox: rate quotes', () => {
  it('serviceType omitted rates every service of the lane, each with LIST and ACCOUNT entries', async () => {
    const answer = await post(RATE, rateBody());
    expect(answer.status).toBe(200);
    const details = answer.body.output.rateReplyDetails;
    expect(details.map((d: any) => d.serviceType)).toEqual([
      'PRIORITY_OVERNIGHT',
      'STANDARD_OVERNIGHT',
      'CARRIER_2_DAY',
      'CARRIER_EXPRESS_SAVER',
      'CARRIER_GROUND',
    ]);
    for (const detail of details) {
      expect(detail.ratedShipmentDetails.map((r: any) => r.rateType)).toEqual(['ACCOUNT', 'LIST']);
      const [account, list] = detail.ratedShipmentDetails;
      expect(account.totalNetCharge).toBeLessThan(list.totalNetCharge);
      expect(account.shipmentRateDetail.currency).toBe('USD');
    }
  });

  it('serviceType narrows the answer to that service', async () => {
    const answer = await post(RATE, rateBody({}, { serviceType: 'CARRIER_GROUND' }));
    expect(answer.body.output.rateReplyDetails.map((d: any) => d.serviceType)).toEqual(['CARRIER_GROUND']);
  });

  it('the same request answers the same prices (deterministic from lane, weight and seed), heavier costs more', async () => {
    const first = await post(RATE, rateBody());
    const again = await post(RATE, rateBody());
    const heavier = await post(RATE, rateBody({}, { requestedPackageLineItems: [{ weight: { units: 'KG', value: 12 } }] }));
    const net = (a: any) => a.body.output.rateReplyDetails.map((d: any) => d.ratedShipmentDetails[0].totalNetCharge);
    expect(net(again)).toEqual(net(first));
    net(heavier).forEach((amount: number, i: number) => expect(amount).toBeGreaterThan(net(first)[i]));
  });

  it('returnTransitTimes adds commit dates and transit bands, counted from shipDateStamp (not the sandbox clock)', async () => {
    const without = await post(RATE, rateBody({}, {}, { returnTransitTimes: false }));
    expect(without.body.output.rateReplyDetails[0].operationalDetail).toEqual({ ineligibleForMoneyBackGuarantee: false });
    // Friday 2026-03-13: overnight lands on Monday the 16th.
    const withTimes = await post(RATE, rateBody());
    expect(withTimes.body.output.rateReplyDetails[0].operationalDetail).toEqual({
      transitTime: 'ONE_DAY',
      commitDate: '2026-03-16T10:30:00',
      deliveryDate: '2026-03-16T10:30:00',
      deliveryDay: 'MON',
      ineligibleForMoneyBackGuarantee: false,
    });
    const later = await post(RATE, rateBody({}, { shipDateStamp: '2026-07-01' }));
    expect(later.body.output.rateReplyDetails[0].operationalDetail.deliveryDate).toBe('2026-07-02T10:30:00');
  });

  it('servicesNeededOnRateFailure lists workable services when the requested one is not on the lane', async () => {
    const listed = await post(RATE, rateBody(toGermany, { serviceType: 'CARRIER_GROUND', customsClearanceDetail: customs }));
    expect(listed.status).toBe(400);
    expect(listed.body.errors[0].code).toBe('RATE.SERVICETYPE.NOTAVAILABLE');
    expect(listed.body.output.workableServices.map((s: any) => s.serviceType)).toEqual([
      'INTERNATIONAL_FIRST',
      'INTERNATIONAL_PRIORITY',
      'INTERNATIONAL_ECONOMY',
    ]);
    const unlisted = await post(RATE, rateBody(toGermany, { serviceType: 'CARRIER_GROUND', customsClearanceDetail: customs }, { servicesNeededOnRateFailure: false }));
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.output).toBeUndefined();
  });

  it('COD adds a COD surcharge within one country and is refused across a border', async () => {
    const domestic = await post(RATE, rateBody({}, { shipmentSpecialServices: { specialServiceTypes: ['COD'] } }));
    const surcharges = domestic.body.output.rateReplyDetails[0].ratedShipmentDetails[0].shipmentRateDetail.surCharges;
    expect(surcharges.map((s: any) => s.type)).toContain('COD');
    const crossBorder = await post(RATE, rateBody(toGermany, { shipmentSpecialServices: { specialServiceTypes: ['COD'] }, customsClearanceDetail: customs }));
    expect(crossBorder.status).toBe(400);
    expect(crossBorder.body.errors[0].code).toBe('RATE.SPECIALSERVICE.COD.NOTALLOWED');
  });

  it('a cross-border lane without customsClearanceDetail is a 400 errors[] body; with it, duties are quoted', async () => {
    const without = await post(RATE, rateBody(toGermany));
    expect(without.status).toBe(400);
    expect(without.body).toEqual({
      transactionId: expect.any(String),
      errors: [{ code: 'RATE.CUSTOMSCLEARANCEDETAIL.REQUIRED', message: expect.any(String), parameterList: [] }],
    });
    const withCustoms = await post(RATE, rateBody(toGermany, { customsClearanceDetail: customs }));
    const rated = withCustoms.body.output.rateReplyDetails[0].ratedShipmentDetails[0];
    expect(rated.totalDutiesAndTaxes).toBe(24); // 20% of 120 USD
    expect(rated.totalNetChargeWithDutiesAndTaxes).toBeCloseTo(rated.totalNetCharge + 24, 6);
  });

  it('unserviceable lanes: no rateReplyDetails (code ending 999, freight weights) or an error with a dotted code', async () => {
    const empty = await post(RATE, rateBody({ to: { postalCode: '10999' } }));
    expect(empty.status).toBe(200);
    expect(empty.body.output.rateReplyDetails).toEqual([]);
    const freight = await post(RATE, rateBody({}, { requestedPackageLineItems: [{ weight: { units: 'KG', value: 1200 } }] }));
    expect(freight.body.output.rateReplyDetails).toEqual([]);
    const country = await post(RATE, rateBody({ to: { postalCode: '10100', countryCode: 'KP' } }, { customsClearanceDetail: customs }));
    expect(country.status).toBe(400);
    expect(country.body.errors[0].code).toBe('RATE.DESTINATION.COUNTRY.NOTSERVED');
    const unknownCode = await post(RATE, rateBody({ to: { postalCode: '00012' } }));
    expect(unknownCode.body.errors[0].code).toBe('RATE.DESTINATION.POSTALCODE.INVALID');
  });

  it('alerts[] on an extended-area lane (destination code ending 7), with its surcharge', async () => {
    const answer = await post(RATE, rateBody({ to: { postalCode: '10007' } }));
    expect(answer.body.output.alerts).toEqual([{ code: 'RATE.DESTINATION.EXTENDEDAREA', message: expect.any(String), alertType: 'NOTE' }]);
    const surcharges = answer.body.output.rateReplyDetails[0].ratedShipmentDetails[0].shipmentRateDetail.surCharges;
    expect(surcharges.map((s: any) => s.type)).toContain('EXTENDED_DELIVERY_AREA');
  });

  it('preferredCurrency prices in that currency when known; otherwise the origin currency with an alert', async () => {
    const euros = await post(RATE, rateBody({}, { preferredCurrency: 'EUR' }));
    expect(euros.body.output.rateReplyDetails[0].ratedShipmentDetails[0].shipmentRateDetail.currency).toBe('EUR');
    const francs = await post(RATE, rateBody({}, { preferredCurrency: 'CHF' }));
    expect(francs.body.output.rateReplyDetails[0].ratedShipmentDetails[0].shipmentRateDetail.currency).toBe('USD');
    expect(francs.body.output.alerts).toEqual([{ code: 'RATE.PREFERREDCURRENCY.UNSUPPORTED', message: expect.any(String), alertType: 'WARNING' }]);
  });

  it('another account number is refused with 403 and a dotted code', async () => {
    const answer = await post(RATE, { ...rateBody(), accountNumber: { value: '000000000' } });
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].code).toBe('ACCOUNT.NUMBER.MISMATCH');
  });

  it('asks for a bearer token like every business call', async () => {
    const answer = await postJson(`${t.sandbox.urls.carrierB}${RATE}`, rateBody());
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].code).toBe('NOT.AUTHORIZED.ERROR');
  });

  it('fault knobs apply: a scripted 503 answers the seed error body', async () => {
    t.sandbox.failNext('carrierB', { status: 503, count: 1 });
    const answer = await post(RATE, rateBody());
    expect(answer.status).toBe(503);
    expect(answer.body.errors[0].code).toBe('SERVICE.UNAVAILABLE.ERROR');
    expect(t.sandbox.stats.carrierB.calls[`POST ${RATE}`]).toBe(1);
  });
});

describe('Carrier B sandbox: postal validation', () => {
  it('a code that exists answers its cleaned form, state and city', async () => {
    const answer = await post(POSTAL, { countryCode: 'US', postalCode: '10001-2345', checkForMismatch: true });
    expect(answer.status).toBe(200);
    expect(answer.body.output).toEqual({ countryCode: 'US', cleanedPostalCode: '10001', stateOrProvinceCode: 'NY', city: 'NEW YORK', alerts: [] });
  });

  it('a state that does not match the code is an alert, with the carrier state', async () => {
    const answer = await post(POSTAL, { countryCode: 'IN', postalCode: '560001', stateOrProvinceCode: 'MH', checkForMismatch: true });
    expect(answer.body.output.stateOrProvinceCode).toBe('KA');
    expect(answer.body.output.alerts[0].code).toBe('POSTALCODE.STATEORPROVINCECODE.MISMATCH');
  });

  it('a code that does not exist (starts 000, an Indian PIN starting 0, or not the country shape) is 400 COUNTRY.POSTALCODE.INVALID', async () => {
    for (const [countryCode, postalCode] of [['US', '00012'], ['IN', '012345'], ['US', 'ABCDE']]) {
      const answer = await post(POSTAL, { countryCode, postalCode });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].code).toBe('COUNTRY.POSTALCODE.INVALID');
    }
  });
});
