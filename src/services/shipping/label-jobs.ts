/**
 * The steps of a label's durable job (issue 9 item 3), each one carrier call and one guarded write:
 * - `recordCreate`: what the single create call answered (PURCHASED, PENDING with a job, UNKNOWN, FAILED);
 * - `poll`: one results call for a Carrier B async job (documents, or later with backoff; past the deadline UNKNOWN);
 * - `reconcile`: one lookup by purchase reference for an UNKNOWN label (FOUND -> PURCHASED, NOT_CREATED made after
 *   the carrier's processing grace -> FAILED, anything else -> later with backoff; past the deadline the label stays
 *   UNKNOWN and is no longer pursued); a carrier without a lookup leaves it UNKNOWN for an operator to settle;
 * - `watchLate`: a label failed by a reconciliation is looked up again for SHIPPING_LATE_WATCH_MS (FOUND -> PURCHASED
 *   with a FOUND_AFTER_FAILED warning);
 * - `presumeLost`: a PENDING label whose creating process's lease ran out -> UNKNOWN, then reconciled.
 *
 * Deadline (SHIPPING_JOB_DEADLINE_MS, docs/assumptions.md SH3): a job past it is NOT failed blind, since the carrier
 * accepted it and may still create the shipment; it becomes UNKNOWN and is reconciled by reference for one more
 * deadline. A reconciliation that stays inconclusive that long leaves the label UNKNOWN with nothing due (a retry with
 * the same key reconciles again); only a proof (NOT_CREATED) or a refusal makes a label FAILED.
 */
import type { ShippingConnector } from '../../carriers/types.js';
import { outcomeUnknown } from '../../carriers/types.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import type { CreateShipmentAnswer, CreatedShipment, LabelFailure } from '../../domain/shipping.js';
import type { StoredLabel } from '../../store/shipping-store.js';
import { documentsToStore, failureOf, type LabelFacts, type LabelRecords } from './label-records.js';
import type { ShippingMetrics } from './shipping-metrics.js';
import type { ShippingSettings } from './types.js';

/** A carrier's processing grace when its module sets none: far above any creation we saw held (ten minutes). */
export const DEFAULT_PROCESSING_GRACE_MS = 600_000;
const DEFAULT_LATE_WATCH_MS = 86_400_000;
const DEFAULT_LATE_WATCH_INTERVAL_MS = 900_000;

export class LabelJobs {
  constructor(
    private readonly records: LabelRecords,
    private readonly settings: ShippingSettings,
    private readonly metrics: ShippingMetrics,
    private readonly now: () => Date,
  ) {}

  /** Wait before attempt `attempts + 1`: the base doubling per attempt, capped. */
  backoff(attempts: number): number {
    const exponent = Math.min(30, Math.max(0, attempts - 1));
    return Math.min(this.settings.retryMaxMs, this.settings.retryBaseMs * 2 ** exponent);
  }

  private later(ms: number): Date {
    return new Date(this.now().getTime() + ms);
  }

