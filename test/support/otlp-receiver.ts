import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  scope: string;
  name: string;
  traceId: string;
  spanId: string;
  /** Empty or absent for a root span. */
  parentSpanId: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** A tiny OTLP/HTTP receiver (JSON encoding): what a collector would get from the process. */
export async function startOtlpReceiver(): Promise<{ endpoint: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const parsed = JSON.parse(body) as {
          resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: Array<{ name: string; traceId: string; spanId: string; parentSpanId?: string; kind: number; attributes?: Array<{ key: string; value: Record<string, unknown> }> }> }> }>;
        };
        for (const resource of parsed.resourceSpans) {
          for (const scoped of resource.scopeSpans) {
            for (const span of scoped.spans) {
              const attributes = Object.fromEntries((span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]));
              spans.push({ scope: scoped.scope.name, name: span.name, traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId ?? '', kind: span.kind, attributes });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
