/**
 * `npm run bench`: the cases clients meet (load, shipping, rating, startup), each printed as ratios against a yardstick
 * measured in the same run (a bare Apollo hello world, one upstream round trip), in under ten minutes on a 2-core
 * machine. The other benches run when named: BENCH=tracking,delivery,webhook,addresses,analytics,scale (or BENCH=all).
 * Figures and the machine they were measured on: docs/benchmarks.md.
 */
// First: under an older Node this stops with "Node 24 is required" before any dependency fails to load.
import '../src/platform/require-node.js';
const DEFAULT = 'load,shipping,rating,startup';
const ALL = 'tracking,delivery,webhook,rating,shipping,addresses,analytics,load,startup';
const asked = process.env.BENCH ?? DEFAULT;
const selected = new Set((asked === 'all' ? ALL : asked).split(',').map((s) => s.trim()));

const benches: Array<[string, string, () => Promise<string[]>]> = [
  ['tracking', 'Carrier B tracking: calls vs ceil(N/30), latency vs one upstream round trip', async () => (await import('./tracking.js')).runTrackingBench()],
  ['delivery', 'Status changes: delivery to 1,000 graphql-ws subscribers, memory per idle subscriber', async () => (await import('./realtime-delivery.js')).runDeliveryBench()],
  ['webhook', 'Group A push webhook: capacity of each store (compiled build, open-loop load from its own process; p99 < 100 ms at 200, 300, ... /s)', async () => (await import('./webhook-ack.js')).runWebhookBench()],
  ['rating', 'Rate shop under load (50 clients): latency vs the slowest carrier (50/100/300 ms), CPU per shop, calls per carrier, cached repeats', async () => (await import('./rating.js')).runRatingBench()],
  ['shipping', 'Label purchase with default settings, on each store: latency vs the creation call, 100 concurrent purchases, 100 retries of one key', async () => (await import('./shipping.js')).runShippingBench()],
  ['addresses', 'Address resolution: 100 distinct addresses in one resolveAddresses, calls vs the minimum, latency vs one upstream round trip', async () => (await import('./addresses.js')).runAddressesBench()],
  ['analytics', 'Analytics export: throughput to the bridge at 20 ms vs batch size per round trip, lag under 200 status changes/s', async () => (await import('./analytics.js')).runAnalyticsBench()],
  ['load', 'Production load, default settings, 50 clients: { __typename } and README query 1 vs a bare Apollo hello world; distinct and cached Carrier B numbers vs the round trip', async () => (await import('./load.js')).runLoadBench()],
  ['startup', 'Start and memory: time to /readyz on an empty and an existing store and idle RSS, vs a bare Apollo hello world', async () => (await import('./startup.js')).runStartupBench()],
  ['scale', 'Figures at scale: 1M status rows, 1M outbox rows, 100k labels against an empty store (compiled build, both stores), retention purging under load', async () => (await import('./scale.js')).runScaleBench()],
];

let failed = false;
const started = performance.now();
for (const [name, title, run] of benches) {
  if (!selected.has(name)) continue;
  console.log(`\n== ${title}`);
  try {
    for (const line of await run()) console.log(line);
  } catch (error) {
    failed = true;
    console.error(`bench ${name} failed:`, error);
  }
}
console.log(`\n(${((performance.now() - started) / 60_000).toFixed(1)} min)`);
process.exit(failed ? 1 : 0);
