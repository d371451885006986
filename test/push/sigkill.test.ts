/**
 * Nothing lost: the server is killed (SIGKILL) right after it acknowledged a webhook, restarted on the same data
 * directory, and a subscriber resuming from its cursor receives that change exactly once. The server runs as a child
 * process (`tsx src/main.ts`); Group A (tracking and push) is a sandbox in this process, so the test knows the secret.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { subscribe, wsClient } from '../realtime/support.js';
import { CREATE, notification, waitFor } from './support.js';

let sandbox: Sandbox;
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: p } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return p;
}

async function startChild(): Promise<string> {
  const proc = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SANDBOX: 'off',
      LOG_LEVEL: 'info',
      GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
      GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
      GROUP_A_PUSH_BASE_URL: sandbox.push.baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the server in a child node process, and SIGKILL must reach both at once.
    detached: true,
  });
  child = proc;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('carrier-subgraph ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

function killGroup(proc: ChildProcess): void {
  try {
    process.kill(-proc.pid!, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

async function gql(origin: string, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

beforeAll(async () => {
  sandbox = await startSandbox({ push: { duplicateRate: 0 } });
  dataDir = await mkdtemp(join(tmpdir(), 'push-sigkill-'));
  port = await freePort();
});
afterAll(async () => {
  if (child?.exitCode === null) killGroup(child);
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('a webhook acknowledged just before SIGKILL reaches a subscriber resuming from its cursor exactly once', async () => {
  const number = '9990003001';
  let origin = await startChild();
  const created = (await gql(origin, CREATE, { input: { scope: 'TRACKING_NUMBER', subject: '1234567890' } })).data.createPushSubscription;
  expect(created.state).toBe('ACTIVE');
  const secret = sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)!.validationSecret;
  const post = (body: unknown) =>
    fetch(`${origin}/webhooks/group-a`, { method: 'POST', headers: { 'content-type': 'application/json', 'carrier-push-secret': secret }, body: JSON.stringify(body) });

  // A first change gives the subscriber its cursor.
  const client = wsClient(`ws://127.0.0.1:${port}/graphql`);
  const first = subscribe(client, { filter: { trackingNumbers: [number] } });
  await new Promise((r) => setTimeout(r, 300));
  expect((await post(notification(number, '2026-03-10T08:00:00', 'pre-transit'))).status).toBe(200);
  await waitFor(async () => first.received.length === 1);
  const cursor = first.received[0]!.cursor;
  first.stop();
  await client.dispose();

  // The second change is acknowledged, then the server dies at once.
  const answer = await post(notification(number, '2026-03-10T09:00:00', 'transit'));
  expect(answer.status).toBe(200);
  const exited = new Promise((r) => child!.once('exit', r));
  killGroup(child!);
  await exited;
  await new Promise((r) => setTimeout(r, 200));

  origin = await startChild();
  const resumed = wsClient(`ws://127.0.0.1:${port}/graphql`);
  const second = subscribe(resumed, { filter: { trackingNumbers: [number] }, cursor });
  await waitFor(async () => second.received.length >= 1, 20_000);
  await new Promise((r) => setTimeout(r, 1_000));
  expect(second.errors).toEqual([]);
  expect(second.received.map((c) => [c.trackingNumber, c.status.status, c.source])).toEqual([[number, 'IN_TRANSIT', 'PUSH']]);
  second.stop();
  await resumed.dispose();
}, 120_000);
