import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/platform/logger.js';

/** A request as the tiny test server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Sent as is instead of JSON. */
  raw?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  origin: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** A node:http server on a free port answering each request with `handler` (by request, in order of arrival). */
export async function startTestServer(handler: (req: SeenRequest, index: number) => Reply): Promise<TestServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const req: SeenRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(req);
      const reply = handler(req, seen.length - 1);
      const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      outgoing.writeHead(reply.status, { 'content-type': reply.raw ? 'text/html' : 'application/json', ...reply.headers });
      outgoing.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A logger at trace level whose every line is kept, to assert what reaches logs. */
export function capturingLogger(): { logger: Logger; lines: () => string } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger('trace', sink), lines: () => chunks.join('') };
}
