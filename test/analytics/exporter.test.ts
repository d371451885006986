/**
 * Issue 11 item 2: the exporter's handling of every answer of the bridge, on embedded PGlite and on PostgreSQL, with a
 * fake BridgeClient in process that keeps what it imported by `$insert_id` (as the bridge does) and answers as told.
 * Over real HTTP against the bridge simulator: test/analytics/export-crash.test.ts.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertIdOf, type BridgeRecord, type LifecycleEvent } from '../../src/domain/analytics.js';
import { createMetrics } from '../../src/platform/metrics.js';
import { exportMetrics } from '../../src/services/analytics/export-metrics.js';
import { AnalyticsExporter, type ExporterSettings } from '../../src/services/analytics/exporter.js';
import type { BridgeClient, ImportAnswer, ShapeEvent } from '../../src/services/analytics/types.js';
import { OutboxStore, recordLifecycleEvent } from '../../src/store/outbox-store.js';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { Clock } from '../shipping/support.js';

const SETTINGS: ExporterSettings = { intervalMs: 3_600_000, batchSize: 10, leaseMs: 60_000, retryBaseMs: 1_000, retryMaxMs: 8_000, unauthorizedRetryMs: 600_000 };

/** The fake's shaping: the record the exporter would send, `event` being the kind (the real one: shape.ts). */
const shape: ShapeEvent = (event) => ({
  event: event.kind,
  properties: { $insert_id: insertIdOf(event.identity), time: Math.floor(event.occurredAt.getTime() / 1000), distinct_id: event.distinctId, identity: event.identity },
});

/** A bridge in process: stores by $insert_id; `answer` decides each call (default: import all). */
class FakeBridge implements BridgeClient {
  readonly stored = new Map<string, BridgeRecord>();
  readonly calls: BridgeRecord[][] = [];
  /** Records sent, counted per $insert_id (a record sent twice counts 2). */
  readonly sends = new Map<string, number>();
  answer: (records: readonly BridgeRecord[]) => ImportAnswer | null = () => null;
  hold: Promise<void> | null = null;

  async importBatch(records: readonly BridgeRecord[]): Promise<ImportAnswer> {
    this.calls.push([...records]);
    for (const r of records) this.sends.set(r.properties.$insert_id, (this.sends.get(r.properties.$insert_id) ?? 0) + 1);
    if (this.hold) await this.hold;
    const told = this.answer(records);
    if (told) return told;
    for (const r of records) this.stored.set(r.properties.$insert_id, r);
    return { kind: 'IMPORTED', imported: records.length };
  }
  async close(): Promise<void> {}
}

function event(identity: string, kind = 'shipment_status_changed'): LifecycleEvent {
  return { kind, identity, occurredAt: new Date('2030-05-01T10:00:00Z'), distinctId: `GROUP_A:parcel-de:${identity}`, properties: { status: 'IN_TRANSIT' } };
}

