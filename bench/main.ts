/**
 * `npm run bench`: every benchmark, printed as ratios against its limit (upstream calls against the minimum, latency
 * against one upstream round trip or the target). Select some with BENCH=tracking,delivery,webhook,rating,shipping,addresses,analytics,load,startup. Figures and the
 * machine they were measured on: docs/benchmarks.md.
 */
// First: under an older Node this stops with "Node 24 is required" before any dependency fails to load.
import '../src/platform/require-node.js';
const selected = new Set((process.env.BENCH ?? 'tracking,delivery,webhook,rating,shipping,addresses,analytics,load,startup').split(',').map((s) => s.trim()));

const benches: Array<[string, string, () => Promise<string[]>]> = [
  ['tracking', 'Carrier B tracking: calls vs ceil(N/30), latency vs one upstream round trip', async () => (await import('./tracking.js')).runTrackingBench()],
  ['delivery', 'Status changes: delivery to 1,000 graphql-ws subscribers, memory per idle subscriber', async () => (await import('./realtime-delivery.js')).runDeliveryBench()],
  ['webhook', 'Group A push webhook: capacity of each store (compiled build, open-loop load from its own process; p99 < 100 ms at 200, 300, ... /s)', async () => (await import('./webhook-ack.js')).runWebhookBench()],
  ['rating', 'Rate shop: latency vs the slowest carrier (50/100/300 ms), calls per carrier, cached repeats', async () => (await import('./rating.js')).runRatingBench()],
  ['shipping', 'Label purchase: latency vs one upstream round trip, 100 concurrent purchases, 100 retries of one key', async () => (await import('./shipping.js')).runShippingBench()],
  ['addresses', 'Address resolution: 100 distinct addresses in one resolveAddresses, calls vs the minimum, latency vs one upstream round trip', async () => (await import('./addresses.js')).runAddressesBench()],
  ['analytics', 'Analytics export: throughput to the bridge at 20 ms vs batch size per round trip, lag under 200 status changes/s', async () => (await import('./analytics.js')).runAnalyticsBench()],
  ['load', 'Production load: compiled build under 50 connections, req/s as a ratio to a bare Apollo hello world', async () => (await import('./load.js')).runLoadBench()],
  ['startup', 'Start and memory: time to /readyz on an empty and an existing store, event-loop block, idle RSS vs a bare Apollo hello world', async () => (await import('./startup.js')).runStartupBench()],
];

let failed = false;
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
process.exit(failed ? 1 : 0);
