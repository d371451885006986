import type { Counter } from 'prom-client';
import type { PushNotificationReader } from '../../carriers/types.js';
import type { StatusChangeInput } from '../../domain/status-change.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';
import { PeriodicJob } from '../../platform/periodic.js';
import type { Queryable, Store } from '../../store/store.js';
import { readInboxBacklog } from '../../store/row-counters.js';
import { deadLetterCounter } from './inbox-dead-letters.js';
import { InboxWriter } from './inbox-writer.js';
import { PushedReadings } from './pushed-readings.js';
import { SerialRunner } from './serial-runner.js';

/** What the inbox needs from the status log (StatusLog.append: null = a duplicate, nothing changed). */
export interface StatusAppender {
  append(tx: Queryable, input: StatusChangeInput): Promise<unknown>;
  /** Many changes in a few statements, as if appended one by one (StatusLog.appendMany); returns those recorded. */
  appendMany?(tx: Queryable, inputs: readonly StatusChangeInput[]): Promise<readonly unknown[]>;
}

export interface WebhookInboxOptions {
  store: Store;
  statusLog: StatusAppender;
  logger: Logger;
  metrics?: Metrics;
  /** What a stored row means, in the carrier's wire (Group A: src/carriers/group-a/push/reader.ts). */
  reader: PushNotificationReader;
  /** Sweep for rows left unprocessed (another replica died between its 200 and its processing); default 30 s. */
  sweepIntervalMs?: number;
  /**
   * Verifies a stored confirmation call with the carrier (PushSubscriptionService.confirm). `waitMs` is how long an
   * unknown carrier id may still be looked up (the confirmation may overtake the creation answer). Without it,
   * confirmations stay pending.
   */
  confirm?: (carrierSubscriptionId: string, validationSecret: string, waitMs: number) => Promise<unknown>;
  /**
   * Processed rows older than this are deleted by the sweep (WEBHOOK_INBOX_RETENTION_HOURS; default 7 days). The
   * status log keeps what they recorded; unprocessed rows are never deleted.
   */
  retentionMs?: number;
  /**
   * Failed processing attempts of one notification before it is moved to `webhook_dead_letters` (default 5;
   * WEBHOOK_INBOX_MAX_ATTEMPTS). Until then it is retried at every later run (a webhook call or the sweep).
   */
  maxAttempts?: number;
  /** Attempts at verifying one confirmation before giving up (default 5), spaced 30 s x (2^n - 1) after receipt. */
  maxConfirmAttempts?: number;
  /**
   * false: this process writes and acknowledges but never processes (WEBHOOK_INBOX_PROCESSING=false, a replica that
   * only ingests while others process). Default true.
   */
  processing?: boolean;
  /** Group commit of accepted calls (WEBHOOK_INBOX_GROUP_WINDOW_MS, assumption WI1); 0 = no extra wait. Default 2 ms. */
  groupWindowMs?: number;
  /** Rows per group commit at most (WEBHOOK_INBOX_GROUP_MAX); default 200. */
  groupMax?: number;
  /** Notifications per processing transaction (WEBHOOK_INBOX_BATCH_SIZE, assumption WI3); default 50. */
  batchSize?: number;
  /** Processing runs start at least this far apart (WEBHOOK_INBOX_PROCESS_INTERVAL_MS, WI3); default 50 ms. */
  processIntervalMs?: number;
  /** Pushed changes as a query reads them now (the registry's refinePushed), asked before each processing transaction. */
  refine?: (changes: readonly StatusChangeInput[]) => Promise<StatusChangeInput[]>;
}

/** The pending notifications; confirmations have their own runner (processConfirmations). */
const PENDING_PUSH = `processed_at IS NULL AND body->>'scope' = 'subscription.push'`;
/** How long after receipt a confirmation's subscription may still be unknown here (assumption P2). */
const CONFIRMATION_OVERTAKE_MS = 5_000;

interface InboxRow {
  id: number | string;
  body: unknown;
}

interface ConfirmationRow extends InboxRow {
  attempts: number;
  age_ms: number;
}

/**
 * The webhook inbox: a call is written here before its 200 (DESIGN.md: "Acknowledge only after the durable write ...
 * process after acknowledging") and processed after, so a crash after the 200 loses nothing.
 * - Notifications (`subscription.push`): each batch of rows is processed in one transaction with its status-log
 *   appends, so a row is either fully in the log and marked processed, or neither. Rows are claimed with
 *   FOR UPDATE SKIP LOCKED, so replicas on one PostgreSQL never process the same row at once.
 * - Confirmations (`subscription.confirm`): verified with the carrier outside any transaction (an HTTP call), on
 *   their own runner so a slow carrier never delays notifications. The validation secret is at rest in the row only
 *   until the confirmation is settled; it is then removed from the stored body. Verification is idempotent, so two
 *   replicas settling the same row at once is harmless.
 */
