/**
 * Seed 000, "Events": "The subscriber's endpoint must present a valid TLS certificate." (docs/assumptions.md P5).
 * With WEBHOOK_TLS_CERT_FILE / WEBHOOK_TLS_KEY_FILE the server itself serves HTTPS: the webhook, GraphQL and
 * graphql-ws all on one TLS port. A throwaway self-signed certificate for 127.0.0.1 / localhost is made per run; the
 * clients here and the push simulator trust it explicitly (nothing turns verification off), and a carrier that does
 * not trust it delivers nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { generate } from 'selfsigned';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { type ClientOptions } from 'ws';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { pushDedupKey } from '../../src/domain/status-change.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { subscribe } from '../realtime/support.js';
import { CREATE, notification, startPushE2E, waitFor, type PushE2E } from './support.js';

let dir: string;
let cert: string;
let certFile: string;
let keyFile: string;
let e2e: PushE2E;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'webhook-tls-'));
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 60_000),
    notAfterDate: new Date(Date.now() + 24 * 3_600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
    ],
  });
  cert = pems.cert;
  certFile = join(dir, 'cert.pem');
  keyFile = join(dir, 'key.pem');
  await writeFile(certFile, pems.cert);
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  e2e = await startPushE2E({ WEBHOOK_TLS_CERT_FILE: certFile, WEBHOOK_TLS_KEY_FILE: keyFile, WATCHERS_ENABLED: 'false' }, { ca: cert });
});
afterAll(async () => {
  await e2e?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A graphql-ws client over wss:// that trusts the throwaway certificate. */
function wssClient(url: string, ca: string): Client {
  class TrustingWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { ca } satisfies ClientOptions);
    }
  }
  return createClient({ url, webSocketImpl: TrustingWebSocket, retryAttempts: 0, lazy: true });
}

/** One plain-HTTP request; resolves with the status, or with the error code when no HTTP answer came. */
function plainHttpPost(port: number, path: string, body: string, headers: Record<string, string>): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, timeout: 5_000 }, (res) => {
      res.resume();
      resolve({ status: res.statusCode });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

const inboxRows = () => e2e.count('SELECT count(*) AS n FROM webhook_inbox');
const settled = () => e2e.settled();

describe('HTTPS with WEBHOOK_TLS_CERT_FILE / WEBHOOK_TLS_KEY_FILE', () => {
  it('the server listens with TLS and its URLs say https', () => {
    expect(e2e.server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/graphql$/);
    expect(e2e.webhookUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/webhooks\/group-a$/);
  });

  it('GraphQL answers over HTTPS to a client trusting the certificate', async () => {
    const answer = await e2e.gql(`query { pushSubscriptions { edges { node { id } } } }`);
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.pushSubscriptions.edges).toEqual(expect.any(Array));
  });

  it('a client that does not trust the certificate is refused by its own TLS check (the certificate is really presented)', async () => {
    const error = await fetch(e2e.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }).then(
      () => null,
      (e: unknown) => e as Error & { cause?: { code?: string } },
    );
    expect(error?.cause?.code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
  });

  it('a client trusting another certificate is refused too', async () => {
    const other = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });
    const agent = new Agent({ connect: { ca: other.cert } });
    try {
      const outcome = await undiciFetch(e2e.webhookUrl, { method: 'POST', body: '{}', dispatcher: agent }).then(
        (r) => r.status,
        (e: Error & { cause?: { code?: string } }) => e.cause?.code,
      );
      expect(String(outcome)).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
    } finally {
      await agent.destroy();
    }
  });
});

describe('the webhook over HTTPS', () => {
  let secret: string;
  beforeAll(async () => {
    const created = (await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: '1234567891' } })).data.createPushSubscription.pushSubscription;
    expect(created.state).toBe('ACTIVE');
    secret = e2e.sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)!.validationSecret;
    await waitFor(async () => e2e.sandbox.push.deliveries.some((d) => d.kind === 'push' && d.subscriptionId === created.carrierSubscriptionId));
    await settled();
  });

  it('a good notification is 200, stored, and reaches the status log as PUSH', async () => {
    const before = await inboxRows();
    // The subscribed number (a push is taken only for its subscription's number), at a time of the test's own.
    const answer = await e2e.postWebhook(notification('1234567891', '2026-03-10T11:00:00', 'delivered'), { 'carrier-push-secret': secret });
    expect(answer.status).toBe(200);
    expect(await inboxRows()).toBe(before + 1);
    const key = pushDedupKey('1234567891', '2026-03-10T11:00:00', 'delivered');
    await waitFor(async () => (await e2e.count(`SELECT count(*) AS n FROM status_changes WHERE dedup_key = $1 AND source = 'PUSH'`, [key])) === 1);
    await settled();
  });

  it('a wrong secret is 401 and nothing is stored', async () => {
    const before = await inboxRows();
    const answer = await e2e.postWebhook(notification('9990003002', '2026-03-10T11:00:00'), { 'carrier-push-secret': `${secret}x` });
    expect(answer.status).toBe(401);
    expect(await inboxRows()).toBe(before);
  });

  it('a plain-HTTP request to the HTTPS port gets no webhook answer and stores nothing', async () => {
    const before = await inboxRows();
    const body = JSON.stringify(notification('9990003003', '2026-03-10T11:00:00'));
    const outcome = await plainHttpPost(e2e.server.port, '/webhooks/group-a', body, { 'carrier-push-secret': secret });
    // No HTTP answer at all: the TLS server drops a connection that does not start with a TLS handshake.
    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toBeDefined();
    expect(await inboxRows()).toBe(before);
  });
});

