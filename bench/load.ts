/**
 * Production load benchmark: the subgraph as clients use it, on what production runs. The compiled build (`dist/`,
 * rebuilt with `npm run build` when missing or older than its inputs), started with `npm run start:prod`'s node flags,
 * NODE_ENV=production and default settings: every carrier configured (the simulators of `npm run sandbox`, in their own
 * process), watchers on, the default LOG_LEVEL (one access line a request), the default batch window and freshness
 * cache. The load comes from a third process (bench/load-client.mjs, autocannon, LOAD_BENCH_CONNECTIONS clients).
 * Every figure is a ratio to a yardstick measured in the same run, never to a figure from another day:
 * - `{ __typename }` and README query 1 (upstream 0 ms) against a bare Apollo Server 5 + express 5 hello world
 *   (bench/hello-world.mjs), runs interleaved (hello, subgraph, hello, subgraph ...): req/s, p50 and p99 ratios;
 * - the Carrier B cases (upstream 50 ms) against one upstream round trip measured just before each run, and against
 *   the concurrency ceiling (clients / round trip): what 50 clients waiting one round trip each could reach. The round
 *   trip is a full track call of 30 numbers straight to the simulator (its own work on a batch included); the ratios
 *   against the bare round trip (an empty call) are printed beside.
 * Beside each: the subgraph's CPU per request (/proc/<pid>/stat over the run: depends far less than req/s on what
 * else the machine runs) and its upstream calls per request (its own `upstream_calls_total` on /metrics).
 * Environment: LOAD_BENCH_SECONDS (8 per run), LOAD_BENCH_ROUNDS (3 runs per case), LOAD_BENCH_WARMUP_SECONDS (3: one
 * uncounted run of each side first), LOAD_BENCH_RUN_WARMUP_SECONDS (1: before each counted run against the hello world, an
 * uncounted second of the same load on the same side), LOAD_BENCH_CONNECTIONS (50), LOAD_BENCH_CASES (all: typename,readme,cached,distinct),
 * LOAD_BENCH_SUBGRAPH_NODE_ARGS (extra node flags for the subgraph, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * Run alone: `BENCH=load npm run bench`.
 */
import { type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuSeconds, ensureBuild, killAll, metricsText, sampleSum, start, startHelloWorld, startProduction, startSandboxProcess, stopAndWait } from './processes.js';
import { measureRoundTrip, median } from './stats.js';

const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.LOAD_BENCH_ROUNDS ?? 3);
/** A server just started (or switched to another query) runs its first seconds on cold paths (JIT, caches). */
const WARMUP_SECONDS = Number(process.env.LOAD_BENCH_WARMUP_SECONDS ?? 3);
/**
 * Interleaved runs leave each server idle while the other one is loaded (8 s): long enough for every answer the
 * subgraph keeps for its freshness window (2 s) to expire, so each of its runs would begin with every shipment of the
 * rotation fetched again at once, a cold start a client population that keeps asking never meets. Each counted run
 * against the hello world is therefore preceded by this much uncounted load on the same side (both sides alike).
 */
