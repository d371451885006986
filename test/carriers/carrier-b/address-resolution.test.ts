import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressResolutionConnector } from '../../../src/carriers/types.js';
import type { AddressInput, PerInput, ResolvedAddress } from '../../../src/domain/pickups-addresses.js';
import { callsTo, only, startCarrierBWorld, type CarrierBWorld } from './issue10-support.js';

/** Seed 001 "Address resolution" over real HTTP to the sandbox, through the connector the Carrier B module builds. */
let world: CarrierBWorld;
let connector: AddressResolutionConnector;
const RESOLVE = 'POST /address/v1/addresses/resolve';

beforeAll(async () => {
  world = await startCarrierBWorld('carrier-b-address');
  connector = only(world.module.addressResolution, 'address resolution');
});
afterAll(async () => {
  await world.close();
});
beforeEach(() => world.sandbox.resetStats());

function address(streetLines: string[], postalCode: string | null = '38017', extra: Partial<AddressInput> = {}): AddressInput {
  return { streetLines, city: 'Collierville', stateOrProvinceCode: 'TN', postalCode, countryCode: 'US', ...extra };
}

function value(outcome: PerInput<ResolvedAddress> | undefined): ResolvedAddress {
  if (!outcome?.ok) throw new Error(`expected a resolved address, got ${outcome ? outcome.error.message : 'nothing'}`);
  return outcome.value;
}

describe('seed 001: address resolution, one outcome per input paired by clientReferenceId', () => {
  it('a batch is one call and each input gets its own answer, in input order', async () => {
    const outcomes = await connector.resolve(
      [address(['10 Fedex Pkwy', 'Suite 200']), address(['42 Elm Street']), address(['PO Box 1234'])],
      { includeResolutionTokens: false },
    );
    expect(callsTo(world.sandbox, RESOLVE)).toBe(1);
    expect(outcomes.map((o) => value(o).streetLines)).toEqual([['10 FEDEX PKWY', 'SUITE 200'], ['42 ELM STREET'], ['PO BOX 1234']]);
  });

  it('a business address is BUSINESS and a home is RESIDENTIAL, both resolved and delivery-point validated', async () => {
    const [business, home] = await connector.resolve([address(['10 Fedex Pkwy', 'Suite 200']), address(['42 Elm Street'])], { includeResolutionTokens: false });
    expect(value(business)).toMatchObject({ classification: 'BUSINESS', resolved: true, deliveryPointValidated: true, resolutionMethod: 'USPS_VALIDATE' });
    expect(value(home)).toMatchObject({ classification: 'RESIDENTIAL', resolved: true, postOfficeBox: false, generalDelivery: false });
    expect(value(home)).toMatchObject({ city: 'COLLIERVILLE', stateOrProvinceCode: 'TN', postalCode: '38017', countryCode: 'US' });
  });

  it('a PO box is flagged', async () => {
    const [box] = await connector.resolve([address(['P.O. Box 1234'])], { includeResolutionTokens: false });
    expect(value(box).postOfficeBox).toBe(true);
    expect(value(box).generalDelivery).toBe(false);
  });

  it('a general delivery address is flagged', async () => {
    const [general] = await connector.resolve([address(['General Delivery'])], { includeResolutionTokens: false });
    expect(value(general).generalDelivery).toBe(true);
  });

  it('a postal code that does not exist is answered as not resolved with the carrier message, not as a failure', async () => {
    const [missing] = await connector.resolve([address(['42 Elm Street'], '00012')], { includeResolutionTokens: false });
    expect(value(missing)).toMatchObject({ resolved: false, deliveryPointValidated: false, classification: 'UNKNOWN', resolutionMethod: null });
    expect(value(missing).alerts).toEqual([{ code: 'ADDRESS.POSTALCODE.NOTFOUND', message: 'The postal code 00012 does not exist in US.', type: null }]);
  });

  it('an address the carrier cannot resolve is not resolved, beside a sibling that is', async () => {
    const [nowhere, home] = await connector.resolve([address(['1 Nowhere Lane']), address(['42 Elm Street'])], { includeResolutionTokens: false });
    expect(value(nowhere)).toMatchObject({ resolved: false, classification: 'UNKNOWN' });
    expect(value(nowhere).alerts.map((a) => a.code)).toEqual(['ADDRESS.NOT.RESOLVED']);
    expect(value(home).resolved).toBe(true);
  });

  it("an address without a postal code is resolved by street and city with the carrier's alert, not delivery-point validated", async () => {
    const [partial] = await connector.resolve([address(['42 Elm Street'], null)], { includeResolutionTokens: false });
    expect(value(partial)).toMatchObject({ resolved: true, deliveryPointValidated: false, resolutionMethod: 'STREET_CITY_MATCH' });
    expect(value(partial).alerts.map((a) => a.code)).toEqual(['ADDRESS.POSTALCODE.MISSING']);
  });

  it('resolution tokens are given only when asked for', async () => {
    const [without] = await connector.resolve([address(['42 Elm Street'])], { includeResolutionTokens: false });
    const [withTokens] = await connector.resolve([address(['42 Elm Street'])], { includeResolutionTokens: true });
    expect(value(without).resolutionToken).toBeNull();
    expect(value(withTokens).resolutionToken).toMatch(/^[0-9a-f]{24}$/);
  });

  it('an input the answer leaves out fails alone (UPSTREAM_CONTRACT), its siblings keep their answers', async () => {
    const [first, dropped, last] = await connector.resolve(
      [address(['42 Elm Street']), address(['7 Oak Road [drop]']), address(['10 Fedex Pkwy', 'Suite 200'])],
      { includeResolutionTokens: false },
    );
    expect(value(first).classification).toBe('RESIDENTIAL');
    expect(dropped?.ok).toBe(false);
    if (dropped && !dropped.ok) expect(dropped.error).toMatchObject({ code: 'UPSTREAM_CONTRACT', upstream: 'carrier-b', operation: 'address-resolve' });
    expect(value(last).classification).toBe('BUSINESS');
  });

  it('a failed call is the same typed failure on every input, never a rejection', async () => {
    world.sandbox.failNext('carrierB', { status: 400, count: 1 });
    const outcomes = await connector.resolve([address(['42 Elm Street']), address(['9 Pine Road'])], { includeResolutionTokens: false });
    expect(outcomes).toHaveLength(2);
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.httpStatus).toBe(400);
    }
  });

  it(`a batch larger than maxBatchSize (${100}) is answered in full, one call per slice`, async () => {
    expect(connector.maxBatchSize).toBe(100);
    const many = Array.from({ length: 101 }, (_, i) => address([`${i + 1} Elm Street`]));
    const outcomes = await connector.resolve(many, { includeResolutionTokens: false });
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(value(outcomes[100]).streetLines).toEqual(['101 ELM STREET']);
    expect(callsTo(world.sandbox, RESOLVE)).toBe(2);
  });
});
