/**
 * The retention job: every RETENTION_INTERVAL_MS one pass deletes, rule by rule, what is past its lifetime
 * (README "Data retention"; docs/assumptions.md RN4-RN9), in batches of at most RETENTION_BATCH_SIZE rows per
 * statement (RetentionStore; by default 100 on PGlite, 500 on PostgreSQL), with a pause after each batch in proportion
 * to the store's time it took (RETENTION_STORE_SHARE_PERCENT)
 * so the other work of the process (and, on embedded PGlite, the one connection's other statements) goes in between.
 * On embedded PGlite it also checkpoints, every RETENTION_CHECKPOINT_EVERY batches and at the end of a pass
 * (RetentionStore.checkpoint: PGlite has no checkpointer), so what its batches and everything else wrote is checkpointed
 * in the job's small steps rather than never.
 * A pass that stops early (stop(), an error) leaves the rest for the next one. Replicas may all run it: each batch
 * passes over rows another one holds (SKIP LOCKED). The passes run on a PeriodicJob (src/platform/periodic.ts): one root span `retention` per pass.
 */
import { Counter, type Registry } from 'prom-client';
import type { RetentionConfig } from '../../platform/config.js';
import { PeriodicJob } from '../../platform/periodic.js';
import type { Logger } from '../../platform/logger.js';
import { RetentionStore, type Batch, type KeysetPosition, type RetentionTable } from '../../store/retention-store.js';
import type { Store } from '../../store/store.js';

export interface RetentionDeps {
  store: Store;
  settings: RetentionConfig;
  logger: Logger;
  registry: Registry | null;
  /** The lowest status-log cursor this process still reads (StatusFeed.lowestPositionInUse); none: no floor. */
  statusLogFloor?: () => string;
  now?: () => Date;
  /** The shortest pause between two batches (default: 5 ms; tests: 0); the share of the store's time sets the rest. */
  pauseMs?: number;
}

export type PurgedCounts = Record<RetentionTable, number>;

/**
 * The share of the store's time (percent) the batches take when RETENTION_STORE_SHARE_PERCENT is unset: PGlite runs
 * every statement on the server's own thread (a batch stops every request), PostgreSQL in its own processes.
 */
export const DEFAULT_STORE_SHARE_PERCENT: Record<Store['kind'], number> = { pglite: 10, postgres: 33 };

/**
 * Rows per batch when RETENTION_BATCH_SIZE is unset. On PGlite a batch runs on the server's one thread, and a request's
 * statement whose turn comes after it waits for all of it: 100 rows take about 3 ms (6 ms at worst) of a 1M-row outbox,
 * 500 rows 7.5 ms (up to 56 ms seen), and 50 clients' p99 missed its 1.5x target during a purge in 500-row batches,
 * not in 100-row ones (docs/benchmarks.md, "Figures at scale"). The price: a row costs twice the time in a small batch.
 * PostgreSQL runs a batch in its own process beside the requests' statements, and kept its clients' p99 at 500.
 */
export const DEFAULT_BATCH_SIZE: Record<Store['kind'], number> = { pglite: 100, postgres: 500 };

const TABLES: readonly RetentionTable[] = ['analytics_outbox', 'status_changes', 'idempotency_keys', 'documents', 'pickups', 'shipment_watches'];

/** retention_rows_purged_total{table}, once per registry (several servers share a test process). */
function purgedCounter(registry: Registry | null): Counter<'table'> {
  const existing = registry?.getSingleMetric('retention_rows_purged_total');
  if (existing) return existing as Counter<'table'>;
  const counter = new Counter({
    name: 'retention_rows_purged_total',
    help: 'Rows the retention job deleted (documents: bytes removed, the row kept), by table',
    labelNames: ['table'],
    registers: registry ? [registry] : [],
  });
  for (const table of TABLES) counter.inc({ table }, 0);
  return counter;
}

export class RetentionJob {
  private readonly job: PeriodicJob<PurgedCounts>;
  /** stop() was called: a pass in progress ends after the batch in hand. */
  private stopping = false;
  private readonly now: () => Date;
  private readonly purged: Counter<'table'>;
  private readonly db: RetentionStore;
  /** Batches since the last checkpoint (PGlite). */
  private uncheckpointed = 0;
  /** Rows per batch: RETENTION_BATCH_SIZE, or the store's default. */
  readonly batchSize: number;

