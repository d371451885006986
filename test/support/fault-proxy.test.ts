import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

/** The fault proxy the money-path tests rely on: each fault does what it says, and the upstream sees what it should. */
describe('fault proxy', () => {
  let hits = 0;
  const origin = createServer((req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, hit: hits }));
  });
  let proxy: FaultProxy;
  beforeAll(async () => {
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    proxy = await startFaultProxy(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => origin.close(() => resolve()));
  });

  it('passes an exchange no rule matches through untouched', async () => {
    const answer = await request(`${proxy.origin}/a?x=1`);
    expect(answer.statusCode).toBe(200);
    expect(await answer.body.json()).toMatchObject({ path: '/a?x=1' });
  });

  it('holds an exchange before forwarding: the upstream acts only when the hold ends', async () => {
    proxy.add({ method: 'GET', path: '/held', holdMs: 300, times: 1 });
    const before = hits;
    const started = Date.now();
    const pending = request(`${proxy.origin}/held`);
    await new Promise((r) => setTimeout(r, 100));
    expect(hits).toBe(before);
    const answer = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer.statusCode).toBe(200);
    await answer.body.text();
    expect(hits).toBe(before + 1);
  });

  it('forwards, then drops the answer: the upstream acted, the client gets no answer', async () => {
    proxy.add({ method: 'POST', path: '/create', dropAnswer: 'reset', times: 1 });
    const before = hits;
    await expect(request(`${proxy.origin}/create`, { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(hits).toBe(before + 1);
    expect(proxy.forwarded('POST', '/create')).toHaveLength(1);
    // times: 1, so the next one passes.
    const again = await request(`${proxy.origin}/create`, { method: 'POST', body: '{}' });
    expect(again.statusCode).toBe(200);
    await again.body.text();
  });

  it('answers a malformed 200 without forwarding, or after forwarding when asked', async () => {
    proxy.add({ path: '/bad', malformed: { body: '{"nope":1}' }, times: 1 });
    const before = hits;
    const answer = await request(`${proxy.origin}/bad`);
    expect(answer.statusCode).toBe(200);
    expect(await answer.body.text()).toBe('{"nope":1}');
    expect(hits).toBe(before);
    proxy.add({ path: '/bad2', malformed: { forwardFirst: true }, times: 1 });
    const second = await request(`${proxy.origin}/bad2`);
    expect(await second.body.text()).toBe('{"unexpected":true}');
    expect(hits).toBe(before + 1);
  });

  it('answers a redirect without forwarding', async () => {
    proxy.add({ path: /^\/moved/, redirect: { location: 'http://example.invalid/elsewhere' }, times: 1 });
    const answer = await request(`${proxy.origin}/moved?q=1`);
    expect(answer.statusCode).toBe(307);
    expect(answer.headers['location']).toBe('http://example.invalid/elsewhere');
    await answer.body.text();
  });

  it('answers a chosen status without forwarding', async () => {
    proxy.add({ path: '/down', status: { code: 503, body: '{"error":"down"}' }, times: 1 });
    const answer = await request(`${proxy.origin}/down`);
    expect(answer.statusCode).toBe(503);
    expect(await answer.body.text()).toBe('{"error":"down"}');
  });

  it('waitForForwarded resolves once the upstream has answered, and times out naming the call', async () => {
    const waiting = proxy.waitForForwarded('GET', '/later', 1, 2000);
    await (await request(`${proxy.origin}/later`)).body.text();
    await waiting;
    await expect(proxy.waitForForwarded('GET', '/never', 1, 50)).rejects.toThrow(/GET \/never/);
  });
});
