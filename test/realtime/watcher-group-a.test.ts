/**
 * Polling watchers for Group A express and e-commerce (seed 000: "No events are emitted by interfaces B and C", so
 * their status changes are polled; docs/assumptions.md S3, S4), through real HTTP to the express and e-commerce
 * simulators, on embedded PGlite and on PostgreSQL. The sandbox's data clock is a ManualClock, so shipments progress
 * only when a test moves it; the watcher reads the same clock. Upstream calls are counted by the simulators' stats.
 *
 * Sandbox conventions (sandbox/README.md): express waybills are 10 digits, e-commerce packages `GM` + digits (the
 * carrier's id) or `PKG-` + the same digits (the caller's id); the last digit picks the story; `…404` is unknown.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, startSandbox, type Sandbox } from '../../sandbox/index.js';
import { createEcommerceHttpClient } from '../../src/carriers/group-a/ecommerce/client.js';
import { EcommerceTrackingConnector } from '../../src/carriers/group-a/ecommerce/connector.js';
import { createExpressHttpClient } from '../../src/carriers/group-a/express/client.js';
import { ExpressTrackingConnector } from '../../src/carriers/group-a/express/connector.js';
import { carrierBTracking } from '../../src/carriers/carrier-b/index.js';
import { groupATracking } from '../../src/carriers/group-a/index.js';
import { trackingRoutes } from '../../src/carriers/registry.js';
import { scanDedupKey, type StatusChange } from '../../src/domain/status-change.js';
import type { ShipmentStatus } from '../../src/domain/status.js';
import { createLogger } from '../../src/platform/logger.js';
import { createMetrics } from '../../src/platform/metrics.js';
import type { TrackLookup } from '../../src/domain/track-lookup.js';
import { ShipmentWatcher, type WatcherLogger, type WatcherSettings } from '../../src/services/realtime/watcher.js';
import { TrackingService } from '../../src/services/tracking.js';
import { MATCH_ALL, StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.js';
import type { StoredWatch } from '../../src/store/watch-store.js';
import { STORE_BACKENDS } from '../support/database.js';

const EPOCH = new Date('2030-03-10T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SETTINGS: Partial<WatcherSettings> = {
  batchLimit: 300,
  leaseMs: 2 * MINUTE,
  intervals: { defaultMs: 15 * MINUTE, nearDeliveryMs: 5 * MINUTE, maxBackoffMs: 60 * MINUTE, nearDeliveryWindowMs: 2 * 60 * MINUTE },
};


/** Last digit of a sandbox number: its story (sandbox/README.md). */
const STORY = { delivered: 0, inTransit: 3, outForDelivery: 5, returned: 7 } as const;

type Scan = [nativeCode: string, status: ShipmentStatus];

/** What differs between the two Group A interfaces a watcher polls. */
interface Division {
  name: 'express' | 'e-commerce';
  division: 'express' | 'ecommerce';
  simulator: 'groupAExpress' | 'groupAEcommerce';
  /** The simulator's stats key of the tracking call. */
  trackRoute: string;
  /** A sandbox number telling `story`; `n` keeps numbers of one test apart. */
  number(n: number, story: number): string;
  notFound: string;
  input(trackingNumber: string): TrackLookup;
  /** The in-transit story's scans at the epoch (arrived at the sorting hub), oldest first. */
  inTransitAtEpoch: Scan[];
  /** And the rest of its way, to delivery. */
  inTransitLater: Scan[];
  /** Reference types each change carries (for the subscription `reference` filter). */
  referenceTypes: string[];
}

const express: Division = {
  name: 'express',
  division: 'express',
  simulator: 'groupAExpress',
  trackRoute: 'GET /expressapi/test/tracking',
  // 10 digits; never ending `77` (that story carries warnings[]) nor `404`.
  number: (n, story) => `12345${String(n).padStart(4, '0')}${story}`,
  notFound: '1234567404',
  input: (trackingNumber) => ({ carrier: 'GROUP_A', division: 'express', trackingNumber }),
  // Assumptions X3 and D9: the express network has no scans before pickup.
  inTransitAtEpoch: [
    ['PU', 'IN_TRANSIT'],
    ['PL', 'IN_TRANSIT'],
    ['AF', 'IN_TRANSIT'],
  ],
  inTransitLater: [
    ['DF', 'IN_TRANSIT'],
    ['AR', 'IN_TRANSIT'],
    ['WC', 'OUT_FOR_DELIVERY'],
    ['OK', 'DELIVERED'],
  ],
  referenceTypes: ['customer-reference'],
};

