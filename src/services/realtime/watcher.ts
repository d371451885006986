/**
 * Polling watchers for the interfaces without push (Carrier B, Group A express and e-commerce). Seed 001: "Status
 * changes are therefore obtained by polling the tracking operation. Each call returns the entire scan history, so a
 * consumer stores scan events de-duplicated on the tuple of tracking number, `scanEvents[].date`, `eventType` and
 * `locationId`." A lookup whose interface pushes (Group A unified tracking, seed 000) is refused here, as its carrier's
 * module says (TrackingCapability.unwatchable).
 *
 * Each pass claims due watches (FOR UPDATE SKIP LOCKED, with a lease), polls them (Carrier B 30 numbers a call, the
 * seed's limit; the others one by one), offers every scan to the status log (which keeps one per seed key), records
 * the latest status and schedules the next poll (sooner near delivery, backoff after failures, none at a terminal
 * status). Several replicas on one PostgreSQL share the work without polling a shipment twice.
 */
import type { Metrics } from '../../platform/metrics.js';
import { PeriodicJob } from '../../platform/periodic.js';
import { InputError, NotFoundError, UpstreamError } from '../../domain/errors.js';
import { checkShipmentId, checkWatchId, formatShipmentId } from '../../domain/ids.js';
import type { Shipment } from '../../domain/shipment.js';
import type { StatusChange, StatusChangeInput } from '../../domain/status-change.js';
import type { TrackOutcome, TrackRequest } from '../../domain/tracking.js';
import type { ShipmentWatch } from '../../domain/watch.js';
import type { Queryable, Store } from '../../store/store.js';
import { WatchStore, type StoredWatch } from '../../store/watch-store.js';
import type { TrackingRoute, TrackingService } from '../tracking.js';
import { DEFAULT_POLL_INTERVALS, nextPollAfterFailure, nextPollAfterSuccess, type PollIntervals } from './poll-intervals.js';
import { scanChangesOf } from './scan-changes.js';
import type { TrackLookup } from '../../domain/track-lookup.js';

/** What the watcher needs of the status log (src/store/status-log.ts `StatusLog`): null means "already recorded". */
export interface StatusChangeRecorder {
  append(tx: Queryable, input: StatusChangeInput): Promise<StatusChange | null>;
  /** Keeps the polled answer, so `_entities` can answer for a watched shipment without a carrier call (I4). */
  saveSnapshot?(shipment: Shipment, tx: Queryable): Promise<void>;
}

export interface WatcherLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WatcherSettings {
  /** How often a replica looks for due watches. */
  tickMs: number;
  /** Most watches one claim takes (a multiple of 30 keeps Carrier B calls full). */
  batchLimit: number;
  intervals: PollIntervals;
  /** How long a claim holds a watch before another replica may take it (a replica that died mid-poll). */
  leaseMs: number;
  /**
   * Polls in a row that failed, the last saying the carrier does not know the number (UPSTREAM_NOT_FOUND), after
   * which polling stops (`stoppedReason` NOT_FOUND): with the backoff, hours in production, minutes in the sandbox.
   */
  notFoundGiveUpPolls: number;
}

export const DEFAULT_WATCHER_SETTINGS: WatcherSettings = {
  tickMs: 5_000,
  batchLimit: 300,
  intervals: DEFAULT_POLL_INTERVALS,
  leaseMs: 120_000,
  notFoundGiveUpPolls: 8,
};

export interface ShipmentWatcherOptions {
  store: Store;
  statusLog: StatusChangeRecorder;
  tracking: TrackingService;
  logger: WatcherLogger;
  settings?: Partial<WatcherSettings>;
  /** The watcher's clock (due times, intervals); real time by default. */
  now?: () => Date;
  metrics?: Metrics;
}


/** What one pass did. */
export interface PollReport {
  claimed: number;
  /** Upstream track calls made. */
  calls: number;
  failed: number;
  /** New status changes written to the log. */
  recorded: number;
  /** Watches that reached a terminal status and stopped. */
  stopped: number;
}

const emptyReport = (): PollReport => ({ claimed: 0, calls: 0, failed: 0, recorded: 0, stopped: 0 });

export class ShipmentWatcher {
  readonly settings: WatcherSettings;
  private readonly watches: WatchStore;
  private readonly now: () => Date;
  private readonly job: PeriodicJob<PollReport>;
  private stopRequested = false;

