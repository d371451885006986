import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { createExpressHttpClient, expressBaseUrl } from '../../../src/carriers/group-a/express/client.js';
import { ExpressTrackingConnector } from '../../../src/carriers/group-a/express/connector.js';
import type { TrackOutcome } from '../../../src/domain/tracking.js';
import type { GroupAExpressConfig } from '../../../src/carriers/group-a/config.js';
import { nextUtcMidnight } from '../../../src/platform/quota-memory.js';
import { openStore } from '../../../src/store/store.js';
import { StoreQuotaCounter } from '../../../src/store/quota-counter.js';
import { migratedMemoryStore } from '../../support/database.js';
import { platform, trackRequest } from './harness.js';

let sandbox: Sandbox | undefined;
let connector: ExpressTrackingConnector | undefined;

afterEach(async () => {
  await connector?.close();
  await sandbox?.close();
  connector = undefined;
  sandbox = undefined;
});

async function setup(overrides: Partial<GroupAExpressConfig> = {}, sandboxQuota?: number) {
  sandbox = await startSandbox(sandboxQuota === undefined ? {} : { expressTestDailyQuota: sandboxQuota });
  const { username, password, accountNumber } = sandbox.credentials.groupAExpress;
  const config: GroupAExpressConfig = {
    baseUrl: sandbox.urls.groupAExpress,
    environment: 'test',
    username,
    password,
    accountNumbers: [accountNumber],
    ...overrides,
  };
  connector = new ExpressTrackingConnector({ client: createExpressHttpClient({ config, ...platform() }) });
  return { sandbox, connector, config };
}

function shipmentOf(outcome: TrackOutcome | undefined) {
  if (!outcome?.ok) throw new Error(`lookup failed: ${outcome ? outcome.error.message : 'no outcome'}`);
  const shipment = outcome.shipments[0];
  if (!shipment) throw new Error('no shipment');
  return shipment;
}

interface WireEvent {
  date: string;
  time: string;
  GMTOffset?: string;
  typeCode: string;
}

/** The raw answer, for comparing our reading with what was on the wire. */
async function rawTracking(config: GroupAExpressConfig, number: string): Promise<{ shipments: Array<{ events: WireEvent[] }> }> {
  const auth = Buffer.from(`${config.username}:${config.password}`).toString('base64');
  const response = await fetch(`${expressBaseUrl(config)}/tracking?shipmentTrackingNumber=${number}`, {
    headers: { authorization: `Basic ${auth}` },
  });
  return (await response.json()) as { shipments: Array<{ events: WireEvent[] }> };
}

