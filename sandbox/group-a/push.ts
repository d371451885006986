/**
 * Group A push interface simulator (seed 000, "Push subscription lifecycle" and "Events"), following assumptions
 * P1-P6 of docs/assumptions.md: POST {track}/push/v1/subscriptions, POST .../{id}/verify, DELETE .../{id}, the
 * confirmation call `{scope: 'subscription.confirm', subscriptionId, validationSecret}`, the approval call
 * `{scope: 'subscription.approved', subscriptionId}` and the secret in `Carrier-Push-Secret` on later calls.
 * It pushes each new status of subscribed shipments as their plans progress, retries a failed delivery after one
 * hour then six hours (scaled clock), and sometimes delivers twice (seeded).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import { Rng } from '../core/prng.js';
import type { SandboxContext } from '../context.js';
import { resolveGroupA } from './numbers.js';
import { renderUnifiedShipment } from './unified-render.js';

export interface PushSimulatorOptions {
  host?: string;
  /** Default `/track/push/v1/subscriptions` (the unified `/track` prefix + GROUP_A_PUSH_SUBSCRIPTIONS_PATH). */
  subscriptionsPath?: string;
  secretHeader?: string;
  /** Sandbox seconds per real second, for the retry delays and the approval delay; default 1. */
  timeScale?: number;
  /** Business approval of a customer-account subscription after this much sandbox time; default 30 min. */
  approvalDelayMs?: number;
  /** Real milliseconds between looks at subscribed shipments; default 1000. */
  tickMs?: number;
  /** Share of deliveries sent twice (seed: "Duplicate delivery is possible"); default 0.05. */
  duplicateRate?: number;
  /**
   * PEM certificates trusted for https callback URLs besides Node's default roots (e.g. a subscriber's self-signed
   * development certificate). Certificates are always verified (seed: "The subscriber's endpoint must present a
   * valid TLS certificate"): a callback whose certificate is not trusted gets no delivery (status 0, retried).
   */
  ca?: string | Buffer | Array<string | Buffer>;
}

export type PushSubscriptionPhase = 'created' | 'pending-approval' | 'active' | 'deleted';

export interface SimulatedSubscription {
  id: string;
  type: 'trackingNumber' | 'customerAccount';
  value: string;
  service: string | null;
  callbackUrl: string;
  phase: PushSubscriptionPhase;
  validationSecret: string;
}

export interface PushDelivery {
  subscriptionId: string;
  kind: 'confirm' | 'approved' | 'push';
  attempt: number;
  /** HTTP status our webhook answered, or 0 when it did not answer within five seconds. */
  status: number;
  trackingNumbers: string[];
  duplicate: boolean;
  at: string;
}

export interface PushSimulator {
  origin: string;
  /** `{origin}/track`: the push base URL (same host family as unified tracking). */
  baseUrl: string;
  subscriptions(): SimulatedSubscription[];
  deliveries: PushDelivery[];
  /** Test hook: approve a customer-account subscription now. */
  approve(subscriptionId: string): Promise<void>;
  /** The tracking numbers a customer-account subscription covers in the sandbox (three express waybills). */
  accountShipments(account: string): string[];
  /** Test hook: push the current status of `trackingNumber` to every active subscription covering it. */
  pushNow(trackingNumber: string, options?: { duplicate?: boolean }): Promise<PushDelivery[]>;
  /**
   * Fault knob: push the current status of `trackingNumber` through the subscription `subscriptionId` (its callback
   * and its secret) whatever that subscription covers, as a carrier's routing mistake would. Retried like any push.
   */
  misroutedPush(trackingNumber: string, subscriptionId: string): Promise<PushDelivery[]>;
  close(): Promise<void>;
}

const HOUR = 3_600_000;
/** The seed: "Failed deliveries are retried after one hour, then after six hours on each further failure." */
const RETRY_DELAYS_MS = [HOUR, 6 * HOUR, 6 * HOUR];
/** The seed: "The subscriber must answer HTTP 200 within five seconds". */
const ACK_DEADLINE_MS = 5_000;

