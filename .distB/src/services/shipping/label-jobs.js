import { outcomeUnknown } from '../../carriers/types.js';
import { documentsToStore, failureOf } from './label-records.js';
export class LabelJobs {
    records;
    settings;
    metrics;
    now;
    constructor(records, settings, metrics, now) {
        this.records = records;
        this.settings = settings;
        this.metrics = metrics;
        this.now = now;
    }
    /** Wait before attempt `attempts + 1`: the base doubling per attempt, capped. */
    backoff(attempts) {
        const exponent = Math.min(30, Math.max(0, attempts - 1));
        return Math.min(this.settings.retryMaxMs, this.settings.retryBaseMs * 2 ** exponent);
    }
    later(ms) {
        return new Date(this.now().getTime() + ms);
    }
    /** Stores what the one create call answered (`answer`), or why it failed (`error`). */
    async recordCreate(label, connector, result) {
        const carrier = label.carrier;
        if ('answer' in result) {
            if (result.answer.kind === 'CREATED') {
                await this.storeCreated(label, connector, result.answer.shipment);
                this.metrics.purchases.inc({ carrier, outcome: 'PURCHASED' });
                return;
            }
            const job = result.answer.job;
            await this.records.update(label.id, {
                jobId: job.jobId,
                warnings: job.warnings,
                nextAttemptAt: this.later(this.settings.retryBaseMs),
                deadlineAt: this.later(this.settings.jobDeadlineMs),
            }, { states: ['PENDING'] }, this.now());
            this.metrics.purchases.inc({ carrier, outcome: 'PENDING' });
            return;
        }
        const failure = failureOf(result.error);
        // Anything but a typed refusal may have reached the carrier (a bug after sending included): reconcile, never guess.
        if (outcomeUnknown(result.error) || failure.code === 'INTERNAL_ERROR') {
            await this.records.update(label.id, { state: 'UNKNOWN', failure, nextAttemptAt: this.later(this.settings.retryBaseMs), deadlineAt: this.later(this.settings.jobDeadlineMs) }, { states: ['PENDING'] }, this.now());
            this.metrics.purchases.inc({ carrier, outcome: 'UNKNOWN' });
            return;
        }
        await this.records.update(label.id, { state: 'FAILED', failure, nextAttemptAt: null }, { states: ['PENDING'] }, this.now());
        this.metrics.purchases.inc({ carrier, outcome: 'FAILED' });
    }
    /** PURCHASED with documents; a failure to store leaves the label UNKNOWN (the carrier created it: reconcile). */
    async storeCreated(label, connector, shipment) {
        const { documents, warnings } = await documentsToStore(shipment.documents, connector.downloadDocument?.bind(connector));
        try {
            return await this.records.purchased(label.id, shipment, documents, warnings, this.now());
        }
        catch (err) {
            // Nothing of the purchase was stored (one transaction). The shipment exists at the carrier, so the label must not
            // stay PENDING nor become FAILED: UNKNOWN, and a reconciliation finds it again by reference.
            const failure = {
                code: 'STORE_FAILED',
                message: `the carrier created ${shipment.trackingNumber} but storing it failed: ${err instanceof Error ? err.message : String(err)}`,
                carrierCode: null,
                transactionId: shipment.transactionId,
            };
            await this.records
                .update(label.id, { state: 'UNKNOWN', failure, nextAttemptAt: this.later(this.settings.retryBaseMs), deadlineAt: this.later(this.settings.jobDeadlineMs) }, { states: ['PENDING', 'UNKNOWN'] }, this.now())
                .catch(() => false); // the store is failing: the lease hands the label to the worker later
            throw err;
        }
    }
    /** One results call for an async job the worker claimed (`label.attempts` is the claim). */
    async poll(label, connector) {
        const jobId = label.jobId;
        if (!jobId || !connector.jobResult) {
            await this.toUnknown(label, { code: 'JOB_NOT_POLLABLE', message: 'the connector cannot poll this job', carrierCode: null, transactionId: null });
            return;
        }
        let running = true;
        let lastError = null;
        try {
            const result = await connector.jobResult(jobId, label.accountNumber);
            if (result.kind === 'CREATED') {
                running = false;
                if (await this.storeCreated(label, connector, result.shipment))
                    this.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'PURCHASED' });
            }
        }
        catch (err) {
            lastError = failureOf(err);
        }
        if (!running)
            return;
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
        await this.records.update(label.id, { nextAttemptAt: this.later(this.backoff(label.attempts)), ...(lastError ? { failure: lastError } : {}) }, { states: ['PENDING'], attempts: label.attempts }, now);
    }
    /** A PENDING label whose creating process stopped renewing it (its lease passed): UNKNOWN, then reconciled. */
    async presumeLost(label, connector) {
        const moved = await this.toUnknown(label, {
            code: 'PROCESS_LOST',
            message: 'the process buying this label stopped before storing the answer; reconciling by reference',
            carrierCode: null,
            transactionId: null,
        });
        if (!moved)
            return;
        const now = await this.records.label(label.id);
        if (now?.state === 'UNKNOWN')
            await this.reconcile(now, connector);
    }
    async toUnknown(label, failure) {
        return this.records.update(label.id, { state: 'UNKNOWN', failure, jobId: label.jobId, nextAttemptAt: this.now(), deadlineAt: this.later(this.settings.jobDeadlineMs) }, { states: ['PENDING'], attempts: label.attempts }, this.now());
    }
    /**
     * One reconciliation of an UNKNOWN label by its purchase reference. `label.attempts` is the caller's claim: the
     * backoff write counts only if it is still the latest; the conclusive writes count while the label is UNKNOWN.
     */
    async reconcile(label, connector) {
        let reason;
        let lastFailure = null;
        try {
            const sentAt = label.sentAt ?? label.createdAt;
            const result = await connector.reconcile({ ...label.request, purchaseReference: label.purchaseReference }, sentAt);
            if (result.kind === 'FOUND') {
                if (await this.storeCreated(label, connector, result.shipment))
                    this.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'PURCHASED' });
                return;
            }
            if (result.kind === 'NOT_CREATED') {
                const failure = {
                    code: 'NOT_CREATED',
                    message: `a reconciliation by reference ${label.purchaseReference} proved the carrier created no shipment${label.failure ? ` (the call had failed: ${label.failure.code} ${label.failure.message})` : ''}`,
                    carrierCode: label.failure?.carrierCode ?? null,
                    transactionId: label.failure?.transactionId ?? null,
                };
                if (await this.records.update(label.id, { state: 'FAILED', failure, nextAttemptAt: null }, { states: ['UNKNOWN'] }, this.now())) {
                    this.metrics.resolutions.inc({ carrier: label.carrier, outcome: 'FAILED' });
                }
                return;
            }
            reason = result.reason;
        }
        catch (err) {
            lastFailure = failureOf(err);
            reason = `${lastFailure.code}: ${lastFailure.message}`;
        }
        const now = this.now();
        const pastDeadline = label.deadlineAt !== null && now >= label.deadlineAt;
        const failure = {
            code: pastDeadline ? 'RECONCILE_DEADLINE_PASSED' : (label.failure?.code ?? 'UNKNOWN_OUTCOME'),
            message: pastDeadline
                ? `no reconciliation was conclusive within SHIPPING_JOB_DEADLINE_MS; last: ${reason}. A retry with the same key reconciles again`
                : (label.failure?.message ?? reason),
            carrierCode: label.failure?.carrierCode ?? lastFailure?.carrierCode ?? null,
            transactionId: label.failure?.transactionId ?? lastFailure?.transactionId ?? null,
        };
        await this.records.update(label.id, { failure, nextAttemptAt: pastDeadline ? null : this.later(this.backoff(label.attempts)) }, { states: ['UNKNOWN'], attempts: label.attempts }, now);
    }
}
