import { afterEach, describe, expect, it } from 'vitest';
import { ExpressAddressCapabilityConnector } from '../../../src/carriers/group-a/express/address-validate.js';
import { groupAModule } from '../../../src/carriers/group-a/index.js';
import { UpstreamError } from '../../../src/domain/errors.js';
import type { AddressInput } from '../../../src/domain/pickups-addresses.js';
import { loadConfig } from '../../../src/config.js';
import { platform } from './harness.js';
import { ratingSetup, startFixedAnswer, type RatingSetup } from './express-rating-harness.js';

let setup: RatingSetup | undefined;
const extraClosers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await setup?.close();
  setup = undefined;
  for (const close of extraClosers.splice(0)) await close();
});

async function connect(...args: Parameters<typeof ratingSetup>) {
  setup = await ratingSetup(...args);
  return { setup, connector: new ExpressAddressCapabilityConnector({ client: setup.client }) };
}

function address(extra: Partial<AddressInput> = {}): AddressInput {
  return { streetLines: ['Sahar Road 4', 'Andheri East'], city: 'Mumbai', stateOrProvinceCode: 'MH', postalCode: '400099', countryCode: 'IN', ...extra };
}

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError');
}

describe('Group A express address capability (seed 000: GET /address-validate "checks pickup and delivery capability"; shapes per PX2)', () => {
  it('GET /address-validate sends the purpose as type and the address parts as query parameters', async () => {
    const { setup, connector } = await connect();
    await connector.capability(address(), 'PICKUP');
    await connector.capability(address(), 'DELIVERY');
    const sent = setup.proxy.seen.map((r) => new URL(r.path, 'http://x'));
    expect(setup.proxy.seen.map((r) => r.method)).toEqual(['GET', 'GET']);
    expect(sent.map((u) => u.pathname)).toEqual(['/expressapi/test/address-validate', '/expressapi/test/address-validate']);
    expect(Object.fromEntries(sent[0]!.searchParams)).toEqual({
      type: 'pickup',
      countryCode: 'IN',
      postalCode: '400099',
      cityName: 'Mumbai',
      provinceCode: 'MH',
      addressLine1: 'Sahar Road 4',
      addressLine2: 'Andheri East',
    });
    expect(sent[1]!.searchParams.get('type')).toBe('delivery');
  });

  it('an origin served for pickup answers pickupCapable true, with its service area and the address as matched; the other purpose stays null', async () => {
    const { connector } = await connect();
    const capability = await connector.capability(address(), 'PICKUP');
    expect(capability).toMatchObject({ pickupCapable: true, deliveryCapable: null, warnings: [] });
    expect(capability.serviceAreaCode).toMatch(/^[A-Z]{3}$/);
    expect(capability.matched).toEqual({ streetLines: ['SAHAR ROAD 4'], city: 'MUMBAI', stateOrProvinceCode: 'MH', postalCode: '400099', countryCode: 'IN' });
  });

  it('a destination served for delivery answers deliveryCapable true and pickupCapable null', async () => {
    const { connector } = await connect();
    expect(await connector.capability(address(), 'DELIVERY')).toMatchObject({ pickupCapable: null, deliveryCapable: true });
  });

  it('some postal codes are served for delivery but not for pickup, and the carrier says so in a warning', async () => {
    const { connector } = await connect();
    const pickup = await connector.capability(address({ postalCode: '400011' }), 'PICKUP');
    expect(pickup.pickupCapable).toBe(false);
    expect(pickup.warnings.map((w) => w.message)).toContain('Pickup is not offered at this address.');
    expect((await connector.capability(address({ postalCode: '400011' }), 'DELIVERY')).deliveryCapable).toBe(true);
  });

  it('some postal codes are served for pickup but not for delivery', async () => {
    const { connector } = await connect();
    expect((await connector.capability(address({ postalCode: '400022' }), 'DELIVERY')).deliveryCapable).toBe(false);
    expect((await connector.capability(address({ postalCode: '400022' }), 'PICKUP')).pickupCapable).toBe(true);
  });

  it('a country rating serves no lane into (KP) is served for neither pickup nor delivery', async () => {
    const { connector } = await connect();
    const pyongyang = address({ countryCode: 'KP', postalCode: null, city: 'Pyongyang', stateOrProvinceCode: null });
    expect((await connector.capability(pyongyang, 'PICKUP')).pickupCapable).toBe(false);
    expect((await connector.capability(pyongyang, 'DELIVERY')).deliveryCapable).toBe(false);
  });

  it('a postal code the carrier does not know is its 404: rejected as UPSTREAM_NOT_FOUND, never "not capable"', async () => {
    const { connector } = await connect();
    const error = await rejection(connector.capability(address({ postalCode: '000123' }), 'PICKUP'));
    expect(error).toMatchObject({ code: 'UPSTREAM_NOT_FOUND', httpStatus: 404, upstream: 'group-a/express' });
  });

  it('an address with neither postal code nor city is the carrier\'s 400: UPSTREAM_BAD_REQUEST', async () => {
    const { connector } = await connect();
    const error = await rejection(connector.capability(address({ postalCode: null, city: null }), 'DELIVERY'));
    expect(error).toMatchObject({ code: 'UPSTREAM_BAD_REQUEST', httpStatus: 400 });
  });

  it('without a city the carrier matches one from the postal code and warns (the soft failure reaches the caller)', async () => {
    const { connector } = await connect();
    const capability = await connector.capability(address({ city: null }), 'DELIVERY');
    expect(capability.matched?.city).toBe('DISTRICT 400');
    expect(capability.warnings).toEqual([{ code: null, type: null, message: 'cityName was not given: the city is the one the postal code belongs to.' }]);
  });

  it('an answer about the other purpose is UPSTREAM_CONTRACT, never read as this one', async () => {
    const fixed = await startFixedAnswer({ type: 'delivery', capable: true });
    extraClosers.push(fixed.close);
    const { connector } = await connect({ baseUrl: fixed.origin });
    expect((await rejection(connector.capability(address(), 'PICKUP'))).code).toBe('UPSTREAM_CONTRACT');
  });

  it('an answer without capable is UPSTREAM_CONTRACT', async () => {
    const fixed = await startFixedAnswer({ type: 'pickup', address: [] });
    extraClosers.push(fixed.close);
    const { connector } = await connect({ baseUrl: fixed.origin });
    expect((await rejection(connector.capability(address(), 'PICKUP'))).code).toBe('UPSTREAM_CONTRACT');
  });
});

