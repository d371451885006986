/**
 * One process-wide feed of the status-change log: a single LISTEN on `status_changes`, and on each notification a read
 * of the log after the highest cursor already dispatched. A notification is only a hint (PostgreSQL drops those sent
 * while a LISTEN connection is down), so the log is also read every few seconds as a safety net. Each change is handed
 * to the in-memory subscribers whose filter matches.
 */
import { matchesFilter, type StatusChange, type StatusChangeFilter } from '../../domain/status-change.js';
import { PeriodicJob } from '../../platform/periodic.js';
import { MATCH_ALL, STATUS_CHANGES_CHANNEL, type StatusLog } from '../../store/status-log.js';
import type { Store } from '../../store/store.js';

export interface StatusFeedOptions {
  /** Safety-net read of the log when no notification came. */
  pollIntervalMs?: number;
  /** Rows per read, for the feed and for a subscriber's replay. */
  pageSize?: number;
  /** Live changes one subscriber may have waiting; beyond it the subscriber is ended with SubscriberTooSlowError. */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

/** A subscriber that did not keep up: it is ended rather than buffered without limit; it resumes with its cursor. */
export class SubscriberTooSlowError extends Error {
  constructor(readonly lastCursor: string | null) {
    super(`subscriber fell more than the allowed number of changes behind; resubscribe with cursor ${lastCursor ?? '(none)'}`);
    this.name = 'SubscriberTooSlowError';
  }
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * One subscriber: its filter, the changes waiting for it, and at most one waiting `next()`. While it replays, live
 * changes queue behind the replay and those at or below the last replayed cursor are dropped at the seam.
 */
class Subscriber implements AsyncIterableIterator<StatusChange> {
  private queue: StatusChange[] = [];
  private waiting: { resolve: (r: IteratorResult<StatusChange>) => void; reject: (e: unknown) => void } | null = null;
  private failure: unknown = null;
  private ended = false;
  /** Highest cursor handed to the queue (replayed or live); live changes at or below it are the seam's duplicates. */
  private lastQueued: bigint;
  replaying: boolean;
  private liveDuringReplay: StatusChange[] = [];

  constructor(
    readonly filter: StatusChangeFilter,
    after: string | null,
    private readonly maxPending: number,
    private readonly detach: (s: Subscriber) => void,
  ) {
    this.lastQueued = BigInt(after ?? '0');
    this.replaying = after !== null;
  }

  /** From the feed: a matching live change. */
  offer(change: StatusChange): void {
    if (this.ended) return;
    if (this.replaying) {
      this.liveDuringReplay.push(change);
      if (this.liveDuringReplay.length > this.maxPending) this.fail(new SubscriberTooSlowError(this.lastCursor()));
      return;
    }
    this.enqueue(change);
  }

  /** From the replay: a page of changes read from the log, in cursor order. */
  replayed(changes: readonly StatusChange[]): void {
    for (const change of changes) this.enqueue(change);
  }

  /** The replay reached the end of the log: the changes that arrived live meanwhile follow, minus the seam's duplicates. */
  finishReplay(): void {
    const live = this.liveDuringReplay;
    this.liveDuringReplay = [];
    this.replaying = false;
    for (const change of live) this.enqueue(change);
  }

  pendingCount(): number {
    return this.queue.length;
  }

  /** The highest cursor handed on (replayed or live): what this subscriber still needs lies above it. */
  position(): bigint {
    return this.lastQueued;
  }

  private lastCursor(): string | null {
    return this.lastQueued === 0n ? null : this.lastQueued.toString();
  }