describe('the push lifecycle over TLS', () => {
  it('create -> confirmation call to our HTTPS webhook -> ACTIVE -> a push reaches the status log and a wss subscriber', async () => {
    const number = '1234567890';
    const client = wssClient(e2e.server.url.replace(/^https/, 'wss'), cert);
    const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const sub = subscribe(client, { filter: { trackingNumbers: [number] } });
    try {
      await connected;
      await new Promise((r) => setTimeout(r, 300));

      const answer = await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: number, division: 'express' } });
      expect(answer.errors).toBeUndefined();
      const created = answer.data.createPushSubscription.pushSubscription;
      expect(created.state).toBe('ACTIVE');
      const carrierSide = e2e.sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)!;
      expect(carrierSide.callbackUrl).toBe(e2e.webhookUrl);
      expect(carrierSide.callbackUrl.startsWith('https://')).toBe(true);
      expect(carrierSide.phase).toBe('active');
      const ours = (d: { subscriptionId: string }) => d.subscriptionId === created.carrierSubscriptionId;
      expect(e2e.sandbox.push.deliveries.filter(ours).find((d) => d.kind === 'confirm')?.status).toBe(200);

      // The simulator pushes the current status right after activation, over TLS.
      await waitFor(async () => e2e.sandbox.push.deliveries.some((d) => ours(d) && d.kind === 'push' && d.status === 200));
      await waitFor(async () => (await e2e.count(`SELECT count(*) AS n FROM status_changes WHERE tracking_number = $1 AND source = 'PUSH'`, [number])) > 0);
      await waitFor(async () => sub.received.length >= 1, 15_000);
      expect(sub.errors).toEqual([]);
      expect(sub.received[0]).toMatchObject({ trackingNumber: number, source: 'PUSH' });
    } finally {
      sub.stop();
      await client.dispose();
    }
  });
});

describe('a carrier that does not trust the certificate', () => {
  let sandbox: Sandbox;
  let server: StartedServer;
  let dataDir: string;
  beforeAll(async () => {
    // A standalone simulator with only the default roots: our self-signed certificate is not valid for it.
    sandbox = await startSandbox({ push: { duplicateRate: 0 } });
    dataDir = await mkdtemp(join(tmpdir(), 'webhook-tls-untrusted-'));
    const loaded = loadConfig({
      SANDBOX: 'off',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WATCHERS_ENABLED: 'false',
      GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
      GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
      GROUP_A_PUSH_BASE_URL: sandbox.push.baseUrl,
      WEBHOOK_TLS_CERT_FILE: certFile,
      WEBHOOK_TLS_KEY_FILE: keyFile,
    });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    server = await startServer({ config: loaded.config, logger: createLogger('silent') });
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('gets no confirmation through (delivery status 0), so the subscription stays CREATED', async () => {
    const agent = new Agent({ connect: { ca: cert } });
    try {
      const response = await undiciFetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: CREATE, variables: { input: { scope: 'TRACKING_NUMBER', subject: '1234567892' } } }),
        dispatcher: agent,
      });
      type Created = { pushSubscription: { state: string; carrierSubscriptionId: string } };
      const created = ((await response.json()) as { data: { createPushSubscription: Created } }).data.createPushSubscription.pushSubscription;
      expect(created.state).toBe('CREATED');
      const confirm = sandbox.push.deliveries.find((d) => d.subscriptionId === created.carrierSubscriptionId && d.kind === 'confirm');
      expect(confirm?.status).toBe(0);
      expect(sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)?.phase).toBe('created');
    } finally {
      await agent.destroy();
    }
  });
});

describe('a bad TLS configuration stops the start with a line naming the variable', () => {
  /** `tsx src/main.ts` as an operator runs it; resolves with the exit code and stderr. */
  function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
    return new Promise((resolve, reject) => {
      const proc = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
        env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: join(dir, 'never'), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`the server did not stop on a bad configuration:\n${stdout}\n${stderr}`));
      }, 30_000);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr, stdout });
      });
    });
  }

  it('a certificate path that does not exist', async () => {
    const missing = join(dir, 'missing-cert.pem');
    const run = await start({ WEBHOOK_TLS_CERT_FILE: missing, WEBHOOK_TLS_KEY_FILE: keyFile });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`config error: WEBHOOK_TLS_CERT_FILE: cannot read ${missing} (no such file)`);
    expect(run.stderr).not.toMatch(/ENOENT|\n\s+at /);
    expect(run.stdout).not.toContain('carrier-subgraph ready');
  });

  it('a key path that does not exist', async () => {
    const missing = join(dir, 'missing-key.pem');
    const run = await start({ WEBHOOK_TLS_CERT_FILE: certFile, WEBHOOK_TLS_KEY_FILE: missing });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`config error: WEBHOOK_TLS_KEY_FILE: cannot read ${missing} (no such file)`);
    expect(run.stderr).not.toMatch(/ENOENT|\n\s+at /);
  });

  it('a certificate without a key', async () => {
    const run = await start({ WEBHOOK_TLS_CERT_FILE: certFile });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('config error: WEBHOOK_TLS_KEY_FILE: required when WEBHOOK_TLS_CERT_FILE is set');
    expect(run.stdout).not.toContain('carrier-subgraph ready');
  });
});
