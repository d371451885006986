/**
 * Label purchase benchmark, over /graphql on what production runs: the compiled build (`dist/`, rebuilt when older
 * than its inputs) started with `npm run start:prod`'s node command line and NODE_ENV=production, in its own process,
 * with default settings: every carrier configured, watchers on (a label bought is tracked from birth), the default
 * LOG_LEVEL; once on each store (embedded PGlite, PostgreSQL; SHIPPING_BENCH_STORES). The simulators run in this
 * bench's process, Carrier B answering every call after UPSTREAM_LATENCY_MS once the warm-up is done, and count the
 * calls of each part: `npm run sandbox` can neither change its latency nor read or reset its call counts over HTTP.
 * - latency: sequential synchronous purchases (distinct keys, inline labels), p50 and p99 against the creation call's
 *   own round trip measured in the same run (target: p50 at most 1.2: one creation call, nothing else on the way; the
 *   tracking from birth runs after the answer), the tracking calls the follows made per purchase, and the subgraph's
 *   CPU per purchase over them (/proc; it moves far less than wall-clock on a busy machine);
 * - 100 concurrent purchases with distinct keys: all PURCHASED, one creation call each (calls / purchases = 1);
 * - 100 concurrent retries of one key: one creation call in all (the others replay or answer IN_PROGRESS).
 * Environment: SHIPPING_BENCH_LATENCY_MS (50), SHIPPING_BENCH_SAMPLES (60 sequential purchases a store),
 * SHIPPING_BENCH_STORES (pglite,postgres), SHIPPING_BENCH_SUBGRAPH_NODE_ARGS (extra node flags for the subgraph, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * Run alone: `BENCH=shipping npm run bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ManualClock, startSandbox, type Sandbox } from '../sandbox/index.js';
import { buildShipRequest } from '../src/carriers/carrier-b/ship-request.js';
import type { ShipmentRequest } from '../src/domain/shipping.js';
import { cpuSeconds, ensureBuild, inProcessSandboxEnv, startProduction, stopAndWait } from './processes.js';
import { storesUnderTest, type StoreUnderTest } from './stores.js';
import { measureRoundTrip, percentile } from './stats.js';

const EPOCH = '2026-03-10T12:00:00Z';
const UPSTREAM_LATENCY_MS = Number(process.env.SHIPPING_BENCH_LATENCY_MS ?? 50);
const SAMPLES = Number(process.env.SHIPPING_BENCH_SAMPLES ?? 60);
const CONCURRENT = 100;
const SUBGRAPH_NODE_ARGS = (process.env.SHIPPING_BENCH_SUBGRAPH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const P50_TARGET = 1.2;
/** The simulator's creation route as its stats name it. */
const CREATE_ROUTE = 'POST /ship/v1/shipments';

const CREATE = `mutation Create($input: CreateShipmentInput!) {
  createShipment(input: $input) {
    purchase { replay label { id state trackingNumber } }
    userErrors { field code message carrierCode }
  }
}`;

/** A Carrier B ground purchase over GraphQL (the scale bench buys the same one); `orderPrefix` names its order. */
export function purchaseInput(key: string, orderPrefix = 'BENCH'): Record<string, unknown> {
  const party = (name: string, street: string, city: string, state: string, postalCode: string) => ({
    contactName: name,
    phone: '+1 901 555 0100',
    address: { streetLines: [street], city, stateOrProvinceCode: state, postalCode, countryCode: 'US' },
  });
  return {
    idempotencyKey: key,
    service: { carrier: 'CARRIER_B', serviceCode: 'CARRIER_GROUND' },
    shipper: party('Bench Shipper', '10 Fed Way', 'Memphis', 'TN', '38118'),
    recipient: party('Bench Recipient', '1 Market St', 'San Francisco', 'CA', '94105'),
    packages: [{ weight: { value: 1.5, unit: 'KG' } }],
    orderId: `${orderPrefix}-${key}`,
    labelFormat: 'PDF',
    labelDelivery: 'INLINE',
  };
}