const ecommerce: Division = {
  name: 'e-commerce',
  division: 'ecommerce',
  simulator: 'groupAEcommerce',
  trackRoute: 'GET /tracking/v4/package',
  number: (n, story) => `GM2026${String(n).padStart(5, '0')}${story}`,
  notFound: 'GM2026000404',
  // Watched by the carrier's id; assumption E1's other parameter has its own test below.
  input: (trackingNumber) => ({ carrier: 'GROUP_A', trackingNumber, ecommerceIdType: 'CARRIER_PACKAGE_ID' }),
  // Assumption E2's event codes.
  inTransitAtEpoch: [
    ['LABEL_CREATED', 'LABEL_CREATED'],
    ['MANIFESTED', 'PRE_TRANSIT'],
    ['PICKED_UP', 'IN_TRANSIT'],
    ['PROCESSED', 'IN_TRANSIT'],
    ['PROCESSED', 'IN_TRANSIT'],
  ],
  inTransitLater: [
    ['IN_TRANSIT', 'IN_TRANSIT'],
    ['PROCESSED', 'IN_TRANSIT'],
    ['OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY'],
    ['DELIVERED', 'DELIVERED'],
  ],
  referenceTypes: ['package-id', 'carrier-package-id', 'tracking-id'],
};

const divisions: Division[] = [express, ecommerce];

interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  msg: string | undefined;
}

function recordingLogger(lines: LogLine[]): WatcherLogger {
  const at =
    (level: LogLine['level']) =>
    (fields: object, msg?: string): void => {
      lines.push({ level, fields: fields as Record<string, unknown>, msg });
    };
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

let sandbox: Sandbox;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock(EPOCH);
  sandbox = await startSandbox({ clock, epoch: EPOCH });
});
afterAll(async () => {
  await sandbox.close();
});

/** Calls of the simulator's tracking route since the last reset (token mints are not counted). */
const trackCalls = (d: Division): number => sandbox.stats[d.simulator].calls[d.trackRoute] ?? 0;

/** The seed-key tuple (S4) of every scan, read straight off the simulator's wire answer, not through our mapping. */
async function wireScanKeys(d: Division, trackingNumber: string, param = 'carrierPackageId'): Promise<string[]> {
  if (d.division === 'express') {
    const { username, password } = sandbox.credentials.groupAExpress;
    const answer = await fetch(
      `${sandbox.urls.groupAExpress}/expressapi/test/tracking?shipmentTrackingNumber=${encodeURIComponent(trackingNumber)}`,
      { headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` } },
    );
    const body = (await answer.json()) as {
      shipments: Array<{ events: Array<{ date: string; time: string; GMTOffset: string; typeCode: string; serviceArea: Array<{ code: string }> }> }>;
    };
    return body.shipments.flatMap((s) =>
      s.events.map((e) => scanDedupKey(trackingNumber, `${e.date}T${e.time}${e.GMTOffset}`, e.typeCode, e.serviceArea[0]?.code ?? null)),
    );
  }
  const { clientId, clientSecret } = sandbox.credentials.groupAEcommerce;
  const token = (await (
    await fetch(`${sandbox.urls.groupAEcommerce}/auth/v4/accesstoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString(),
    })
  ).json()) as { access_token: string };
  const answer = await fetch(`${sandbox.urls.groupAEcommerce}/tracking/v4/package?${param}=${encodeURIComponent(trackingNumber)}`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  const body = (await answer.json()) as { packages: Array<{ events: Array<{ date: string; eventCode: string }> }> };
  // E-commerce events carry no location id (E2): the tuple's last member is empty.
  return body.packages.flatMap((p) => p.events.map((e) => scanDedupKey(trackingNumber, e.date, e.eventCode, null)));
}