  /**
   * Stores what the one create call answered (`answer`), or why it failed (`error`). Returns the label as stored when
   * this made it PURCHASED (null otherwise: read it).
   */
  async recordCreate(
    label: LabelFacts,
    connector: ShippingConnector,
    result: { answer: CreateShipmentAnswer } | { error: unknown },
  ): Promise<StoredLabel | null> {
    const carrier = label.carrier;
    if ('answer' in result) {
      if (result.answer.kind === 'CREATED') {
        const stored = await this.storeCreated(label, connector, result.answer.shipment);
        this.metrics.purchases.inc({ carrier, outcome: 'PURCHASED' });
        return stored;
      }
      const job = result.answer.job;
      await this.records.update(
        label.id,
        {
          jobId: job.jobId,
          warnings: job.warnings,
          nextAttemptAt: this.later(this.settings.retryBaseMs),
          deadlineAt: this.later(this.settings.jobDeadlineMs),
        },
        { states: ['PENDING'] },
        this.now(),
      );
      this.metrics.purchases.inc({ carrier, outcome: 'PENDING' });
      return null;
    }
    const failure = failureOf(result.error);
    // Anything but a typed refusal may have reached the carrier (a bug after sending included): reconcile, never guess.
    if (outcomeUnknown(result.error) || failure.code === 'INTERNAL_ERROR') {
      await this.records.update(
        label.id,
        { state: 'UNKNOWN', failure, nextAttemptAt: this.later(this.settings.retryBaseMs), deadlineAt: this.later(this.settings.jobDeadlineMs) },
        { states: ['PENDING'] },
        this.now(),
      );
      this.metrics.purchases.inc({ carrier, outcome: 'UNKNOWN' });
      return null;
    }
    await this.records.update(label.id, { state: 'FAILED', failure, nextAttemptAt: null }, { states: ['PENDING'] }, this.now());
    this.metrics.purchases.inc({ carrier, outcome: 'FAILED' });
    return null;
  }

  /**
   * PURCHASED with documents (the label as stored; null when it had moved on); a failure to store leaves the label
   * UNKNOWN (the carrier created it: reconcile).
   */
  async storeCreated(label: LabelFacts, connector: ShippingConnector, shipment: CreatedShipment): Promise<StoredLabel | null> {
    const { documents, warnings } = await documentsToStore(shipment.documents, connector.downloadDocument?.bind(connector));
    try {
      return await this.records.purchased(label.id, shipment, documents, warnings, this.now(), {}, undefined, label);
    } catch (err) {
      // Nothing of the purchase was stored (one transaction). The shipment exists at the carrier, so the label must not
      // stay PENDING nor become FAILED: UNKNOWN, and a reconciliation finds it again by reference.
      const failure: LabelFailure = {
        code: 'STORE_FAILED',
        message: `the carrier created ${shipment.trackingNumber} but storing it failed: ${err instanceof Error ? err.message : String(err)}`,
        carrierCode: null,
        transactionId: shipment.transactionId,
      };
      await this.records
        .update(
          label.id,
          { state: 'UNKNOWN', failure, nextAttemptAt: this.later(this.settings.retryBaseMs), deadlineAt: this.later(this.settings.jobDeadlineMs) },
          { states: ['PENDING', 'UNKNOWN'] },
          this.now(),
        )
        .catch(() => false); // the store is failing: the lease hands the label to the worker later
      throw err;
    }
  }

