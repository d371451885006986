/**
 * src/platform/http/collect.ts: every upstream answer is read whole through undici's dispatch (issue 12 item 2). Over
 * real HTTP to a local server: status, headers and body as sent (several chunks, a byte order mark, bytes), and a
 * deadline's signal stopping an exchange that is running or still waiting in the pool's queue, as `request()` did.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, collect } from '../../src/platform/http/collect.js';

let server: Server;
let origin: string;
let hanging = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/chunks') {
      response.setHeader('x-twice', ['a', 'b']);
      response.write('\uFEFF{"part":');
      setTimeout(() => response.end('"two"}'), 20);
    } else if (request.url === '/bytes') {
      response.setHeader('content-type', 'application/pdf');
      response.end(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]));
    } else {
      hanging++; // /hang: never answers
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('collect: one whole answer through a dispatch handler', () => {
  it('gives the status, the parsed headers and the body joined from its chunks; text drops a byte order mark', async () => {
    const pool = new Pool(origin);
    const answer = await collect(pool, { method: 'GET', path: '/chunks' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-twice']).toEqual(['a', 'b']);
    expect(JSON.parse(bodyText(answer.body))).toEqual({ part: 'two' });
    const bytes = await collect(pool, { method: 'GET', path: '/bytes' });
    expect(bytes.headers['content-type']).toBe('application/pdf');
    expect([...bytes.body]).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    await pool.close();
  });

  it('a signal aborts an exchange in progress, and one still queued behind it is never sent', async () => {
    const pool = new Pool(origin, { connections: 1 });
    const controller = new AbortController();
    const before = hanging;
    const running = collect(pool, { method: 'GET', path: '/hang' }, controller.signal);
    const queued = collect(pool, { method: 'GET', path: '/hang' }, controller.signal);
    await expect.poll(() => hanging).toBe(before + 1);
    controller.abort(new Error('deadline passed'));
    await expect(running).rejects.toThrow('deadline passed');
    await expect(queued).rejects.toThrow('deadline passed');
    // The pool's one connection is free again and the queued exchange was dropped, not sent.
    const after = await collect(pool, { method: 'GET', path: '/bytes' });
    expect(after.statusCode).toBe(200);
    expect(hanging).toBe(before + 1);
    await pool.destroy();
  });

  it('an already aborted signal sends nothing', async () => {
    const pool = new Pool(origin);
    const before = hanging;
    await expect(collect(pool, { method: 'GET', path: '/hang' }, AbortSignal.abort())).rejects.toThrow();
    expect(hanging).toBe(before);
    await pool.close();
  });
});
