import { describe, expect, it } from 'vitest';
import { scenarioOf, visibleSteps } from '../../sandbox/data/plan.js';
import { buildShipment, type Network } from '../../sandbox/data/shipment.js';

const EPOCH = new Date('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const LATEST_AT_EPOCH = ['DELIVERED', 'DELIVERED', 'DELIVERED', 'ARRIVED_HUB', 'PICKED_UP', 'OUT_FOR_DELIVERY', 'WEATHER_DELAY', 'RETURNED', 'MANIFESTED', 'DELIVERY_ATTEMPT_FAILED'];
const NETWORKS: Network[] = ['groupA-express', 'groupA-ecommerce', 'groupA-freight', 'carrierB-express', 'carrierB-ground'];

describe('sandbox shipment plans', () => {
  it('are created 0-72 h before the epoch, move forward in time, and stand at the story of the last digit at the epoch', () => {
    for (let i = 0; i < 400; i++) {
      const number = `5${String(i * 7919).padStart(11, '0')}`;
      const network = NETWORKS[i % NETWORKS.length] as Network;
      const shipment = buildShipment('plan-test', EPOCH, { key: `k:${number}`, network, scenario: scenarioOf(number) });
      const times = shipment.steps.map((s) => s.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const age = EPOCH.getTime() - (times[0] as number);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThanOrEqual(72 * HOUR);
      expect(visibleSteps(shipment.steps, EPOCH).at(-1)?.kind).toBe(LATEST_AT_EPOCH[Number(number.at(-1))]);
      expect(shipment.origin).not.toBe(shipment.destination);
    }
  });

  it('gives the same shipment for the same seed and key', () => {
    const spec = { key: 'k:1', network: 'groupA-express' as const, scenario: scenarioOf('1') };
    expect(buildShipment('s', EPOCH, spec)).toEqual(buildShipment('s', EPOCH, spec));
    expect(buildShipment('s', EPOCH, spec)).not.toEqual(buildShipment('t', EPOCH, spec));
  });
});