export async function runShippingBench(): Promise<string[]> {
  const built = await ensureBuild();
  const stores = await storesUnderTest('SHIPPING_BENCH_STORES');
  const out = [`${built}; server: compiled build, NODE_ENV=production, its own process, default settings (every carrier configured, watchers on, default LOG_LEVEL); simulators in the bench's process`, ...stores.notes];
  try {
    for (const store of stores.list) {
      out.push(`-- ${store.name}`);
      out.push(...(await runOnStore(store)));
    }
  } finally {
    await stores.stop();
  }
  return out;
}

async function runOnStore(store: StoreUnderTest): Promise<string[]> {
  const sandbox = await startSandbox({ seed: 'bench-seed', epoch: EPOCH, clock: new ManualClock(EPOCH) });
  const dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-bench-shipping-'));
  const { env: storeEnv } = await store.fresh();
  const server = await startProduction({
    env: { ...inProcessSandboxEnv(sandbox, ['']), DATA_DIR: dataDir, ...storeEnv },
    nodeArgs: SUBGRAPH_NODE_ARGS,
    readyTimeoutMs: 120_000,
  });
  const url = `${server.origin}/graphql`;
  const run = `${Date.now().toString(36)}`;
  try {
    // Warm-up: token minted, connections opened, first label stored; not counted.
    for (let i = 0; i < 3; i++) await purchase(url, `warm-${run}-${i}`);
    sandbox.setFaults('carrierB', { latencyMs: UPSTREAM_LATENCY_MS });
    const roundTripMs = await measureRoundTrip(sandbox.origins.carrierB);
    // One creation call straight to the simulator: the network latency plus the carrier's own work (the simulator
    // renders a real PDF label), which any purchase pays. The target is against this round trip, measured interleaved
    // with the purchases (one direct call, then one purchase), so a busy moment weighs on both alike.
    const direct = await directCreator(sandbox);
    await direct(`RT-warm-${run}`);

    const times: number[] = [];
    const directTimes: number[] = [];
    sandbox.resetStats();
    const cpuBefore = cpuSeconds(server.child.pid);
    for (let i = 0; i < SAMPLES; i++) {
      directTimes.push(await direct(`RT-${run}-${i}`));
      const started = performance.now();
      const answer = await purchase(url, `seq-${run}-${i}`);
      times.push(performance.now() - started);
      if (answer.state !== 'PURCHASED') throw new Error(`sequential purchase ${i} ended ${answer.state}`);
    }
    const cpuAfter = cpuSeconds(server.child.pid);
    const cpuMsPerPurchase = cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1000) / SAMPLES : null;
    const createRoundTripMs = percentile(directTimes, 0.5);
    const sequentialCalls = createCalls(sandbox) - SAMPLES;
    const sequentialTracks = trackCalls(sandbox);

    sandbox.resetStats();
    const distinct = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => purchase(url, `par-${run}-${i}`)));
    const distinctPurchased = distinct.filter((a) => a.state === 'PURCHASED').length;
    const distinctCalls = createCalls(sandbox);

    sandbox.resetStats();
    const sameKey = `same-${run}`;
    const retries = await Promise.all(Array.from({ length: CONCURRENT }, () => purchase(url, sameKey)));
    const retryCalls = createCalls(sandbox);
    const labelIds = new Set(retries.map((a) => a.labelId));

    const p50 = percentile(times, 0.5);
    const p99 = percentile(times, 0.99);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    return [
      `upstream round trip (Carrier B simulator, ${UPSTREAM_LATENCY_MS} ms latency): ${roundTripMs.toFixed(1)} ms bare; ` +
        `${createRoundTripMs.toFixed(1)} ms for one creation call straight to the simulator (latency + rendering its PDF label; p50 of ${SAMPLES}, interleaved with the purchases)`,
      `synchronous label, ${SAMPLES} sequential purchases over /graphql: p50 ${p50.toFixed(1)} ms = ${(p50 / createRoundTripMs).toFixed(2)} creation round trips ` +
        `(target <= ${P50_TARGET}: ${verdict(p50 / createRoundTripMs <= P50_TARGET)}; ${(p50 / roundTripMs).toFixed(2)} bare round trips), ` +
        `p99 ${p99.toFixed(1)} ms = ${(p99 / createRoundTripMs).toFixed(2)}; creation calls per purchase ${(sequentialCalls / SAMPLES).toFixed(2)} (target 1); ` +
        `Carrier B tracking calls meanwhile ${(sequentialTracks / SAMPLES).toFixed(2)} per purchase (the follows, after each answer); ` +
        `subgraph CPU ${cpuMsPerPurchase === null ? 'n/a' : `${cpuMsPerPurchase.toFixed(1)} ms`} per purchase (/proc, the follows and background work included)`,
      `${CONCURRENT} concurrent purchases, distinct keys: ${distinctPurchased}/${CONCURRENT} PURCHASED, creation calls ${distinctCalls} ` +
        `= ${(distinctCalls / CONCURRENT).toFixed(2)} per purchase (target 1: ${verdict(distinctPurchased === CONCURRENT && distinctCalls === CONCURRENT)})`,
      `${CONCURRENT} concurrent retries of one key: creation calls ${retryCalls} (target 1: ${verdict(retryCalls === 1)}), ` +
        `labels named ${labelIds.size} (target 1: ${verdict(labelIds.size === 1)})`,
    ];
  } finally {
    await stopAndWait(server.child, 15_000);
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function purchase(url: string, key: string): Promise<{ state: string; labelId: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: CREATE, variables: { input: purchaseInput(key) } }),
  });
  const body = (await response.json()) as {
    data?: { createShipment: { purchase: { replay: string; label: { id: string; state: string } } | null; userErrors: unknown[] } };
    errors?: unknown;
  };
  const payload = body.data?.createShipment;
  if (!payload) throw new Error(`createShipment failed: ${JSON.stringify(body.errors)}`);
  if (!payload.purchase) throw new Error(`createShipment refused: ${JSON.stringify(payload.userErrors)}`);
  return { state: payload.purchase.label.state, labelId: payload.purchase.label.id };
}

