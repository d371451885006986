/**
 * A busy embedded store still lets the server accept and answer new connections. Node accepts one new connection per
 * turn of its event loop (libuv, since 2022), and PGlite answers on promise callbacks: statements queued behind its one
 * connection ran back to back inside one turn, so with many requests in flight a turn lasted as long as all their store
 * work, and a client opening a connection waited one such turn per connection ahead of it (the scale bench's stalled
 * windows: 50 new connections, seconds in the listen queue). The store now starts each statement in its own turn.
 * PostgreSQL's answers come from its sockets, one turn each already: the same test holds there.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_BACKENDS } from '../support/database.js';
import { startE2E, type E2E } from '../e2e/support.js';

const LIST = '{ statusChanges(filter: { reference: "order-1" }, first: 10) { edges { cursor } } labels(first: 10) { edges { node { id } } } }';

function post(agent: http.Agent, url: URL, query: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ query }));
  });
}

describe.each(STORE_BACKENDS)('new connections while the store is busy on $name', (backend) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: { ...(await backend.env()), WATCHERS_ENABLED: 'false', RETENTION_ENABLED: 'false', SHIPPING_WORKER_ENABLED: 'false' } });
  }, 60_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('a new connection is accepted and answered between the statements of requests already in flight, not after all of them', async () => {
    const url = new URL(e2e.server.url);
    const clients = 40;
    const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
    try {
      // Forty connections open and warm, as a router's pool keeps them.
      await Promise.all(Array.from({ length: clients }, () => post(agent, url, LIST)));
      const order: string[] = [];
      const lists = Array.from({ length: clients }, () => post(agent, url, LIST).then(() => order.push('list')));
      // A client connecting now, on a connection of its own.
      const health = new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          http.get(new URL('/healthz', url), { agent: false }, (res) => {
            res.resume();
            res.on('end', () => {
              order.push('health');
              resolve();
            });
          }).on('error', reject);
        });
      });
      await Promise.all([...lists, health]);
      const answeredBefore = order.indexOf('health');
      // Before: the forty lists ran to their end inside the turns that read them, and the new connection was accepted
      // after them (answered 41st). Now it is answered while most of them still have statements to run.
      expect(answeredBefore).toBeLessThan(clients / 2);
    } finally {
      agent.destroy();
    }
  });
});