const RUN_WARMUP_SECONDS = Number(process.env.LOAD_BENCH_RUN_WARMUP_SECONDS ?? 1);
const CONNECTIONS = Number(process.env.LOAD_BENCH_CONNECTIONS ?? 50);
const SUBGRAPH_NODE_ARGS = (process.env.LOAD_BENCH_SUBGRAPH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SELECTED = new Set((process.env.LOAD_BENCH_CASES ?? 'typename,readme,cached,distinct').split(',').map((s) => s.trim()));
/** README query 1 rotates over this many distinct shipments (two a request: a delivered one and a delayed one). */
const README_SHIPMENTS = 1000;

const HELLO = JSON.stringify({ query: '{ hello }' });

/** README query 1, as the README writes it (numbers in the text), for one delivered and one delayed shipment. */
function readmeQuery(delivered: string, delayed: string): string {
  return JSON.stringify({
    query: `{
  delivered: shipment(carrier: CARRIER_B, trackingNumber: "${delivered}") {
    id status { status nativeCode nativeText } deliveredAt { instant }
    proofOfDelivery { signedBy } documentsAvailable { type }
    events { time { instant } status { status nativeCode } description location { address { locality countryCode } } }
  }
  delayed: shipment(carrier: CARRIER_B, trackingNumber: "${delayed}") { status { status } delay { status type subType } }
}`,
  });
}

const SHIPMENT = 'query Shipment($n: String!) { shipment(carrier: CARRIER_B, trackingNumber: $n) { id status { status } } }';

interface Spec { bodies?: string[]; template?: string; from?: number }
interface Run { rps: number; p50: number; p99: number; samples: number; failures: number; cpuUs: number | null }

let specFile = '';

/** One run of bench/load-client.mjs in its own process, with the subgraph's (or hello world's) CPU over it. */
async function load(url: string, spec: Spec, pid: number | undefined, seconds = SECONDS): Promise<Run> {
  writeFileSync(specFile, JSON.stringify({ url, seconds, connections: CONNECTIONS, ...spec }));
  const before = cpuSeconds(pid);
  const child = start(process.execPath, [join('bench', 'load-client.mjs'), specFile], {});
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { err += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`load client exited ${code}: ${err}`);
  const after = cpuSeconds(pid);
  const result = JSON.parse(out) as Omit<Run, 'cpuUs'>;
  return { ...result, cpuUs: before === null || after === null || result.samples === 0 ? null : ((after - before) * 1e6) / result.samples };
}

async function trackCalls(origin: string): Promise<number> {
  return sampleSum(await metricsText(origin), 'upstream_calls_total', { upstream: 'carrier-b', operation: 'track' }, 0);
}

/** Seconds the subgraph's Carrier B track calls took in all, and how many there were (its own histogram). */
async function trackCallTime(origin: string): Promise<{ seconds: number; count: number }> {
  const text = await metricsText(origin);
  const labels = { upstream: 'carrier-b', operation: 'track' };
  return { seconds: sampleSum(text, 'upstream_call_duration_seconds_sum', labels, 0), count: sampleSum(text, 'upstream_call_duration_seconds_count', labels, 0) };
}

/** The body answered without errors, or null (a number the sandbox does not know yet, a malformed sandbox item). */
async function answersCleanly(url: string, body: string): Promise<boolean> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answer = (await response.json()) as { data?: unknown; errors?: unknown };
  return response.ok && !answer.errors && !!answer.data;
}

/**
 * README query 1 bodies over README_SHIPMENTS distinct sandbox shipments (ending 0: delivered, 6: weather delay), each
 * asked once first so it is known to the store and the carrier answers it; a pair the sandbox cannot answer cleanly
 * (not created yet, a malformed item by design) is left out.
 */
async function readmeBodies(url: string): Promise<string[]> {
  const bodies: string[] = [];
  for (let i = 0; bodies.length < README_SHIPMENTS / 2 && i < README_SHIPMENTS * 2; i++) {
    const base = `2${String(i).padStart(10, '0')}`;
    const body = readmeQuery(`${base}0`, `${base}6`);
    if (await answersCleanly(url, body)) bodies.push(body);
  }
  return bodies;
}

const f = (n: number, digits = 2): string => n.toFixed(digits);
const spreadOf = (values: number[], digits = 2): string => `${f(Math.min(...values), digits)}-${f(Math.max(...values), digits)}`;
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

interface HelloCase { name: string; target: { rps: number; p99?: number }; spec: Spec }