describe('Group A express tracking through the sandbox (seed 000, interface B)', () => {
  it('HTTP Basic is sent pre-emptively: the first request succeeds without a 401 challenge', async () => {
    const { connector, sandbox } = await setup();
    expect(shipmentOf((await connector.track([trackRequest('1234567890')]))[0]).trackingNumber).toBe('1234567890');
    expect(sandbox.stats.groupAExpress.responses).toEqual({ '200': 1 });
  });

  it('a wrong password answers 401: UPSTREAM_UNAUTHORIZED', async () => {
    const { connector } = await setup({ password: 'wrong-password' });
    const [outcome] = await connector.track([trackRequest('1234567890')]);
    expect(outcome?.ok).toBe(false);
    if (outcome && !outcome.ok) {
      expect(outcome.error.code).toBe('UPSTREAM_UNAUTHORIZED');
      expect(outcome.error.message).not.toContain('wrong-password');
    }
  });

  it('the test environment uses the prefix /expressapi/test; production /expressapi', async () => {
    const { connector, sandbox, config } = await setup();
    await connector.track([trackRequest('1234567890')]);
    expect(sandbox.stats.groupAExpress.calls).toEqual({ 'GET /expressapi/test/tracking': 1 });
    const production = new ExpressTrackingConnector({ client: createExpressHttpClient({ config: { ...config, environment: 'production' }, ...platform() }) });
    try {
      expect((await production.track([trackRequest('1234567890')]))[0]?.ok).toBe(true);
    } finally {
      await production.close();
    }
    expect(sandbox.stats.groupAExpress.calls['GET /expressapi/tracking']).toBe(1);
  });

  it('an unknown number answers 404: UPSTREAM_NOT_FOUND (assumption X1)', async () => {
    const { connector } = await setup();
    const [outcome] = await connector.track([trackRequest('1234567404')]);
    expect(outcome?.ok === false && outcome.error.code).toBe('UPSTREAM_NOT_FOUND');
  });

  it('event date, time and GMTOffset are recombined into one instant', async () => {
    const { connector, config } = await setup();
    const shipment = shipmentOf((await connector.track([trackRequest('1234567890')]))[0]);
    const wire = (await rawTracking(config, '1234567890')).shipments[0]?.events ?? [];
    expect(wire.length).toBeGreaterThan(0);
    const expected = wire.map((e) => `${e.date}T${e.time}${e.GMTOffset}`).reverse();
    expect(shipment.events?.map((e) => e.time?.instant)).toEqual(expected);
    expect(shipment.status).toMatchObject({ status: 'DELIVERED', nativeCode: 'delivered' });
    expect(shipment.events?.[0]?.status.nativeCode).toBe('OK');
  });

  it('pieces come with their own tracking numbers and events', async () => {
    const { connector } = await setup();
    const shipment = shipmentOf((await connector.track([trackRequest('1234567890')]))[0]);
    expect(shipment.pieces).toHaveLength(shipment.pieceCount ?? -1);
    for (const piece of shipment.pieces) {
      expect(piece.trackingNumber).toEqual(expect.any(String));
      expect(piece.typeCode).toBe('2BP');
      expect(piece.events.length).toBeGreaterThan(0);
      // Piece events repeat the shipment's scans: they take the shipment event's offset (assumption X4).
      expect(piece.events.every((e) => e.time?.instant !== null)).toBe(true);
    }
    expect(shipment.references[0]?.type).toBe('customer-reference');
    expect(shipment.totalWeight?.unit).toBe('kg');
  });

  it('soft failures arrive as warnings[] in an otherwise successful answer and are returned', async () => {
    const { connector } = await setup();
    const [warned, clean] = await connector.track([trackRequest('1234567877'), trackRequest('1234567890')]);
    expect(shipmentOf(warned).warnings).toEqual([{ code: null, message: expect.stringContaining('1234567877'), type: null }]);
    expect(shipmentOf(clean).warnings).toEqual([]);
  });

  it('the test environment quota (500 a day per credential) is kept by us: the call past it is refused with retryAt at 00:00 UTC, and never sent', async () => {
    // Our quota set below the simulator's, so a refusal can only be ours.
    const { sandbox, connector } = await setup({ dailyQuota: 3 }, 100);
    for (let i = 0; i < 3; i += 1) expect((await connector.track([trackRequest('1234567893')]))[0]?.ok).toBe(true);
    const before = sandbox.stats.groupAExpress.calls['GET /expressapi/test/tracking'];
    expect(before).toBe(3);
    const [refused] = await connector.track([trackRequest('1234567893')]);
    expect(refused?.ok).toBe(false);
    if (refused?.ok !== false) return;
    expect(refused.error.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(refused.error.retryAt?.toISOString()).toBe(nextUtcMidnight(new Date()).toISOString());
    expect(sandbox.stats.groupAExpress.calls['GET /expressapi/test/tracking']).toBe(before);
  });

  it('the express daily quota is shared through the store: two connectors (replicas) on one counter make 3 calls in all', async () => {
    sandbox = await startSandbox();
    const store = await openStore(await migratedMemoryStore());
    try {
      const { username, password, accountNumber } = sandbox.credentials.groupAExpress;
      const config: GroupAExpressConfig = { baseUrl: sandbox.urls.groupAExpress, environment: 'test', username, password, accountNumbers: [accountNumber], dailyQuota: 3 };
      const counter = new StoreQuotaCounter(store);
      const a = new ExpressTrackingConnector({ client: createExpressHttpClient({ config, ...platform(), quotaCounter: counter }) });
      const b = new ExpressTrackingConnector({ client: createExpressHttpClient({ config, ...platform(), quotaCounter: counter }) });
      const outcomes = await Promise.all([a, b, a, b, a].map((c) => c.track([trackRequest('1234567893')]).then((r) => r[0]!)));
      expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
      expect(outcomes.filter((o) => !o.ok && o.error.code === 'UPSTREAM_RATE_LIMITED')).toHaveLength(2);
      expect(sandbox.stats.groupAExpress.calls['GET /expressapi/test/tracking']).toBe(3);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await store.close();
    }
  });

  it('production has no daily quota of ours by default', async () => {
    const { connector } = await setup({ environment: 'production' });
    expect(connector.limiter).toBeNull();
  });
});
