/**
 * A carrier is a module, really: a fourth carrier written under this folder (its configuration section, connectors,
 * module and simulator) is added to the server by one registry entry, through the same seam CARRIER_MODULES feeds
 * (`loadConfig` and `startServer` take the module list), plus its value in the Carrier enum. No service, resolver,
 * store or server file names it, yet it tracks, rates and buys a label through GraphQL over real HTTP.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_MODULES } from '../../../src/carriers/registry.js';
import { configVariables, loadConfig } from '../../../src/config.js';
import { CARRIERS } from '../../../src/domain/carrier.js';
import { createLogger } from '../../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../../src/server/start.js';
import { migratedDataDir } from '../../support/database.js';
import { postGraphQL, startE2E } from '../../e2e/support.js';
import { CREATE_SHIPMENT, carrierBShipment } from '../../shipping-api/support.js';
import { fourthModule } from './module.js';
import { FOURTH_API_KEY, startFourthSimulator, type FourthSimulator } from './simulator.js';

/** The one registry entry: what a real fourth carrier adds to CARRIER_MODULES in src/carriers/registry.ts. */
const MODULES = [...CARRIER_MODULES, fourthModule];

describe('a fourth carrier is one folder and one registry entry', () => {
  let simulator: FourthSimulator;
  let server: StartedServer;
  let dataDir: string;
  const gql = (query: string, variables?: Record<string, unknown>) => postGraphQL(server.url, query, variables);

  beforeAll(async () => {
    simulator = await startFourthSimulator();
    dataDir = (await migratedDataDir('carrier-subgraph-fourth-')).root;
    const loaded = loadConfig(
      {
        HOST: '127.0.0.1',
        PORT: '0',
        SANDBOX: 'off',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WATCHERS_ENABLED: 'false',
        TRACKING_FRESHNESS_MS: '0',
        FOURTH_BASE_URL: simulator.url,
        FOURTH_API_KEY,
      },
      { modules: MODULES },
    );
    if (!loaded.ok) throw new Error(`config: ${loaded.problems.join('; ')}`);
    server = await startServer({ config: loaded.config, logger: createLogger('silent'), modules: MODULES });
  });
  afterAll(async () => {
    await server?.close();
    await simulator?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('its configuration section is validated and reported with everyone else\'s, naming its variables', () => {
    expect(configVariables(MODULES)).toEqual(expect.arrayContaining(['FOURTH_BASE_URL', 'FOURTH_API_KEY', 'UPSTREAM_POOL_CONNECTIONS_FOURTH']));
    const refused = loadConfig({ FOURTH_BASE_URL: simulator.url }, { modules: MODULES });
    expect(refused).toEqual({ ok: false, problems: ['FOURTH_API_KEY: required when FOURTH_BASE_URL is set'] });
    const malformed = loadConfig({ FOURTH_BASE_URL: 'not a url', FOURTH_API_KEY: 'k', UPSTREAM_POOL_CONNECTIONS_FOURTH: '0' }, { modules: MODULES });
    expect(malformed.ok ? [] : malformed.problems.map((p) => p.split(':')[0])).toEqual(['FOURTH_BASE_URL', 'UPSTREAM_POOL_CONNECTIONS_FOURTH']);
  });

  it('it tracks a shipment through GraphQL over its own simulator', async () => {
    const answer = await gql(`{ shipment(carrier: TEST_FOURTH, trackingNumber: "4F0000001") {
      id carrier trackingNumber status { status nativeCode } events { status { status nativeCode } description } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.shipment).toEqual({
      id: 'TEST_FOURTH:-:4F0000001',
      carrier: 'TEST_FOURTH',
      trackingNumber: '4F0000001',
      status: { status: 'IN_TRANSIT', nativeCode: 'MV' },
      events: [
        { status: { status: 'IN_TRANSIT', nativeCode: 'MV' }, description: 'departed hub' },
        { status: { status: 'IN_TRANSIT', nativeCode: 'PU' }, description: 'picked up' },
      ],
    });
    expect(simulator.calls['POST /track']).toBe(1);
  });

  it('it rates a lane beside the other carriers (here the only one configured)', async () => {
    const answer = await gql(`{ rates(input: {
      origin: { countryCode: "US", postalCode: "30301" }, destination: { countryCode: "US", postalCode: "10001" }
      packages: [{ weight: { value: 2, unit: KG } }], strategy: CHEAPEST
    }) { best { carrier serviceCode total { amount currency } } quotes { carrier serviceCode serviceName transitDays } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.rates.best).toEqual({ carrier: 'TEST_FOURTH', serviceCode: 'F-STD', total: { amount: '12.50', currency: 'USD' } });
    expect(answer.data.rates.quotes.map((q: { serviceCode: string }) => q.serviceCode)).toEqual(['F-STD', 'F-FAST']);
    expect(simulator.calls['POST /rates']).toBe(1);
  });

  it('it buys a label with createShipment, once, and the label is tracked like any shipment', async () => {
    const input = carrierBShipment('fourth-order-1', { service: { carrier: 'TEST_FOURTH', serviceCode: 'F-STD' }, orderId: 'ORDER-4001' });
    const first = await gql(CREATE_SHIPMENT, { input });
    expect(first.errors).toBeUndefined();
    expect(first.data.createShipment.userErrors).toEqual([]);
    const label = first.data.createShipment.purchase.label;
    expect(label).toMatchObject({ state: 'PURCHASED', carrier: 'TEST_FOURTH', trackingNumber: '4C00000001', total: { amount: '12.50', currency: 'USD' } });
    expect(label.documents.map((d: { kind: string }) => d.kind)).toEqual(['LABEL']);
    // The same key again: the same label, no second creation at the carrier.
    const again = await gql(CREATE_SHIPMENT, { input });
    expect(again.data.createShipment.purchase).toMatchObject({ replay: 'REPLAYED', label: { id: label.id } });
    expect(simulator.calls['POST /shipments']).toBe(1);
    expect(simulator.created.get('4C00000001')).toMatchObject({ service: 'F-STD', orderId: 'ORDER-4001' });

    const tracked = await gql(`{ shipment(carrier: TEST_FOURTH, trackingNumber: "4C00000001") { status { status nativeCode } } }`);
    expect(tracked.data.shipment).toEqual({ status: { status: 'LABEL_CREATED', nativeCode: 'CR' } });
  });

  it('/readyz lists its upstream beside the others, as the module declares it', async () => {
    const ready = (await (await fetch(new URL('/readyz', server.url))).json()) as { upstreams: Record<string, string> };
    expect(ready.upstreams).toMatchObject({ 'test-fourth': 'configured', 'carrier-b': 'not configured', 'dark-store': 'not configured' });
  });
});

describe('the Carrier enum is the one list a new carrier adds its name to', () => {
  it("the domain's CARRIERS are the schema's Carrier enum, value for value", () => {
    const schema = readFileSync(new URL('../../../schema/common.graphql', import.meta.url), 'utf8');
    const body = /enum Carrier \{([\s\S]*?)\n\}/.exec(schema)![1]!;
    const values = body
      .replace(/"""[\s\S]*?"""|"[^"\n]*"/g, '')
      .split(/\s+/)
      .filter((word) => /^[A-Z][A-Z0-9_]*$/.test(word));
    expect([...CARRIERS].sort()).toEqual(values.sort());
  });
});

describe('in sandbox mode the fourth module starts its own simulator', () => {
  it('SANDBOX=on points its section at a simulator it started, and /readyz says it is simulated', async () => {
    const dir = (await migratedDataDir('carrier-subgraph-fourth-sandbox-')).root;
    const loaded = loadConfig({ HOST: '127.0.0.1', PORT: '0', SANDBOX: 'on', LOG_LEVEL: 'silent', DATA_DIR: dir, WATCHERS_ENABLED: 'false', SHIPPING_WORKER_ENABLED: 'false' }, { modules: MODULES });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const sandboxed = await startServer({ config: loaded.config, logger: createLogger('silent'), modules: MODULES });
    try {
      const ready = (await (await fetch(new URL('/readyz', sandboxed.url))).json()) as { upstreams: Record<string, string> };
      expect(ready.upstreams['test-fourth']).toBe('simulated');
      const answer = await postGraphQL(sandboxed.url, '{ shipment(carrier: TEST_FOURTH, trackingNumber: "4F0000009") { status { status } } }');
      expect(answer.data.shipment).toEqual({ status: { status: 'IN_TRANSIT' } });
    } finally {
      await sandboxed.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the e2e support registers it the same way', () => {
  it('startE2E({ modules }) serves it beside every built-in carrier, pointed at its own simulator by its sandbox hook', async () => {
    const e2e = await startE2E({ modules: [fourthModule] });
    try {
      const answer = await e2e.gql(`{
        fourth: shipment(carrier: TEST_FOURTH, trackingNumber: "4F0000002") { carrier status { status } }
        carrierB: shipment(carrier: CARRIER_B, trackingNumber: "223456789010") { carrier status { status } }
      }`);
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toEqual({
        fourth: { carrier: 'TEST_FOURTH', status: { status: 'IN_TRANSIT' } },
        carrierB: { carrier: 'CARRIER_B', status: { status: 'DELIVERED' } },
      });
    } finally {
      await e2e.close();
    }
  });
});
