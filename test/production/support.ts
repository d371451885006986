/**
 * Helpers for the production-process tests: a gate in front of an upstream (holds the calls we choose until the test
 * lets them through, so "in flight during shutdown" is a fact, not a timing), a raw keep-alive HTTP connection (to
 * send a second request on a connection that is still open while the server drains), and a graphql-ws subscriber
 * that records its close code.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { waitFor } from '../support/wait-for.js';

export interface Gate {
  origin: string;
  /** How many held calls have arrived so far. */
  held(): number;
  /** Lets every held call (and every later one) through. */
  open(): void;
  close(): Promise<void>;
}

/** A reverse proxy to `target`; calls for which `hold` is true wait until `open()`. */
export async function startGate(target: string, hold: (req: IncomingMessage) => boolean): Promise<Gate> {
  let opened = false;
  let heldCount = 0;
  const waiting: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (hold(req) && !opened) {
        heldCount += 1;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)),
        ) as Record<string, string>;
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const answer = await fetch(new URL(req.url ?? '/', target), { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) });
        const payload = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(payload);
      } catch (error) {
        res.writeHead(502).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const open = () => {
    opened = true;
    for (const resolve of waiting.splice(0)) resolve();
  };
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => heldCount,
    open,
    async close() {
      open();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One keep-alive TCP connection speaking HTTP/1.1 by hand: requests written on it are answered in order, and a
 * request written while an earlier one is still in flight reaches the server over a connection the server keeps
 * open while draining.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private ended = false;
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => (this.received = Buffer.concat([this.received, chunk])));
    socket.on('end', () => (this.ended = true));
    socket.on('close', () => (this.ended = true));
    socket.on('error', () => (this.ended = true));
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawConnection(socket);
  }

  post(path: string, json: unknown): void {
    const body = JSON.stringify(json);
    this.socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: keep-alive\r\n\r\n${body}`,
    );
  }

  get(path: string): void {
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  }

  /** Waits until `count` complete responses arrived (or the connection ended) and returns them in order. */
  async responses(count: number, timeoutMs = 30_000): Promise<RawResponse[]> {
    await waitFor(() => this.ended || parseResponses(this.received).length >= count, { timeoutMs, intervalMs: 20 });
    return parseResponses(this.received);
  }

  get closed(): boolean {
    return this.ended;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Complete responses in `data` (Content-Length or chunked bodies). */
function parseResponses(data: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = data.toString('latin1');
  for (;;) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    if (headerEnd < 0) return out;
    const [statusLine = '', ...lines] = rest.slice(0, headerEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    let body = '';
    let after = rest.slice(headerEnd + 4);
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (after.length < length) return out;
      body = after.slice(0, length);
      after = after.slice(length);
    } else if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const sizeEnd = after.indexOf('\r\n');
        if (sizeEnd < 0) return out;
        const size = parseInt(after.slice(0, sizeEnd), 16);
        if (after.length < sizeEnd + 2 + size + 2) return out;
        body += after.slice(sizeEnd + 2, sizeEnd + 2 + size);
        after = after.slice(sizeEnd + 2 + size + 2);
        if (size === 0) break;
      }
    }
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') });
    rest = after;
  }
}

export interface WsSubscriber {
  /** The close code once the server closed the connection (null while open). */
  closeCode(): number | null;
  closed: Promise<number>;
  terminate(): void;
}

/** A graphql-ws (graphql-transport-ws) client with one subscription, kept to the protocol by hand to see the close code. */
export async function subscribeOverWs(origin: string, query: string): Promise<WsSubscriber> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  let code: number | null = null;
  const closed = new Promise<number>((resolve) =>
    socket.once('close', (closeCode) => {
      code = closeCode;
      resolve(closeCode);
    }),
  );
  await new Promise<void>((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const acknowledged = new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: unknown };
      if (message.type === 'connection_ack') resolve();
      if (message.type === 'error') reject(new Error(`subscription refused: ${JSON.stringify(message.payload)}`));
    });
    void closed.then((c) => reject(new Error(`closed before ack: ${c}`)));
  });
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  await acknowledged;
  socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
  return { closeCode: () => code, closed, terminate: () => socket.terminate() };
}

/** The value of a gauge on /metrics (0 when absent); `token`: METRICS_TOKEN (production closes /metrics without one). */
export async function gauge(origin: string, name: string, token?: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).text();
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}
