/**
 * The idle collection's timing (SR4, src/platform/idle-gc.ts), with a counted collection and a quiet time of tens of
 * milliseconds. What it hands back in a production process is checked by test/production/idle-gc.test.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startIdleGc, type IdleGc } from '../../src/platform/idle-gc.js';
import { waitFor } from '../support/wait-for.js';

const logger = { debug: () => {} };
let running: IdleGc | null = null;
afterEach(() => running?.stop());

function counted(idleMs: number): { gc: IdleGc; count: () => number } {
  let collections = 0;
  running = startIdleGc({ idleMs, logger, collect: () => collections++ });
  return { gc: running, count: () => collections };
}

describe('idle garbage collection', () => {
  it('collects once after the quiet time, then not again until a request comes', async () => {
    const { gc, count } = counted(30);
    await waitFor(() => count() === 1);
    await sleep(100);
    expect(count()).toBe(1);
    gc.request('/graphql');
    await waitFor(() => count() === 2);
    await sleep(100);
    expect(count()).toBe(2);
  });

  it('a request within the quiet time postpones the collection', async () => {
    const { gc, count } = counted(100);
    for (let i = 0; i < 5; i++) {
      await sleep(30);
      gc.request('/graphql?x=1');
    }
    expect(count()).toBe(0);
    await waitFor(() => count() === 1);
  });

  it('probes and metrics scrapes neither postpone it nor bring another', async () => {
    const { gc, count } = counted(60);
    for (let i = 0; i < 4; i++) {
      await sleep(20);
      gc.request('/readyz');
      gc.request('/healthz');
      gc.request('/metrics');
    }
    // 80 ms of probes every 20 ms: the collection came at 60 ms all the same.
    expect(count()).toBe(1);
    gc.request('/readyz');
    await sleep(150);
    expect(count()).toBe(1);
  });

  it('IDLE_GC_MS=0 never collects', async () => {
    const { gc, count } = counted(0);
    gc.request('/graphql');
    await sleep(50);
    expect(count()).toBe(0);
  });
});