  constructor(private readonly deps: RetentionDeps) {
    this.now = deps.now ?? (() => new Date());
    this.purged = purgedCounter(deps.registry);
    this.db = new RetentionStore(deps.store);
    this.batchSize = deps.settings.batchSize ?? DEFAULT_BATCH_SIZE[deps.store.kind];
    this.job = new PeriodicJob({
      name: 'retention',
      run: () => this.runPass(),
      intervalMs: deps.settings.intervalMs,
      // Not at start: a start (a deploy, a restart loop) is no moment for extra work.
      firstDelayMs: deps.settings.intervalMs,
      logger: deps.logger,
      onError: (err) => deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'retention pass failed; the next pass goes on from where it is'),
      registry: deps.registry,
    });
  }

  /** The first pass one RETENTION_INTERVAL_MS after the start, then one every interval after the previous ends. */
  start(): void {
    this.stopping = false;
    this.job.start();
  }

  /** Stops scheduling passes; the pass in progress ends after its batch in hand, and this resolves then. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.job.stop();
  }

  /** One pass over every rule; returns the rows each table lost. */
  async runPass(): Promise<PurgedCounts> {
    const { settings } = this.deps;
    const { batchSize } = this;
    const now = this.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const counts = Object.fromEntries(TABLES.map((t) => [t, 0])) as PurgedCounts;
    // A rule walks its index once per pass: each batch goes on after the last row the previous one took.
    const walk = async (table: RetentionTable, batch: (after: KeysetPosition | null) => Promise<Batch>) => {
      let after: KeysetPosition | null = null;
      for (;;) {
        if (this.passStoppedEarly()) return;
        const storeMs = this.db.storeMs;
        const { deleted, last } = await batch(after);
        this.count(counts, table, deleted);
        await this.checkpointEvery();
        if (deleted < batchSize || last === null) return;
        after = last;
        await this.pause(this.db.storeMs - storeMs);
      }
    };
    const batches = (table: RetentionTable, batch: () => Promise<number>) =>
      walk(table, async () => {
        const deleted = await batch();
        return { deleted, last: { at: null, id: '' } };
      });
    await walk('analytics_outbox', (after) => this.db.purgeExportedOutbox(ago(settings.outboxExportedMs), batchSize, after));
    await walk('analytics_outbox', (after) => this.db.purgeDeadOutbox(ago(settings.outboxDeadMs), batchSize, after));
    await this.purgeStatusLog(ago(settings.statusLogMs), counts);
    await batches('idempotency_keys', () => this.db.purgeSettledKeys(now, batchSize));
    await walk('documents', (after) => this.db.expireDocumentContent(ago(settings.documentContentMs), now, batchSize, after));
    await batches('pickups', () => this.db.purgeFinishedPickups(ago(settings.pickupsMs), batchSize));
    await batches('shipment_watches', () => this.db.purgeStoppedWatches(ago(settings.watchesMs), batchSize));
    await this.checkpoint();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (total > 0) this.deps.logger.info({ purged: counts }, 'retention pass done');
    return counts;
  }

  /** The status log in cursor order up to its boundary, each batch starting after the last cursor examined. */
  private async purgeStatusLog(before: Date, counts: PurgedCounts): Promise<void> {
    const floor = this.deps.statusLogFloor?.() ?? '9223372036854775807';
    const through = await this.db.statusLogBoundary(before, floor);
    if (through === null) return;
    let after = '0';
    for (;;) {
      if (this.passStoppedEarly()) return;
      const storeMs = this.db.storeMs;
      const { deleted, last } = await this.db.purgeStatusLog(after, through, before, this.batchSize);
      this.count(counts, 'status_changes', deleted);
      await this.checkpointEvery();
      if (last === null) return;
      after = last;
      await this.pause(this.db.storeMs - storeMs);
    }
  }

  /**
   * After a batch: a checkpoint once RETENTION_CHECKPOINT_EVERY batches ran since the last (PGlite only; its time counts
   * in the batch's, so the pause after it is longer too). Each then writes what a few batches left dirty, milliseconds.
   */
  private async checkpointEvery(): Promise<void> {
    this.uncheckpointed += 1;
    if (this.uncheckpointed >= this.deps.settings.checkpointEvery) await this.checkpoint();
  }

  /** At the end of a pass (and every few batches): also what requests wrote since the last one. */
  private async checkpoint(): Promise<void> {
    this.uncheckpointed = 0;
    await this.db.checkpoint();
  }

  private count(counts: PurgedCounts, table: RetentionTable, deleted: number): void {
    counts[table] += deleted;
    if (deleted > 0) this.purged.inc({ table }, deleted);
  }

  /** stop() during a pass: the batch in hand finishes, the rest waits for a later start. */
  private passStoppedEarly(): boolean {
    return this.stopping;
  }

  /**
   * Between batches, long enough that the batches fill at most RETENTION_STORE_SHARE_PERCENT of the store's time (at
   * least `pauseMs`), on a timer, so requests and other timers go first. A batch's time is its own (RetentionStore's
   * storeMs, its checkpoint included): from when its statement starts running to its answer, not its wait for the store
   * before that. That wait is the other statements' time (on PGlite, the turns of every request ahead of it; on
   * PostgreSQL, a pooled connection while all are busy): counted, it made the purge slower the busier the store, down
   * to a fifth of its pace under 50 clients. On PGlite a batch holds the server's one thread for its own time and
   * every request waits; with clients keeping the store busy, they get the rest, so their latency grows by about
   * 1 / (1 - share): 1.5x at a third, 1.1x at a tenth (the PGlite default).
   */
  private pause(batchMs: number): Promise<void> {
    const share = (this.deps.settings.storeSharePercent ?? DEFAULT_STORE_SHARE_PERCENT[this.deps.store.kind]) / 100;
    // Rounded up: a timer counts whole milliseconds, and a pause cut short gives the batches more than their share.
    const ms = Math.max(this.deps.pauseMs ?? 5, Math.ceil((batchMs * (1 - share)) / share));
    return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
  }
}
