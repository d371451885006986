/**
 * Rate shop benchmark: one GraphQL `rates` request across every configured carrier, under load (RATING_BENCH_CLIENTS
 * clients, 50 by default, each sending its next shop as soon as the last answered), with the simulators answering
 * after 50, 100 and 300 ms (one latency per carrier, rotated over three cases so each carrier is the slowest once).
 * Measures the request's p50/p99 against the slowest carrier's round trip measured in the same case (targets: p50 at
 * most 1.2 and p99 at most 1.6 times it: the fan-out is parallel and nothing queues), the server's CPU per shop (from
 * /proc/<pid>/stat over the case; target at most 3 ms), upstream calls per rate shop (target: one per carrier), and
 * the same request repeated within the cache window (RATE_CACHE_TTL_MS; target: zero upstream calls).
 * The server runs with default settings: every carrier configured (the dark store too: it does not serve the US lane),
 * watchers on, the default LOG_LEVEL (one access line a request), and the express test environment's daily quota
 * counted in the store as production counts it (raised to 1,000,000 so the bench does not spend the day's 500).
 * It is what production runs: the compiled build (`dist/`, rebuilt when older than its inputs) started with
 * `npm run start:prod`'s node command line and NODE_ENV=production, in its own process. The simulators stay in this
 * bench's process: each case gives each carrier its own latency and counts each carrier's calls, and `npm run sandbox`
 * has one latency for all and no way to read or reset its call counts over HTTP.
 * Environment: RATING_BENCH_SAMPLES (1,000 per case), RATING_BENCH_CLIENTS (50), RATING_BENCH_NODE_ARGS (extra node
 * flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * Run alone: `BENCH=rating npm run bench` or `node_modules/.bin/tsx bench/rating.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ManualClock, startSandbox, type Sandbox, type SimulatorName } from '../sandbox/index.js';
import { cpuSeconds, ensureBuild, inProcessSandboxEnv, startProduction, stopAndWait } from './processes.js';
import { measureRoundTrip, percentile } from './stats.js';

const EPOCH = '2026-03-10T12:00:00Z';
/** The rating simulators, in the order the latencies are handed out (then rotated). */
const RATING_SIMULATORS = ['carrierB', 'groupAExpress', 'groupAEcommerce'] as const satisfies readonly SimulatorName[];
const LATENCIES_MS = [50, 100, 300] as const;
/** Enough samples for a p99 that is not the single worst run: at 50 clients a case takes about 10 s. */
const SAMPLES = Number(process.env.RATING_BENCH_SAMPLES ?? 1000);
const CLIENTS = Number(process.env.RATING_BENCH_CLIENTS ?? 50);
const NODE_ARGS = (process.env.RATING_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const P50_TARGET = 1.2;
const P99_TARGET = 1.6;
const CPU_TARGET_MS = 3;

/**
 * A US domestic lane all three rating simulators serve (e-commerce ships from its US distribution center; no customs).
 * The dark store is configured but does not serve the lane: it quotes from its catchment, so it makes no rating call.
 */
const RATES = `query Rates($input: RateRequestInput!) {
  rates(input: $input) {
    fromCache
    outcomes { __typename ... on CarrierRates { upstream quotes { serviceCode } } }
  }
}`;

function rateInput(sample: number): Record<string, unknown> {
  return {
    origin: { countryCode: 'US', postalCode: '30301' },
    destination: { countryCode: 'US', postalCode: '94105' },
    // A distinct weight per sample, so no sample is answered from the previous one's cache entry.
    packages: [{ weight: { value: 1 + sample / 1000, unit: 'KG' }, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' } }],
  };
}

interface CaseResult {
  latencies: Record<(typeof RATING_SIMULATORS)[number], number>;
  slowest: (typeof RATING_SIMULATORS)[number];
  roundTripMs: number;
  p50Ms: number;
  p99Ms: number;
  /** Business calls per simulator over the case's samples, divided by the samples (target 1 each). */
  callsPerShop: Record<string, number>;
  /** Business calls of the repeated request (target 0), and whether it said it came from the cache. */
  repeatCalls: number;
  repeatFromCache: boolean;
  failures: number;
  /** The fewest carriers that quoted in one request of the case (target: every rating carrier). */
  minQuoting: number;
  /** Server CPU (user + system) over the case's shops, per shop, in ms; null off Linux. */
  cpuMsPerShop: number | null;
}

export async function runRatingBench(): Promise<string[]> {
  const built = await ensureBuild();
  const sandbox = await startSandbox({
    seed: 'bench-seed',
    epoch: EPOCH,
    clock: new ManualClock(EPOCH),
    // The bench makes more express calls than the test environment's 500 a day; the quota is not what is measured.
    expressTestDailyQuota: 1_000_000,
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-bench-rating-'));
  const server = await startProduction({
    env: {
      // Every carrier, as a deployment configures them (e-commerce rating needs the account's pickup and
      // distribution center, which sandboxEnv gives); watchers and LOG_LEVEL at their defaults.
      ...inProcessSandboxEnv(sandbox, ['']),
      DATA_DIR: dataDir,
      GROUP_A_EXPRESS_DAILY_QUOTA: '1000000',
      // The cache window the repeated request must fall in (the default, said here so the figure names it).
      RATE_CACHE_TTL_MS: '60000',
    },
    // A shared machine may take a while to load the server's modules.
    readyTimeoutMs: 120_000,
    nodeArgs: NODE_ARGS,
  });
  const url = `${server.origin}/graphql`;
  try {
    // Warm-up: tokens minted, connections opened; not counted.
    for (let i = 0; i < 3; i++) await rates(url, rateInput(900_000 + i));
    const results: CaseResult[] = [];
    for (let rotation = 0; rotation < LATENCIES_MS.length; rotation++) {
      results.push(await measureCase(url, sandbox, rotation, results.length * SAMPLES, server.child.pid));
    }
    return [`${built}; server: compiled build, NODE_ENV=production, its own process; simulators in the bench's process`, ...report(results)];
  } finally {
    await stopAndWait(server.child, 15_000);
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureCase(url: string, sandbox: Sandbox, rotation: number, firstSample: number, pid: number | undefined): Promise<CaseResult> {
  const latencies = Object.fromEntries(
    RATING_SIMULATORS.map((name, i) => [name, LATENCIES_MS[(i + rotation) % LATENCIES_MS.length]!]),
  ) as CaseResult['latencies'];
  for (const name of RATING_SIMULATORS) sandbox.setFaults(name, { latencyMs: latencies[name] });
  const slowest = RATING_SIMULATORS.reduce((a, b) => (latencies[b] > latencies[a] ? b : a));
  // The slowest simulator's round trip: the floor any parallel fan-out pays.
  const roundTripMs = await measureRoundTrip(sandbox.origins[slowest]);

  sandbox.resetStats();
  const times: number[] = [];
  let failures = 0;
  let minQuoting = Number.POSITIVE_INFINITY;
  let next = 0;
  const client = async () => {
    while (next < SAMPLES) {
      const sample = firstSample + next++;
      const started = performance.now();
      const answer = await rates(url, rateInput(sample));
      times.push(performance.now() - started);
      failures += answer.failedOutcomes;
      minQuoting = Math.min(minQuoting, answer.quoting);
    }
  };
  const cpuBefore = cpuSeconds(pid);
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const cpuAfter = cpuSeconds(pid);
  const callsPerShop = Object.fromEntries(RATING_SIMULATORS.map((name) => [name, businessCalls(sandbox, name) / SAMPLES]));

  // The case's last request again, well within the cache window (RATE_CACHE_TTL_MS): answered without any carrier call.
  sandbox.resetStats();
  const repeat = await rates(url, rateInput(firstSample + SAMPLES - 1));
  const repeatCalls = RATING_SIMULATORS.reduce((n, name) => n + businessCalls(sandbox, name), 0);
  return {
    latencies,
    slowest,
    roundTripMs,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    callsPerShop,
    repeatCalls,
    repeatFromCache: repeat.fromCache,
    failures,
    minQuoting,
    cpuMsPerShop: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / SAMPLES,
  };
}

function businessCalls(sandbox: Sandbox, name: SimulatorName): number {
  return Object.entries(sandbox.stats[name].calls)
    .filter(([route]) => !/token|bench-round-trip/.test(route))
    .reduce((n, [, v]) => n + v, 0);
}

async function rates(url: string, input: Record<string, unknown>): Promise<{ fromCache: boolean; failedOutcomes: number; quoting: number }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: RATES, variables: { input } }),
  });
  const body = (await response.json()) as {
    data?: { rates: { fromCache: boolean; outcomes: Array<{ __typename: string; quotes?: unknown[] }> } };
    errors?: unknown;
  };
  if (!body.data) throw new Error(`rates failed: ${JSON.stringify(body.errors)}`);
  return {
    fromCache: body.data.rates.fromCache,
    failedOutcomes: body.data.rates.outcomes.filter((o) => o.__typename === 'RateFailure').length,
    // Carriers that answered with at least one quote: a carrier answering "not served" would make the bench hollow.
    quoting: body.data.rates.outcomes.filter((o) => (o.quotes?.length ?? 0) > 0).length,
  };
}

function report(results: readonly CaseResult[]): string[] {
  const lines = [`Rate shop across ${RATING_SIMULATORS.length} carriers, ${SAMPLES} requests per case (${CLIENTS} clients); latencies rotated; targets p50 <= ${P50_TARGET} RT, p99 <= ${P99_TARGET} RT, CPU <= ${CPU_TARGET_MS} ms a shop`];
  for (const r of results) {
    const ratio = r.p50Ms / r.roundTripMs;
    const p99Ratio = r.p99Ms / r.roundTripMs;
    const callsOk = Object.values(r.callsPerShop).every((calls) => calls === 1);
    lines.push(
      [
        RATING_SIMULATORS.map((name) => `${name} ${r.latencies[name]} ms`).join(', '),
        `slowest RT p50 ${r.roundTripMs.toFixed(1)} ms`,
        `p50 ${r.p50Ms.toFixed(1)} ms = ${ratio.toFixed(2)} RT ${ratio <= P50_TARGET ? 'PASS' : 'MISS'}`,
        `p99 ${r.p99Ms.toFixed(1)} ms = ${p99Ratio.toFixed(2)} RT ${p99Ratio <= P99_TARGET ? 'PASS' : 'MISS'}`,
        r.cpuMsPerShop === null ? 'CPU n/a' : `CPU ${r.cpuMsPerShop.toFixed(2)} ms a shop ${r.cpuMsPerShop <= CPU_TARGET_MS ? 'PASS' : 'MISS'}`,
        `calls per shop ${Object.entries(r.callsPerShop).map(([name, calls]) => `${name} ${calls.toFixed(2)}`).join(', ')} ${callsOk ? 'PASS' : 'MISS'}`,
        `repeat: ${r.repeatCalls} calls${r.repeatFromCache ? ' (from cache)' : ''} ${r.repeatCalls === 0 ? 'PASS' : 'MISS'}`,
        `carriers quoting >= ${r.minQuoting} of ${RATING_SIMULATORS.length}`,
        `failed outcomes ${r.failures}`,
      ].join(' | '),
    );
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runRatingBench()) console.log(line);
}