/** Interleaved pairs against the hello world: ratios of req/s, p50, p99 and CPU per request. */
async function againstHello(hello: { url: string; child: ChildProcess }, subgraph: { url: string; child: ChildProcess }, c: HelloCase): Promise<string[]> {
  if (WARMUP_SECONDS > 0) {
    await load(hello.url, { bodies: [HELLO] }, hello.child.pid, WARMUP_SECONDS);
    await load(subgraph.url, c.spec, subgraph.child.pid, WARMUP_SECONDS);
  }
  const hellos: Run[] = [];
  const ours: Run[] = [];
  const origin = subgraph.url.replace(/\/graphql$/, '');
  let calls = 0;
  for (let round = 0; round < ROUNDS; round++) {
    if (RUN_WARMUP_SECONDS > 0) await load(hello.url, { bodies: [HELLO] }, hello.child.pid, RUN_WARMUP_SECONDS);
    hellos.push(await load(hello.url, { bodies: [HELLO] }, hello.child.pid));
    if (RUN_WARMUP_SECONDS > 0) await load(subgraph.url, c.spec, subgraph.child.pid, RUN_WARMUP_SECONDS);
    const callsBefore = await trackCalls(origin);
    ours.push(await load(subgraph.url, c.spec, subgraph.child.pid));
    calls += (await trackCalls(origin)) - callsBefore;
  }
  const rps = ours.map((run, i) => run.rps / hellos[i]!.rps);
  const p50 = ours.map((run, i) => run.p50 / Math.max(hellos[i]!.p50, 1));
  const p99 = ours.map((run, i) => run.p99 / Math.max(hellos[i]!.p99, 1));
  const samples = ours.reduce((sum, run) => sum + run.samples, 0);
  const lines = [
    `${c.name} (targets: req/s >= ${c.target.rps}x the hello world's${c.target.p99 ? `, p99 <= ${c.target.p99}x` : ''}):`,
    `  req/s ${f(median(rps))}x the hello world's (spread ${spreadOf(rps)}) ${verdict(median(rps) >= c.target.rps)};`
      + ` p50 ${f(median(p50))}x (${spreadOf(p50)}); p99 ${f(median(p99))}x (${spreadOf(p99)})${c.target.p99 ? ` ${verdict(median(p99) <= c.target.p99)}` : ''}`,
    `  subgraph ${f(median(ours.map((r) => r.rps)), 0)} req/s, p50 ${median(ours.map((r) => r.p50))} ms, p99 ${median(ours.map((r) => r.p99))} ms;`
      + ` hello world ${f(median(hellos.map((r) => r.rps)), 0)} req/s, p50 ${median(hellos.map((r) => r.p50))} ms, p99 ${median(hellos.map((r) => r.p99))} ms`
      + ` (medians of ${ROUNDS} interleaved runs of ${SECONDS} s; ${samples} requests, ${ours.reduce((n, r) => n + r.failures, 0)} failed)`,
  ];
  if (ours.every((r) => r.cpuUs !== null) && hellos.every((r) => r.cpuUs !== null)) {
    const cpu = ours.map((run, i) => run.cpuUs! / hellos[i]!.cpuUs!);
    lines.push(`  CPU per request: subgraph ${f(median(ours.map((r) => r.cpuUs!)), 0)} us, hello world ${f(median(hellos.map((r) => r.cpuUs!)), 0)} us = ${f(median(cpu))}x (spread ${spreadOf(cpu)})`);
  }
  lines.push(`  Carrier B track calls per request ${f(calls / samples, 4)} (${calls} over ${samples})`);
  return lines;
}

interface RoundTripCase { name: string; spec: (round: number) => Spec; distinct: boolean }

let trackNumber = 900_000_000;

/**
 * The p50 of 10 Carrier B track calls of 30 distinct numbers each, straight to the simulator (a token minted first):
 * the latency plus the carrier's own work on a full call, which any batch of 30 pays. The first call is not counted.
 */
