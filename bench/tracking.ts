/**
 * Carrier B tracking benchmark: N numbers in ONE GraphQL `track` request against the subgraph, with the Carrier B
 * simulator answering after 50 ms. Measures upstream calls against the minimum ceil(N/30), and the request's p50/p99
 * against one upstream round trip (p50 of a direct single-number call to the simulator).
 * Run alone: `npx tsx bench/tracking.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ManualClock, startSandbox, type Sandbox } from '../sandbox/index.js';
import { freePort, startChildServer } from '../test/push/child-server.js';
import { percentile } from './stats.js';

const EPOCH = '2026-03-10T12:00:00Z';
const UPSTREAM_LATENCY_MS = 50;
const SIZES = [1, 30, 31, 300, 3000] as const;
const RUNS: Record<number, number> = { 1: 20, 30: 20, 31: 20, 300: 20, 3000: 5 };
const ROUND_TRIP_TARGET = 1.5;

const TRACK = `query Track($inputs: [TrackInput!]!) {
  track(inputs: $inputs) { __typename ... on TrackedShipments { shipments { id status { status } } } ... on TrackingFailure { code } }
}`;

export interface SizeResult {
  n: number;
  runs: number;
  minCalls: number;
  /** Upstream calls per request, every run (they should all equal minCalls). */
  calls: number[];
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export async function runTrackingBench(): Promise<string[]> {
  const sandbox = await startSandbox({
    seed: 'bench-seed',
    epoch: EPOCH,
    clock: new ManualClock(EPOCH),
    faults: { carrierB: { latencyMs: 0 } },
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-bench-'));
  const c = sandbox.credentials.carrierB;
  // The subgraph runs in its own process, as it does in production: sharing one event loop with the simulator would
  // charge the simulator's rendering of 300 shipments to the subgraph's latency.
  const server = await startChildServer(
    {
      SANDBOX: 'off',
      LOG_LEVEL: 'info', // the start is detected by its 'carrier-subgraph ready' line
      DATA_DIR: dataDir,
      WATCHERS_ENABLED: 'false',
      MAX_TRACKING_NUMBERS_PER_REQUEST: '3000',
      CARRIER_B_BASE_URL: sandbox.urls.carrierB,
      CARRIER_B_CLIENT_ID: c.clientId,
      CARRIER_B_CLIENT_SECRET: c.clientSecret,
      CARRIER_B_ACCOUNT_NUMBER: c.accountNumber,
    },
    await freePort(),
  );
  const url = `${server.origin}/graphql`;
  try {
    sandbox.setFaults('carrierB', { latencyMs: UPSTREAM_LATENCY_MS });
    const roundTripMs = await measureRoundTrip(sandbox);
    const results: SizeResult[] = [];
    for (const n of SIZES) results.push(await measureSize(url, sandbox, n));
    return report(roundTripMs, results);
  } finally {
    await server.kill();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** p50 of a direct single-number track call to the simulator (token minted beforehand): 50 ms plus HTTP overhead. */
async function measureRoundTrip(sandbox: Sandbox): Promise<number> {
  const c = sandbox.credentials.carrierB;
  const tokenAnswer = await fetch(`${sandbox.urls.carrierB}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    const answer = await fetch(`${sandbox.urls.carrierB}/track/v1/trackingnumbers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ includeDetailedScans: false, trackingInfo: [{ trackingNumberInfo: { trackingNumber: numbers(1, 90_000 + i)[0] } }] }),
    });
    await answer.arrayBuffer();
    if (i > 0) times.push(performance.now() - started); // the first opens the connection
  }
  return percentile(times, 0.5);
}

async function measureSize(url: string, sandbox: Sandbox, n: number): Promise<SizeResult> {
  const runs = RUNS[n] ?? 10;
  const minCalls = Math.ceil(n / 30);
  // A warm-up request mints the token and opens the connections; it is not counted.
  await track(url, numbers(n, 1_000_000));
  const times: number[] = [];
  const calls: number[] = [];
  let failures = 0;
  for (let run = 0; run < runs; run++) {
    sandbox.resetStats();
    // Fresh numbers each run, so nothing is served from a previous answer.
    const inputs = numbers(n, 10_000 * (run + 1));
    const started = performance.now();
    const outcomes = await track(url, inputs);
    times.push(performance.now() - started);
    calls.push(sandbox.stats.carrierB.calls['POST /track/v1/trackingnumbers'] ?? 0);
    failures += outcomes.filter((o) => o !== 'TrackedShipments').length;
  }
  return { n, runs, minCalls, calls, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99), failures };
}

async function track(url: string, trackingNumbers: readonly string[]): Promise<string[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: TRACK, variables: { inputs: trackingNumbers.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber })) } }),
  });
  const body = (await response.json()) as { data?: { track: Array<{ __typename: string }> }; errors?: unknown };
  if (!body.data) throw new Error(`track failed: ${JSON.stringify(body.errors)}`);
  return body.data.track.map((o) => o.__typename);
}

/** Distinct 12-digit Carrier B numbers ending 3 (in transit in the sandbox). */
function numbers(n: number, from: number): string[] {
  return Array.from({ length: n }, (_, i) => `1${String(from + i).padStart(10, '0')}3`);
}

function report(roundTripMs: number, results: readonly SizeResult[]): string[] {
  const lines = [
    `Carrier B tracking, N numbers in one GraphQL request; simulator latency ${UPSTREAM_LATENCY_MS} ms; upstream round trip p50 ${roundTripMs.toFixed(1)} ms`,
  ];
  for (const r of results) {
    const worst = Math.max(...r.calls);
    const callsOk = r.calls.every((calls) => calls === r.minCalls);
    const p50Ratio = r.p50Ms / roundTripMs;
    const latencyTarget = r.n <= 300 ? (p50Ratio < ROUND_TRIP_TARGET ? 'PASS' : 'MISS') : 'n/a';
    lines.push(
      [
        `N=${String(r.n).padStart(4)}`,
        `runs ${String(r.runs).padStart(2)}`,
        `calls ${worst} / min ${r.minCalls} = ${(worst / r.minCalls).toFixed(2)}x ${callsOk ? 'PASS' : 'MISS'}`,
        `p50 ${r.p50Ms.toFixed(1)} ms = ${p50Ratio.toFixed(2)} RT ${latencyTarget}`,
        `p99 ${r.p99Ms.toFixed(1)} ms = ${(r.p99Ms / roundTripMs).toFixed(2)} RT`,
        `failed items ${r.failures}`,
      ].join(' | '),
    );
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runTrackingBench()) console.log(line);
}
