import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PickupConnector } from '../../../src/carriers/types.js';
import type { PickupAvailabilityRequest } from '../../../src/domain/pickups-addresses.js';
import { callsTo, only, startCarrierBWorld, type CarrierBWorld } from './issue10-support.js';

/** Seed 001: "Availability answers give cutoff time, pickup date, access time and ready time for an address, carrier and request type". */
let world: CarrierBWorld;
let pickups: PickupConnector;

beforeAll(async () => {
  world = await startCarrierBWorld('carrier-b-pickup-availability');
  pickups = only(world.module.pickups, 'pickup');
});
afterAll(async () => {
  await world.close();
});
beforeEach(() => world.sandbox.resetStats());

function ask(overrides: Partial<PickupAvailabilityRequest> = {}): PickupAvailabilityRequest {
  return {
    carrier: 'CARRIER_B',
    division: null,
    address: { streetLines: ['10 Fedex Pkwy'], city: 'Collierville', stateOrProvinceCode: 'TN', postalCode: '38017', countryCode: 'US', residential: false },
    network: 'GROUND',
    dateType: 'SAME_DAY',
    readyDate: '2026-03-10',
    readyTime: '10:00:00',
    accountNumber: null,
    ...overrides,
  };
}

describe('seed 001: pickup availability for an address, carrier and request type', () => {
  it("a ready time before the cutoff is collected the same day, with the carrier's cutoff, access and ready times", async () => {
    const answer = await pickups.availability!(ask());
    expect(answer).toEqual({
      options: [{ network: 'GROUND', carrierCode: 'CBXG', pickupDate: '2026-03-10', cutoffTime: '15:00:00', accessTime: 'PT1H', readyTime: '08:00:00', available: true }],
      warnings: [],
    });
    expect(callsTo(world.sandbox, 'POST /pickup/v1/pickups/availabilities')).toBe(1);
  });

  it('availability moves to the next day when the ready time is past the cutoff', async () => {
    const answer = await pickups.availability!(ask({ readyTime: '16:00:00' }));
    expect(answer.options.map((o) => o.pickupDate)).toEqual(['2026-03-11']);
  });

  it('the express network has its own later cutoff: the same ready time is still collected that day', async () => {
    const answer = await pickups.availability!(ask({ network: 'EXPRESS', readyTime: '16:00:00' }));
    expect(answer.options).toEqual([expect.objectContaining({ network: 'EXPRESS', carrierCode: 'CBXE', pickupDate: '2026-03-10', cutoffTime: '17:00:00', accessTime: 'PT1H30M' })]);
  });

  it('a Friday ready time past the cutoff moves to Monday', async () => {
    const answer = await pickups.availability!(ask({ readyDate: '2026-03-13', readyTime: '15:30:00' }));
    expect(answer.options.map((o) => o.pickupDate)).toEqual(['2026-03-16']);
  });

  it('a future-day request keeps its date whatever the ready time', async () => {
    const answer = await pickups.availability!(ask({ dateType: 'FUTURE_DAY', readyDate: '2026-03-12', readyTime: '16:00:00' }));
    expect(answer.options.map((o) => o.pickupDate)).toEqual(['2026-03-12']);
  });
});
