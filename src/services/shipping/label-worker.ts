/**
 * The label worker (issue 9 item 3): every SHIPPING_WORKER_INTERVAL_MS it claims due labels with FOR UPDATE SKIP
 * LOCKED (ShippingStore.claimDue), so replicas on one PostgreSQL share the work and one label is handled by one
 * replica at a time, and takes one step of each label's job: poll an async job, reconcile an UNKNOWN label, presume
 * lost a PENDING label whose creating process's lease ran out, or look again at a label failed by a reconciliation
 * (its late watch). It also follows purchased labels whose tracking from
 * birth is still missing, and purges expired idempotency keys. All its state
 * is in the store, so it resumes after a restart; `stop()` waits for the running pass. The passes run on a PeriodicJob
 * (src/platform/periodic.ts): one root span `label-worker` per pass.
 */
import type { Registry } from 'prom-client';
import type { ShippingConnector } from '../../carriers/types.js';
import type { Logger } from '../../platform/logger.js';
import { PeriodicJob } from '../../platform/periodic.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import { ShippingStore, type StoredLabel } from '../../store/shipping-store.js';
import type { Store } from '../../store/store.js';
import type { LabelJobs } from './label-jobs.js';
import type { LabelRecords } from './label-records.js';
import type { ShippingMetrics } from './shipping-metrics.js';
import type { ShippingSettings } from './types.js';

export interface LabelWorkerDeps {
  store: Store;
  jobs: LabelJobs;
  records: LabelRecords;
  settings: ShippingSettings;
  metrics: ShippingMetrics;
  logger: Logger;
  now: () => Date;
  connectorFor(label: StoredLabel): ShippingConnector | null;
  /** Asks the carrier again for cancellations whose answer was lost (cancel-settling.ts); returns how many. */
  settleCancellations?: () => Promise<number>;
  /** Counts the worker's passes by outcome (background_job_runs_total) on this registry when given. */
  registry?: Registry | null;
}

export class LabelWorker {
  private readonly job: PeriodicJob<number>;

  constructor(private readonly deps: LabelWorkerDeps) {
    this.job = new PeriodicJob({
      name: 'label-worker',
      run: () => this.runPass(),
      intervalMs: deps.settings.workerIntervalMs,
      logger: deps.logger,
      registry: deps.registry ?? null,
    });
  }

  /** The first pass after `firstDelayMs` (default at once), then one every SHIPPING_WORKER_INTERVAL_MS after the previous ends. */
  start(firstDelayMs = 0): void {
    this.job.start(firstDelayMs);
  }

  /** Stops scheduling passes and waits for the running one. */
  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One pass: claims due labels and takes one step of each; returns how many labels it handled. */
  async runPass(): Promise<number> {
    const { store, settings, now, logger, metrics } = this.deps;
    try {
      const db = new ShippingStore(store);
      const purged = await new IdempotencyKeyStore(store).purgeExpiredKeys(now());
      if (purged > 0) metrics.workerLabels.inc({ action: 'purged_keys' }, purged);
      const claimed = await db.claimDue(now(), settings.workerBatch ?? 50, new Date(now().getTime() + settings.leaseMs));
      // Each label's step is one carrier call; they run side by side (one failing never holds up the others).
      await Promise.all(claimed.map((label) => this.step(label)));
      await this.deps.settleCancellations?.();
      // Purchased labels whose tracking from birth is still missing (the hook failed, or the buying process died
      // before it ran): followed now, once the buying process's own attempt had a lease's time.
      const unfollowed = await db.claimUnfollowed(now(), new Date(now().getTime() - settings.leaseMs), settings.workerBatch ?? 50);
      await Promise.all(unfollowed.map((id) => this.deps.records.follow(id)));
      if (unfollowed.length > 0) metrics.workerLabels.inc({ action: 'follow' }, unfollowed.length);
      metrics.workerPasses.inc({ outcome: 'ok' });
      return claimed.length;
    } catch (err) {
      metrics.workerPasses.inc({ outcome: 'error' });
      logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'label worker pass failed');
      return 0;
    }
  }

  private async step(label: StoredLabel): Promise<void> {
    const { jobs, records, metrics, logger, now } = this.deps;
    try {
      const connector = label.kind === 'OUTBOUND' ? this.deps.connectorFor(label) : null;
      if (label.state === 'FAILED') {
        // Failed by a reconciliation, watched for a late appearance of the carrier's shipment.
        metrics.workerLabels.inc({ action: 'watch_late' });
        if (!connector) {
          await records.update(label.id, { nextAttemptAt: null }, { states: ['FAILED'], attempts: label.attempts }, now());
        } else if (await jobs.watchLate(label, connector)) {
          logger.warn(
            { labelId: label.id, carrier: label.carrier, purchaseReference: label.purchaseReference },
            'a label recorded FAILED (not created) was found at the carrier after all: now PURCHASED; check it was not bought again',
          );
        }
        return;
      }
      if (!connector) {
        // A return (no carrier offers a lookup for it) or a carrier no longer configured: nothing can settle it here.
        await records.update(
          label.id,
          {
            state: 'UNKNOWN',
            nextAttemptAt: null,
            failure: label.failure ?? {
              code: 'NOT_RECONCILABLE',
              message: 'the outcome was lost and this label cannot be looked up by reference; check with the carrier',
              carrierCode: null,
              transactionId: null,
            },
          },
          { states: ['PENDING', 'UNKNOWN'], attempts: label.attempts },
          now(),
        );
        metrics.workerLabels.inc({ action: 'not_reconcilable' });
        return;
      }
      if (label.state === 'PENDING' && label.jobId) {
        metrics.workerLabels.inc({ action: 'poll' });
        await jobs.poll(label, connector);
      } else if (label.state === 'PENDING') {
        metrics.workerLabels.inc({ action: 'lost' });
        await jobs.presumeLost(label, connector);
      } else {
        metrics.workerLabels.inc({ action: 'reconcile' });
        await jobs.reconcile(label, connector);
      }
    } catch (err) {
      // The claim's lease makes the label due again later; nothing else to undo.
      logger.warn({ labelId: label.id, err: err instanceof Error ? err.message : String(err) }, 'label job step failed');
    }
  }
}