  constructor(private readonly options: ShipmentWatcherOptions) {
    this.settings = { ...DEFAULT_WATCHER_SETTINGS, ...options.settings };
    this.watches = new WatchStore(options.store);
    this.now = options.now ?? (() => new Date());
    this.job = new PeriodicJob({
      name: 'watcher',
      run: () => this.pollDue(this.now()),
      intervalMs: () => this.settings.tickMs,
      logger: options.logger,
      onError: (error) => options.logger.error({ err: error }, 'watcher: poll pass failed'),
      registry: options.metrics?.registry ?? null,
    });
  }

  /**
   * Starts watching a shipment, due at once. Everything is checked before anything is stored or called: unknown
   * carrier, bad number, and lookups whose interface pushes instead (their module refuses them).
   */
  async watch(raw: TrackLookup, path = 'input'): Promise<StoredWatch> {
    const request = this.options.tracking.validate(raw, path);
    this.checkWatchable(request, path);
    const identity = await this.identify(request);
    return this.watches.upsert(
      {
        shipmentId: identity.shipmentId,
        carrier: request.carrier,
        division: request.division,
        trackingNumber: request.trackingNumber,
        carrierCode: request.carrierCode,
        carrierUniqueId: identity.carrierUniqueId,
        ecommerceIdType: request.ecommerceIdType,
      },
      this.now(),
    );
  }

  /**
   * The watched shipment's id, the same `Shipment.id` tracking answers with (docs/assumptions.md I1). It follows from
   * the lookup for express numbers, e-commerce carrier ids and Carrier B numbers given with their unique id; otherwise
   * (a Carrier B number alone, an e-commerce packageId) only the carrier knows it, so the number is looked up once. An
   * ambiguous number is refused with its candidates' ids (one watch follows one shipment); a number the carrier cannot
   * answer for now is watched under the id of the lookup, corrected by the first poll that finds it.
   */
  private async identify(request: TrackRequest): Promise<{ shipmentId: string; carrierUniqueId: string | null }> {
    const fromLookup = {
      shipmentId: formatShipmentId({
        carrier: request.carrier,
        division: request.division,
        trackingNumber: request.trackingNumber,
        // Only a carrier that reuses numbers has its unique id in the shipment id (checkTrackLookup accepts it only there).
        carrierUniqueId: this.options.tracking.numbersReused(request.carrier) ? request.carrierUniqueId : null,
      }),
      carrierUniqueId: request.carrierUniqueId,
    };
    const carrierKnowsId =
      (this.options.tracking.numbersReused(request.carrier) && request.carrierUniqueId === null) || request.ecommerceIdType === 'PACKAGE_ID';
    if (!carrierKnowsId) return fromLookup;
    const route = this.options.tracking.route(request);
    const [outcome] = await this.options.tracking.trackOnRoute(route, [{ ...request, includeEvents: false }]);
    if (!outcome?.ok || outcome.shipments.length === 0) return fromLookup;
    const [only, ...others] = outcome.shipments;
    if (others.length > 0) {
      const candidates = outcome.shipments.map((s) => s.id);
      throw new UpstreamError(
        `${request.trackingNumber} matches ${candidates.length} shipments; watch one by its carrierUniqueId (or carrierCode)`,
        { code: 'UPSTREAM_AMBIGUOUS', upstream: route.name, candidates },
      );
    }
    return { shipmentId: only!.id, carrierUniqueId: only!.carrierUniqueId ?? request.carrierUniqueId };
  }

  /**
   * Stops polling a shipment. Any id of it is accepted (its `Shipment.id`, the watch's `shipmentId`, a Carrier B id
   * without the unique id) and checked before the store is read; an error when it is not (or no longer) watched.
   */
  async unwatch(rawShipmentId: string, field = 'shipmentId'): Promise<StoredWatch> {
    const { id: shipmentId, parts } = checkShipmentId(rawShipmentId, field);
    const watch = await this.watches.findForShipmentId(shipmentId, parts, { byNumberAlone: this.options.tracking.numbersReused(parts.carrier) });
    const stopped = watch ? await this.watches.deactivate(watch.shipmentId) : null;
    if (stopped) return stopped;
    const known = watch ? await this.watches.get(watch.shipmentId) : null;
    if (!known) throw new NotFoundError(field, `shipment "${shipmentId}" is not watched`);
    if (known.stoppedReason === 'NOT_FOUND') {
      throw new NotFoundError(field, `shipment "${shipmentId}" is no longer watched (polling stopped: the carrier did not know the number after ${known.failures} polls)`);
    }
    throw new NotFoundError(
      field,
      known.lastStatus && known.nextPollAt === null && known.lastPolledAt !== null
        ? `shipment "${shipmentId}" is no longer watched (polling stopped; last status ${known.lastStatus.status})`
        : `shipment "${shipmentId}" is no longer watched`,
    );
  }

