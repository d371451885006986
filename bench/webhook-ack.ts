/**
 * Group A push webhook: acknowledgement latency (request sent -> 200 received, durable inbox write included) at a
 * steady 200 requests/s for BENCH_WEBHOOK_SECONDS (default 30), on embedded PGlite and on PostgreSQL. Reported as
 * ratios against the 100 ms target and the seed's 5 s deadline ("must answer HTTP 200 within five seconds").
 * PostgreSQL: DATABASE_URL when set, otherwise a throwaway server from the machine's binaries (skipped when none).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Agent, request } from 'undici';
import { loadConfig } from '../src/platform/config.js';
import { createLogger } from '../src/platform/logger.js';
import { startServer } from '../src/server/start.js';
import { createTestDatabase, findPostgresBinDir, startPostgres } from '../test/support/postgres.js';
import { activePushSubscription, pushBody } from './push-support.js';

const RATE = 200;
const TARGET_MS = 100;
const DEADLINE_MS = 5_000;

interface Run {
  sent: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** From the last acknowledgement until every notification is in the status log (processing kept up when small). */
  drainMs: number;
  /** Status changes in the log for the bench's shipments: must equal the acknowledged count (nothing lost). */
  logged: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(env: Record<string, string>, seconds: number): Promise<Run> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-webhook-'));
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SANDBOX_LATENCY_MS: '0', ...env });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  const server = await startServer({ config: loaded.config, logger: createLogger('silent') });
  const agent = new Agent({ connections: 64 });
  try {
    const { webhook, secret } = await activePushSubscription(server);
    const total = RATE * seconds;
    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i += 1) {
      // Open loop: request i leaves at i / RATE seconds whatever the earlier ones are doing.
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const body = pushBody(`BENCH${String(i).padStart(6, '0')}`, '2026-03-10T10:00:00');
      inFlight.push(
        (async () => {
          const t0 = performance.now();
          try {
            const response = await request(webhook, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'carrier-push-secret': secret },
              body,
              dispatcher: agent,
            });
            await response.body.arrayBuffer();
            if (response.statusCode === 200) latencies.push(performance.now() - t0);
            else failed += 1;
          } catch {
            failed += 1;
          }
        })(),
      );
    }
    await Promise.all(inFlight);
    const acknowledgedAt = performance.now();
    while ((await server.push.inbox.pendingCount()) > 0) await new Promise((r) => setTimeout(r, 20));
    const drainMs = performance.now() - acknowledgedAt;
    const logged = Number(
      (await server.store.query<{ n: string }>(`SELECT count(*) AS n FROM status_changes WHERE tracking_number LIKE 'BENCH%'`)).rows[0]!.n,
    );
    latencies.sort((a, b) => a - b);
    return { sent: total, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN, drainMs, logged };
  } finally {
    await agent.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function lines(label: string, run: Run): string[] {
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  return [
    `${label}: ${run.sent} webhooks at ${RATE}/s, ${run.failed} not answered 200`,
    `  p50 ${f(run.p50)} = ${(run.p50 / TARGET_MS).toFixed(3)} x target (100 ms), ${(run.p50 / DEADLINE_MS).toFixed(4)} x deadline (5 s)`,
    `  p99 ${f(run.p99)} = ${(run.p99 / TARGET_MS).toFixed(3)} x target (100 ms), ${(run.p99 / DEADLINE_MS).toFixed(4)} x deadline (5 s); max ${f(run.max)}`,
    `  processing: inbox empty ${f(run.drainMs)} after the last acknowledgement; ${run.logged} of ${run.sent - run.failed} acknowledged changes in the status log`,
  ];
}

export async function runWebhookBench(): Promise<string[]> {
  const seconds = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 30);
  const out: string[] = [];
  out.push(...lines('embedded PGlite', await measure({}, seconds)));
  if (process.env.DATABASE_URL) {
    out.push(...lines('PostgreSQL (DATABASE_URL)', await measure({ DATABASE_URL: process.env.DATABASE_URL }, seconds)));
  } else if (findPostgresBinDir()) {
    const pg = await startPostgres();
    try {
      out.push(...lines('PostgreSQL (local throwaway server)', await measure({ DATABASE_URL: await createTestDatabase(pg.url) }, seconds)));
    } finally {
      await pg.stop();
    }
  } else {
    out.push('PostgreSQL: skipped (no DATABASE_URL and no PostgreSQL binaries found)');
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runWebhookBench()) console.log(line);
  process.exit(0);
}
