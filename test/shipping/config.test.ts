/** Issue 9 item 2: "keys live at least 24 hours (configurable)"; the shipping job's settings and their defaults. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('shipping configuration', () => {
  it('SHIPPING_IDEMPOTENCY_TTL_HOURS under 24 stops the start, naming the variable', () => {
    const result = loadConfig({ SHIPPING_IDEMPOTENCY_TTL_HOURS: '23' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toMatch(/^SHIPPING_IDEMPOTENCY_TTL_HOURS: .*24/m);
  });

  it('keys live 24 hours by default and longer when asked; the job settings have their documented defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.ok && defaults.config.shipping).toEqual({
      idempotencyTtlHours: 24,
      jobDeadlineMs: 3_600_000,
      workerIntervalMs: 2_000,
      workerEnabled: true,
      leaseMs: 120_000,
      retryBaseMs: 2_000,
      retryMaxMs: 300_000,
      lateWatchMs: 86_400_000,
      lateWatchIntervalMs: 900_000,
    });
    const longer = loadConfig({ SHIPPING_IDEMPOTENCY_TTL_HOURS: '72', SHIPPING_WORKER_ENABLED: 'false' });
    expect(longer.ok && longer.config.shipping).toMatchObject({ idempotencyTtlHours: 72, workerEnabled: false });
  });
});
