import type { PushNotificationReader } from '../../carriers/types.js';
import type { StatusChangeInput } from '../../domain/status-change.js';
import type { StatusReading } from '../../domain/status.js';
import type { Logger } from '../../platform/logger.js';
import type { Store } from '../../store/store.js';

export interface PushedReadingsOptions {
  store: Store;
  reader: PushNotificationReader;
  logger: Logger;
  /** The carrier modules' reading of pushed changes (the registry's refinePushed); absent: recorded as pushed. */
  refine?: ((changes: readonly StatusChangeInput[]) => Promise<StatusChangeInput[]>) | undefined;
  /** The inbox's condition for a pending notification row, and how many rows one processing transaction takes. */
  pendingWhere: string;
  batchSize: number;
}

/**
 * Pushed changes read as a query would read them now (docs/assumptions.md OS1): before the inbox's processing
 * transaction claims its next rows, those rows are read without a lock and their changes refined (this may call a
 * carrier, which must never happen while the store's connection is held), keyed by the seed's identity of a change.
 * The transaction then records each change with the reading found here. A row another replica claims meanwhile is
 * refined there; a row claimed without a reading here (it arrived in between) is recorded as pushed.
 */
export class PushedReadings {
  private readings = new Map<string, StatusReading>();

  constructor(private readonly options: PushedReadingsOptions) {}

  /** Refines the changes of the next pending rows; never rejects (a failure leaves them as pushed, logged). */
  async prepare(): Promise<void> {
    this.readings = new Map();
    const { refine, store, reader } = this.options;
    if (!refine) return;
    try {
      const { rows } = await store.query<{ body: unknown }>(
        `SELECT body FROM webhook_inbox WHERE ${this.options.pendingWhere} ORDER BY id LIMIT ${this.options.batchSize}`,
      );
      const changes = rows.flatMap((row) => {
        try {
          return reader.statusChanges(row.body);
        } catch {
          // Its processing fails and is counted there.
          return [];
        }
      });
      if (changes.length === 0) return;
      for (const change of await refine(changes)) this.readings.set(change.dedupKey, change.status);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'pushed statuses could not be refined; recorded as pushed');
    }
  }

  /** A stored row's changes (the reader's), each with the reading `prepare` found for it. */
  statusChanges(body: unknown): StatusChangeInput[] {
    const changes = this.options.reader.statusChanges(body);
    if (this.readings.size === 0) return changes;
    return changes.map((change) => {
      const status = this.readings.get(change.dedupKey);
      return status ? { ...change, status } : change;
    });
  }
}
