/**
 * Exports status-log history to the analytics bridge (issue 11 item 3): writes an outbox row per status change with
 * the identity live export uses, so a change already exported, or backfilled before, adds nothing at the bridge.
 *   npm run analytics:backfill                               (the whole log)
 *   npm run analytics:backfill -- --after-cursor 41          (changes after cursor 41)
 *   npm run analytics:backfill -- --since 2026-11-01T00:00:00Z   (changes recorded since then)
 *   npm run analytics:backfill -- --export                   (and send the outbox now, until nothing is due)
 * Compiled beside src/main.ts, so the production image runs it too: `node dist/src/analytics-backfill.js [options]`
 * (`npm run analytics:backfill:prod`). The store is the server's (DATABASE_URL, else DATA_DIR: embedded PGlite is
 * locked by a running server, so stop it first, or let the server's exporter send the rows: it does so by itself).
 * Prints one JSON summary line.
 */
import './platform/require-node.js';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { createLogger } from './platform/logger.js';
import { createMetrics } from './platform/metrics.js';
import { backfillStatusChanges } from './services/analytics/backfill.js';
import { createBridgeClient } from './services/analytics/bridge-client.js';
import { exportMetrics } from './services/analytics/export-metrics.js';
import { AnalyticsExporter } from './services/analytics/exporter.js';
import { shapeEvent } from './services/analytics/shape.js';
import { OutboxStore } from './store/outbox-store.js';
import { openStore, storeOptionsOf } from './store/store.js';

const { values } = parseArgs({
  options: {
    'after-cursor': { type: 'string' },
    since: { type: 'string' },
    chunk: { type: 'string', default: '500' },
    export: { type: 'boolean', default: false },
  },
});
const fail = (message: string): never => {
  console.error(`analytics-backfill: ${message}`);
  process.exit(2);
};
const afterCursor = values['after-cursor'] ?? null;
if (afterCursor !== null && !/^(0|[1-9][0-9]{0,17})$/.test(afterCursor)) fail('--after-cursor takes a status log cursor (a decimal number)');
const since = values.since ? new Date(values.since) : null;
if (since && Number.isNaN(since.getTime())) fail('--since takes an ISO 8601 instant, e.g. 2026-11-01T00:00:00Z');
const chunkSize = Number(values.chunk);
if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > 10_000) fail('--chunk takes 1 to 10000');

// It answers no request: the production rules of who may reach /graphql do not apply (auth-config.ts).
const loaded = loadConfig(process.env, { serves: false });
if (!loaded.ok) fail(`configuration: ${loaded.problems.join('; ')}`);
const config = loaded.ok ? loaded.config : fail('unreachable');
const logger = createLogger(config.server.logLevel === 'info' ? 'warn' : config.server.logLevel);
if (values.export && !config.analytics) fail('--export needs ANALYTICS_BRIDGE_BASE_URL, ANALYTICS_PROJECT_TOKEN and ANALYTICS_SERVER_KEY');

const store = await openStore(storeOptionsOf(config.store));
try {
  const written = await backfillStatusChanges(store, {
    afterCursor,
    since,
    chunkSize,
    onChunk: (p) => console.error(`read ${p.read}, added ${p.added}, up to cursor ${p.lastCursor}`),
  });
  const summary: Record<string, unknown> = { ...written };
  if (values.export && config.analytics) {
    const metrics = createMetrics();
    const outbox = new OutboxStore(store);
    const client = createBridgeClient({ config: config.analytics, timeouts: config.http, metrics, logger });
    const settings = config.analyticsExport ?? { intervalMs: 1_000, batchSize: 200, leaseMs: 60_000, retryBaseMs: 1_000, retryMaxMs: 300_000, unauthorizedRetryMs: 600_000 };
    const exporter = new AnalyticsExporter({
      store,
      client,
      shape: shapeEvent,
      policy: { personalDataAllowList: config.analytics.personalDataAllowList },
      settings,
      metrics: exportMetrics(metrics.registry, () => outbox.state()),
      logger,
    });
    let exported = 0;
    let stoppedBy: string | null = null;
    for (;;) {
      const pass = await exporter.runPass();
      exported += pass.exported;
      if (pass.stoppedBy) stoppedBy = pass.stoppedBy;
      if (pass.claimed === 0 || pass.stoppedBy) break;
    }
    await client.close();
    summary.exported = exported;
    summary.stoppedBy = stoppedBy;
    summary.outbox = await outbox.state();
  }
  console.log(JSON.stringify(summary));
} finally {
  await store.close();
}