  /** The watch with this id (`ShipmentWatch:<n>`, checked: BAD_USER_INPUT on `field`); null when there is none. */
  async getWatch(id: string, field = 'id'): Promise<StoredWatch | null> {
    return this.watches.getBySerial(checkWatchId(id, field));
  }

  /** The watch of the shipment any of its ids names (checked: BAD_USER_INPUT on `field`); null when not watched. */
  async watchOfShipment(shipmentId: string, field = 'shipmentId'): Promise<StoredWatch | null> {
    const checked = checkShipmentId(shipmentId, field);
    return this.watches.findForShipmentId(checked.id, checked.parts, { byNumberAlone: this.options.tracking.numbersReused(checked.parts.carrier) });
  }

  list(activeOnly = true): Promise<StoredWatch[]> {
    return this.watches.list(activeOnly);
  }

  /** One page of watches, oldest first, after the watch with id `afterId` (`ShipmentWatch:<n>`, checked on `field`). */
  listPage(activeOnly: boolean, afterId: string | null, limit: number, field = 'after'): Promise<StoredWatch[]> {
    return this.watches.listPage(activeOnly, afterId === null ? null : checkWatchId(afterId, field), limit);
  }

  /**
   * Polls due watches after `firstDelayMs` (default at once), then `tickMs` after each pass ends, until `stop()` (a
   * PeriodicJob: a root span a pass).
   */
  start(firstDelayMs = 0): void {
    if (this.job.started) return;
    this.stopRequested = false;
    this.job.start(firstDelayMs);
    this.options.logger.info(
      { tickMs: this.settings.tickMs, defaultIntervalMs: this.settings.intervals.defaultMs, nearDeliveryIntervalMs: this.settings.intervals.nearDeliveryMs },
      'watcher: polling started',
    );
  }

  /** Stops the loop and waits for a pass in progress to finish. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    await this.job.stop();
  }

  /** Claims and polls due watches until a claim comes back short (nothing more is due). */
  async pollDue(now: Date = this.now()): Promise<PollReport> {
    const total = emptyReport();
    for (;;) {
      const report = await this.pollOnce(now);
      for (const key of Object.keys(total) as Array<keyof PollReport>) total[key] += report[key];
      if (report.claimed < this.settings.batchLimit || this.stopRequested) return total;
    }
  }

  /** One claim of up to `batchLimit` due watches, polled. */
  async pollOnce(now: Date = this.now()): Promise<PollReport> {
    const report = emptyReport();
    const claimed = await this.watches.claimDue(now, this.settings.batchLimit, new Date(now.getTime() + this.settings.leaseMs));
    report.claimed = claimed.length;
    if (claimed.length === 0) return report;

    const byRoute = new Map<string, { route: TrackingRoute; items: Array<{ watch: StoredWatch; request: TrackRequest }> }>();
    for (const watch of claimed) {
      const request = toTrackRequest(watch);
      const route = this.options.tracking.route(request);
      const group = byRoute.get(route.name) ?? { route, items: [] };
      group.items.push({ watch, request });
      byRoute.set(route.name, group);
    }
    await Promise.all(
      [...byRoute.values()].map(async ({ route, items }) => {
        // As many numbers a call as the interface's connector takes (its maxBatchSize).
        const size = Math.max(1, route.connector?.maxBatchSize ?? 1);
        for (let i = 0; i < items.length; i += size) {
          const chunk = items.slice(i, i + size);
          report.calls += 1;
          const outcomes = await this.options.tracking.trackOnRoute(route, chunk.map((item) => item.request));
          for (const [index, item] of chunk.entries()) {
            await this.settle(item.watch, outcomes[index], now, report);
          }
        }
      }),
    );
    return report;
  }

  private checkWatchable(request: TrackRequest, path: string): void {
    const at = (field: string) => (path ? `${path}.${field}` : field);
    // An interface that pushes its status changes is followed by a push subscription, not a watch: its module says so.
    const refusal = this.options.tracking.unwatchable(request);
    if (refusal) throw new InputError(at(refusal.field), refusal.message);
    const route = this.options.tracking.route(request);
    if (!route.connector) {
      throw new UpstreamError(`${route.name} is not configured on this server`, { code: 'UPSTREAM_NOT_CONFIGURED', upstream: route.name });
    }
  }