export class WebhookInbox {
  private readonly sweep: PeriodicJob<void>;
  private closed = false;
  private readonly notifications: SerialRunner;
  private readonly confirmations: SerialRunner;
  private readonly deadLetters: Counter<'source'> | null;
  private readonly writer: InboxWriter;
  private readonly batchSize: number;
  private readonly refined: PushedReadings;

  constructor(private readonly options: WebhookInboxOptions) {
    this.deadLetters = options.metrics ? deadLetterCounter(options.metrics) : null;
    this.batchSize = Math.max(1, options.batchSize ?? 50);
    this.refined = new PushedReadings({ ...options, pendingWhere: PENDING_PUSH, batchSize: this.batchSize });
    this.writer = new InboxWriter({
      store: options.store,
      windowMs: options.groupWindowMs ?? 2,
      maxGroup: options.groupMax ?? 200,
      onCommit: (rows) => options.metrics?.webhookInboxGroupRows.observe(rows),
    });
    const isClosed = () => this.closed || options.processing === false;
    this.notifications = new SerialRunner(
      () => this.processPending(),
      isClosed,
      (error) => options.logger.error({ err: error }, 'webhook inbox processing failed; rows stay pending'),
      options.processIntervalMs ?? 50,
    );
    this.confirmations = new SerialRunner(() => this.processConfirmations(), isClosed, (error) =>
      options.logger.error({ err: error }, 'push confirmation processing failed; rows stay pending'),
    );
    const every = options.sweepIntervalMs ?? 30_000;
    this.sweep = new PeriodicJob({
      name: 'webhook-inbox-sweep',
      run: async () => {
        await Promise.all([
          this.kick(),
          this.prune().catch((error: unknown) => options.logger.warn({ err: error }, 'webhook inbox pruning failed; retried at the next sweep')),
        ]);
      },
      intervalMs: every,
      firstDelayMs: every,
      logger: options.logger,
      registry: options.metrics?.registry ?? null,
    });
  }

  /**
   * Writes an accepted call durably; resolves once the commit holding its row is done, rejects when its row is not
   * stored. Calls arriving together share one commit (InboxWriter, assumption WI1).
   */
  accept(source: string, body: unknown): Promise<void> {
    return this.writer.write(source, body);
  }

  /** Processes what is pending now (at start: what a crash left behind), then sweeps periodically. */
  async start(): Promise<void> {
    if (this.options.processing === false) {
      this.options.logger.warn({}, 'webhook inbox processing is off (WEBHOOK_INBOX_PROCESSING=false): calls are stored and acknowledged only');
      return;
    }
    await this.kick();
    // Every sweepIntervalMs after the previous sweep ends (a PeriodicJob: one root span a sweep).
    this.sweep.start();
  }

  /** Calls stored and acknowledged but not processed yet, by any replica (the webhook_inbox_pending gauge). */
  async pendingCount(): Promise<number> {
    return (await this.backlog()).pending;
  }

  /**
   * The backlog an operator watches (/metrics): calls acknowledged but not processed by any replica, the age of the
   * oldest of them (0 when none: a growing age means processing is not keeping up or stopped), and calls of this
   * process waiting for their group commit (not yet acknowledged).
   */
  async backlog(): Promise<{ pending: number; oldestPendingAgeSeconds: number; awaitingWrite: number }> {
    const { pending, oldestAgeSeconds } = await readInboxBacklog(this.options.store);
    return { pending, oldestPendingAgeSeconds: oldestAgeSeconds, awaitingWrite: this.writer.waiting };
  }

  /**
   * Deletes processed rows past the retention, and pushed shipments set aside as outside their subscription
   * (PushSetAside) past the same retention; returns how many. Pending rows are kept whatever their age, and so are
   * notifications dead-lettered after failing processing.
   */
  async prune(): Promise<number> {
    const retentionMs = this.options.retentionMs ?? 7 * 24 * 3_600_000;
    const { rowCount: processed } = await this.options.store.query(
      `DELETE FROM webhook_inbox WHERE processed_at IS NOT NULL AND processed_at < now() - make_interval(secs => $1)`,
      [retentionMs / 1000],
    );
    const { rowCount: setAside } = await this.options.store.query(
      `DELETE FROM webhook_dead_letters WHERE reason = 'OUTSIDE_SUBSCRIPTION' AND dead_lettered_at < now() - make_interval(secs => $1)`,
      [retentionMs / 1000],
    );
    const rowCount = processed + setAside;
    if (rowCount > 0) this.options.logger.debug({ deleted: rowCount }, 'webhook inbox pruned');
    return rowCount;
  }