function createCalls(sandbox: Sandbox): number {
  return sandbox.stats.carrierB.calls[CREATE_ROUTE] ?? 0;
}

/** Carrier B tracking calls (by number or reference) the simulator answered since its last reset. */
function trackCalls(sandbox: Sandbox): number {
  return Object.entries(sandbox.stats.carrierB.calls).filter(([route]) => route.includes('/track/')).reduce((n, [, v]) => n + v, 0);
}

/** Times one creation call made straight to the simulator with the connector's own wire body (token minted first). */
async function directCreator(sandbox: Sandbox): Promise<(reference: string) => Promise<number>> {
  const c = sandbox.credentials.carrierB;
  const origin = sandbox.origins.carrierB;
  const token = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString(),
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  return async (reference) => {
    const request = directRequest(reference);
    const started = performance.now();
    const answer = await fetch(`${origin}/ship/v1/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(buildShipRequest(request, c.accountNumber)),
    });
    const body = await answer.text();
    if (answer.status !== 200) throw new Error(`direct creation failed: ${answer.status} ${body.slice(0, 200)}`);
    return performance.now() - started;
  };
}

/** The same shipment as `purchaseInput`, as the connector sends it. */
function directRequest(reference: string): ShipmentRequest {
  const party = (contactName: string, street: string, city: string, state: string, postalCode: string) => ({
    contactName,
    companyName: null,
    phone: '+1 901 555 0100',
    email: null,
    address: { streetLines: [street], city, stateOrProvinceCode: state, postalCode, countryCode: 'US', residential: null },
  });
  return {
    carrier: 'CARRIER_B',
    division: null,
    serviceCode: 'CARRIER_GROUND',
    accountNumber: null,
    shipDate: new Date().toISOString().slice(0, 10),
    shipper: party('Bench Shipper', '10 Fed Way', 'Memphis', 'TN', '38118'),
    recipient: party('Bench Recipient', '1 Market St', 'San Francisco', 'CA', '94105'),
    returnTo: null,
    packages: [{ weight: { value: 1.5, unit: 'KG' }, dimensions: null, description: null, packageId: null, cashOnDelivery: null }],
    packagingType: null,
    pickupType: null,
    paymentType: 'SENDER',
    customs: null,
    declaredValue: null,
    codCollectionType: null,
    orderId: `BENCH-${reference}`,
    references: [],
    labelFormat: 'PDF',
    labelDelivery: 'INLINE',
    pickup: null,
    quotedTotal: null,
    purchaseReference: reference.slice(0, 30),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runShippingBench()) console.log(line);
  process.exit(0);
}
