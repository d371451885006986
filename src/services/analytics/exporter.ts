/**
 * The analytics exporter (issue 11 item 2): every ANALYTICS_EXPORT_INTERVAL_MS (at once again while full batches keep
 * coming) it claims due outbox rows with FOR UPDATE SKIP LOCKED and a lease (OutboxStore.claimDue), so replicas on one
 * PostgreSQL share the work and a row is sent by one replica at a time; it shapes them (ShapeEvent) and sends them in
 * one `/bridge/import?strict=1` call (BridgeClient). What the bridge answers decides each row:
 *
 * - IMPORTED: EXPORTED.
 * - REJECTED (strict=1 refuses the whole batch when one record is unreadable; a body `0`): the records it names, else
 *   the halves of the batch, are sent apart until the unreadable record is alone; it becomes a dead letter with the
 *   bridge's reason and the rest are exported.
 * - UNAVAILABLE (unreachable, timeout, 5xx, 429): due again after an exponential backoff with jitter (Retry-After when
 *   longer); never dead-lettered, so nothing is lost however long the bridge is down.
 * - UNAUTHORIZED (the Server key refused): export stops (logged as an error, counted, `analytics_export_halted` 1),
 *   the rows stay PENDING, and one batch tries again every ANALYTICS_EXPORT_UNAUTHORIZED_RETRY_MS.
 *
 * A process killed mid-batch leaves its rows claimed until the lease runs out; another pass sends them again with the
 * same `$insert_id`s, which the bridge stores once. All state is in the store; `stop()` waits for the running pass.
 * The passes run on a PeriodicJob (src/platform/periodic.ts): one root span `analytics-exporter` per pass.
 */
import type { BridgeRecord, OutboxEntry } from '../../domain/analytics.js';
import type { Registry } from 'prom-client';
import type { Logger } from '../../platform/logger.js';
import { PeriodicJob } from '../../platform/periodic.js';
import { OutboxStore } from '../../store/outbox-store.js';
import type { Store } from '../../store/store.js';
import type { ExportMetrics } from './export-metrics.js';
import type { BridgeClient, ExportPolicy, ImportAnswer, ShapeEvent } from './types.js';

export interface ExporterSettings {
  intervalMs: number;
  batchSize: number;
  /** A claimed batch is due again after this when its process died before settling it. */
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  unauthorizedRetryMs: number;
}

export interface ExporterDeps {
  store: Store;
  client: BridgeClient;
  shape: ShapeEvent;
  policy: ExportPolicy;
  settings: ExporterSettings;
  metrics: ExportMetrics;
  logger: Logger;
  now?: () => Date;
  /** [0, 1): the jitter's source (tests fix it). */
  random?: () => number;
  /** Counts the exporter's passes by outcome (background_job_runs_total) on this registry when given. */
  registry?: Registry | null;
}

export interface PassResult {
  claimed: number;
  exported: number;
  deadLettered: number;
  /** Why the pass stopped early, if it did: rows not settled are due again later. */
  stoppedBy: 'UNAVAILABLE' | 'UNAUTHORIZED' | 'HALTED' | null;
}

/** Ends a pass when the bridge cannot take more now (the rows not settled were rescheduled). */
class PassStopped extends Error {
  constructor(readonly reason: 'UNAVAILABLE' | 'UNAUTHORIZED') {
    super(reason);
  }
}

interface Claimed {
  entry: OutboxEntry;
  record: BridgeRecord;
}

/** One pass's rows: what it claimed and which of them are settled (exported or dead-lettered). */
interface Pass {
  outbox: OutboxStore;
  claimed: readonly string[];
  settled: Set<string>;
  result: PassResult;
}

export class AnalyticsExporter {
  private readonly job: PeriodicJob<PassResult>;
  /** Until when export is stopped because the bridge refused the Server key; null while it is not. */
  private haltedUntil: Date | null = null;
  private readonly now: () => Date;
  private readonly random: () => number;

