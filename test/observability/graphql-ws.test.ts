import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { wsClient, wsExecute } from '../limits/support.js';
import { memoryLogger, sample, scrape } from './support.js';

describe('graphql-ws operations are observed like HTTP ones (issue 7, item 11)', () => {
  const logs = memoryLogger('info');
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E({ logger: logs.logger });
  }, 60_000);
  afterAll(async () => e2e?.close());

  it("an operation over graphql-ws gets a request id (the connection's x-request-id and the operation id) on its log lines, and per-operation metrics", async () => {
    const before = await scrape(e2e.server.url);
    const counted = (t: string) => sample(t, 'graphql_operations_total', { operation_name: 'WsLookup', operation_type: 'query', outcome: 'partial' });
    const client = wsClient(e2e.server.url, undefined, { 'x-request-id': 'ws-connection-1' });
    try {
      const answer = await wsExecute(client, 'query WsLookup { shipment(carrier: CARRIER_B, trackingNumber: "123456789404") { id } }');
      expect(answer.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_NOT_FOUND');
    } finally {
      await client.dispose();
    }
    const failure = logs.lines().find((line) => line['msg'] === 'upstream call failed' && String(line['requestId']).startsWith('ws-connection-1:'));
    expect(failure).toMatchObject({ code: 'UPSTREAM_NOT_FOUND', upstream: 'carrier-b' });
    const after = await scrape(e2e.server.url);
    expect(counted(after) - counted(before)).toBe(1);
    expect(sample(after, 'graphql_errors_total', { code: 'UPSTREAM_NOT_FOUND' }) - sample(before, 'graphql_errors_total', { code: 'UPSTREAM_NOT_FOUND' })).toBe(1);
  });

  it('an unexpected error over graphql-ws is logged with its stack and request id; the client sees a generic message and that id', async () => {
    const spy = vi.spyOn(e2e.server.store, 'query').mockImplementation(async () => {
      throw new RangeError('simulated defect over the socket');
    });
    const client = wsClient(e2e.server.url, undefined, { 'x-request-id': 'ws-connection-2' });
    let answer;
    try {
      answer = await wsExecute(client, 'query WsLog { statusChanges(filter: { carriers: [CARRIER_B] }, first: 5) { edges { cursor } } }');
    } finally {
      spy.mockRestore();
      await client.dispose();
    }
    const error = answer.errors?.[0];
    expect(error?.message).toBe('Internal server error');
    expect(error?.extensions?.['code']).toBe('INTERNAL_SERVER_ERROR');
    expect(error?.extensions?.['requestId']).toMatch(/^ws-connection-2:/);
    expect(JSON.stringify(answer)).not.toContain('simulated defect');
    const logged = logs.lines().filter((line) => line['level'] === 50 && line['requestId'] === error?.extensions?.['requestId']);
    expect(logged).toHaveLength(1);
    expect(logged[0]!['err']['stack']).toContain('RangeError: simulated defect over the socket');
  });
});