async function measureFullTrackCall(env: Record<string, string>): Promise<number> {
  const origin = env['CARRIER_B_BASE_URL']!.replace(/\/+$/, '');
  const token = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: env['CARRIER_B_CLIENT_ID']!, client_secret: env['CARRIER_B_CLIENT_SECRET']! }).toString(),
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const times: number[] = [];
  for (let i = 0; i < 11; i++) {
    const trackingInfo = Array.from({ length: 30 }, () => ({ trackingNumberInfo: { trackingNumber: `1${String(trackNumber++).padStart(10, '0')}3` } }));
    const started = performance.now();
    const answer = await fetch(`${origin}/track/v1/trackingnumbers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ includeDetailedScans: false, trackingInfo }),
    });
    await answer.arrayBuffer();
    if (i > 0) times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Runs against the concurrency ceiling: clients / one upstream round trip, measured just before each run, the round
 * trip being a full track call of 30 numbers (the carrier's own work on a batch included); the bare round trip (an
 * empty call) is printed beside it.
 */
async function againstRoundTrip(sandboxEnv: Record<string, string>, subgraph: { url: string; child: ChildProcess }, c: RoundTripCase): Promise<string[]> {
  if (WARMUP_SECONDS > 0) await load(subgraph.url, c.spec(-1), subgraph.child.pid, WARMUP_SECONDS);
  const origin = subgraph.url.replace(/\/graphql$/, '');
  const sandboxOrigin = new URL(sandboxEnv['CARRIER_B_BASE_URL']!).origin;
  const runs: Array<Run & { rtMs: number; bareMs: number; calls: number; callMs: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareMs = await measureRoundTrip(sandboxOrigin);
    const rtMs = await measureFullTrackCall(sandboxEnv);
    const before = await trackCalls(origin);
    const timeBefore = await trackCallTime(origin);
    const run = await load(subgraph.url, c.spec(round), subgraph.child.pid);
    const timeAfter = await trackCallTime(origin);
    const callMs = timeAfter.count > timeBefore.count ? ((timeAfter.seconds - timeBefore.seconds) * 1000) / (timeAfter.count - timeBefore.count) : Number.NaN;
    runs.push({ ...run, rtMs, bareMs, callMs, calls: (await trackCalls(origin)) - before });
  }
  const ceiling = runs.map((r) => r.rps / (CONNECTIONS / (r.rtMs / 1000)));
  const p50 = runs.map((r) => r.p50 / r.rtMs);
  const p99 = runs.map((r) => r.p99 / r.rtMs);
  const samples = runs.reduce((n, r) => n + r.samples, 0);
  const calls = runs.reduce((n, r) => n + r.calls, 0);
  const lines = [
    `${c.name}${c.distinct ? ' (targets: >= 0.85x the ceiling, p50 <= 1.15 round trips, at most one call per 30 numbers)' : ''}:`,
    `  ${f(median(runs.map((r) => r.rps)), 0)} req/s = ${f(median(ceiling))}x the ceiling of ${CONNECTIONS} clients / one round trip (spread ${spreadOf(ceiling)})${c.distinct ? ` ${verdict(median(ceiling) >= 0.85)}` : ''};`
      + ` p50 ${f(median(p50))} round trips (${spreadOf(p50)})${c.distinct ? ` ${verdict(median(p50) <= 1.15)}` : ''}, p99 ${f(median(p99))} (${spreadOf(p99)});`
      + ` round trip (a full call of 30 numbers) ${f(median(runs.map((r) => r.rtMs)), 1)} ms; bare round trip ${f(median(runs.map((r) => r.bareMs)), 1)} ms,`
      + ` against the bare round trip: ${f(median(runs.map((r) => r.rps / (CONNECTIONS / (r.bareMs / 1000)))))}x its ceiling, p50 ${f(median(runs.map((r) => r.p50 / r.bareMs)))} round trips`,
    `  upstream track calls per request ${f(calls / samples, 4)} (${calls} over ${samples} requests${c.distinct ? `: ${f(samples / Math.max(calls, 1), 1)} numbers a call, target >= 30 when the window fills` : ': the freshness cache answers'});`
      + ` ${runs.reduce((n, r) => n + r.failures, 0)} failed`
      + (runs.every((r) => r.cpuUs !== null) ? `; CPU ${f(median(runs.map((r) => r.cpuUs!)), 0)} us a request` : ''),
  ];
  if (c.distinct) {
    // What the carrier's answers took under this load, as the subgraph timed its own calls: the part of the latency
    // that is the upstream's (the simulator answering several full calls at once), not the subgraph's.
    lines.push(`  the subgraph's track calls took ${f(median(runs.map((r) => r.callMs)), 1)} ms on average under this load (upstream_call_duration_seconds), ${f(median(runs.map((r) => r.callMs / r.rtMs)))}x the round trip`);
  }
  return lines;
}