export async function startPushSimulator(ctx: SandboxContext, options: PushSimulatorOptions = {}): Promise<PushSimulator> {
  const path = options.subscriptionsPath ?? '/track/push/v1/subscriptions';
  const secretHeader = (options.secretHeader ?? 'Carrier-Push-Secret').toLowerCase();
  const timeScale = options.timeScale ?? 1;
  const approvalDelayMs = options.approvalDelayMs ?? 30 * 60_000;
  const duplicateRate = options.duplicateRate ?? 0.05;
  const rng = Rng.of(ctx.seed, 'groupAPush');
  const keys = new Set([ctx.credentials.groupAUnified.apiKey, ctx.credentials.groupAUnified.maskedApiKey]);
  const subs = new Map<string, SimulatedSubscription>();
  const lastPushed = new Map<string, string>(); // subscription|number -> timestamp|statusCode
  const deliveries: PushDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let counter = 0;
  let origin = '';
  // Only with extra trust: an undici agent whose trust store is the default roots plus `ca`.
  const extraCa = options.ca === undefined ? [] : Array.isArray(options.ca) ? options.ca : [options.ca];
  const agent = extraCa.length > 0 ? new Agent({ connect: { ca: [...rootCertificates, ...extraCa.map(String)] } }) : null;

  const later = (realMs: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, realMs);
    timer.unref();
    timers.add(timer);
  };

  async function post(sub: SimulatedSubscription, body: unknown, withSecret: boolean): Promise<number> {
    try {
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(withSecret ? { [secretHeader]: sub.validationSecret } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(ACK_DEADLINE_MS),
      };
      const response = agent ? await undiciFetch(sub.callbackUrl, { ...init, dispatcher: agent }) : await fetch(sub.callbackUrl, init);
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }

  /** Delivers once (or twice, seeded); a non-200 is retried after 1 h, then 6 h, on the scaled clock. */
  async function deliver(sub: SimulatedSubscription, kind: PushDelivery['kind'], body: unknown, numbers: string[], attempt = 1, forceDuplicate = false): Promise<PushDelivery[]> {
    if (sub.phase === 'deleted') return [];
    const made: PushDelivery[] = [];
    const copies = forceDuplicate || (kind === 'push' && rng.next() < duplicateRate) ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) {
      const status = await post(sub, body, kind !== 'confirm');
      const delivery: PushDelivery = { subscriptionId: sub.id, kind, attempt, status, trackingNumbers: numbers, duplicate: copy > 0, at: new Date().toISOString() };
      deliveries.push(delivery);
      made.push(delivery);
      ctx.logger?.debug({ sandbox: 'groupAPush', kind, attempt, status, duplicate: copy > 0 }, 'sandbox push delivery');
      if (status !== 200) {
        const delay = RETRY_DELAYS_MS[attempt - 1];
        if (delay !== undefined) later(delay / timeScale, () => void deliver(sub, kind, body, numbers, attempt + 1));
        break;
      }
    }
    return made;
  }

  function currentStatuses(sub: SimulatedSubscription, number: string): Array<Record<string, unknown>> {
    const now = ctx.clock.now();
    return resolveGroupA(ctx, number, now)
      .filter((found) => sub.service === null || found.service === sub.service)
      .map((found) => {
        const rendered = renderUnifiedShipment(found, { masked: false, language: 'en', now, origin, seed: ctx.seed });
        return { id: rendered.id, service: rendered.service, status: rendered.status };
      })
      .filter((shipment) => shipment.status !== undefined && shipment.status !== null);
  }

  async function pushChanges(sub: SimulatedSubscription, number: string, force: boolean, duplicate = false): Promise<PushDelivery[]> {
    const changed = currentStatuses(sub, number).filter((shipment) => {
      const status = shipment.status as { timestamp?: string; statusCode?: string };
      const key = `${sub.id}|${String(shipment.id)}|${String(shipment.service)}`;
      const value = `${status.timestamp}|${status.statusCode}`;
      if (!force && lastPushed.get(key) === value) return false;
      lastPushed.set(key, value);
      return true;
    });
    if (changed.length === 0) return [];
    return deliver(sub, 'push', { scope: 'subscription.push', shipments: changed }, [number], 1, duplicate);
  }

  // Shipments progress on the sandbox clock: look for new statuses of subscribed numbers regularly (a customer
  // account's numbers: accountShipments).
  const ticker = setInterval(() => {
    for (const sub of subs.values()) {
      if (sub.phase !== 'active') continue;
      const numbers = sub.type === 'trackingNumber' ? [sub.value] : accountShipments(ctx, sub.value);
      for (const number of numbers) void pushChanges(sub, number, false);
    }
  }, options.tickMs ?? 1_000);
  ticker.unref();

  const server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const body = await readBody(req);
    const key = req.headers['carrier-api-key'];
    // Same header as unified tracking: "send header `Carrier-API-Key: <CONSUMER_KEY>` on every call".
    if (typeof key !== 'string' || !keys.has(key)) return problem(res, 401, 'The Carrier-API-Key header is missing or not valid.', url.pathname);
    if (req.method === 'POST' && url.pathname === path) return create(res, body, url.pathname);
    const match = new RegExp(`^${path}/([^/]+)(/verify)?$`).exec(url.pathname);
    const sub = match?.[1] ? subs.get(decodeURIComponent(match[1])) : undefined;
    if (!match || !sub || sub.phase === 'deleted') return problem(res, 404, 'No such subscription.', url.pathname);
    if (req.method === 'POST' && match[2]) return verify(res, sub, body, url.pathname);
    if (req.method === 'DELETE' && !match[2]) {
      sub.phase = 'deleted';
      res.writeHead(204).end();
      return;
    }
    return problem(res, 405, `Method ${req.method ?? ''} is not allowed here.`, url.pathname);
  }

  function create(res: ServerResponse, body: unknown, instance: string): void {
    const input = body as { type?: unknown; value?: unknown; service?: unknown; callbackUrl?: unknown } | null;
    if (!input || (input.type !== 'trackingNumber' && input.type !== 'customerAccount')) {
      return problem(res, 400, 'type must be trackingNumber or customerAccount.', instance);
    }
    if (typeof input.value !== 'string' || input.value.trim() === '') return problem(res, 400, 'value is required.', instance);
    if (typeof input.callbackUrl !== 'string' || !/^https?:\/\//.test(input.callbackUrl)) {
      return problem(res, 400, 'callbackUrl must be an absolute http(s) URL.', instance);
    }
    counter += 1;
    const sub: SimulatedSubscription = {
      id: `sub-${counter}-${randomBytes(4).toString('hex')}`,
      type: input.type,
      value: input.value.trim(),
      service: typeof input.service === 'string' ? input.service : null,
      callbackUrl: input.callbackUrl,
      phase: 'created',
      validationSecret: randomBytes(24).toString('base64url'),
    };
    subs.set(sub.id, sub);
    json(res, 201, { id: sub.id, status: 'created' });
    // The seed: the service "immediately calls the subscriber's webhook with a confirmation carrying a validation secret".
    later(5, () => void deliver(sub, 'confirm', { scope: 'subscription.confirm', subscriptionId: sub.id, validationSecret: sub.validationSecret }, []));
  }

  function verify(res: ServerResponse, sub: SimulatedSubscription, body: unknown, instance: string): void {
    const secret = (body as { validationSecret?: unknown } | null)?.validationSecret;
    if (secret !== sub.validationSecret) return problem(res, 400, 'The validation secret does not match.', instance);
    if (sub.type === 'trackingNumber') {
      // "A subscription by individual tracking id activates immediately."
      sub.phase = 'active';
      json(res, 200, { id: sub.id, status: 'active' });
      later(5, () => void pushChanges(sub, sub.value, true));
      return;
    }
    // "A subscription by customer account requires business approval by the carrier before it works."
    if (sub.phase === 'created') {
      sub.phase = 'pending-approval';
      later(approvalDelayMs / timeScale, () => void approve(sub.id));
    }
    json(res, 200, { id: sub.id, status: sub.phase === 'active' ? 'active' : 'pending-approval' });
  }

  async function approve(id: string): Promise<void> {
    const sub = subs.get(id);
    if (!sub || sub.phase !== 'pending-approval') return;
    sub.phase = 'active';
    await deliver(sub, 'approved', { scope: 'subscription.approved', subscriptionId: sub.id }, []);
    // Approved: the account's shipments are pushed from now on, starting with their current status.
    later(5, () => {
      for (const number of accountShipments(ctx, sub.value)) void pushChanges(sub, number, true);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    origin,
    baseUrl: `${origin}/track`,
    subscriptions: () => [...subs.values()].map((s) => ({ ...s })),
    deliveries,
    accountShipments: (account) => accountShipments(ctx, account),
    approve,
    async pushNow(trackingNumber, opts = {}) {
      const made: PushDelivery[] = [];
      for (const sub of subs.values()) {
        if (sub.phase !== 'active') continue;
        if (sub.type === 'trackingNumber' && sub.value !== trackingNumber) continue;
        if (sub.type === 'customerAccount' && !accountShipments(ctx, sub.value).includes(trackingNumber)) continue;
        made.push(...(await pushChanges(sub, trackingNumber, true, opts.duplicate ?? false)));
      }
      return made;
    },
    async misroutedPush(trackingNumber, subscriptionId) {
      const sub = subs.get(subscriptionId);
      if (!sub || sub.phase !== 'active') return [];
      const shipments = currentStatuses({ ...sub, service: null }, trackingNumber);
      if (shipments.length === 0) return [];
      return deliver(sub, 'push', { scope: 'subscription.push', shipments }, [trackingNumber]);
    },
    async close() {
      clearInterval(ticker);
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent?.destroy();
    },
  };
}

/**
 * The shipments of a customer account in the sandbox (sandbox/README.md): three express waybills derived from the
 * seed and the account, whose last digits pick the stories in transit (3), out for delivery (5) and delivered (0);
 * none for an account ending in 404.
 */
export function accountShipments(ctx: SandboxContext, account: string): string[] {
  // Like a number ending in 404, an account ending in 404 has nothing: a subscription that is never pushed to.
  if (account.endsWith('404')) return [];
  const rng = Rng.of(ctx.seed, 'groupAPush:account', account);
  return ['3', '5', '0'].map((story) => `${rng.digits(9)}${story}`);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Problem details as interface A answers them (seed: "errors are problem details"). */
function problem(res: ServerResponse, status: number, detail: string, instance: string): void {
  res
    .writeHead(status, { 'content-type': 'application/problem+json' })
    .end(JSON.stringify({ type: `urn:sandbox:group-a:${status}`, title: detail, status, detail, instance }));
}
