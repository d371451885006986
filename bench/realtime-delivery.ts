/**
 * Real-time delivery benchmark: 1,000 graphql-ws subscribers (in a child process, each on its own WebSocket) to one
 * subgraph on the embedded store. The subgraph is what production runs: the compiled build (`dist/`, rebuilt when
 * older than its inputs) started with `npm run start:prod`'s node command line and NODE_ENV=production, in its own
 * process. The Group A simulators run in this bench's process: the push subscription's validation secret, which every
 * notification must carry, is known only to the simulator, and `npm run sandbox` does not tell it over HTTP.
 * Measures delivery latency p50/p99 from the moment a Group A push notification is POSTed to our webhook (validation
 * secret, inbox write, 200, processing into the status log, fan-out) to its receipt by every subscriber, and the
 * server's resident memory per idle subscriber (the change of its VmRSS, from /proc, between before the subscribers
 * connect and after they are all subscribed, each read after a pause; its garbage is not collected first, as it was
 * when the server ran in this process) against the target of 50 KB.
 * Run alone: `BENCH=delivery npm run bench`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startSandbox } from '../sandbox/index.js';
import { ensureBuild, metric, rssMb, startProduction, stopAndWait } from './processes.js';
import { activePushSubscription, pushBody, waitUntil, type PushTarget } from './push-support.js';
import { percentile } from './stats.js';

const SUBSCRIBERS = 1_000;
const ROUNDS = 30;
const MEMORY_TARGET_BYTES = 50 * 1024;
const TRACKING_NUMBER = 'BENCH-DELIVERY-1';
/** Before each RSS reading: lets the server's allocations of the moment settle. */
const SETTLE_MS = 1_000;

interface ChildMessage {
  opened?: number;
  cursor?: string;
  times?: number[];
  error?: string;
}

export async function runDeliveryBench(): Promise<string[]> {
  const built = await ensureBuild();
  const dataDir = await mkdtemp(join(tmpdir(), 'carrier-bench-realtime-'));
  const sandbox = await startSandbox({ push: { duplicateRate: 0 } });
  let server: Awaited<ReturnType<typeof startProduction>> | null = null;
  let child: ChildProcess | null = null;
  try {
    server = await startProduction({
      env: {
        DATA_DIR: join(dataDir, 'db'),
        WATCHERS_ENABLED: 'false',
        GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
        GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
        GROUP_A_PUSH_BASE_URL: sandbox.push.baseUrl,
      },
      readyTimeoutMs: 120_000,
    });
    const origin = server.origin;
    const pid = server.child.pid!;
    const target = await activePushSubscription(origin, sandbox);
    // Warm the code paths (first webhook, first append) before the baseline, so they do not count as per-subscriber cost.
    await postChange(target, 0);
    await sleep(SETTLE_MS);
    const before = (await rssMb(pid)) * 2 ** 20;

    child = fork(fileURLToPath(new URL('./realtime-clients.mjs', import.meta.url)), [], {
      env: { ...process.env, BENCH_WS_URL: `${origin.replace(/^http/, 'ws')}/graphql`, BENCH_SUBSCRIBERS: String(SUBSCRIBERS), BENCH_TRACKING_NUMBER: TRACKING_NUMBER },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Rounds are sequential, so the next complete set of receipts belongs to the change just posted.
    let nextTimes: ((times: number[]) => void) | null = null;
    const errors: string[] = [];
    child.on('message', (message: ChildMessage) => {
      if (message.error) errors.push(message.error);
      if (message.cursor && message.times) nextTimes?.(message.times);
    });
    // The server's own count of subscribers (realtime_subscribers on /metrics).
    await waitUntil(async () => (await metric(origin, 'realtime_subscribers')) >= SUBSCRIBERS, 60_000, `${SUBSCRIBERS} subscribers`, 50).catch((error: Error) => {
      throw new Error(`${error.message}; ${errors[0] ?? 'no client error'}`);
    });
    await sleep(SETTLE_MS);
    const after = (await rssMb(pid)) * 2 ** 20;
    const perSubscriber = (after - before) / SUBSCRIBERS;

    const latencies: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const sentAt = performance.timeOrigin + performance.now();
      const received = new Promise<number[]>((resolve) => {
        nextTimes = resolve;
      });
      await postChange(target, round);
      const times = await withTimeout(received, 10_000, `round ${round}: not every subscriber received the change`);
      nextTimes = null;
      latencies.push(...times.map((t) => t - sentAt));
      await sleep(20);
    }
    const p50 = percentile(latencies, 0.5);
    const p99 = percentile(latencies, 0.99);
    const ratio = perSubscriber / MEMORY_TARGET_BYTES;
    return [
      `${built}; server: compiled build, NODE_ENV=production, its own process; Group A simulators in the bench's process`,
      `Real-time delivery: ${SUBSCRIBERS} graphql-ws subscribers on one server (embedded store), ${ROUNDS} changes, webhook POST -> receipt by every subscriber`,
      `delivery latency p50 ${p50.toFixed(1)} ms | p99 ${p99.toFixed(1)} ms (${latencies.length} deliveries${errors.length ? `, ${errors.length} errors` : ''})`,
      `memory per idle subscriber ${(perSubscriber / 1024).toFixed(1)} KB = ${ratio.toFixed(2)} x target 50 KB ${ratio < 1 ? 'PASS' : 'MISS'} (server RSS ${(before / 1048576).toFixed(0)} -> ${(after / 1048576).toFixed(0)} MB)`,
    ];
  } finally {
    if (child && child.connected) {
      child.send({ stop: true });
      await new Promise((resolve) => child?.once('exit', resolve));
    }
    if (server) await stopAndWait(server.child, 15_000);
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

let sequence = 0;

/** One status change pushed to our webhook, as Group A would; resolves on the 200 (processing follows it). */
async function postChange(target: PushTarget, round: number): Promise<void> {
  sequence += 1;
  const at = new Date(Date.UTC(2030, 0, 1, 0, 0, sequence)).toISOString().replace(/\.000Z$/, '');
  const response = await fetch(target.webhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'carrier-push-secret': target.secret },
    body: pushBody(TRACKING_NUMBER, at),
  });
  if (response.status !== 200) throw new Error(`round ${round}: webhook answered ${response.status}`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref())]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runDeliveryBench()) console.log(line);
}