  constructor(private readonly deps: ExporterDeps) {
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
    this.job = new PeriodicJob({
      name: 'analytics-exporter',
      run: () => this.runPass(),
      // A full batch means more is waiting: the next pass starts at once, so a backlog drains at the bridge's pace.
      intervalMs: (result) => (result && result.claimed >= deps.settings.batchSize && result.stoppedBy === null ? 0 : deps.settings.intervalMs),
      logger: deps.logger,
      onError: (err) => deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'analytics export pass failed (its rows are due again after the lease)'),
      registry: deps.registry ?? null,
    });
  }

  /** True while export is stopped for refused credentials. */
  get halted(): boolean {
    return this.haltedUntil !== null;
  }

  /**
   * The first pass after `firstDelayMs` (default at once), then one every ANALYTICS_EXPORT_INTERVAL_MS after the previous
   * ends (at once after a full one).
   */
  start(firstDelayMs = 0): void {
    this.job.start(firstDelayMs);
  }

  /** Stops scheduling passes and waits for the running one (SIGTERM: what it claimed is settled or rescheduled). */
  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One pass: claims a batch, sends it, settles every row it claimed (or reschedules what it could not). */
  async runPass(): Promise<PassResult> {
    const { store, settings, metrics } = this.deps;
    const result: PassResult = { claimed: 0, exported: 0, deadLettered: 0, stoppedBy: null };
    const now = this.now();
    if (this.haltedUntil && now < this.haltedUntil) return { ...result, stoppedBy: 'HALTED' };
    const outbox = new OutboxStore(store);
    // While halted, one event probes whether the key is accepted again.
    const entries = await outbox.claimDue(now, this.haltedUntil ? 1 : settings.batchSize, new Date(now.getTime() + settings.leaseMs));
    result.claimed = entries.length;
    if (entries.length === 0) return result;
    const pass: Pass = { outbox, claimed: entries.map((e) => e.id), settled: new Set(), result };
    const batch: Claimed[] = [];
    for (const entry of entries) {
      try {
        batch.push({ entry, record: this.deps.shape(entry, this.deps.policy) });
      } catch (err) {
        // A bug or a value the shaping cannot express: set aside with the reason, never blocking the others.
        await this.deadLetter(pass, entry, 'shaping', `could not be shaped: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    try {
      await this.send(pass, batch);
    } catch (err) {
      if (!(err instanceof PassStopped)) throw err;
      result.stoppedBy = err.reason;
    }
    return result;
  }

  private async deadLetter(pass: Pass, entry: OutboxEntry, reason: 'bridge' | 'shaping', why: string): Promise<void> {
    pass.settled.add(entry.id);
    if (!(await pass.outbox.deadLetter(entry.id, why))) return;
    if (reason === 'bridge') this.deps.metrics.rejected.inc();
    this.deps.metrics.deadLettered.inc({ reason });
    pass.result.deadLettered += 1;
    this.deps.logger.warn({ upstream: 'analytics', outboxId: entry.id, kind: entry.kind, reason: why }, 'analytics event dead-lettered');
  }

  private async send(pass: Pass, batch: readonly Claimed[]): Promise<void> {
    if (batch.length === 0) return;
    const { metrics, logger } = this.deps;
    let answer: ImportAnswer;
    try {
      answer = await this.deps.client.importBatch(batch.map((c) => c.record));
    } catch (err) {
      // The client's contract is to answer, not throw; a throw is treated as the bridge being unavailable.
      answer = { kind: 'UNAVAILABLE', message: err instanceof Error ? err.message : String(err), retryAfterMs: null };
    }
    metrics.batches.inc({ outcome: answer.kind });
    switch (answer.kind) {
      case 'IMPORTED': {
        if (this.haltedUntil) {
          this.haltedUntil = null;
          metrics.halted.set(0);
          logger.info({ upstream: 'analytics' }, 'analytics bridge accepts the Server key again: export resumed');
        }
        const ids = batch.map((c) => c.entry.id);
        const marked = await pass.outbox.markExported(ids, this.now());
        ids.forEach((id) => pass.settled.add(id));
        metrics.exported.inc(marked);
        pass.result.exported += marked;
        return;
      }
      case 'UNAUTHORIZED': {
        const at = this.now();
        this.haltedUntil = new Date(at.getTime() + this.deps.settings.unauthorizedRetryMs);
        metrics.unauthorized.inc();
        metrics.halted.set(1);
        // The events are kept, due at once (and the attempt not counted): sent when the key is accepted again.
        await this.release(pass, at, true);
        logger.error(
          { upstream: 'analytics', message: answer.message, retryAt: this.haltedUntil.toISOString() },
          'analytics bridge refused the Server key: export stopped, events kept; check ANALYTICS_SERVER_KEY',
        );
        throw new PassStopped('UNAUTHORIZED');
      }
      case 'UNAVAILABLE': {
        const attempts = Math.max(...batch.map((c) => c.entry.attempts));
        const delayMs = Math.max(this.backoffMs(attempts), answer.retryAfterMs ?? 0);
        const left = await this.release(pass, new Date(this.now().getTime() + delayMs), false);
        logger.warn({ upstream: 'analytics', message: answer.message, retryInMs: delayMs, events: left }, 'analytics bridge unavailable: events kept for a retry');
        throw new PassStopped('UNAVAILABLE');
      }
      case 'REJECTED': {
        const [only] = batch;
        if (batch.length === 1 && only) {
          await this.deadLetter(pass, only.entry, 'bridge', `the bridge refused it (HTTP ${answer.status}): ${answer.message}`);
          return;
        }
        // The records the bridge named go alone (each proven unreadable by itself), then the rest; else two halves.
        const named = new Set((answer.failed ?? []).map((f) => f.index).filter((i) => Number.isInteger(i) && i >= 0 && i < batch.length));
        const half = Math.ceil(batch.length / 2);
        const parts: Claimed[][] =
          named.size > 0 && named.size < batch.length
            ? [...[...named].sort((a, b) => a - b).map((i) => [batch[i] as Claimed]), batch.filter((_, i) => !named.has(i))]
            : [batch.slice(0, half), batch.slice(half)];
        for (const part of parts) await this.send(pass, part);
        return;
      }
    }
  }

  /** The pass's rows not settled yet, due again at `at` (`giveBack`: this attempt is not counted). Returns how many. */
  private async release(pass: Pass, at: Date, giveBack: boolean): Promise<number> {
    const left = pass.claimed.filter((id) => !pass.settled.has(id));
    await pass.outbox.reschedule(left, at, giveBack);
    return left.length;
  }

  /** Exponential backoff with jitter: base * 2^(attempts-1), capped, then a random 50-100 % of it. */
  backoffMs(attempts: number): number {
    const { retryBaseMs, retryMaxMs } = this.deps.settings;
    const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
    return Math.round(ceiling * (0.5 + this.random() * 0.5));
  }
}
