/**
 * Address resolution benchmark (issue 10 item 6). What production runs: the compiled build (`dist/`, rebuilt when older
 * than its inputs) as `node dist/src/main.js` with NODE_ENV=production, the simulators in their own process
 * (`npm run sandbox`, every simulator answering after ADDRESS_BENCH_LATENCY_MS), the requests from this process.
 * - 100 distinct addresses in one `resolveAddresses` (Carrier B resolution only), ADDRESS_BENCH_SAMPLES requests, each
 *   with fresh addresses (nothing from the cache): Carrier B calls per request against the minimum ceil(100/100) = 1,
 *   p50 and p95 against one upstream round trip (target: p50 at most 1.5 round trips, the batch is one call);
 * - the same with express delivery capability asked: express takes one address a call, so the minimum is 100 calls
 *   (one request only: the express test quota is 500 calls a day);
 * - one request repeating 100 addresses already resolved: 0 calls (the cache, ADDRESS_CACHE_TTL_SECONDS).
 * Upstream calls come from the subgraph's own `upstream_calls_total` on /metrics. Run alone: `BENCH=addresses npm run bench`.
 * ADDRESS_BENCH_EXPRESS_ENVIRONMENT=production points express at the simulator's production prefix, which has no daily
 * quota (so no quota reservation in the store before each call), to compare.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild, killAll, metric, startProduction, startSandboxProcess } from './processes.js';
import { measureRoundTrip, percentile } from './stats.js';

const LATENCY_MS = Number(process.env.ADDRESS_BENCH_LATENCY_MS ?? 50);
const SAMPLES = Number(process.env.ADDRESS_BENCH_SAMPLES ?? 30);
const BATCH = 100;
const P50_TARGET = 1.5;

const QUERY = `query($inputs: [AddressToResolveInput!]!, $options: ResolveAddressesOptionsInput) {
  resolveAddresses(inputs: $inputs, options: $options) {
    index resolutions { classification resolved fromCache } capabilities { purpose capable } failures { code message }
  }
}`;

async function startSubgraph(upstream: Record<string, string>, dataDir: string): Promise<string> {
  // The dark store's health monitor would only add background calls: not configured here.
  const { DARK_STORE_BASE_URL: _store, DARK_STORE_PINCODES: _pincodes, ...env } = upstream;
  const { origin } = await startProduction({
    env: {
      ...env,
      DATA_DIR: dataDir,
      WATCHERS_ENABLED: 'false',
      ...(process.env.ADDRESS_BENCH_EXPRESS_ENVIRONMENT ? { GROUP_A_EXPRESS_ENVIRONMENT: process.env.ADDRESS_BENCH_EXPRESS_ENVIRONMENT } : {}),
      SHIPPING_WORKER_ENABLED: 'false',
    },
  });
  return `${origin}/graphql`;
}

/** `upstream_calls_total` of one upstream and operation, every status, from the subgraph's /metrics. */
async function callsOf(graphqlUrl: string, upstream: string, operation: string): Promise<number> {
  return metric(graphqlUrl.replace(/\/graphql$/, ''), 'upstream_calls_total', { upstream, operation }, 0);
}

let run = 0;
function distinctAddresses(label: string): Record<string, unknown>[] {
  run += 1;
  return Array.from({ length: BATCH }, (_, i) => ({
    streetLines: [`${i + 1} ${label} ${run} Street`, i % 4 === 0 ? 'Suite 100' : ''].filter(Boolean),
    city: 'Collierville',
    stateOrProvinceCode: 'TN',
    postalCode: '38017',
    countryCode: 'US',
  }));
}

async function resolveOnce(url: string, inputs: unknown[], options?: unknown): Promise<{ ms: number; outcomes: any[] }> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERY, variables: { inputs, options } }) });
  const body = (await response.json()) as { data?: { resolveAddresses: any[] }; errors?: unknown };
  const ms = performance.now() - started;
  if (!body.data) throw new Error(`resolveAddresses failed: ${JSON.stringify(body.errors)}`);
  return { ms, outcomes: body.data.resolveAddresses };
}

