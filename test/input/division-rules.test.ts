/**
 * Which carrier ships per division, and which divisions it accepts, is its module's policy (CarrierPolicies.divisions,
 * asked through CarrierRegistry.divisionsOf); the GraphQL edge's check names the field and the accepted values, and a
 * carrier only by the value the input gave.
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/carriers/registry.js';
import type { CarrierModule } from '../../src/carriers/module-contract.js';
import { loadConfig } from '../../src/config.js';
import type { Carrier } from '../../src/domain/carrier.js';
import { InputError } from '../../src/domain/errors.js';
import { checkDivision } from '../../src/graphql/inputs/shipment-parts.js';
import { createLogger } from '../../src/platform/logger.js';
import { createMetrics } from '../../src/platform/metrics.js';

function refusal(run: () => unknown): { field: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return { field: (error as InputError).field, message: (error as InputError).message };
  }
}

describe("division rules come from the carrier modules' policies", () => {
  it('a carrier whose module lists divisions needs one of them; a carrier whose module lists none refuses the field', () => {
    // A carrier the code has never heard of, given divisions by its (here: stand-in) module.
    const divisionsOf = (carrier: Carrier): readonly string[] => (carrier === ('CARRIER_B' as Carrier) ? ['north', 'south'] : []);
    expect(checkDivision('CARRIER_B', 'north', 'input.division', divisionsOf)).toBe('north');
    expect(refusal(() => checkDivision('CARRIER_B', null, 'input.division', divisionsOf))).toEqual({
      field: 'input.division',
      message: 'input.division: is required for CARRIER_B; expected one of north, south',
    });
    expect(refusal(() => checkDivision('CARRIER_B', 'east', 'input.division', divisionsOf))).toEqual({
      field: 'input.division',
      message: 'input.division: unknown CARRIER_B division; expected one of north, south',
    });
    expect(checkDivision('GROUP_A', null, 'input.division', divisionsOf)).toBeNull();
    expect(refusal(() => checkDivision('GROUP_A', 'express', 'input.division', divisionsOf))).toEqual({
      field: 'input.division',
      message: 'input.division: GROUP_A has no divisions; omit it',
    });
  });

  it("the registry's divisionsOf answers each module's own divisions, and none for a module without a divisions policy", () => {
    const loaded = loadConfig({ LOG_LEVEL: 'silent', GROUP_A_DIVISIONS: 'express' });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const plain = (carrier: Carrier): CarrierModule => ({
      carrier,
      config: { name: carrier, read: () => ({}) } as never,
      upstreams: [],
      build: () => ({ carrier, tracking: null, rating: [], landedCost: [], postalValidation: [], health: [], clients: [], close: async () => {} }),
    });
    const registry = buildRegistry(
      {
        config: loaded.config,
        timeouts: { connectTimeoutMs: 1_000, headersTimeoutMs: 1_000, bodyTimeoutMs: 1_000 },
        retryBaseDelayMs: 10,
        metrics: createMetrics(),
        logger: createLogger('silent'),
      },
      [{ ...plain('GROUP_A'), policies: { divisions: (config) => config.groupADivisions } }, plain('CARRIER_B')],
    );
    expect(registry.divisionsOf('GROUP_A')).toEqual(['express']);
    expect(registry.divisionsOf('CARRIER_B')).toEqual([]);
    expect(registry.divisionsOf('DARK_STORE')).toEqual([]);
  });
});
