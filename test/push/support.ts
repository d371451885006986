import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import type { Sandbox } from '../../sandbox/index.js';
import { loadConfig } from '../../src/config.js';
import { createLogger, type Logger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';

export interface PushE2E {
  server: StartedServer;
  sandbox: Sandbox;
  webhookUrl: string;
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<{ status: number; data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>;
  /** POSTs a body (object as JSON, or a raw string) to our Group A webhook. */
  postWebhook(body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  count(sql: string, params?: unknown[]): Promise<number>;
  /** Resolves once no webhook call is waiting in the inbox (every acknowledged call processed). */
  settled(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The whole server in process (store in a temp directory, every upstream in the sandbox), over real HTTP. `ca`: PEM
 * certificates this client trusts (the server's own when it serves HTTPS with a self-signed one).
 */
export async function startPushE2E(env: Record<string, string> = {}, options: { ca?: string; logger?: Logger } = {}): Promise<PushE2E> {
  // A copy of the run's migrated PGlite template (no initdb or migrations per start), unless the store is elsewhere.
  const dataDir = env['DATABASE_URL'] || env['DATA_DIR'] ? await mkdtemp(join(tmpdir(), 'push-e2e-')) : (await migratedDataDir('push-e2e-')).root;
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SANDBOX_LATENCY_MS: '0', ...env });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  const server = await startServer({ config: loaded.config, logger: options.logger ?? createLogger('silent') });
  const sandbox = server.sandbox!.sandbox;
  const webhookUrl = server.url.replace(/\/graphql$/, '/webhooks/group-a');
  const agent = options.ca ? new Agent({ connect: { ca: options.ca } }) : null;
  const fetch = (url: string, init: { method: string; headers: Record<string, string>; body: string }) =>
    agent ? undiciFetch(url, { ...init, dispatcher: agent }) : globalThis.fetch(url, init);
  return {
    server,
    sandbox,
    webhookUrl,
    async gql(query, variables) {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, ...((await response.json()) as object) };
    },
    async postWebhook(body, headers = {}) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: response.status, body: parsed };
    },
    async count(sql, params) {
      const { rows } = await server.store.query<{ n: number | string }>(sql, params);
      return Number(rows[0]?.n ?? 0);
    },
    settled: () => waitFor(async () => (await server.push.inbox.pendingCount()) === 0),
    async close() {
      await agent?.destroy();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const CREATE = `mutation($input: CreatePushSubscriptionInput!) {
  createPushSubscription(input: $input) {
    pushSubscription { id scope subject state carrierSubscriptionId createdAt activatedAt }
    userErrors { field code message carrierCode }
    warnings { code message type }
  }
}`;

/**
 * An ACTIVE Group A push subscription for 1234567890, created through GraphQL, with the simulator's first push for it
 * (the subject's current status, sent right after activation) already processed, so rows counted afterwards are the
 * test's own. Returns the validation secret the simulator sends.
 */
export async function activeSubscriptionSettled(e2e: PushE2E): Promise<string> {
  const created = (await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: '1234567890' } })).data?.createPushSubscription.pushSubscription;
  if (created?.state !== 'ACTIVE') throw new Error(`push subscription not active: ${JSON.stringify(created)}`);
  const secret = e2e.sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)!.validationSecret;
  await waitFor(async () => e2e.sandbox.push.deliveries.some((d) => d.kind === 'push' && d.subscriptionId === created.carrierSubscriptionId));
  await e2e.settled();
  return secret;
}

/**
 * The input of a subscription by customer account, for tests that push numbers of their own: a push names no account
 * (only `id`, `service`, `status`), so such a subscription takes a push about any number, where one by tracking
 * number takes only its own (docs/assumptions.md ED2). The sandbox account ending in 404 has no shipments, so the
 * simulator never pushes anything of its own through it: every row a test counts is the test's.
 */
export const ACCOUNT_SUBSCRIPTION = { scope: 'CUSTOMER_ACCOUNT', subject: 'ACCOUNT-404' } as const;

/**
 * Has the sandbox approve a customer-account subscription now (instead of after its business-approval delay) and
 * returns its validation secret once our webhook has answered the approval (the subscription is then ACTIVE).
 */
export async function approvedAccountSecret(sandbox: Sandbox, carrierSubscriptionId: string): Promise<string> {
  await sandbox.push.approve(carrierSubscriptionId);
  await waitFor(async () => sandbox.push.deliveries.some((d) => d.kind === 'approved' && d.subscriptionId === carrierSubscriptionId && d.status === 200));
  return sandbox.push.subscriptions().find((s) => s.id === carrierSubscriptionId)!.validationSecret;
}

/**
 * An ACTIVE customer-account subscription (ACCOUNT_SUBSCRIPTION) created through GraphQL; returns its validation
 * secret, good for a push about any number.
 */
export async function accountSubscriptionSettled(e2e: PushE2E): Promise<string> {
  const created = (await e2e.gql(CREATE, { input: ACCOUNT_SUBSCRIPTION })).data?.createPushSubscription.pushSubscription;
  if (created?.state !== 'PENDING_APPROVAL') throw new Error(`push subscription not awaiting approval: ${JSON.stringify(created)}`);
  const secret = await approvedAccountSecret(e2e.sandbox, created.carrierSubscriptionId);
  await e2e.settled();
  return secret;
}

/** A notification in the seed's shape. */
export function notification(id: string, timestamp: string, statusCode = 'transit') {
  return {
    scope: 'subscription.push',
    shipments: [
      {
        id,
        service: 'express',
        status: {
          timestamp,
          statusCode,
          status: 'In transit',
          location: { address: { countryCode: 'DE', postalCode: '53113', addressLocality: 'Bonn' } },
        },
      },
    ],
  };
}