export async function runAddressesBench(): Promise<string[]> {
  await ensureBuild();
  const dataDir = await mkdtemp(join(tmpdir(), 'addresses-bench-'));
  try {
    const { env: upstream } = await startSandboxProcess(LATENCY_MS);
    const url = await startSubgraph(upstream, dataDir);
    const carrierB = new URL(upstream['CARRIER_B_BASE_URL']!).origin;
    // Warm-up: token minted, connections opened, code paths compiled; not counted.
    for (let i = 0; i < 3; i++) await resolveOnce(url, distinctAddresses('warm'));
    const roundTripMs = await measureRoundTrip(carrierB);
    const load = loadavg()[0]!.toFixed(2);

    const times: number[] = [];
    const callsPerRequest: number[] = [];
    let unresolved = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const before = await callsOf(url, 'carrier-b', 'address-resolve');
      const { ms, outcomes } = await resolveOnce(url, distinctAddresses('bench'));
      callsPerRequest.push((await callsOf(url, 'carrier-b', 'address-resolve')) - before);
      times.push(ms);
      unresolved += outcomes.filter((o) => o.resolutions[0]?.resolved !== true || o.resolutions[0]?.fromCache !== false).length;
    }

    const capabilityInputs = distinctAddresses('capability');
    const beforeExpress = await callsOf(url, 'group-a/express', 'address-validate');
    const beforeB = await callsOf(url, 'carrier-b', 'address-resolve');
    const withCapability = await resolveOnce(url, capabilityInputs, { capabilities: ['DELIVERY'] });
    const expressCalls = (await callsOf(url, 'group-a/express', 'address-validate')) - beforeExpress;
    const capabilityBCalls = (await callsOf(url, 'carrier-b', 'address-resolve')) - beforeB;
    const capable = withCapability.outcomes.filter((o) => o.capabilities[0]?.capable === true).length;

    const beforeRepeat = (await callsOf(url, 'carrier-b', 'address-resolve')) + (await callsOf(url, 'group-a/express', 'address-validate'));
    const repeat = await resolveOnce(url, capabilityInputs, { capabilities: ['DELIVERY'] });
    const repeatCalls = (await callsOf(url, 'carrier-b', 'address-resolve')) + (await callsOf(url, 'group-a/express', 'address-validate')) - beforeRepeat;
    const fromCache = repeat.outcomes.filter((o) => o.resolutions[0]?.fromCache === true).length;

    const p50 = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    const maxCalls = Math.max(...callsPerRequest);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    return [
      `compiled build, NODE_ENV=production, simulators in their own process at ${LATENCY_MS} ms; 1-minute load average before the runs ${load} on ${(await import('node:os')).cpus().length} cores`,
      `upstream round trip (Carrier B simulator, bare): p50 ${roundTripMs.toFixed(1)} ms; express environment ${process.env.ADDRESS_BENCH_EXPRESS_ENVIRONMENT ?? 'test'} (${process.env.ADDRESS_BENCH_EXPRESS_ENVIRONMENT === 'production' ? 'no daily quota' : 'daily quota 500, reserved in the store per call'})`,
      `${BATCH} distinct addresses in one resolveAddresses (Carrier B resolution only), ${SAMPLES} requests: Carrier B calls per request ` +
        `${maxCalls} max, ${(callsPerRequest.reduce((a, b) => a + b, 0) / SAMPLES).toFixed(2)} mean / minimum ceil(${BATCH}/100) = 1 (${verdict(maxCalls === 1 && Math.min(...callsPerRequest) === 1)}); ` +
        `p50 ${p50.toFixed(1)} ms = ${(p50 / roundTripMs).toFixed(2)} round trips (target <= ${P50_TARGET}: ${verdict(p50 / roundTripMs <= P50_TARGET)}), ` +
        `p95 ${p95.toFixed(1)} ms = ${(p95 / roundTripMs).toFixed(2)}; inputs not freshly resolved ${unresolved}`,
      `${BATCH} distinct addresses with express DELIVERY capability asked (one request): express calls ${expressCalls} / minimum ${BATCH} (one address a call: ${verdict(expressCalls === BATCH)}), ` +
        `Carrier B calls ${capabilityBCalls} / 1; ${withCapability.ms.toFixed(1)} ms = ${(withCapability.ms / roundTripMs).toFixed(2)} round trips; capable ${capable}/${BATCH}`,
      `the same ${BATCH} addresses again: upstream calls ${repeatCalls} (target 0: ${verdict(repeatCalls === 0)}), from cache ${fromCache}/${BATCH}, ${repeat.ms.toFixed(1)} ms`,
    ];
  } finally {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await runAddressesBench()) console.log(line);
  process.exit(0);
}