describe.each(STORE_BACKENDS)('analytics exporter on $name', (backend) => {
  let options: StoreOptions;
  let store: Store;
  let outbox: OutboxStore;
  beforeAll(async () => {
    options = await backend.options();
    store = await openStore(options);
    outbox = new OutboxStore(store);
  });
  afterAll(async () => {
    await store?.close();
  });
  // Each test starts from an empty outbox (the writers' own test covers what writes rows).
  beforeEach(async () => {
    await store.query('DELETE FROM analytics_outbox');
  });

  function exporter(bridge: BridgeClient, clock = new Clock(), over: { store?: Store; settings?: Partial<ExporterSettings> } = {}) {
    const metrics = createMetrics();
    const logged: { level: string; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as { level: string; msg: string }) });
    const runner = new AnalyticsExporter({
      store: over.store ?? store,
      client: bridge,
      shape,
      policy: { personalDataAllowList: [] },
      settings: { ...SETTINGS, ...over.settings },
      metrics: exportMetrics(metrics.registry, () => outbox.state(), clock.now),
      logger,
      now: clock.now,
      random: () => 0.999_999, // the jitter's top: the full backoff
    });
    return { runner, metrics, logged, clock };
  }

  const write = async (identities: string[], kind?: string) => {
    for (const id of identities) await store.transaction((tx) => recordLifecycleEvent(tx, event(id, kind)));
  };
  const states = async () =>
    Object.fromEntries((await store.query<{ identity: string; state: string }>('SELECT identity, state FROM analytics_outbox ORDER BY id')).rows.map((r) => [r.identity, r.state]));
  const metric = async (registry: ReturnType<typeof createMetrics>['registry'], name: string) => {
    const found = (await registry.getSingleMetric(name)?.get())?.values ?? [];
    return found.reduce((sum, v) => sum + v.value, 0);
  };

  it('imported events become EXPORTED, each sent once with the $insert_id of its identity; the same identity written twice is one row', async () => {
    await write(['a1', 'a2', 'a3']);
    await write(['a2']);
    const bridge = new FakeBridge();
    const { runner, metrics } = exporter(bridge);
    // Waiting events show as lag (the oldest one's age), gone once they are exported.
    expect(await metric(metrics.registry, 'analytics_export_lag_seconds')).toBeGreaterThan(0);
    expect(await runner.runPass()).toMatchObject({ claimed: 3, exported: 3, stoppedBy: null });
    expect(await states()).toEqual({ a1: 'EXPORTED', a2: 'EXPORTED', a3: 'EXPORTED' });
    expect([...bridge.stored.keys()].sort()).toEqual(['a1', 'a2', 'a3'].map(insertIdOf).sort());
    expect(await runner.runPass()).toMatchObject({ claimed: 0 });
    expect(bridge.calls).toHaveLength(1);
    expect(await metric(metrics.registry, 'analytics_events_exported_total')).toBe(3);
    expect(await metric(metrics.registry, 'analytics_events_written_total')).toBe(3);
    expect(await metric(metrics.registry, 'analytics_export_lag_seconds')).toBe(0);
  });

  it('strict rejection dead-letters only the unreadable record, with the reason, and the rest are exported', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `r${i}`);
    await write(ids.slice(0, 6));
    await write(['r6'], 'unreadable');
    await write(ids.slice(7));
    const bridge = new FakeBridge();
    // strict=1: one unreadable record refuses the whole call, nothing stored.
    bridge.answer = (records) =>
      records.some((r) => r.event === 'unreadable') ? { kind: 'REJECTED', message: 'record 0: event name not allowed', status: 400 } : null;
    const { runner, metrics } = exporter(bridge);
    expect(await runner.runPass()).toMatchObject({ claimed: 10, exported: 9, deadLettered: 1, stoppedBy: null });
    const after = await states();
    expect(Object.entries(after).filter(([, s]) => s !== 'EXPORTED')).toEqual([['r6', 'DEAD']]);
    expect(bridge.stored.size).toBe(9);
    expect(bridge.stored.has(insertIdOf('r6'))).toBe(false);
    const [dead] = await outbox.deadLetters(null, 10);
    expect(dead).toMatchObject({ identity: 'r6', state: 'DEAD', deadReason: expect.stringContaining('event name not allowed') });
    // Bisection: far fewer calls than one per record.
    expect(bridge.calls.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(10)));
    expect(await metric(metrics.registry, 'analytics_events_dead_lettered_total')).toBe(1);
    expect(await metric(metrics.registry, 'analytics_events_rejected_total')).toBe(1);
    // Re-queued after a fix, it is exported.
    expect(await outbox.requeue(dead!.id, new Date(0))).toMatchObject({ state: 'PENDING', deadReason: null });
    bridge.answer = () => null;
    await runner.runPass();
    expect((await states()).r6).toBe('EXPORTED');
  });

  it('records the bridge names as failed are dead-lettered without searching', async () => {
    await write(['n0', 'n1', 'n2', 'n3']);
    const bridge = new FakeBridge();
    bridge.answer = (records) => {
      const bad = records.findIndex((r) => r.properties.identity === 'n2');
      return bad >= 0 ? { kind: 'REJECTED', message: 'strict: 1 record invalid', status: 400, failed: [{ index: bad, reason: 'time is in the future' }] } : null;
    };
    const { runner } = exporter(bridge);
    await runner.runPass();
    expect(await states()).toEqual({ n0: 'EXPORTED', n1: 'EXPORTED', n2: 'DEAD', n3: 'EXPORTED' });
    expect(bridge.calls.map((c) => c.length)).toEqual([4, 1, 3]);
  });

  it('401 stops export and keeps every event; the key accepted again resumes it', async () => {
    await write(['u1', 'u2', 'u3']);
    const bridge = new FakeBridge();
    bridge.answer = () => ({ kind: 'UNAUTHORIZED', message: 'Invalid server key' });
    const { runner, metrics, logged, clock } = exporter(bridge);
    expect(await runner.runPass()).toMatchObject({ stoppedBy: 'UNAUTHORIZED', exported: 0 });
    expect(runner.halted).toBe(true);
    expect(await states()).toEqual({ u1: 'PENDING', u2: 'PENDING', u3: 'PENDING' });
    // Kept as they were: the refused attempt is not counted.
    expect((await store.query<{ attempts: number }>('SELECT attempts FROM analytics_outbox')).rows.every((r) => r.attempts === 0)).toBe(true);
    expect(logged.some((l) => Number(l.level) >= 50 && /Server key/.test(l.msg))).toBe(true);
    expect(await metric(metrics.registry, 'analytics_export_unauthorized_total')).toBe(1);
    expect(await metric(metrics.registry, 'analytics_export_halted')).toBe(1);
    // Stopped: passes send nothing until the retry time.
    clock.advance(SETTINGS.unauthorizedRetryMs - 1);
    expect(await runner.runPass()).toMatchObject({ stoppedBy: 'HALTED', claimed: 0 });
    expect(bridge.calls).toHaveLength(1);
    clock.advance(1);
    bridge.answer = () => null;
    await runner.runPass(); // one event probes the key
    expect(runner.halted).toBe(false);
    await runner.runPass();
    expect(await states()).toEqual({ u1: 'EXPORTED', u2: 'EXPORTED', u3: 'EXPORTED' });
    expect(await metric(metrics.registry, 'analytics_export_halted')).toBe(0);
  });

  it('a bridge that is down gets the batch again after an exponential backoff (capped), nothing lost', async () => {
    await write(['d1', 'd2']);
    const bridge = new FakeBridge();
    bridge.answer = () => ({ kind: 'UNAVAILABLE', message: 'connect ECONNREFUSED', retryAfterMs: null });
    const { runner, clock } = exporter(bridge);
    const dueIn = async () => {
      const { rows } = await store.query<{ next_attempt_at: Date }>('SELECT min(next_attempt_at) AS next_attempt_at FROM analytics_outbox');
      return new Date(rows[0]!.next_attempt_at).getTime() - clock.t;
    };
    const delays: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      expect(await runner.runPass()).toMatchObject({ stoppedBy: 'UNAVAILABLE', claimed: 2 });
      const delay = await dueIn();
      delays.push(delay);
      // Not due before the backoff ends: no call.
      clock.advance(delay - 1);
      expect(await runner.runPass()).toMatchObject({ claimed: 0 });
      clock.advance(1);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    // Retry-After longer than the backoff is honoured.
    bridge.answer = () => ({ kind: 'UNAVAILABLE', message: '429', retryAfterMs: 60_000 });
    await runner.runPass();
    expect(await dueIn()).toBe(60_000);
    clock.advance(60_000);
    bridge.answer = () => null;
    expect(await runner.runPass()).toMatchObject({ exported: 2 });
    expect(await states()).toEqual({ d1: 'EXPORTED', d2: 'EXPORTED' });
    expect(bridge.stored.size).toBe(2);
  });

  it('two exporters share the outbox (FOR UPDATE SKIP LOCKED): no row is sent twice', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `s${i}`);
    await write(ids);
    const bridge = new FakeBridge();
    // A second store connection on a server (a replica); PGlite has one connection per process.
    const other = backend.server ? await openStore(options) : store;
    try {
      const clock = new Clock();
      const a = exporter(bridge, clock).runner;
      const b = exporter(bridge, clock, { store: other }).runner;
      let release!: () => void;
      bridge.hold = new Promise<void>((resolve) => (release = resolve));
      // Both claim while the first calls are held: each must have taken other rows.
      const passes = [a.runPass(), b.runPass()];
      await new Promise<void>((resolve) => {
        const check = () => (bridge.calls.length >= 2 ? resolve() : setTimeout(check, 5));
        check();
      });
      release();
      bridge.hold = null;
      await Promise.all(passes);
      while ((await Promise.all([a.runPass(), b.runPass()])).some((r) => r.claimed > 0));
      expect([...bridge.sends.values()].every((n) => n === 1)).toBe(true);
      expect(bridge.sends.size).toBe(60);
      expect(Object.values(await states()).every((s) => s === 'EXPORTED')).toBe(true);
    } finally {
      if (other !== store) await other.close();
    }
  });
});
