/**
 * A fault-injecting HTTP proxy for tests: it sits between the subgraph and an upstream (a sandbox simulator, or any
 * origin) and, per rule matching method and path, does what production networks and carriers do to an exchange:
 *
 * - `holdMs`: holds the request that long before forwarding it (a carrier slower than our timeouts: the upstream
 *   acts only when the hold ends, whether or not the client is still waiting);
 * - `dropAnswer`: forwards the request (the upstream acts), then destroys the client's connection without an answer
 *   (`'reset'`) or never answers it (`'hang'`, until the client gives up or the proxy closes);
 * - `malformed`: answers `200` with the given body (default a JSON object that matches no contract) without forwarding;
 *   `forwardFirst: true` forwards first (the upstream acts) and then answers the malformed body instead of its own;
 * - `status`: answers that status with `body` without forwarding (a 500, a 429, ...);
 * - `redirect`: answers `redirect.status` (default 307) with `Location: redirect.location` without forwarding.
 *
 * A rule applies to its next `times` matching exchanges (default: every one). Rules are tried in the order added; the
 * first match wins; an exchange no rule matches is forwarded untouched. Every exchange is recorded in `seen`, with what
 * was done to it, so tests can count what reached the upstream (`forwarded: true`).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { request as undiciRequest } from 'undici';

export interface FaultRule {
  /** HTTP method to match (any when absent). */
  method?: string;
  /** The path (without query) to match: a string for equality, a RegExp tested against path and query. */
  path: string | RegExp;
  /** Apply to this many matching exchanges, then stop (default: all). */
  times?: number;
  holdMs?: number;
  dropAnswer?: 'reset' | 'hang';
  malformed?: { body?: string; contentType?: string; forwardFirst?: boolean };
  status?: { code: number; body?: string; contentType?: string; headers?: Record<string, string> };
  redirect?: { location: string; status?: 301 | 302 | 303 | 307 | 308 };
}

export interface FaultExchange {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the request reached the upstream. */
  forwarded: boolean;
  /** What the proxy did: 'pass', 'hold', 'drop', 'malformed', 'status', 'redirect'. */
  action: string;
  /** The upstream's status, when forwarded and answered. */
  upstreamStatus?: number;
  /** The upstream's body, when forwarded and answered. */
  upstreamBody?: string;
}

export interface FaultProxy {
  origin: string;
  seen: FaultExchange[];
  /** Adds a rule; returns a function removing it. */
  add(rule: FaultRule): () => void;
  /** Removes every rule. */
  clear(): void;
  /** Exchanges with this method and path (without query) that reached the upstream. */
  forwarded(method: string, path: string): FaultExchange[];
  /** Resolves when the upstream has answered `count` forwarded exchanges matching method and path. */
  waitForForwarded(method: string, path: string, count?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function matches(rule: FaultRule, method: string, url: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  return typeof rule.path === 'string' ? pathOf(url) === rule.path : rule.path.test(url);
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const rules: ActiveRule[] = [];
  const seen: FaultExchange[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const waiters = new Set<() => void>();
  let closed = false;

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const take = (method: string, url: string): FaultRule | null => {
    for (const active of rules) {
      if (active.remaining <= 0 || !matches(active.rule, method, url)) continue;
      active.remaining -= 1;
      return active.rule;
    }
    return null;
  };

  const forward = async (exchange: FaultExchange): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(exchange.headers)) {
      if (!HOP_BY_HOP.has(name) && typeof value === 'string') headers[name] = value;
    }
    const answer = await undiciRequest(`${target}${exchange.url}`, {
      method: exchange.method as 'GET',
      headers,
      ...(exchange.method === 'GET' || exchange.method === 'HEAD' ? {} : { body: exchange.body }),
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    const replyHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding' && typeof value === 'string') replyHeaders[name] = value;
    }
    exchange.forwarded = true;
    exchange.upstreamStatus = answer.statusCode;
    exchange.upstreamBody = body.toString('utf8');
    for (const wake of [...waiters]) wake();
    return { status: answer.statusCode, headers: replyHeaders, body };
  };

  const reply = (res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void => {
    if (res.destroyed) return;
    res.writeHead(status, headers);
    res.end(body);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const method = (req.method ?? 'GET').toUpperCase();
      const exchange: FaultExchange = {
        method,
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        forwarded: false,
        action: 'pass',
      };
      seen.push(exchange);
      const rule = take(method, exchange.url);
      if (rule?.redirect) {
        exchange.action = 'redirect';
        reply(res, rule.redirect.status ?? 307, { location: rule.redirect.location, 'content-length': '0' }, '');
        return;
      }
      if (rule?.status) {
        exchange.action = 'status';
        reply(res, rule.status.code, { 'content-type': rule.status.contentType ?? 'application/json', ...rule.status.headers }, rule.status.body ?? '');
        return;
      }
      if (rule?.malformed && !rule.malformed.forwardFirst) {
        exchange.action = 'malformed';
        reply(res, 200, { 'content-type': rule.malformed.contentType ?? 'application/json' }, rule.malformed.body ?? '{"unexpected":true}');
        return;
      }
      if (rule?.holdMs) {
        exchange.action = 'hold';
        await sleep(rule.holdMs);
        if (closed) return;
      }
      const answer = await forward(exchange);
      if (rule?.dropAnswer) {
        exchange.action = 'drop';
        if (rule.dropAnswer === 'reset') req.socket.destroy();
        // 'hang': never answer; the client times out, or close() ends the socket.
        return;
      }
      if (rule?.malformed) {
        exchange.action = 'malformed';
        reply(res, 200, { 'content-type': rule.malformed.contentType ?? 'application/json' }, rule.malformed.body ?? '{"unexpected":true}');
        return;
      }
      reply(res, answer.status, answer.headers, answer.body);
    })().catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const forwarded = (method: string, path: string): FaultExchange[] =>
    seen.filter((e) => e.forwarded && e.method === method.toUpperCase() && pathOf(e.url) === path);

  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    add(rule) {
      const active = { rule, remaining: rule.times ?? Number.POSITIVE_INFINITY };
      rules.push(active);
      return () => {
        const i = rules.indexOf(active);
        if (i !== -1) rules.splice(i, 1);
      };
    },
    clear() {
      rules.length = 0;
    },
    forwarded,
    waitForForwarded(method, path, count = 1, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (forwarded(method, path).length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fault proxy: ${count} forwarded ${method} ${path} not seen within ${timeoutMs} ms (saw ${forwarded(method, path).length})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
