import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultController } from './faults.js';
import { breakShape, type SandboxRequest, type SandboxResponse } from './http.js';
import { listen, type ListeningServer } from './server.js';
import { countCall, countResponse, type SimulatorStats } from './stats.js';

export type SimulatorName = 'carrierB' | 'groupAUnified' | 'groupAExpress' | 'groupAEcommerce' | 'darkStore' | 'analyticsBridge';

export interface SandboxLogger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
}

/** A check before the handler (authentication, quota); returning an answer stops the request there. */
export type Guard = (req: SandboxRequest) => SandboxResponse | undefined;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Exact path, or a pattern for paths with an identifier in them. */
  path: string | RegExp;
  /** Stats key; defaults to `'METHOD path'` of the request. */
  name?: string;
  /**
   * `business` calls get guards, scripted and random faults and malformed answers; `token` and `open` (documents)
   * calls get latency and guards only, so a scripted failure never hits a token mint.
   */
  kind: 'business' | 'token' | 'open';
  guards?: readonly Guard[];
  /** The route creates something at the carrier (a shipment, a tag, a pickup): `loseNextAnswer` applies to it. */
  acts?: boolean;
  /** The numbers a tracking call asks for, recorded in stats once the guards passed. */
  trackedNumbers?: (req: SandboxRequest) => string[] | undefined;
  handle: (req: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;
}

/** The upstream's own error body for a status (problem detail, carrier error list, ...). */
export type ErrorRenderer = (req: SandboxRequest, status: number, detail: string) => SandboxResponse;

export interface SimulatorSpec {
  name: SimulatorName;
  routes: readonly Route[];
  renderError: ErrorRenderer;
  faults: FaultController;
  stats: SimulatorStats;
  logger: SandboxLogger | undefined;
  /** Called after every business call other than GET, before its answer is sent (the sandbox state's save). */
  afterChange?: (() => void) | undefined;
}

export interface RunningSimulator {
  name: SimulatorName;
  origin: string;
  port: number;
  close(): Promise<void>;
}

export async function startSimulator(spec: SimulatorSpec, host: string, port: number): Promise<RunningSimulator> {
  const server: ListeningServer = await listen(host, port, (req) => answer(spec, req));
  return { name: spec.name, origin: server.origin, port: server.port, close: server.close };
}

async function answer(spec: SimulatorSpec, req: SandboxRequest): Promise<SandboxResponse> {
  const response = await pipeline(spec, req);
  countResponse(spec.stats, response.status);
  spec.logger?.debug({ sandbox: spec.name, method: req.method, path: req.path, status: response.status }, 'sandbox answer');
  return response;
}

async function pipeline(spec: SimulatorSpec, req: SandboxRequest): Promise<SandboxResponse> {
  const samePath = spec.routes.filter((route) => matches(route.path, req.path));
  const route = samePath.find((candidate) => candidate.method === req.method);
  countCall(spec.stats, route?.name ?? `${req.method} ${req.path}`);
  if (spec.faults.latencyMs > 0) await sleep(spec.faults.latencyMs);
  if (!route) {
    return samePath.length > 0
      ? spec.renderError(req, 405, `Method ${req.method} is not allowed on ${req.path}.`)
      : spec.renderError(req, 404, `No resource at ${req.path}.`);
  }
  for (const guard of route.guards ?? []) {
    const refused = guard(req);
    if (refused) return refused;
  }
  if (route.kind !== 'business') return await route.handle(req);

  const numbers = route.trackedNumbers?.(req);
  if (numbers) spec.stats.trackingRequests.push(numbers);
  const fault = spec.faults.beforeHandler();
  if (fault.kind === 'status') {
    const failed = spec.renderError(req, fault.status, `Injected failure (sandbox fault): HTTP ${fault.status}.`);
    if (fault.retryAfterSec === undefined) return failed;
    return { ...failed, headers: { ...failed.headers, 'retry-after': String(fault.retryAfterSec) } };
  }
  const response = await route.handle(req);
  if (req.method !== 'GET') spec.afterChange?.();
  if (route.acts && response.status < 300) {
    const lost = spec.faults.afterActing();
    if (lost) return { ...response, ...lost };
  }
  if (response.status >= 300 || response.json === undefined) return response;
  const broken = spec.faults.afterHandler();
  if (broken.kind !== 'malformed') return response;
  const text = JSON.stringify(response.json);
  return broken.style === 'truncated'
    ? { ...response, json: undefined, raw: text.slice(0, Math.max(1, Math.floor(text.length / 2))) }
    : { ...response, json: breakShape(response.json) };
}

function matches(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}
