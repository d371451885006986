/**
 * Open-loop load client for the Group A webhook bench (bench/webhook-ack.ts), run as its own process so generating
 * load never shares an event loop with the server it measures, nor with the bench that starts it.
 * Notification i is scheduled at start + i / RATE whatever the earlier ones are doing, and its latency runs from that
 * SCHEDULED time to the 200 (so time spent queueing anywhere, this client's own lag included, counts against the
 * server). Each is a seed-shaped notification (seed 000, "Events") of one new status change of its own shipment.
 * The first WARMUP_SECONDS (default 3) of sends run at the same rate but are reported apart: a server just started
 * compiles its hot paths and every new connection is a TCP handshake against a listen queue, which on a loaded machine
 * overflows and costs SYN retransmits of 1, 3 and 7 s (the client's connections are opened then and reused after).
 * Input (environment): WEBHOOK_URL, WEBHOOK_SECRET, RATE (per second), SECONDS (measured), WARMUP_SECONDS, PREFIX
 * (tracking-number prefix), SECRET_HEADER (default carrier-push-secret). Output: one JSON line on stdout.
 */
import { Agent, request } from 'undici';

const url = process.env.WEBHOOK_URL;
const secret = process.env.WEBHOOK_SECRET;
const rate = Number(process.env.RATE);
const seconds = Number(process.env.SECONDS);
const warmupSeconds = Number(process.env.WARMUP_SECONDS ?? 3);
const prefix = process.env.PREFIX ?? 'WB';
const secretHeader = (process.env.SECRET_HEADER ?? 'carrier-push-secret').toLowerCase();
if (!url || !secret || !(rate > 0) || !(seconds > 0)) {
  console.error('WEBHOOK_URL, WEBHOOK_SECRET, RATE and SECONDS are required');
  process.exit(2);
}

/** A seed-shaped notification (the same shape as bench/push-support.ts pushBody). */
function pushBody(trackingNumber) {
  return JSON.stringify({
    scope: 'subscription.push',
    shipments: [
      {
        id: trackingNumber,
        service: 'express',
        status: {
          timestamp: '2026-03-10T10:00:00',
          statusCode: 'transit',
          status: 'In transit',
          location: { address: { countryCode: 'DE', postalCode: '53113', addressLocality: 'Bonn' } },
        },
      },
    ],
  });
}

// Enough connections that the client never queues a request behind another (open loop): the carrier's pushes are
// independent calls. A request waiting for a free connection would still be timed from its scheduled send.
const agent = new Agent({ connections: 1024, pipelining: 1, keepAliveTimeout: 30_000 });
const warmup = Math.round(rate * warmupSeconds);
const total = warmup + Math.round(rate * seconds);
const latencies = new Float64Array(total).fill(Number.NaN);
const statuses = new Map();
let failures = 0;
let warmupFailures = 0;
let measuredStart = 0;
let lastAckAt = 0;
let maxSendLag = 0;
const inFlight = [];
const start = performance.now() + 50;

async function send(i, due) {
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [secretHeader]: secret },
      body: pushBody(`${prefix}${String(i).padStart(7, '0')}`),
      dispatcher: agent,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    await response.body.arrayBuffer();
    const now = performance.now();
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode === 200) {
      latencies[i] = now - due;
      lastAckAt = Math.max(lastAckAt, now);
    } else if (i >= warmup) failures += 1;
    else warmupFailures += 1;
  } catch {
    statuses.set('error', (statuses.get('error') ?? 0) + 1);
    if (i >= warmup) failures += 1;
    else warmupFailures += 1;
  }
}

for (let i = 0; i < total; i += 1) {
  const due = start + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  if (i === warmup) measuredStart = due;
  if (i >= warmup) maxSendLag = Math.max(maxSendLag, performance.now() - due);
  inFlight.push(send(i, due));
}
await Promise.all(inFlight);
await agent.close();

if (process.env.DEBUG_WINDOWS) {
  // p99 per second of scheduled sends: where the tail sits in time.
  for (let s0 = 0; s0 < seconds + warmupSeconds; s0 += 1) {
    const w = Array.from(latencies.slice(Math.round(s0 * rate), Math.round((s0 + 1) * rate))).filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    console.error(`second ${s0}: p50 ${w[Math.floor(w.length / 2)]?.toFixed(0)} p99 ${w[Math.ceil(0.99 * w.length) - 1]?.toFixed(0)} max ${w.at(-1)?.toFixed(0)}`);
  }
}
const sorted = (from, to) => Array.from(latencies.slice(from, to)).filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
const acked = sorted(warmup, total);
const warm = sorted(0, warmup);
const quantile = (values, p) => (values.length === 0 ? Number.NaN : values[Math.min(values.length - 1, Math.max(0, Math.ceil(p * values.length) - 1))]);
const q = (p) => quantile(acked, p);
console.log(
  JSON.stringify({
    offered: total - warmup,
    rate,
    acknowledged: acked.length,
    failures,
    statuses: Object.fromEntries(statuses),
    p50: q(0.5),
    p99: q(0.99),
    max: acked.at(-1) ?? Number.NaN,
    // From the first scheduled send to the last 200: the rate the server actually acknowledged at.
    achievedPerSecond: acked.length / ((lastAckAt - measuredStart) / 1000),
    warmup: { offered: warmup, acknowledged: warm.length, failures: warmupFailures, p50: quantile(warm, 0.5), p99: quantile(warm, 0.99), max: warm.at(-1) ?? Number.NaN },
    // Every 200, warm-up included: the count the bench looks for in the status log.
    acknowledgedAll: acked.length + warm.length,
    maxSendLagMs: maxSendLag,
    // Wall-clock time of the last acknowledgement, for the bench's drain figure.
    lastAckEpochMs: Date.now() - (performance.now() - lastAckAt),
  }),
);
