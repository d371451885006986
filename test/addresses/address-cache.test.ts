/**
 * The address cache's lifetime (ADDRESS_CACHE_TTL_SECONDS, AR4) on the service over the Carrier B module as built from
 * configuration, against our sandbox over real HTTP; the cache's clock is driven by the test (lru-cache `perf`), so
 * nothing waits.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AddressInput } from '../../src/domain/pickups-addresses.js';
import { AddressesService } from '../../src/services/addresses/addresses-service.js';
import { callsTo, startCarrierBWorld, type CarrierBWorld } from '../carriers/carrier-b/issue10-support.js';

const RESOLVE = 'POST /address/v1/addresses/resolve';
const OPTIONS = { strict: false, includeResolutionTokens: false, capabilities: [], validatePostalCodes: false };
let world: CarrierBWorld;
// Not 0: lru-cache reads a start time of 0 as "no start" and would never expire the entry.
let now = 1_000_000;

function service(ttlSeconds: number): AddressesService {
  return new AddressesService({
    resolution: world.module.addressResolution ?? [],
    capability: [],
    postal: world.module.postalValidation,
    servicePoints: [],
    notifications: [],
    carrierDeadlineMs: 5_000,
    cache: { ttlMs: ttlSeconds * 1000, maxEntries: 100, perf: { now: () => now } },
  });
}

const home: AddressInput = { streetLines: ['42 Elm Street'], city: 'Collierville', stateOrProvinceCode: 'TN', postalCode: '38017', countryCode: 'US' };

beforeAll(async () => {
  world = await startCarrierBWorld('address-cache');
});
afterAll(async () => {
  await world.close();
});
beforeEach(() => world.sandbox.resetStats());

it('within ADDRESS_CACHE_TTL_SECONDS a repeated address costs no call; after it, the carrier is asked again', async () => {
  const addresses = service(300);
  const [first] = await addresses.resolveAddresses([home], OPTIONS);
  now += 299_000;
  const [cached] = await addresses.resolveAddresses([home], OPTIONS);
  expect(callsTo(world.sandbox, RESOLVE)).toBe(1);
  expect(cached!.resolutions[0]).toMatchObject({ fromCache: true, resolvedAt: first!.resolutions[0]!.resolvedAt });
  now += 2_000;
  const [fresh] = await addresses.resolveAddresses([home], OPTIONS);
  expect(callsTo(world.sandbox, RESOLVE)).toBe(2);
  expect(fresh!.resolutions[0]!.fromCache).toBe(false);
});

it('ADDRESS_CACHE_TTL_SECONDS=0 keeps nothing: every request asks the carrier', async () => {
  const addresses = service(0);
  await addresses.resolveAddresses([home], OPTIONS);
  await addresses.resolveAddresses([home], OPTIONS);
  expect(callsTo(world.sandbox, RESOLVE)).toBe(2);
});

it('a failure is never cached: the next request asks again', async () => {
  const addresses = service(300);
  world.sandbox.setFaults('carrierB', { errorRate: 1 });
  const [failed] = await addresses.resolveAddresses([{ ...home, streetLines: ['7 Failing Street'] }], OPTIONS);
  world.sandbox.setFaults('carrierB', { errorRate: 0 });
  expect(failed!.failures).toEqual([expect.objectContaining({ check: 'RESOLUTION', code: 'UPSTREAM_UNAVAILABLE' })]);
  const [answered] = await addresses.resolveAddresses([{ ...home, streetLines: ['7 Failing Street'] }], OPTIONS);
  expect(answered!.resolutions[0]).toMatchObject({ fromCache: false, result: { resolved: true } });
});

it('a check asked of no configured carrier is refused naming it, before any call (not an empty "nothing found")', async () => {
  const none = new AddressesService({
    resolution: [],
    capability: [],
    postal: [],
    servicePoints: [],
    notifications: [],
    carrierDeadlineMs: 5_000,
    cache: { ttlMs: 0, maxEntries: 1 },
  });
  await expect(none.resolveAddresses([home], OPTIONS)).rejects.toMatchObject({ field: 'inputs' });
  await expect(none.resolveAddresses([home], { ...OPTIONS, capabilities: ['PICKUP'] })).rejects.toMatchObject({ field: 'options.capabilities' });
  await expect(none.resolveAddresses([home], { ...OPTIONS, validatePostalCodes: true })).rejects.toMatchObject({ field: 'options.validatePostalCodes' });
  // Carrier B alone: resolution answers; express capability asked of it is refused, naming the option.
  await expect(service(0).resolveAddresses([home], { ...OPTIONS, capabilities: ['DELIVERY'] })).rejects.toMatchObject({ field: 'options.capabilities' });
  expect(callsTo(world.sandbox, RESOLVE)).toBe(0);
});
