/**
 * One shutdown, observed from outside as an operator (or Kubernetes) sees it: a production process (NODE_ENV=
 * production, Carrier B configured, pointing at the sandbox through a gate) has a graphql-ws subscriber and a
 * GraphQL request whose upstream call the gate holds; then it gets the signal. While the request is held, /readyz is
 * asked on the request's own keep-alive connection (the listener is closed by then); then the gate opens.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxEnv } from '../../sandbox/env.js';
import { startSandbox } from '../../sandbox/index.js';
import { startChildServer } from '../push/child-server.js';
import { waitFor } from '../support/wait-for.js';
import { gauge, RawConnection, startGate, subscribeOverWs, type RawResponse } from './support.js';
import { SAFEGUARDS_WAIVED } from './auth-support.js';

/** METRICS_TOKEN of the drained server: production closes /metrics without one. */
const DRAIN_METRICS_TOKEN = 'drain-scenario-metrics-token-0123';
/** Far more than a drain takes here; a process still running then has hung (as before issue 7). */
const EXIT_WAIT_MS = 60_000;

export const SLOW_QUERY = '{ shipment(carrier: CARRIER_B, trackingNumber: "100000000003") { trackingNumber } }';
const SUBSCRIPTION = 'subscription { shipmentStatusChanged(filter: { carriers: [CARRIER_B] }) { cursor } }';

export interface DrainObservation {
  /** The held request's answer, received after the signal. */
  slow: RawResponse | undefined;
  /** /readyz asked after the signal on the held request's connection. */
  readyWhileDraining: RawResponse | undefined;
  /** The graphql-ws subscriber's close code, and whether it came while the request was still held. */
  wsCloseCode: number;
  wsClosedWhileRequestHeld: boolean;
  exit: { code: number | null; signal: NodeJS.Signals | null } | 'still running';
  output: string;
  /** The environment the server's node process runs with (/proc/<pid>/environ; Linux), read once it was ready. */
  serverEnviron: Record<string, string>;
}

/** The environment of the process running dist/src/main.js at or below `pid` (npm -> node, or node itself). */
function serverEnvironOf(pid: number): Record<string, string> {
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    try {
      if (readFileSync(`/proc/${next}/cmdline`, 'utf8').includes('dist/src/main.js')) {
        return Object.fromEntries(readFileSync(`/proc/${next}/environ`, 'utf8').split('\0').filter(Boolean).map((entry) => {
          const at = entry.indexOf('=');
          return [entry.slice(0, at), entry.slice(at + 1)];
        }));
      }
      queue.push(...readFileSync(`/proc/${next}/task/${next}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // gone, or not Linux
    }
  }
  return {};
}

export async function observeDrain(options: {
  command: string[];
  signal: NodeJS.Signals;
  env?: Record<string, string>;
  /** false: the held call is never let through (a request stuck past SHUTDOWN_TIMEOUT_MS). */
  release?: boolean;
  cwd?: string;
  /** Start on the empty DATA_DIR as it is (initdb and migrations in the child), not on a copy of the migrated template. */
  firstStart?: boolean;
}): Promise<DrainObservation> {
  const sandbox = await startSandbox({});
  const gate = await startGate(sandbox.urls.carrierB, (req) => (req.url ?? '').startsWith('/track/'));
  const dataDir = await mkdtemp(join(tmpdir(), 'production-drain-'));
  const child = await startChildServer(
    {
      ...sandboxEnv(sandbox),
      CARRIER_B_BASE_URL: gate.origin,
      NODE_ENV: 'production',
      ...SAFEGUARDS_WAIVED,
      // Production closes /metrics without a token; the scenario reads the subscribers gauge with it.
      METRICS_TOKEN: DRAIN_METRICS_TOKEN,
      SANDBOX: 'off',
      DATA_DIR: dataDir,
      ...options.env,
    },
    undefined,
    { command: options.command, startTimeoutMs: 90_000, ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.firstStart ? { firstStart: true } : {}) },
  );
  const serverEnviron = serverEnvironOf(child.process.pid!);
  const connection = await RawConnection.open(child.port);
  try {
    const subscriber = await subscribeOverWs(child.origin, SUBSCRIPTION);
    await waitFor(async () => (await gauge(child.origin, 'realtime_subscribers', DRAIN_METRICS_TOKEN)) >= 1, { timeoutMs: 10_000 });
    connection.post('/graphql', { query: SLOW_QUERY });
    await waitFor(() => gate.held() >= 1, { timeoutMs: 15_000 });

    process.kill(child.process.pid!, options.signal);
    // Shutdown has begun once the listener refuses new connections; the held request's connection stays open.
    await waitFor(async () => !(await accepts(child.port)), { timeoutMs: 15_000, intervalMs: 50 });
    connection.get('/readyz');
    const wsCloseCode = await subscriber.closed;
    const wsClosedWhileRequestHeld = gate.held() >= 1 && !connection.closed;
    if (options.release !== false) gate.open();
    const exit = await Promise.race([child.exited, sleep(EXIT_WAIT_MS).then(() => 'still running' as const)]);
    const [slow, readyWhileDraining] = await connection.responses(2, 5_000).catch(() => []);
    return { slow, readyWhileDraining, wsCloseCode, wsClosedWhileRequestHeld, exit, output: child.output(), serverEnviron };
  } finally {
    connection.destroy();
    await child.kill();
    await gate.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Whether something accepts TCP connections on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