  /** One results call for an async job the worker claimed (`label.attempts` is the claim). */
  async poll(label: StoredLabel, connector: ShippingConnector): Promise<void> {
    const jobId = label.jobId;
    if (!jobId || !connector.jobResult) {
      await this.toUnknown(label, { code: 'JOB_NOT_POLLABLE', message: 'the connector cannot poll this job', carrierCode: null, transactionId: null });
      return;
    }
    let running = true;
    let lastError: LabelFailure | null = null;
    try {
      const result = await connector.jobResult(jobId, label.accountNumber);
      if (result.kind === 'CREATED') {
        running = false;
        if (await this.storeCreated(label, connector, result.shipment)) this.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'PURCHASED' });
      }
    } catch (err) {
      lastError = failureOf(err);
    }
    if (!running) return;
    const now = this.now();
    if (label.deadlineAt && now >= label.deadlineAt) {
      await this.toUnknown(label, {
        code: 'JOB_DEADLINE_PASSED',
        message: `job ${jobId} gave no documents within SHIPPING_JOB_DEADLINE_MS (${this.settings.jobDeadlineMs} ms); reconciling by reference`,
        carrierCode: lastError?.carrierCode ?? null,
        transactionId: lastError?.transactionId ?? null,
      });
      this.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'UNKNOWN' });
      return;
    }
    await this.records.update(
      label.id,
      { nextAttemptAt: this.later(this.backoff(label.attempts)), ...(lastError ? { failure: lastError } : {}) },
      { states: ['PENDING'], attempts: label.attempts },
      now,
    );
  }

  /** A PENDING label whose creating process stopped renewing it (its lease passed): UNKNOWN, then reconciled. */
  async presumeLost(label: StoredLabel, connector: ShippingConnector): Promise<void> {
    const moved = await this.toUnknown(label, {
      code: 'PROCESS_LOST',
      message: 'the process buying this label stopped before storing the answer; reconciling by reference',
      carrierCode: null,
      transactionId: null,
    });
    if (!moved) return;
    const now = await this.records.label(label.id);
    if (now?.state === 'UNKNOWN') await this.reconcile(now, connector);
  }

  private async toUnknown(label: StoredLabel, failure: LabelFailure): Promise<boolean> {
    return this.records.update(
      label.id,
      { state: 'UNKNOWN', failure, jobId: label.jobId, nextAttemptAt: this.now(), deadlineAt: this.later(this.settings.jobDeadlineMs) },
      { states: ['PENDING'], attempts: label.attempts },
      this.now(),
    );
  }

  /** When a lookup may prove "not created": the creation was sent, and the carrier's processing grace passed. */
  graceEnds(label: StoredLabel, connector: ShippingConnector): Date {
    const sentAt = label.sentAt ?? label.createdAt;
    return new Date(sentAt.getTime() + (connector.processingGraceMs ?? DEFAULT_PROCESSING_GRACE_MS));
  }

  /**
   * One reconciliation of an UNKNOWN label by its purchase reference. `label.attempts` is the caller's claim: the
   * backoff write counts only if it is still the latest; the conclusive writes count while the label is UNKNOWN.
   *
   * "Nothing found" proves NOT_CREATED only from a lookup made after the grace (the creation may be held by the network
   * or the carrier far beyond our timeout and made later); earlier it is inconclusive, and a lookup is due once the
   * grace ends. A label failed this way is then watched for a late appearance (`watchLate`).
   */
  async reconcile(label: StoredLabel, connector: ShippingConnector): Promise<void> {
    if (!connector.reconcile) {
      await this.notReconcilable(label);
      return;
    }
    let reason: string;
    let lastFailure: LabelFailure | null = null;
    const graceEnds = this.graceEnds(label, connector);
    const lookedAt = this.now();
    try {
      const sentAt = label.sentAt ?? label.createdAt;
      const result = await connector.reconcile({ ...label.request, purchaseReference: label.purchaseReference }, sentAt);
      if (result.kind === 'FOUND') {
        if (await this.storeCreated(label, connector, result.shipment)) this.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'PURCHASED' });
        return;
      }
      if (result.kind === 'NOT_CREATED' && lookedAt >= graceEnds) {
        const failure: LabelFailure = {
          code: 'NOT_CREATED',
          message: `a reconciliation by reference ${label.purchaseReference}, made after the carrier's processing grace, found no shipment${label.failure ? ` (the call had failed: ${label.failure.code} ${label.failure.message})` : ''}; it is looked up again for a while in case it appears late`,
          carrierCode: label.failure?.carrierCode ?? null,
          transactionId: label.failure?.transactionId ?? null,
        };
        const watch = { nextAttemptAt: this.later(this.lateWatchIntervalMs()), deadlineAt: this.later(this.settings.lateWatchMs ?? DEFAULT_LATE_WATCH_MS) };
        if (await this.records.update(label.id, { state: 'FAILED', failure, ...watch }, { states: ['UNKNOWN'] }, this.now())) {
          this.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'FAILED' });
        }
        return;
      }
      reason = result.kind === 'NOT_CREATED' ? `no shipment yet; the carrier may still be creating it until ${graceEnds.toISOString()}` : result.reason;
    } catch (err) {
      lastFailure = failureOf(err);
      reason = `${lastFailure.code}: ${lastFailure.message}`;
    }
    const now = this.now();
    // Never given up before the grace ends: until then nothing, not even the deadline, says the creation is over.
    const pastDeadline = label.deadlineAt !== null && now >= label.deadlineAt && now >= graceEnds;
    const failure: LabelFailure = {
      code: pastDeadline ? 'RECONCILE_DEADLINE_PASSED' : (label.failure?.code ?? 'UNKNOWN_OUTCOME'),
      message: pastDeadline
        ? `no reconciliation was conclusive within SHIPPING_JOB_DEADLINE_MS; last: ${reason}. A retry with the same key reconciles again`
        : (label.failure?.message ?? reason),
      carrierCode: label.failure?.carrierCode ?? lastFailure?.carrierCode ?? null,
      transactionId: label.failure?.transactionId ?? lastFailure?.transactionId ?? null,
    };
    const next = this.later(this.backoff(label.attempts));
    // A lookup is due right after the grace ends (the first one that can prove anything), whatever the backoff says.
    const nextAttemptAt = pastDeadline ? null : now < graceEnds && graceEnds < next ? graceEnds : next;
    await this.records.update(label.id, { failure, nextAttemptAt }, { states: ['UNKNOWN'], attempts: label.attempts }, now);
  }

  /** A carrier with no lookup by our reference: the label stays UNKNOWN, visible, until an operator settles it. */
  private async notReconcilable(label: StoredLabel): Promise<void> {
    const lost = label.failure ? ` (the call had failed: ${label.failure.code} ${label.failure.message})` : '';
    const failure: LabelFailure = {
      code: 'NOT_RECONCILABLE',
      message: `the answer was lost${lost} and this carrier offers no lookup by our reference; check with the carrier and settle it (settleLabel)`,
      carrierCode: label.failure?.carrierCode ?? null,
      transactionId: label.failure?.transactionId ?? null,
    };
    await this.records.update(label.id, { failure, nextAttemptAt: null }, { states: ['UNKNOWN'], attempts: label.attempts }, this.now());
  }

  private lateWatchIntervalMs(): number {
    return this.settings.lateWatchIntervalMs ?? DEFAULT_LATE_WATCH_INTERVAL_MS;
  }

  /**
   * One look at a label failed by a reconciliation, during its late watch (`deadlineAt`). Found: PURCHASED after all,
   * with a warning saying so; returns true (the caller logs it, the counter counts it). Otherwise looked at again
   * later, until the watch ends.
   */
  async watchLate(label: StoredLabel, connector: ShippingConnector): Promise<boolean> {
    const claim = { states: ['FAILED'] as const, attempts: label.attempts };
    if (connector.reconcile) {
      try {
        const result = await connector.reconcile({ ...label.request, purchaseReference: label.purchaseReference }, label.sentAt ?? label.createdAt);
        if (result.kind === 'FOUND') {
          const { documents, warnings } = await documentsToStore(result.shipment.documents, connector.downloadDocument?.bind(connector));
          const late: CarrierWarning = {
            code: 'FOUND_AFTER_FAILED',
            message: `This label was recorded FAILED (${label.failure?.code ?? 'NOT_CREATED'}: a lookup found nothing), but the carrier's shipment appeared later: it is PURCHASED. Check that it was not bought again in its place.`,
            type: 'WARNING',
          };
          const stored = await this.records.purchased(label.id, result.shipment, documents, [late, ...warnings], this.now(), {}, claim);
          if (stored) {
            this.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'PURCHASED' });
            this.metrics.foundAfterFailed.inc({ carrier: label.carrier });
          }
          return stored !== null;
        }
      } catch {
        // A failed look proves nothing either way: looked at again at the next interval.
      }
    }
    const now = this.now();
    const over = !connector.reconcile || (label.deadlineAt !== null && now >= label.deadlineAt);
    await this.records.update(label.id, { nextAttemptAt: over ? null : this.later(this.lateWatchIntervalMs()) }, claim, now);
    return false;
  }
}
