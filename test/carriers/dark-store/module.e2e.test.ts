import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { startE2E, type E2E } from '../../e2e/support.js';

let e2e: E2E;

beforeAll(async () => {
  // A short interval so the monitor sees changes of the simulator within the test; the bound stays generous.
  e2e = await startE2E({ withDarkStore: true, env: { DARK_STORE_HEALTH_INTERVAL_MS: '100', DARK_STORE_HEALTH_MAX_AGE_MS: '60000' } });
}, 60_000);
afterAll(async () => {
  await e2e?.close();
});

async function metrics(): Promise<Map<string, number>> {
  const text = await (await fetch(e2e.server.url.replace(/\/graphql$/, '/metrics'))).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(dark_store_[a-z_]+) (\S+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

async function untilMetrics(condition: (m: Map<string, number>) => boolean): Promise<Map<string, number>> {
  let last = await metrics();
  for (let i = 0; i < 300 && !condition(last); i += 1) {
    await sleep(50);
    last = await metrics();
  }
  expect(condition(last), JSON.stringify([...last])).toBe(true);
  return last;
}

describe('the dark-store module in a running server (DARK_STORE_BASE_URL set)', () => {
  it('/metrics shows dark_store_up, dark_store_memory_rss_bytes, dark_store_uptime_seconds and dark_store_health_age_seconds', async () => {
    const m = await untilMetrics((s) => s.get('dark_store_up') === 1);
    expect(m.get('dark_store_memory_rss_bytes')).toBe(183 * 1024 ** 2);
    expect(m.get('dark_store_uptime_seconds')).toBeGreaterThanOrEqual(0);
    expect(m.get('dark_store_health_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('db disconnected at the store turns dark_store_up to 0; connected again turns it back to 1', async () => {
    e2e.sandbox.darkStore.setHealth({ db: 'disconnected', memoryRss: '1.5GB' });
    const down = await untilMetrics((s) => s.get('dark_store_up') === 0);
    expect(down.get('dark_store_memory_rss_bytes')).toBe(1.5 * 1024 ** 3);
    e2e.sandbox.darkStore.resetHealth();
    await untilMetrics((s) => s.get('dark_store_up') === 1);
  });

  it('rates quotes the dark store for a served pincode (2 per item, 20 COD) and skips it outside the catchment', async () => {
    await untilMetrics((s) => s.get('dark_store_up') === 1);
    const query = `query ($input: RateRequestInput!) {
      rates(input: $input) {
        quotes { carrier serviceCode serviceLevel total { amount currency } breakdown { kind name amount { amount } } estimatedDelivery { instant } }
        skipped { carrier code message }
      }
    }`;
    const input = (postalCode: string) => ({
      origin: { countryCode: 'IN', postalCode: '560038' },
      destination: { countryCode: 'IN', postalCode },
      packages: [{ weight: { value: 1, unit: 'KG' } }],
      itemCount: 4,
      cashOnDelivery: { amount: '999', currency: 'INR' },
      carriers: ['DARK_STORE'],
    });
    const served = await e2e.gql(query, { input: input('560034') });
    expect(served.errors).toBeUndefined();
    expect(served.data.rates.quotes).toHaveLength(1);
    expect(served.data.rates.quotes[0]).toMatchObject({ carrier: 'DARK_STORE', serviceLevel: 'SAME_DAY', total: { amount: '28.00', currency: 'INR' } });
    expect(served.data.rates.quotes[0].estimatedDelivery.instant).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const outside = await e2e.gql(query, { input: input('110001') });
    expect(outside.errors).toBeUndefined();
    expect(outside.data.rates.quotes).toEqual([]);
    expect(outside.data.rates.skipped.filter((s: { carrier: string }) => s.carrier === 'DARK_STORE')).toEqual([
      { carrier: 'DARK_STORE', code: 'NOT_IN_CATCHMENT', message: "destination pincode 110001 is not in the dark store's catchment" },
    ]);
  });

  it('the server calls nothing of the dark store but /health', async () => {
    await untilMetrics((s) => s.get('dark_store_up') === 1);
    expect(Object.keys(e2e.sandbox.stats.darkStore.calls)).toEqual(['GET /health']);
    expect(e2e.sandbox.stats.darkStore.calls['GET /health']).toBeGreaterThan(0);
  });
});
