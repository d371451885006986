import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '../../src/platform/logger.js';

export type LogLine = Record<string, any>;

/** A real pino logger (the server's own, with its redaction and request mixin) writing JSON lines into memory. */
export function memoryLogger(level = 'info'): { logger: Logger; lines(): LogLine[] } {
  const written: string[] = [];
  const logger = createLogger(level, { write: (chunk: string) => void written.push(chunk) });
  return {
    logger,
    lines: () => written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine),
  };
}

/** The value of one sample of a counter in Prometheus text format, 0 when the series has no sample. */
export function sample(metricsText: string, name: string, labels: Record<string, string>): number {
  for (const line of metricsText.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

export async function scrape(graphqlUrl: string): Promise<string> {
  return (await fetch(graphqlUrl.replace(/\/graphql$/, '/metrics'))).text();
}

export interface CapturedExchange {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  status: number;
  /** The answer exactly as the upstream sent it. */
  responseBody: string;
}

export interface CaptureProxy {
  origin: string;
  exchanges: CapturedExchange[];
  /** Where requests go; set once the upstream (e.g. the sandbox started by startE2E) is listening. */
  setTarget(origin: string): void;
  close(): Promise<void>;
}

/**
 * A pass-through proxy that keeps each request's headers and the answer the upstream gave, so a test can compare what
 * the carrier said (its transactionId) and what we sent (x-customer-transaction-id) with what we logged.
 */
export async function startCaptureProxy(): Promise<CaptureProxy> {
  const exchanges: CapturedExchange[] = [];
  let target: string | null = null;
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const method = incoming.method ?? 'GET';
      const path = incoming.url ?? '/';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (!HOP_BY_HOP.has(name) && typeof value === 'string') headers[name] = value;
      }
      if (!target) throw new Error('capture proxy has no target yet');
      const answer = await fetch(`${target}${path}`, { method, headers, ...(method === 'GET' ? {} : { body: Buffer.concat(chunks) }) });
      const responseBody = await answer.text();
      exchanges.push({ method, path, headers: incoming.headers, status: answer.status, responseBody });
      const replyHeaders: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') replyHeaders[name] = value;
      });
      outgoing.writeHead(answer.status, replyHeaders);
      outgoing.end(responseBody);
    })().catch(() => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    exchanges,
    setTarget: (origin) => {
      target = origin;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']);

/** The carrier's `transactionId` in an answer body, or null when the body is not JSON or has none. */
export function transactionIdIn(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { transactionId?: unknown };
    return typeof parsed.transactionId === 'string' ? parsed.transactionId : null;
  } catch {
    return null;
  }
}