  /** Records one watch's outcome: its scans to the log and its latest status, in one transaction. */
  private async settle(watch: StoredWatch, outcome: TrackOutcome | undefined, now: Date, report: PollReport): Promise<void> {
    try {
      const shipments = outcome?.ok ? matchingShipments(watch, outcome.shipments) : [];
      if (!outcome?.ok || shipments.length === 0) {
        const error = outcome && !outcome.ok ? outcome.error : null;
        report.failed += 1;
        const failures = watch.failures + 1;
        const failure = error
          ? { code: error.code, message: error.message }
          : outcome?.ok
            ? { code: 'UPSTREAM_NOT_FOUND', message: `the answer has no shipment matching ${watch.shipmentId}` }
            : { code: 'UPSTREAM_UNAVAILABLE', message: 'no answer for this shipment' };
        // A number the carrier still does not know after a run of backed-off polls (one it never had, or one it no
        // longer has, like a sandbox restarted on an older store) stops here, visibly, instead of being polled for ever.
        const giveUp = failure.code === 'UPSTREAM_NOT_FOUND' && failures >= this.settings.notFoundGiveUpPolls;
        const nextPollAt = giveUp ? null : nextPollAfterFailure(failures, now, this.settings.intervals, error?.retryAt ?? null);
        await this.watches.recordFailure(watch.shipmentId, { polledAt: now, nextPollAt, error: failure });
        if (giveUp) {
          report.stopped += 1;
          this.options.metrics?.watchesStopped.inc({ reason: 'NOT_FOUND' });
          this.options.logger.warn(
            { shipmentId: watch.shipmentId, trackingNumber: watch.trackingNumber, carrier: watch.carrier, failures },
            'watcher: stopped polling a number the carrier does not know (watch it again to resume)',
          );
          return;
        }
        this.options.logger.warn(
          { shipmentId: watch.shipmentId, code: failure.code, failures, nextPollAt: nextPollAt!.toISOString() },
          'watcher: poll failed',
        );
        return;
      }
      const primary = shipments[0]!;
      const changes = shipments.flatMap((shipment) => scanChangesOf(shipment, watch.references));
      const nextPollAt = nextPollAfterSuccess(shipments, now, this.settings.intervals);
      // Awaited before adding: `report.recorded += await ...` reads the total before the await, and routes settle
      // concurrently (Promise.all in pollOnce), so one route's count would overwrite another's.
      const recordedNow = await this.options.store.transaction(async (tx) => {
        let recorded = 0;
        for (const change of changes) {
          if (await this.options.statusLog.append(tx, change)) recorded += 1;
        }
        for (const shipment of shipments) await this.options.statusLog.saveSnapshot?.(shipment, tx);
        const watches = new WatchStore(tx);
        // A watch made before the carrier knew the number (or before ids were canonical) takes the shipment's id now.
        let shipmentId = watch.shipmentId;
        if (shipments.length === 1 && primary.id !== watch.shipmentId) {
          await watches.correctShipmentId(watch.shipmentId, primary.id, primary.carrierUniqueId);
          shipmentId = primary.id;
        }
        await watches.recordSuccess(shipmentId, {
          status: primary.status,
          references: primary.references.length > 0 ? primary.references : watch.references,
          polledAt: now,
          nextPollAt,
        });
        return recorded;
      });
      report.recorded += recordedNow;
      if (recordedNow > 0) this.options.metrics?.statusChangesRecorded.inc({ source: 'POLL' }, recordedNow);
      if (nextPollAt === null) {
        report.stopped += 1;
        this.options.metrics?.watchesStopped.inc({ reason: 'TERMINAL_STATUS' });
      }
    } catch (error) {
      // The claim's lease runs out and the watch is polled again; one bad row never stops the pass.
      report.failed += 1;
      this.options.logger.error({ err: error, shipmentId: watch.shipmentId }, 'watcher: recording a poll failed');
    }
  }
}

/** A reused number (Carrier B) answers with several shipments: a watch with the carrier's unique id follows only its own. */
function matchingShipments(watch: ShipmentWatch, shipments: readonly Shipment[]): Shipment[] {
  return watch.carrierUniqueId ? shipments.filter((s) => s.carrierUniqueId === watch.carrierUniqueId) : [...shipments];
}

function toTrackRequest(watch: ShipmentWatch): TrackRequest {
  return {
    carrier: watch.carrier,
    trackingNumber: watch.trackingNumber,
    division: watch.division,
    carrierCode: watch.carrierCode,
    carrierUniqueId: watch.carrierUniqueId,
    shipDateBegin: null,
    shipDateEnd: null,
    language: null,
    ecommerceIdType: watch.ecommerceIdType,
    // The full scan history: new scans are what a watch is for.
    includeEvents: true,
  };
}
