import { mapPushedShipment } from '../../carriers/group-a/push/mapping.js';
import { pushNotification } from '../../carriers/group-a/push/wire.js';
import type { StatusChangeInput } from '../../domain/status-change.js';
import type { Logger } from '../../platform/logger.js';
import type { Queryable, Store } from '../../store/store.js';

/** What the inbox needs from the status log (StatusLog.append: null = a duplicate, nothing changed). */
export interface StatusAppender {
  append(tx: Queryable, input: StatusChangeInput): Promise<unknown>;
}

export interface WebhookInboxOptions {
  store: Store;
  statusLog: StatusAppender;
  logger: Logger;
  /** Sweep for rows left unprocessed (another replica died between its 200 and its processing); default 30 s. */
  sweepIntervalMs?: number;
}

const BATCH = 100;

interface InboxRow {
  id: number | string;
  body: unknown;
}

/**
 * The webhook inbox: a notification is written here before its 200 (DESIGN.md: "Acknowledge only after the durable
 * write ... process after acknowledging") and processed after. Each row is processed in one transaction with its
 * status-log appends, so a row is either fully in the log and marked processed, or neither. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so replicas on one PostgreSQL never process the same row at once.
 */
export class WebhookInbox {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: WebhookInboxOptions) {}

  /** Writes an accepted notification durably; resolves once it is committed. */
  async accept(source: string, body: unknown): Promise<void> {
    await this.options.store.query('INSERT INTO webhook_inbox (source, body) VALUES ($1, $2::jsonb)', [source, JSON.stringify(body)]);
  }

  /** Processes what is pending now (at start: what a crash left behind), then sweeps periodically. */
  async start(): Promise<void> {
    await this.kick();
    const every = this.options.sweepIntervalMs ?? 30_000;
    this.timer = setInterval(() => void this.kick(), every);
    this.timer.unref();
  }

  /** Starts processing unless it is running; a kick during a run makes it run once more. Never rejects. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.processPending();
        } catch (error) {
          this.options.logger.error({ err: error }, 'webhook inbox processing failed; rows stay pending');
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /**
   * Processes every pending row once. Rows go in batches of up to BATCH per transaction (on embedded PGlite, one
   * connection serves the webhook's inserts too, so fewer, larger transactions keep acknowledgements fast); when a
   * batch fails, its rows are retried one by one and a row that still fails is left pending with its error.
   */
  async processPending(): Promise<number> {
    let processed = 0;
    for (;;) {
      const batch = await this.options.store
        .transaction(async (tx) => {
          const { rows } = await tx.query<InboxRow>(
            `SELECT id, body FROM webhook_inbox WHERE processed_at IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
          );
          for (const row of rows) await this.processRow(tx, row);
          return rows.length;
        })
        .catch(() => null);
      if (batch === null) return processed + (await this.processOneByOne());
      processed += batch;
      if (batch < BATCH) return processed;
    }
  }

  private async processOneByOne(): Promise<number> {
    let after: number | string = 0;
    let processed = 0;
    for (;;) {
      const outcome: { id: number | string } | 'none' = await this.options.store
        .transaction(async (tx) => {
          const { rows } = await tx.query<InboxRow>(
            `SELECT id, body FROM webhook_inbox WHERE processed_at IS NULL AND id > $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
            [after],
          );
          const row = rows[0];
          if (!row) return 'none' as const;
          await this.processRow(tx, row);
          return { id: row.id };
        })
        .catch(async (error: unknown) => {
          const failedId = await this.recordFailure(after, error);
          if (failedId === null) throw error;
          return { id: failedId };
        });
      if (outcome === 'none') return processed;
      after = outcome.id;
      processed += 1;
    }
  }

  private async processRow(tx: Queryable, row: InboxRow): Promise<void> {
    // Validated before it was stored; parsed again because the stored JSON is the only truth after a restart.
    const notification = pushNotification.parse(row.body);
    let added = 0;
    for (const shipment of notification.shipments) {
      // A duplicate (same id, status.timestamp, status.statusCode) appends nothing.
      if ((await this.options.statusLog.append(tx, mapPushedShipment(shipment))) !== null) added += 1;
    }
    await tx.query('UPDATE webhook_inbox SET processed_at = now(), attempts = attempts + 1 WHERE id = $1', [row.id]);
    this.options.logger.debug({ inboxId: row.id, shipments: notification.shipments.length, added }, 'webhook notification processed');
  }

  /** Marks the next pending row after `after` as failed once (its transaction rolled back) and returns its id. */
  private async recordFailure(after: number | string, error: unknown): Promise<number | string | null> {
    const { rows } = await this.options.store.query<{ id: number | string }>(
      `UPDATE webhook_inbox SET attempts = attempts + 1, last_error = $2
       WHERE id = (SELECT id FROM webhook_inbox WHERE processed_at IS NULL AND id > $1 ORDER BY id LIMIT 1)
       RETURNING id`,
      [after, error instanceof Error ? error.message.slice(0, 500) : 'unknown error'],
    );
    const id = rows[0]?.id ?? null;
    if (id !== null) this.options.logger.error({ inboxId: id, err: error }, 'webhook notification could not be processed; left pending');
    return id;
  }
}