describe('Group A module: express address capability', () => {
  it('configured express offers address capability on the one express client (one daily quota)', async () => {
    const { setup } = await connect();
    const loaded = loadConfig({
      GROUP_A_EXPRESS_BASE_URL: setup.config.baseUrl,
      GROUP_A_EXPRESS_USERNAME: setup.config.username,
      GROUP_A_EXPRESS_PASSWORD: setup.config.password,
      GROUP_A_EXPRESS_ACCOUNT_NUMBERS: setup.config.accountNumbers.join(','),
      GROUP_A_EXPRESS_DAILY_QUOTA: '1',
    });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const built = groupAModule.build({ config: loaded.config, ...platform() });
    extraClosers.push(built.close);
    expect(built.addressCapability?.map((c) => `${c.upstream} ${c.division}`)).toEqual(['group-a/express express']);
    expect((await built.addressCapability![0]!.capability(address(), 'PICKUP')).pickupCapable).toBe(true);
    // The day's one call is spent: service points, on the same client, are refused without calling.
    expect((await rejection(built.servicePoints![0]!.servicePoints({ countryCode: 'IN', postalCode: '400099', city: null, streetLine: null, latitude: null, longitude: null, radiusKm: 5, limit: 5, capabilities: [] }))).code).toBe('UPSTREAM_RATE_LIMITED');
    expect(setup.proxy.seen).toHaveLength(1);
  });

  it('without express configured there is no express address capability', () => {
    const loaded = loadConfig({});
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    expect(groupAModule.build({ config: loaded.config, ...platform() }).addressCapability ?? []).toEqual([]);
  });
});
