import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { DarkStoreMonitor } from '../../../src/carriers/dark-store/monitor.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics, type Metrics } from '../../../src/platform/metrics.js';
import { startDarkStoreHarness, type DarkStoreHarness } from './harness.js';

let h: DarkStoreHarness;
let monitor: DarkStoreMonitor | undefined;
let metrics: Metrics;
let now = 0;

beforeAll(async () => {
  h = await startDarkStoreHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sandbox.darkStore.resetHealth();
  h.sandbox.setFaults('darkStore', { errorRate: 0, malformedRate: 0, latencyMs: 0 });
  h.sandbox.resetStats();
  metrics = createMetrics();
  now = Date.parse('2026-03-10T12:00:00Z');
});
afterEach(async () => {
  await monitor?.close();
  monitor = undefined;
});

function newMonitor(intervalMs = 60_000, maxAgeMs = 45_000): DarkStoreMonitor {
  monitor = new DarkStoreMonitor({ connector: h.connector, intervalMs, maxAgeMs, metrics, logger: createLogger('silent'), now: () => now });
  return monitor;
}

/** One sample of a gauge on the registry's /metrics text; null when the series is absent. */
async function sample(name: string): Promise<number | null> {
  const text = await metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? null : Number(line.split(' ')[1]);
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await sleep(10);
  expect(condition()).toBe(true);
}

describe('dark-store health monitor', () => {
  it('before the first reading the health is unknown: not healthy, saying so', () => {
    const state = newMonitor().state();
    expect(state).toMatchObject({ health: null, healthy: false, ageMs: null });
    expect(state.reason).toMatch(/not been read yet/);
  });

  it('keeps the last reading and its age; status ok and db connected is healthy', async () => {
    const m = newMonitor();
    await m.refresh();
    now += 10_000;
    const state = m.state();
    expect(state.healthy).toBe(true);
    expect(state.ageMs).toBe(10_000);
    expect(state.health).toMatchObject({ status: 'ok', db: 'connected', memoryRss: '183MB', memoryRssBytes: 183 * 1024 ** 2 });
  });

  it('a reading older than the staleness bound counts as unhealthy', async () => {
    const m = newMonitor(60_000, 45_000);
    await m.refresh();
    now += 45_000;
    expect(m.state().healthy).toBe(true);
    now += 1;
    const stale = m.state();
    expect(stale).toMatchObject({ healthy: false, stale: true });
    expect(stale.reason).toMatch(/45 s old/);
  });

  it('db disconnected is not healthy, and the reason says status and db', async () => {
    h.sandbox.darkStore.setHealth({ db: 'disconnected' });
    const state = await newMonitor().refresh();
    expect(state.healthy).toBe(false);
    expect(state.reason).toMatch(/status 'ok', db 'disconnected'/);
  });

  it('a failed read is not healthy, naming the failure, even with an earlier good reading; the next good read restores it', async () => {
    const m = newMonitor();
    await m.refresh();
    h.sandbox.failNext('darkStore', { status: 500, count: 2 });
    const failed = await m.refresh();
    expect(failed.healthy).toBe(false);
    expect(failed.error?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(failed.reason).toMatch(/could not be read \(UPSTREAM_UNAVAILABLE/);
    expect((await m.refresh()).healthy).toBe(true);
  });

  it('one read in flight: concurrent refreshes share one call', async () => {
    h.sandbox.setFaults('darkStore', { latencyMs: 50 });
    const m = newMonitor();
    const states = await Promise.all([m.refresh(), m.refresh(), m.refresh()]);
    expect(states.every((s) => s.healthy)).toBe(true);
    expect(h.sandbox.stats.darkStore.calls['GET /health']).toBe(1);
  });

  it('reads in the background every interval, and close() stops it', async () => {
    const m = newMonitor(20);
    m.start();
    await until(() => (h.sandbox.stats.darkStore.calls['GET /health'] ?? 0) >= 3);
    await m.close();
    const calls = h.sandbox.stats.darkStore.calls['GET /health'];
    await sleep(100);
    expect(h.sandbox.stats.darkStore.calls['GET /health']).toBe(calls);
  });

  it('exports dark_store_up, dark_store_memory_rss_bytes, dark_store_uptime_seconds and dark_store_health_age_seconds', async () => {
    const m = newMonitor();
    expect(await sample('dark_store_up')).toBe(0);
    expect(await sample('dark_store_memory_rss_bytes')).toBeNaN();
    expect(await sample('dark_store_health_age_seconds')).toBeNaN();
    h.wallClock.advance(300_000);
    h.sandbox.darkStore.setHealth({ memoryRss: '1.2GB' });
    await m.refresh();
    now += 7_000;
    expect(await sample('dark_store_up')).toBe(1);
    expect(await sample('dark_store_memory_rss_bytes')).toBe(Math.round(1.2 * 1024 ** 3));
    expect(await sample('dark_store_uptime_seconds')).toBeGreaterThanOrEqual(300);
    expect(await sample('dark_store_health_age_seconds')).toBe(7);
    h.sandbox.darkStore.setHealth({ db: 'disconnected', memoryRss: '2 parsecs' });
    await m.refresh();
    expect(await sample('dark_store_up')).toBe(0);
    // A unit we do not read is NaN, not a made-up 0.
    expect(await sample('dark_store_memory_rss_bytes')).toBeNaN();
  });
});
