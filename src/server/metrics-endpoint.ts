/**
 * Who may read /metrics (README "Metrics"; docs/assumptions.md RN1). The figures name carriers, operations, quotas and
 * backlogs, and every scrape is work for the store: they are not for anyone who reaches the port.
 * - METRICS_TOKEN set: a scrape sends `Authorization: Bearer <token>` (compared in constant time), else 401.
 * - METRICS_PORT set: /metrics is served on its own listener (METRICS_HOST, loopback by default) and not on PORT, so
 *   the public port never answers it; the token, when set, applies there too.
 * - Neither, in production: /metrics on PORT answers 403 naming both settings (the start warns), never the figures.
 * /healthz and /readyz are untouched: probes keep working without any of this.
 */
import type * as NodeHttp from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';
import { secretMatches } from './router-auth.js';

const { createServer } = createRequire(import.meta.url)('node:http') as typeof NodeHttp;

export interface MetricsAccess {
  token: string | null;
  host: string;
  port: number | null;
}

/** What a scrape on `listener` is answered: the figures, or a refusal with its status and text. */
function refusal(access: MetricsAccess, production: boolean, authorization: string | undefined): { status: number; text: string; bearer?: boolean } | null {
  if (access.token !== null) {
    const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    return secretMatches(access.token, presented) ? null : { status: 401, text: 'metrics need the METRICS_TOKEN as a bearer token (Authorization: Bearer <token>)\n', bearer: true };
  }
  if (production && access.port === null) {
    return { status: 403, text: 'metrics are closed in production until METRICS_TOKEN or METRICS_PORT (a listener of their own) is set\n' };
  }
  return null;
}

async function answer(registry: Registry, access: MetricsAccess, production: boolean, authorization: string | undefined): Promise<{ status: number; type: string; body: string; headers: Record<string, string> }> {
  const refused = refusal(access, production, authorization);
  if (refused) {
    return { status: refused.status, type: 'text/plain; charset=utf-8', body: refused.text, headers: refused.bearer ? { 'www-authenticate': 'Bearer realm="metrics"' } : {} };
  }
  return { status: 200, type: registry.contentType, body: await registry.metrics(), headers: {} };
}

/** GET /metrics on the main port (only when METRICS_PORT is unset). */
export function metricsRoute(registry: Registry, access: MetricsAccess, production: boolean): RequestHandler {
  return (req, res, next) => {
    answer(registry, access, production, req.get('authorization'))
      .then(({ status, type, body, headers }) => res.status(status).set(headers).set('cache-control', 'no-store').type(type).send(body))
      .catch(next);
  };
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/** /metrics on its own listener (METRICS_HOST:METRICS_PORT); every other path is 404. */
export async function startMetricsListener(registry: Registry, access: MetricsAccess & { port: number }, production: boolean): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('only /metrics is served here\n');
      return;
    }
    answer(registry, access, production, req.headers.authorization)
      .then(({ status, type, body, headers }) => res.writeHead(status, { ...headers, 'content-type': type, 'cache-control': 'no-store' }).end(body))
      .catch(() => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(access.port, access.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = access.host.includes(':') ? `[${access.host}]` : access.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
