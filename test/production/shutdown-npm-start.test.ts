/**
 * Shutdown of `npm start` (tsx) in production: SIGTERM drains and exits 0 (issue 7, item 1). Before, the process
 * logged "stopping", closed its port and hung: Apollo's own signal handler and ours both stopped the server, and
 * nothing ended the watchers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { observeDrain, type DrainObservation } from './drain-scenario.js';

let seen: DrainObservation;

beforeAll(async () => {
  seen = await observeDrain({ command: ['npm', 'start'], signal: 'SIGTERM' });
}, 120_000);

describe('npm start, NODE_ENV=production, SIGTERM', () => {
  it('an HTTP request in flight when SIGTERM arrives completes with its answer', () => {
    expect(seen.slow?.status, seen.output).toBe(200);
    expect(JSON.parse(seen.slow!.body)).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
  });

  it('/readyz answers 503 draining once shutdown began', () => {
    expect(seen.readyWhileDraining?.status, seen.output).toBe(503);
    expect(JSON.parse(seen.readyWhileDraining!.body)).toMatchObject({ status: 'not ready', draining: true });
  });

  it('a graphql-ws subscriber is closed with 1001 (going away) while requests still drain', () => {
    expect(seen.wsCloseCode).toBe(1001);
    expect(seen.wsClosedWhileRequestHeld).toBe(true);
  });

  it('the process exits 0 by itself once everything stopped', () => {
    expect(seen.exit, seen.output).toEqual({ code: 0, signal: null });
    expect(seen.output).toContain('"msg":"stopped"');
  });
});