  private enqueue(change: StatusChange): void {
    if (this.ended) return;
    const cursor = BigInt(change.cursor);
    if (cursor <= this.lastQueued) return;
    this.lastQueued = cursor;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ done: false, value: change });
      return;
    }
    this.queue.push(change);
    if (this.queue.length > this.maxPending) this.fail(new SubscriberTooSlowError(this.lastCursor()));
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = error;
    this.ended = true;
    this.queue = [];
    this.detach(this);
    if (this.waiting) {
      const { reject } = this.waiting;
      this.waiting = null;
      this.failure = null;
      reject(error);
    }
  }

  next(): Promise<IteratorResult<StatusChange>> {
    const head = this.queue.shift();
    if (head) return Promise.resolve({ done: false, value: head });
    if (this.failure !== null) {
      const error = this.failure;
      this.failure = null;
      return Promise.reject(error);
    }
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<StatusChange>> {
    this.ended = true;
    this.queue = [];
    this.liveDuringReplay = [];
    this.detach(this);
    if (this.waiting) {
      this.waiting.resolve(DONE);
      this.waiting = null;
    }
    return Promise.resolve(DONE);
  }

  throw(error?: unknown): Promise<IteratorResult<StatusChange>> {
    void this.return();
    return Promise.reject(error);
  }

  isEnded(): boolean {
    return this.ended;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<StatusChange> {
    return this;
  }
}

export class StatusFeed {
  private readonly subscribers = new Set<Subscriber>();
  /** Highest cursor dispatched to live subscribers. */
  private dispatched = '0';
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly poll: PeriodicJob<void>;
  private readonly pageSize: number;
  private readonly maxPending: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly store: Store,
    private readonly log: StatusLog,
    options: StatusFeedOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 500;
    this.maxPending = options.maxPending ?? 1_000;
    this.onError = options.onError ?? (() => undefined);
    const pollIntervalMs = options.pollIntervalMs ?? 3_000;
    // The safety-net read (a PeriodicJob: one root span a read); wake() never rejects, it hands errors to onError.
    this.poll = new PeriodicJob({
      name: 'status-feed-poll',
      run: () => this.wake(),
      intervalMs: pollIntervalMs,
      firstDelayMs: pollIntervalMs,
      logger: { error: (obj) => this.onError(obj) },
    });
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * The lowest log position this process still reads from: the feed's own, or a replaying subscriber's. Retention
   * never deletes above it, so an open subscription on this process misses nothing (replicas' own subscribers are
   * protected by the retention window).
   */
  lowestPositionInUse(): string {
    let lowest = BigInt(this.dispatched);
    for (const subscriber of this.subscribers) {
      if (subscriber.replaying && subscriber.position() < lowest) lowest = subscriber.position();
    }
    return lowest.toString();
  }

  /** Starts after the log's current end: what was recorded before start reaches subscribers through replay only. */
  async start(): Promise<void> {
    this.dispatched = (await this.log.latestCursor()) ?? '0';
    this.unlisten = await this.store.listen(STATUS_CHANGES_CHANNEL, () => this.wake());
    this.poll.start();
  }

  async close(): Promise<void> {
    await this.poll.stop();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
    await this.draining;
    for (const subscriber of [...this.subscribers]) void subscriber.return();
  }

  /** Reads the log now (a notification or the safety-net timer); concurrent wakes coalesce into one more read. */
  wake(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.draining = null;
        if (this.drainAgain) {
          this.drainAgain = false;
          void this.wake();
        }
      });
    return this.draining;
  }

  private async drain(): Promise<void> {
    for (;;) {
      this.drainAgain = false;
      const page = await this.log.readAfter(MATCH_ALL, this.dispatched, this.pageSize);
      for (const change of page) {
        this.dispatched = change.cursor;
        for (const subscriber of this.subscribers) {
          if (matchesFilter(change, subscriber.filter)) subscriber.offer(change);
        }
      }
      if (page.length < this.pageSize) return;
    }
  }

  /**
   * Changes matching `filter`: with `after`, first those recorded after it (read from the log page by page), then
   * live ones, with no gap and no duplicate at the seam; without it, live ones only. `return()` unsubscribes.
   * The cursor must already be checked (StatusLog.checkCursor).
   */
  subscribe(filter: StatusChangeFilter, after: string | null): AsyncIterableIterator<StatusChange> {
    const subscriber = new Subscriber(filter, after, this.maxPending, (s) => this.subscribers.delete(s));
    // Registered before the replay reads anything: a change committed meanwhile is either in the replay or queued
    // live behind it (or both, and the seam drops the second copy).
    this.subscribers.add(subscriber);
    if (after !== null) void this.replay(subscriber, filter, after);
    return subscriber;
  }

  private async replay(subscriber: Subscriber, filter: StatusChangeFilter, after: string): Promise<void> {
    try {
      let from = after;
      for (;;) {
        const page = await this.log.readAfter(filter, from, this.pageSize);
        if (subscriber.isEnded()) return;
        subscriber.replayed(page);
        const last = page.at(-1);
        if (last) from = last.cursor;
        if (page.length < this.pageSize) break;
        // A client that does not read holds the replay here instead of growing its queue.
        while (subscriber.pendingCount() >= this.pageSize && !subscriber.isEnded()) await waitABit();
        if (subscriber.isEnded()) return;
      }
      subscriber.finishReplay();
    } catch (error) {
      subscriber.fail(error);
    }
  }
}

function waitABit(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20));
}