  /** Starts processing of notifications and of confirmations unless running; never rejects. */
  kick(): Promise<void> {
    return Promise.all([this.notifications.kick(), this.confirmations.kick()]).then(() => undefined);
  }

  /**
   * After one call's 200: only the runner for its kind. A notification never starts the confirmations' query (it
   * would run once per notification under load, each time on the store's one PGlite connection).
   */
  kickFor(kind: 'notification' | 'confirmation'): Promise<void> {
    return kind === 'notification' ? this.notifications.kick() : this.confirmations.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.sweep.stop();
    await Promise.all([this.notifications.idle(), this.confirmations.idle()]);
  }

  /**
   * Settles pending confirmations: verified -> processed; a failed attempt is counted and retried by a later sweep
   * (30 s x (2^attempts - 1) after receipt) until maxConfirmAttempts, then given up. Either way the secret is removed
   * from the stored body once settled.
   */
  async processConfirmations(): Promise<number> {
    const confirm = this.options.confirm;
    if (!confirm) return 0;
    const maxAttempts = this.options.maxConfirmAttempts ?? 5;
    const { rows } = await this.options.store.query<ConfirmationRow>(
      `SELECT id, body, attempts, (extract(epoch FROM now() - received_at) * 1000)::integer AS age_ms
       FROM webhook_inbox
       WHERE processed_at IS NULL AND body->>'scope' = 'subscription.confirm'
         AND now() >= received_at + interval '30 seconds' * (power(2, attempts) - 1)
       ORDER BY id LIMIT 50`,
    );
    let settled = 0;
    for (const row of rows) {
      if (this.closed) break;
      const parsed = this.options.reader.confirmation(row.body);
      let error: unknown = null;
      if (parsed) {
        try {
          await confirm(parsed.subscriptionId, parsed.validationSecret, Math.max(0, CONFIRMATION_OVERTAKE_MS - row.age_ms));
        } catch (caught) {
          error = caught;
        }
      } else {
        error = new Error('stored confirmation does not match the expected shape');
      }
      const giveUp = error !== null && (row.attempts + 1 >= maxAttempts || !parsed);
      if (error === null || giveUp) {
        await this.options.store.query(
          `UPDATE webhook_inbox SET processed_at = now(), attempts = attempts + 1, body = body - 'validationSecret', last_error = $2
           WHERE id = $1`,
          [row.id, error === null ? null : errorText(error)],
        );
        settled += 1;
        if (giveUp) this.options.logger.error({ inboxId: row.id, err: error }, 'push confirmation could not be verified; given up');
      } else {
        await this.options.store.query('UPDATE webhook_inbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [row.id, errorText(error)]);
        this.options.logger.warn({ inboxId: row.id, err: error, attempts: row.attempts + 1 }, 'push confirmation could not be verified yet; will retry');
      }
    }
    return settled;
  }

  /**
   * Processes every pending row once. Rows go in batches of up to `batchSize` per transaction, their status changes
   * appended in a few set-based statements (StatusLog.appendMany). On embedded PGlite one connection serves the
   * webhook's inserts too, and they wait for the whole transaction: the batch is sized so that wait stays far under
   * the acknowledgement target while processing keeps up (assumption WI3). When a batch fails, its rows are retried
   * one by one and a row that still fails is left pending with its error.
   */
  async processPending(): Promise<number> {
    let processed = 0;
    for (;;) {
      await this.refined.prepare();
      const batch = await this.options.store
        .transaction(async (tx) => {
          const { rows } = await tx.query<InboxRow>(
            `SELECT id, body FROM webhook_inbox WHERE ${PENDING_PUSH} ORDER BY id LIMIT ${this.batchSize} FOR UPDATE SKIP LOCKED`,
          );
          return { rows: rows.length, added: await this.processRows(tx, rows) };
        })
        .catch(() => null);
      if (batch === null) return processed + (await this.processOneByOne());
      this.countRecorded(batch.added);
      processed += batch.rows;
      if (batch.rows < this.batchSize || this.closed) return processed;
      // Between batches, let the acknowledgements queued behind this one go first (PGlite: one connection).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A batch's shipments appended together, every row marked processed; returns how many changes were new. */
  private async processRows(tx: Queryable, rows: InboxRow[]): Promise<number> {
    const appendMany = this.options.statusLog.appendMany?.bind(this.options.statusLog);
    if (!appendMany || rows.length <= 1) {
      let added = 0;
      for (const row of rows) added += await this.processRow(tx, row);
      return added;
    }
    // Validated before it was stored; parsed again because the stored JSON is the only truth after a restart.
    const changes = rows.flatMap((row) => this.refined.statusChanges(row.body));
    // Duplicates (same id, status.timestamp, status.statusCode) append nothing.
    const added = (await appendMany(tx, changes)).length;
    await tx.query('UPDATE webhook_inbox SET processed_at = now(), attempts = attempts + 1 WHERE id = ANY($1::bigint[])', [rows.map((row) => String(row.id))]);
    this.options.logger.debug({ inboxRows: rows.length, shipments: changes.length, added }, 'webhook notifications processed');
    return added;
  }

  private async processOneByOne(): Promise<number> {
    let after: number | string = 0;
    let processed = 0;
    for (;;) {
      let claimed: number | string | null = null;
      const outcome: { id: number | string; added?: number } | 'none' = await this.options.store
        .transaction(async (tx) => {
          const { rows } = await tx.query<InboxRow>(
            `SELECT id, body FROM webhook_inbox WHERE ${PENDING_PUSH} AND id > $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
            [after],
          );
          const row = rows[0];
          if (!row) return 'none' as const;
          claimed = row.id;
          return { id: row.id, added: await this.processRow(tx, row) };
        })
        .catch(async (error: unknown) => {
          // Nothing claimed: the store itself failed, not a row; the run ends and the rows stay pending.
          if (claimed === null) throw error;
          await this.recordFailure(claimed, error);
          return { id: claimed };
        });
      if (outcome === 'none') return processed;
      this.countRecorded(outcome.added ?? 0);
      after = outcome.id;
      processed += 1;
    }
  }

  /** Counted after COMMIT, so a rolled-back batch is never counted. */
  private countRecorded(added: number): void {
    if (added > 0) this.options.metrics?.statusChangesRecorded.inc({ source: 'PUSH' }, added);
  }

  /** Appends a row's shipments and marks it processed; returns how many were new (not duplicates). */
  private async processRow(tx: Queryable, row: InboxRow): Promise<number> {
    // Validated before it was stored; parsed again because the stored JSON is the only truth after a restart.
    const changes = this.refined.statusChanges(row.body);
    let added = 0;
    for (const change of changes) {
      // A duplicate (same id, status.timestamp, status.statusCode) appends nothing.
      if ((await this.options.statusLog.append(tx, change)) !== null) added += 1;
    }
    await tx.query('UPDATE webhook_inbox SET processed_at = now(), attempts = attempts + 1 WHERE id = $1', [row.id]);
    this.options.logger.debug({ inboxId: row.id, shipments: changes.length, added }, 'webhook notification processed');
    return added;
  }

  /**
   * Counts a failed attempt at row `id` (its transaction rolled back). Below maxAttempts the row stays pending and is
   * retried at a later run; at maxAttempts it is moved to webhook_dead_letters in one transaction, logged and counted,
   * so it is never tried again and never holds up the rows after it.
   */
  private async recordFailure(id: number | string, error: unknown): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? 5;
    const outcome = await this.options.store.transaction(async (tx) => {
      const { rows } = await tx.query<{ attempts: number; source: string }>(
        `UPDATE webhook_inbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1 AND processed_at IS NULL
         RETURNING attempts, source`,
        [id, errorText(error)],
      );
      const row = rows[0];
      // Processed meanwhile by another replica (its transaction committed first): nothing failed for good.
      if (!row) return null;
      if (row.attempts < maxAttempts) return { attempts: row.attempts, source: row.source, dead: false };
      await tx.query(
        `INSERT INTO webhook_dead_letters (id, source, body, received_at, attempts, last_error)
         SELECT id, source, body, received_at, attempts, last_error FROM webhook_inbox WHERE id = $1`,
        [id],
      );
      await tx.query('DELETE FROM webhook_inbox WHERE id = $1', [id]);
      return { attempts: row.attempts, source: row.source, dead: true };
    });
    if (!outcome) return;
    if (outcome.dead) {
      this.deadLetters?.inc({ source: outcome.source });
      this.options.logger.error(
        { inboxId: id, attempts: outcome.attempts, err: error },
        'webhook notification could not be processed; moved to webhook_dead_letters',
      );
    } else {
      this.options.logger.error(
        { inboxId: id, attempts: outcome.attempts, maxAttempts, err: error },
        'webhook notification could not be processed; left pending for a later attempt',
      );
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
}