describe.each(STORE_BACKENDS)('Group A polling watchers on $name', (backend) => {
  let store: Store;
  let log: StatusLog;
  let tracking: TrackingService;
  let connectors: Array<{ close(): Promise<void> }> = [];
  let lines: LogLine[] = [];

  const newWatcher = (options: { now?: () => Date; settings?: Partial<WatcherSettings> } = {}) =>
    new ShipmentWatcher({
      store,
      statusLog: log,
      tracking,
      logger: recordingLogger(lines),
      settings: { ...SETTINGS, ...options.settings },
      now: options.now ?? (() => clock.now()),
    });

  const changes = (): Promise<StatusChange[]> => log.readAfter(MATCH_ALL, null, 1_000);
  const scansOf = (recorded: StatusChange[]): Scan[] => recorded.map((c) => [c.status.nativeCode ?? '', c.status.status]);
  const watchOf = async (watcher: ShipmentWatcher, shipmentId: string): Promise<StoredWatch> => {
    const found = (await watcher.list(false)).find((w) => w.shipmentId === shipmentId);
    if (!found) throw new Error(`no watch ${shipmentId}`);
    return found;
  };
  const minutesUntil = (iso: string | null): number => (Date.parse(iso ?? 'NaN') - clock.now().getTime()) / MINUTE;

  let storeOptions: StoreOptions;
  beforeAll(async () => {
    storeOptions = await backend.options();
    store = await openStore(storeOptions);
    log = new StatusLog(store);
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    clock.set(EPOCH);
    lines = [];
    // Fresh connectors per test, so token mints and retries are counted from zero.
    const platform = {
      timeouts: { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
      retryBaseDelayMs: 10,
      metrics: createMetrics(),
      logger: createLogger('silent'),
    };
    const { username, password, accountNumber } = sandbox.credentials.groupAExpress;
    const groupAExpress = new ExpressTrackingConnector({
      client: createExpressHttpClient({
        ...platform,
        config: { baseUrl: sandbox.urls.groupAExpress, environment: 'test', username, password, accountNumbers: [accountNumber] },
      }),
    });
    const ecommerceConfig = {
      baseUrl: sandbox.urls.groupAEcommerce,
      ...sandbox.credentials.groupAEcommerce,
      pickupAccount: null,
      trackPath: '/tracking/v4/package',
      trackParamPackageId: 'packageId',
      trackParamCarrierId: 'carrierPackageId',
    };
    const groupAEcommerce = new EcommerceTrackingConnector({ client: createEcommerceHttpClient({ ...platform, config: ecommerceConfig }), config: ecommerceConfig });
    connectors = [groupAExpress, groupAEcommerce];
    tracking = new TrackingService({ routes: trackingRoutes([groupATracking([groupAExpress, groupAEcommerce]), carrierBTracking(null)]), divisions: ['express', 'ecommerce'], maxNumbersPerRequest: 3000 });
    await store.query('DELETE FROM shipment_watches');
    await store.query('DELETE FROM status_changes');
    sandbox.resetStats();
  });
  afterEach(async () => {
    sandbox.setFaults('groupAExpress', { errorRate: 0, malformedRate: 0 });
    sandbox.setFaults('groupAEcommerce', { errorRate: 0, malformedRate: 0 });
    await Promise.all(connectors.map((c) => c.close()));
    clock.set(EPOCH);
  });

  for (const d of divisions) {
    it(`${d.name}: watching polls the ${d.name} interface once and records every scan so far as GROUP_A ${d.division} changes with the normalised status`, async () => {
      const watcher = newWatcher();
      const trackingNumber = d.number(1, STORY.inTransit);
      const watch = await watcher.watch(d.input(trackingNumber));
      expect(watch).toMatchObject({ shipmentId: `GROUP_A:${d.division}:${trackingNumber}`, division: d.division, active: true });
      expect(trackCalls(d)).toBe(0);

      const report = await watcher.pollOnce();
      expect(report).toMatchObject({ claimed: 1, calls: 1, failed: 0, recorded: d.inTransitAtEpoch.length, stopped: 0 });
      expect(trackCalls(d)).toBe(1);
      expect(sandbox.stats[d.simulator].trackingRequests).toEqual([[trackingNumber]]);

      const recorded = await changes();
      expect(scansOf(recorded)).toEqual(d.inTransitAtEpoch);
      for (const change of recorded) {
        expect(change).toMatchObject({
          shipmentId: watch.shipmentId,
          carrier: 'GROUP_A',
          division: d.division,
          trackingNumber,
          source: 'POLL',
        });
        // Both interfaces give an offset (express: date, time and GMTOffset recombined; e-commerce: ISO with offset).
        expect(change.time?.instant).toMatch(/[+-]\d{2}:\d{2}$/);
        expect(change.references.map((r) => r.type)).toEqual(d.referenceTypes);
      }
      // Oldest first, as the carrier's history runs.
      const instants = recorded.map((c) => Date.parse(c.time?.instant ?? ''));
      expect(instants).toEqual([...instants].sort((a, b) => a - b));
      expect((await watchOf(watcher, watch.shipmentId)).lastStatus?.status).toBe('IN_TRANSIT');
    });

    it(`${d.name}: a second poll with nothing new records nothing (one change per tracking number, scan time, native code and location id)`, async () => {
      const watcher = newWatcher();
      const trackingNumber = d.number(2, STORY.inTransit);
      await watcher.watch(d.input(trackingNumber));
      const first = await watcher.pollOnce();
      expect(first.recorded).toBe(d.inTransitAtEpoch.length);

      clock.advance(15 * MINUTE);
      const second = await watcher.pollOnce();
      expect(second).toMatchObject({ claimed: 1, calls: 1, failed: 0, recorded: 0 });
      expect(trackCalls(d)).toBe(2);
      const recorded = await changes();
      expect(recorded).toHaveLength(d.inTransitAtEpoch.length);

      // The key is S4's tuple, read from the wire's own fields.
      const keys = recorded.map((c) => c.dedupKey);
      expect(new Set(keys).size).toBe(keys.length);
      expect(new Set(keys)).toEqual(new Set(await wireScanKeys(d, trackingNumber)));
    });

    it(`${d.name}: a watch that is not due costs no upstream call`, async () => {
      const watcher = newWatcher();
      const early = await watcher.watch(d.input(d.number(3, STORY.inTransit)));
      await watcher.pollOnce();
      expect(trackCalls(d)).toBe(1);

      clock.advance(10 * MINUTE);
      const late = await watcher.watch(d.input(d.number(4, STORY.inTransit)));
      // Only the new watch is due: the first is due 15 minutes after its poll.
      expect(await watcher.pollDue()).toMatchObject({ claimed: 1, calls: 1 });
      expect(sandbox.stats[d.simulator].trackingRequests).toEqual([[early.trackingNumber], [late.trackingNumber]]);

      clock.advance(4 * MINUTE);
      expect(await watcher.pollDue()).toMatchObject({ claimed: 0, calls: 0 });
      expect(trackCalls(d)).toBe(2);
      expect(minutesUntil((await watchOf(watcher, early.shipmentId)).nextPollAt)).toBe(1);
    });

    it(`${d.name}: as the shipment moves on, new scans are recorded and only those; delivered stops polling and the calls stop`, async () => {
      const watcher = newWatcher();
      const trackingNumber = d.number(5, STORY.inTransit);
      const watch = await watcher.watch(d.input(trackingNumber));
      await watcher.pollOnce();

      // In transit, the next step (departing the hub) comes within 4 h of the epoch (sandbox/data/plan.ts).
      clock.advance(4 * HOUR);
      const moved = await watcher.pollDue();
      expect(moved).toMatchObject({ claimed: 1, calls: 1, failed: 0, stopped: 0 });
      expect(moved.recorded).toBeGreaterThan(0);
      expect(scansOf(await changes())).toEqual([...d.inTransitAtEpoch, ...d.inTransitLater.slice(0, moved.recorded)]);

      // Delivery comes at most 25 h after the hub scan.
      clock.advance(26 * HOUR);
      const delivered = await watcher.pollDue();
      expect(delivered).toMatchObject({ claimed: 1, calls: 1, failed: 0, stopped: 1 });
      const recorded = await changes();
      expect(scansOf(recorded)).toEqual([...d.inTransitAtEpoch, ...d.inTransitLater]);
      expect(new Set(recorded.map((c) => c.dedupKey)).size).toBe(recorded.length);
      expect(await watchOf(watcher, watch.shipmentId)).toMatchObject({ active: false, nextPollAt: null, lastStatus: { status: 'DELIVERED' } });
      expect(await watcher.list(true)).toEqual([]);
      expect(trackCalls(d)).toBe(3);

      // Days later: never claimed, never polled.
      clock.advance(3 * 24 * HOUR);
      expect(await watcher.pollDue()).toMatchObject({ claimed: 0, calls: 0 });
      expect(trackCalls(d)).toBe(3);
      if (d.division === 'ecommerce') expect(sandbox.stats.groupAEcommerce.tokenMints).toBe(1);
    });

    it(`${d.name}: a terminal status stops polling at the first poll: delivered, and returned to the shipper`, async () => {
      const watcher = newWatcher();
      const delivered = await watcher.watch(d.input(d.number(6, STORY.delivered)));
      const returned = await watcher.watch(d.input(d.number(6, STORY.returned)));
      const report = await watcher.pollOnce();
      expect(report).toMatchObject({ claimed: 2, calls: 2, failed: 0, stopped: 2 });
      expect(await watchOf(watcher, delivered.shipmentId)).toMatchObject({ active: false, nextPollAt: null, lastStatus: { status: 'DELIVERED' } });
      expect(await watchOf(watcher, returned.shipmentId)).toMatchObject({ active: false, nextPollAt: null, lastStatus: { status: 'RETURNED' } });
      const recorded = await changes();
      expect(recorded.filter((c) => c.shipmentId === delivered.shipmentId).at(-1)?.status.status).toBe('DELIVERED');
      expect(recorded.filter((c) => c.shipmentId === returned.shipmentId).at(-1)?.status.status).toBe('RETURNED');

      clock.advance(24 * HOUR);
      expect(await watcher.pollDue()).toMatchObject({ claimed: 0, calls: 0 });
      expect(trackCalls(d)).toBe(2);
    });

    it(`${d.name}: the way back to the shipper is followed: polling goes on through the return leg and stops when the return arrives`, async () => {
      const trackingNumber = d.number(9, STORY.returned);
      // The whole story, read at the epoch (after the return arrived): its last two scans are the leg back and the arrival.
      const probe = newWatcher();
      const probed = await probe.watch(d.input(trackingNumber));
      await probe.pollOnce();
      const full = (await changes()).filter((c) => c.shipmentId === probed.shipmentId);
      const [leg, back] = full.slice(-2);
      expect(leg?.status.status).toBe('IN_TRANSIT');
      expect(back?.status.status).toBe('RETURNED');
      await store.query('DELETE FROM shipment_watches');
      await store.query('DELETE FROM status_changes');

      // Halfway back: the shipment is moving again, so the watch stays active.
      clock.set((Date.parse(leg!.time!.instant!) + Date.parse(back!.time!.instant!)) / 2);
      const watcher = newWatcher();
      const watch = await watcher.watch(d.input(trackingNumber));
      await watcher.pollOnce();
      expect(await watchOf(watcher, watch.shipmentId)).toMatchObject({ active: true, lastStatus: { status: 'IN_TRANSIT' } });
      // Arrived back: RETURNED is terminal, polling stops, and nothing of the story is missing.
      clock.set(EPOCH);
      expect(await watcher.pollDue()).toMatchObject({ claimed: 1, stopped: 1 });
      expect(await watchOf(watcher, watch.shipmentId)).toMatchObject({ active: false, nextPollAt: null, lastStatus: { status: 'RETURNED' } });
      expect(scansOf((await changes()).filter((c) => c.shipmentId === watch.shipmentId))).toEqual(scansOf(full));
    });

    it(`${d.name}: a shipment on its way is polled again after the default interval, one out for delivery sooner`, async () => {
      const watcher = newWatcher();
      const moving = await watcher.watch(d.input(d.number(7, STORY.inTransit)));
      const last = await watcher.watch(d.input(d.number(7, STORY.outForDelivery)));
      await watcher.pollOnce();
      expect(await watchOf(watcher, moving.shipmentId)).toMatchObject({ lastStatus: { status: 'IN_TRANSIT' }, nextPollAt: new Date(EPOCH.getTime() + 15 * MINUTE).toISOString() });
      expect(await watchOf(watcher, last.shipmentId)).toMatchObject({
        lastStatus: { status: 'OUT_FOR_DELIVERY' },
        nextPollAt: new Date(EPOCH.getTime() + 5 * MINUTE).toISOString(),
      });
      clock.advance(5 * MINUTE);
      expect(await watcher.pollDue()).toMatchObject({ claimed: 1, calls: 1 });
      expect(sandbox.stats[d.simulator].trackingRequests.at(-1)).toEqual([last.trackingNumber]);
    });

    it(`${d.name}: an upstream failure keeps the watch and backs off (twice the interval, doubling up to the cap); the next success resets it`, async () => {
      const watcher = newWatcher();
      const trackingNumber = d.number(8, STORY.inTransit);
      const watch = await watcher.watch(d.input(trackingNumber));

      // The client retries a 503/500 once, so a failed poll costs two calls.
      sandbox.failNext(d.simulator, { status: 503, count: 2 });
      expect(await watcher.pollOnce()).toMatchObject({ claimed: 1, calls: 1, failed: 1, recorded: 0 });
      expect(trackCalls(d)).toBe(2);
      let after = await watchOf(watcher, watch.shipmentId);
      expect(after).toMatchObject({ active: true, failures: 1, lastStatus: null, lastError: { code: 'UPSTREAM_UNAVAILABLE' } });
      expect(minutesUntil(after.nextPollAt)).toBe(30);
      expect(lines.filter((l) => l.level === 'warn').map((l) => l.fields)).toEqual([
        expect.objectContaining({ shipmentId: watch.shipmentId, code: 'UPSTREAM_UNAVAILABLE', failures: 1 }),
      ]);

      // Not due during the backoff: no call.
      clock.advance(29 * MINUTE);
      expect(await watcher.pollDue()).toMatchObject({ claimed: 0, calls: 0 });
      expect(trackCalls(d)).toBe(2);

      clock.advance(1 * MINUTE);
      sandbox.failNext(d.simulator, { status: 500, count: 2 });
      expect(await watcher.pollOnce()).toMatchObject({ claimed: 1, failed: 1 });
      after = await watchOf(watcher, watch.shipmentId);
      expect(after).toMatchObject({ active: true, failures: 2 });
      // 4 x 15 min = 60 min, the cap.
      expect(minutesUntil(after.nextPollAt)).toBe(60);
      expect(trackCalls(d)).toBe(4);
      expect(await changes()).toEqual([]);

      clock.advance(60 * MINUTE);
      expect(await watcher.pollOnce()).toMatchObject({ claimed: 1, failed: 0, recorded: d.inTransitAtEpoch.length });
      after = await watchOf(watcher, watch.shipmentId);
      expect(after).toMatchObject({ active: true, failures: 0, lastStatus: { status: 'IN_TRANSIT' }, lastError: null });
      expect(minutesUntil(after.nextPollAt)).toBe(15);
      expect(trackCalls(d)).toBe(5);
      expect(sandbox.stats[d.simulator].responses).toMatchObject({ '500': 2, '503': 2 });
    });

    it(`${d.name}: an answer that cannot be read is a failed poll (UPSTREAM_CONTRACT) that keeps the watch, not a crash`, async () => {
      const watcher = newWatcher();
      const watch = await watcher.watch(d.input(d.number(9, STORY.inTransit)));
      sandbox.setFaults(d.simulator, { malformedRate: 1 });
      expect(await watcher.pollOnce()).toMatchObject({ claimed: 1, failed: 1, recorded: 0 });
      // Not retried: a broken body is not a transient status.
      expect(trackCalls(d)).toBe(1);
      expect(lines.find((l) => l.level === 'warn')?.fields).toMatchObject({ shipmentId: watch.shipmentId, code: 'UPSTREAM_CONTRACT' });
      expect(await watchOf(watcher, watch.shipmentId)).toMatchObject({ active: true, failures: 1 });
      expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    });

    it(`${d.name}: a 429 whose Retry-After is later than the backoff defers the next poll until then`, async () => {
      // The client reads Retry-After against real time, so this watcher runs on real time too.
      const watcher = newWatcher({ now: () => new Date() });
      const watch = await watcher.watch(d.input(d.number(10, STORY.inTransit)));
      sandbox.failNext(d.simulator, { status: 429, count: 1, retryAfterSec: 3 * 3600 });
      const before = Date.now();
      expect(await watcher.pollOnce()).toMatchObject({ claimed: 1, failed: 1 });
      // Too long to wait in the call: not retried.
      expect(trackCalls(d)).toBe(1);
      const after = await watchOf(watcher, watch.shipmentId);
      expect(after).toMatchObject({ active: true, failures: 1 });
      const next = Date.parse(after.nextPollAt ?? '');
      expect(next).toBeGreaterThanOrEqual(before + 3 * HOUR - 1_000);
      expect(next).toBeLessThanOrEqual(Date.now() + 3 * HOUR + 1_000);
      expect(lines.find((l) => l.level === 'warn')?.fields).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED' });
      // The 30-minute backoff alone would make it due here; Retry-After does not.
      expect(await watcher.pollOnce(new Date(Date.now() + 2 * HOUR))).toMatchObject({ claimed: 0 });
      expect(trackCalls(d)).toBe(1);
    });

    it(`${d.name}: a number the carrier does not know is a failed poll named UPSTREAM_NOT_FOUND: the watch stays and backs off, nothing is recorded`, async () => {
      const watcher = newWatcher();
      const watch = await watcher.watch(d.input(d.notFound));
      const waits: number[] = [];
      for (let i = 1; i <= 4; i += 1) {
        expect(await watcher.pollOnce()).toMatchObject({ claimed: 1, calls: 1, failed: 1, recorded: 0 });
        const after = await watchOf(watcher, watch.shipmentId);
        expect(after).toMatchObject({ active: true, failures: i, lastStatus: null });
        // The client sees why: the stable code, the carrier's words, and when.
        expect(after.lastError).toEqual({ code: 'UPSTREAM_NOT_FOUND', message: expect.stringContaining('Not Found'), at: clock.now().toISOString() });
        waits.push(minutesUntil(after.nextPollAt));
        clock.set(after.nextPollAt!);
      }
      expect(waits).toEqual([30, 60, 60, 60]);
      // A 404 is an answer, not a transient failure: one call per poll.
      expect(trackCalls(d)).toBe(4);
      expect(sandbox.stats[d.simulator].responses).toEqual({ '404': 4, ...(d.division === 'ecommerce' ? { '200': 1 } : {}) });
      const warnings = lines.filter((l) => l.level === 'warn');
      expect(warnings).toHaveLength(4);
      for (const line of warnings) {
        expect(line).toMatchObject({ msg: 'watcher: poll failed', fields: { shipmentId: watch.shipmentId, code: 'UPSTREAM_NOT_FOUND' } });
      }
      expect(await changes()).toEqual([]);
    });

    it(`${d.name}: a shipment the carrier does not know yet keeps its watch and is recorded once it appears`, async () => {
      // Sandbox shipments are created 0-72 h before the epoch; earlier they answer 404.
      clock.set(new Date(EPOCH.getTime() - 80 * HOUR));
      const watcher = newWatcher();
      const watch = await watcher.watch(d.input(d.number(11, STORY.inTransit)));
      expect(await watcher.pollOnce()).toMatchObject({ claimed: 1, failed: 1, recorded: 0 });
      expect(await watchOf(watcher, watch.shipmentId)).toMatchObject({ active: true, failures: 1 });

      clock.set(EPOCH);
      expect(await watcher.pollDue()).toMatchObject({ claimed: 1, failed: 0, recorded: d.inTransitAtEpoch.length });
      expect(await watchOf(watcher, watch.shipmentId)).toMatchObject({ active: true, failures: 0, lastStatus: { status: 'IN_TRANSIT' } });
      expect(scansOf(await changes())).toEqual(d.inTransitAtEpoch);
      expect(trackCalls(d)).toBe(2);
    });
  }

  it("e-commerce: a package watched by the caller's id (PACKAGE_ID) is polled by that id and its changes are keyed by it", async () => {
    const watcher = newWatcher();
    const digits = '202600012';
    const trackingNumber = `PKG-${digits}3`;
    const watch = await watcher.watch({ carrier: 'GROUP_A', trackingNumber, ecommerceIdType: 'PACKAGE_ID' });
    // One package, one id: the carrier's carrierPackageId, learned by one lookup at watch time (assumption I1).
    expect(watch).toMatchObject({ shipmentId: `GROUP_A:ecommerce:GM${digits}3`, division: 'ecommerce', ecommerceIdType: 'PACKAGE_ID' });
    expect(sandbox.stats.groupAEcommerce.trackingRequests).toEqual([[trackingNumber]]);
    sandbox.resetStats();

    // A second watcher (another replica, or after a restart) reads the id type back from the store.
    const report = await newWatcher().pollOnce();
    // The simulator answers a PKG- id on `packageId` only (a 404 on `carrierPackageId`), so success proves the parameter.
    expect(report).toMatchObject({ claimed: 1, calls: 1, failed: 0, recorded: ecommerce.inTransitAtEpoch.length });
    expect(sandbox.stats.groupAEcommerce.trackingRequests).toEqual([[trackingNumber]]);
    const recorded = await changes();
    expect(scansOf(recorded)).toEqual(ecommerce.inTransitAtEpoch);
    expect(recorded.every((c) => c.shipmentId === watch.shipmentId && c.trackingNumber === trackingNumber)).toBe(true);
    expect(recorded[0]?.references).toEqual([
      { type: 'package-id', value: trackingNumber, scope: null },
      { type: 'carrier-package-id', value: `GM${digits}3`, scope: null },
      { type: 'tracking-id', value: `9261299${`${digits}3`.padStart(15, '0')}`, scope: null },
    ]);
    expect(new Set(recorded.map((c) => c.dedupKey))).toEqual(new Set(await wireScanKeys(ecommerce, trackingNumber, 'packageId')));

    clock.advance(15 * MINUTE);
    expect(await newWatcher().pollOnce()).toMatchObject({ claimed: 1, recorded: 0 });
  });

  it('express and e-commerce watches due together are polled one number per call, each on its own interface', async () => {
    const watcher = newWatcher();
    const expressNumbers = [express.number(20, STORY.inTransit), express.number(21, STORY.outForDelivery), express.number(22, STORY.delivered)];
    const ecommerceNumbers = [ecommerce.number(20, STORY.inTransit), ecommerce.number(21, STORY.outForDelivery)];
    for (const n of expressNumbers) await watcher.watch(express.input(n));
    for (const n of ecommerceNumbers) await watcher.watch(ecommerce.input(n));

    const report = await watcher.pollDue();
    expect(report).toMatchObject({ claimed: 5, calls: 5, failed: 0, stopped: 1 });
    expect(trackCalls(express)).toBe(3);
    expect(trackCalls(ecommerce)).toBe(2);
    expect(sandbox.stats.groupAExpress.trackingRequests.map((r) => r.length)).toEqual([1, 1, 1]);
    expect(new Set(sandbox.stats.groupAExpress.trackingRequests.flat())).toEqual(new Set(expressNumbers));
    expect(new Set(sandbox.stats.groupAEcommerce.trackingRequests.flat())).toEqual(new Set(ecommerceNumbers));
    expect(sandbox.stats.groupAEcommerce.tokenMints).toBe(1);

    const recorded = await changes();
    expect(recorded).toHaveLength(report.recorded);
    const byDivision = (division: string) => new Set(recorded.filter((c) => c.division === division).map((c) => c.trackingNumber));
    expect(byDivision('express')).toEqual(new Set(expressNumbers));
    expect(byDivision('ecommerce')).toEqual(new Set(ecommerceNumbers));
  });

  it.runIf(backend.server)('two watchers on one PostgreSQL polling express and e-commerce at once each claim disjoint watches (SKIP LOCKED): every number asked once', async () => {
    const other = await openStore(storeOptions);
    try {
      // Batches of 8: each replica claims at most 8 at a time, so both have work to take.
      const a = newWatcher({ settings: { batchLimit: 8 } });
      const b = new ShipmentWatcher({
        store: other,
        statusLog: new StatusLog(other),
        tracking,
        logger: recordingLogger(lines),
        settings: { ...SETTINGS, batchLimit: 8 },
        now: () => clock.now(),
      });
      const expressNumbers = Array.from({ length: 8 }, (_, i) => express.number(40 + i, STORY.inTransit));
      const ecommerceNumbers = Array.from({ length: 8 }, (_, i) => ecommerce.number(40 + i, STORY.inTransit));
      for (const n of expressNumbers) await a.watch(express.input(n));
      for (const n of ecommerceNumbers) await a.watch(ecommerce.input(n));

      const [ra, rb] = await Promise.all([a.pollDue(), b.pollDue()]);
      expect(ra.claimed + rb.claimed).toBe(16);
      expect(ra.claimed).toBeGreaterThan(0);
      expect(rb.claimed).toBeGreaterThan(0);
      expect(ra.failed + rb.failed).toBe(0);
      expect(sandbox.stats.groupAExpress.trackingRequests.flat().sort()).toEqual([...expressNumbers].sort());
      expect(sandbox.stats.groupAEcommerce.trackingRequests.flat().sort()).toEqual([...ecommerceNumbers].sort());
      // Each change recorded once, whichever replica polled it.
      const recorded = await changes();
      expect(recorded).toHaveLength(ra.recorded + rb.recorded);
      expect(new Set(recorded.map((c) => c.dedupKey)).size).toBe(recorded.length);
    } finally {
      await other.close();
    }
  });
});