async function startSubgraph(upstreamEnv: Record<string, string>, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  // Default settings: LOG_LEVEL as a deployment leaves it (processes.ts would otherwise quiet it to warn).
  const { child, origin } = await startProduction({ env: { ...upstreamEnv, DATA_DIR: dataDir, LOG_LEVEL: 'info' }, nodeArgs: SUBGRAPH_NODE_ARGS, readyTimeoutMs: 120_000 });
  return { child, url: `${origin}/graphql` };
}

export async function runLoadBench(): Promise<string[]> {
  const out: string[] = [];
  out.push(`${await ensureBuild()}; ${ROUNDS} runs of ${SECONDS} s per case after ${WARMUP_SECONDS} s of uncounted warm-up (and ${RUN_WARMUP_SECONDS} s before each run against the hello world), ${CONNECTIONS} clients, NODE_ENV=production, default settings${SUBGRAPH_NODE_ARGS.length ? `, subgraph node flags ${SUBGRAPH_NODE_ARGS.join(' ')}` : ''}; load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const dataRoot = await mkdtemp(join(tmpdir(), 'load-bench-'));
  specFile = join(dataRoot, 'load-spec.json');
  try {
    if (SELECTED.has('typename') || SELECTED.has('readme')) {
      const hello = await startHelloWorld();
      const sandbox = await startSandboxProcess(0);
      const subgraph = await startSubgraph(sandbox.env, await mkdtemp(join(dataRoot, 'upstream-0-')));
      if (SELECTED.has('typename')) {
        out.push(...(await againstHello(hello, subgraph, { name: '{ __typename } at the default LOG_LEVEL (one access line a request)', target: { rps: 0.95 }, spec: { bodies: [JSON.stringify({ query: '{ __typename }' })] } })));
      }
      if (SELECTED.has('readme')) {
        const bodies = await readmeBodies(subgraph.url);
        out.push(...(await againstHello(hello, subgraph, {
          name: `README query 1 over ${bodies.length * 2} distinct sandbox shipments already known to the store, in rotation (numbers in the query text, as the README writes them; upstream 0 ms, freshness cache at its default)`,
          target: { rps: 0.8, p99: 1.5 },
          spec: { bodies },
        })));
      }
      await stopAndWait(subgraph.child, 15_000);
      await stopAndWait(sandbox.child, 15_000);
      await stopAndWait(hello.child, 15_000);
    }
    if (SELECTED.has('cached') || SELECTED.has('distinct')) {
      const sandbox = await startSandboxProcess(50);
      const subgraph = await startSubgraph(sandbox.env, await mkdtemp(join(dataRoot, 'upstream-50-')));
      if (SELECTED.has('distinct')) {
        // Each request a number no request of the run asked before (in transit, ending 3): the freshness cache never answers.
        out.push(...(await againstRoundTrip(sandbox.env, subgraph, {
          name: 'Distinct Carrier B numbers, one a request, upstream 50 ms',
          distinct: true,
          spec: (round) => ({ template: JSON.stringify({ query: SHIPMENT, variables: { n: '1%N%3' } }), from: (round + 1) * 10_000_000 }),
        })));
      }
      if (SELECTED.has('cached')) {
        const body = JSON.stringify({ query: SHIPMENT, variables: { n: '123456789013' } });
        out.push(...(await againstRoundTrip(sandbox.env, subgraph, {
          name: 'The same Carrier B number every request, upstream 50 ms (answered by the freshness cache: not a measure of batching)',
          distinct: false,
          spec: () => ({ bodies: [body] }),
        })));
      }
      await stopAndWait(subgraph.child, 15_000);
      await stopAndWait(sandbox.child, 15_000);
    }
  } finally {
    killAll();
    await rm(dataRoot, { recursive: true, force: true });
  }
  out.push(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await runLoadBench()) console.log(line);
  process.exit(0);
}
