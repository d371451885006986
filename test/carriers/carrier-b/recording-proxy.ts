import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordingProxy {
  origin: string;
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']);

/**
 * A pass-through HTTP proxy in front of a simulator that keeps every request it forwards, so a test can assert the
 * exact body and headers that went over the wire (the sandbox's stats record numbers, not bodies).
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const seen: ProxiedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const method = incoming.method ?? 'GET';
      const path = incoming.url ?? '/';
      seen.push({ method, path, headers: incoming.headers, body });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (!HOP_BY_HOP.has(name) && typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(`${target}${path}`, { method, headers, ...(method === 'GET' ? {} : { body }) });
      const replyHeaders: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') replyHeaders[name] = value;
      });
      outgoing.writeHead(answer.status, replyHeaders);
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => outgoing.destroy());
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
