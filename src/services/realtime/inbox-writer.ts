import type { Store } from '../../store/store.js';

export interface InboxWriterOptions {
  store: Store;
  /**
   * How long the first call of a group waits for others before the group is written (WEBHOOK_INBOX_GROUP_WINDOW_MS).
   * 0: no wait; calls still group when they arrive while a write is in flight, or in the same event-loop turn.
   */
  windowMs?: number;
  /** Rows per write at most (WEBHOOK_INBOX_GROUP_MAX); a longer queue is written in several groups. */
  maxGroup?: number;
  /** Called after each committed group with its size (the bench and the metrics read it). */
  onCommit?: (rows: number) => void;
}

interface Waiting {
  source: string;
  json: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/* One statement, so one commit, for the whole group; WITH ORDINALITY keeps ids in arrival order (processing follows
 * ids, so a carrier's consecutive pushes of one shipment are applied in the order they were acknowledged). */
const INSERT_GROUP = `INSERT INTO webhook_inbox (source, body)
  SELECT g.source, g.body::jsonb FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS g(source, body, n) ORDER BY g.n`;
const INSERT_ONE = 'INSERT INTO webhook_inbox (source, body) VALUES ($1, $2::jsonb)';

/**
 * Group commit for the webhook inbox (assumption WI1): calls that arrive while a write is in flight (or within the
 * window) are written together in ONE statement, so the store pays one commit per group instead of one per call, and
 * on embedded PGlite (one connection) a queue of acknowledgements waiting behind processing is cleared by one INSERT.
 * Each caller's promise settles only after the commit holding ITS row: resolved once durable, rejected (the webhook
 * answers 503, the carrier retries) when its row is not. If a group's statement fails, its rows are written again one
 * by one, so one bad row fails only its own caller. One group is in flight at a time per process.
 */
export class InboxWriter {
  private readonly queue: Waiting[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private readonly windowMs: number;
  private readonly maxGroup: number;

  constructor(private readonly options: InboxWriterOptions) {
    this.windowMs = Math.max(0, options.windowMs ?? 0);
    this.maxGroup = Math.max(1, options.maxGroup ?? 200);
  }

  /** Calls waiting for a write (not yet in a statement): the in-process part of the acknowledgement queue. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves once `body` is committed in the inbox; rejects with the store's error when it is not. */
  write(source: string, body: unknown): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ source, json: JSON.stringify(body), resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    // A write in flight flushes the queue when it ends: the calls that arrived meanwhile form the next group.
    if (this.writing) return;
    if (this.queue.length >= this.maxGroup) {
      this.cancelPending();
      void this.flush();
      return;
    }
    if (this.timer || this.immediate) return;
    // Even without a window, wait for the end of this event-loop turn: requests whose bodies arrived together join.
    if (this.windowMs > 0) this.timer = setTimeout(() => void this.flush(), this.windowMs);
    else this.immediate = setImmediate(() => void this.flush());
  }

  private cancelPending(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
  }

  private async flush(): Promise<void> {
    this.cancelPending();
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const group = this.queue.splice(0, this.maxGroup);
    try {
      await this.writeGroup(group);
    } finally {
      this.writing = false;
      // Whoever queued during the write has waited one write already: written now, without another window.
      if (this.queue.length > 0) void this.flush();
    }
  }

  private async writeGroup(group: Waiting[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group as [Waiting];
      await this.options.store.query(INSERT_ONE, [only.source, only.json]).then(
        () => {
          this.options.onCommit?.(1);
          only.resolve();
        },
        (error: unknown) => only.reject(error),
      );
      return;
    }
    try {
      await this.options.store.query(INSERT_GROUP, [group.map((w) => w.source), group.map((w) => w.json)]);
    } catch {
      // The statement rolled back as a whole: nothing of the group is stored. Each row alone, so only a row that
      // cannot be written fails its caller.
      for (const waiting of group) await this.writeGroup([waiting]);
      return;
    }
    this.options.onCommit?.(group.length);
    for (const waiting of group) waiting.resolve();
  }
}
