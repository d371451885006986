import { OutboxStore } from '../../store/outbox-store.js';
/** Ends a pass when the bridge cannot take more now (the rows not settled were rescheduled). */
class PassStopped extends Error {
    reason;
    constructor(reason) {
        super(reason);
        this.reason = reason;
    }
}
export class AnalyticsExporter {
    deps;
    timer = null;
    running = null;
    stopped = true;
    /** Until when export is stopped because the bridge refused the Server key; null while it is not. */
    haltedUntil = null;
    now;
    random;
    constructor(deps) {
        this.deps = deps;
        this.now = deps.now ?? (() => new Date());
        this.random = deps.random ?? Math.random;
    }
    /** True while export is stopped for refused credentials. */
    get halted() {
        return this.haltedUntil !== null;
    }
    start() {
        if (!this.stopped)
            return;
        this.stopped = false;
        this.schedule(0);
    }
    /** Stops scheduling passes and waits for the running one (SIGTERM: what it claimed is settled or rescheduled). */
    async stop() {
        this.stopped = true;
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = null;
        await this.running;
    }
    schedule(delayMs) {
        if (this.stopped)
            return;
        this.timer = setTimeout(() => {
            this.timer = null;
            let full = false;
            this.running = this.runPass()
                .then((result) => {
                full = result.claimed >= this.deps.settings.batchSize && result.stoppedBy === null;
            })
                .catch((err) => this.deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'analytics export pass failed (its rows are due again after the lease)'))
                .finally(() => {
                this.running = null;
                // A full batch means more is waiting: the next pass starts at once, so a backlog drains at the bridge's pace.
                this.schedule(full ? 0 : this.deps.settings.intervalMs);
            });
        }, delayMs);
        this.timer.unref?.();
    }
    /** One pass: claims a batch, sends it, settles every row it claimed (or reschedules what it could not). */
    async runPass() {
        const { store, settings, metrics } = this.deps;
        const result = { claimed: 0, exported: 0, deadLettered: 0, stoppedBy: null };
        const now = this.now();
        if (this.haltedUntil && now < this.haltedUntil)
            return { ...result, stoppedBy: 'HALTED' };
        const outbox = new OutboxStore(store);
        // While halted, one event probes whether the key is accepted again.
        const entries = await outbox.claimDue(now, this.haltedUntil ? 1 : settings.batchSize, new Date(now.getTime() + settings.leaseMs));
        result.claimed = entries.length;
        if (entries.length === 0)
            return result;
        const pass = { outbox, claimed: entries.map((e) => e.id), settled: new Set(), result };
        const batch = [];
        for (const entry of entries) {
            try {
                batch.push({ entry, record: this.deps.shape(entry, this.deps.policy) });
            }
            catch (err) {
                // A bug or a value the shaping cannot express: set aside with the reason, never blocking the others.
                await this.deadLetter(pass, entry, 'shaping', `could not be shaped: ${err instanceof Error ? err.message : String(err)}`);
            }
        }
        try {
            await this.send(pass, batch);
        }
        catch (err) {
            if (!(err instanceof PassStopped))
                throw err;
            result.stoppedBy = err.reason;
        }
        return result;
    }
    async deadLetter(pass, entry, reason, why) {
        pass.settled.add(entry.id);
        if (!(await pass.outbox.deadLetter(entry.id, why)))
            return;
        if (reason === 'bridge')
            this.deps.metrics.rejected.inc();
        this.deps.metrics.deadLettered.inc({ reason });
        pass.result.deadLettered += 1;
        this.deps.logger.warn({ upstream: 'analytics', outboxId: entry.id, kind: entry.kind, reason: why }, 'analytics event dead-lettered');
    }
    async send(pass, batch) {
        if (batch.length === 0)
            return;
        const { metrics, logger } = this.deps;
        let answer;
        try {
            answer = await this.deps.client.importBatch(batch.map((c) => c.record));
        }
        catch (err) {
            // The client's contract is to answer, not throw; a throw is treated as the bridge being unavailable.
            answer = { kind: 'UNAVAILABLE', message: err instanceof Error ? err.message : String(err), retryAfterMs: null };
        }
        metrics.batches.inc({ outcome: answer.kind });
        switch (answer.kind) {
            case 'IMPORTED': {
                if (this.haltedUntil) {
                    this.haltedUntil = null;
                    metrics.halted.set(0);
                    logger.info({ upstream: 'analytics' }, 'analytics bridge accepts the Server key again: export resumed');
                }
                const ids = batch.map((c) => c.entry.id);
                const marked = await pass.outbox.markExported(ids, this.now());
                ids.forEach((id) => pass.settled.add(id));
                metrics.exported.inc(marked);
                pass.result.exported += marked;
                return;
            }
            case 'UNAUTHORIZED': {
                const at = this.now();
                this.haltedUntil = new Date(at.getTime() + this.deps.settings.unauthorizedRetryMs);
                metrics.unauthorized.inc();
                metrics.halted.set(1);
                // The events are kept, due at once (and the attempt not counted): sent when the key is accepted again.
                await this.release(pass, at, true);
                logger.error({ upstream: 'analytics', message: answer.message, retryAt: this.haltedUntil.toISOString() }, 'analytics bridge refused the Server key: export stopped, events kept; check ANALYTICS_SERVER_KEY');
                throw new PassStopped('UNAUTHORIZED');
            }
            case 'UNAVAILABLE': {
                const attempts = Math.max(...batch.map((c) => c.entry.attempts));
                const delayMs = Math.max(this.backoffMs(attempts), answer.retryAfterMs ?? 0);
                const left = await this.release(pass, new Date(this.now().getTime() + delayMs), false);
                logger.warn({ upstream: 'analytics', message: answer.message, retryInMs: delayMs, events: left }, 'analytics bridge unavailable: events kept for a retry');
                throw new PassStopped('UNAVAILABLE');
            }
            case 'REJECTED': {
                const [only] = batch;
                if (batch.length === 1 && only) {
                    await this.deadLetter(pass, only.entry, 'bridge', `the bridge refused it (HTTP ${answer.status}): ${answer.message}`);
                    return;
                }
                // The records the bridge named go alone (each proven unreadable by itself), then the rest; else two halves.
                const named = new Set((answer.failed ?? []).map((f) => f.index).filter((i) => Number.isInteger(i) && i >= 0 && i < batch.length));
                const half = Math.ceil(batch.length / 2);
                const parts = named.size > 0 && named.size < batch.length
                    ? [...[...named].sort((a, b) => a - b).map((i) => [batch[i]]), batch.filter((_, i) => !named.has(i))]
                    : [batch.slice(0, half), batch.slice(half)];
                for (const part of parts)
                    await this.send(pass, part);
                return;
            }
        }
    }
    /** The pass's rows not settled yet, due again at `at` (`giveBack`: this attempt is not counted). Returns how many. */
    async release(pass, at, giveBack) {
        const left = pass.claimed.filter((id) => !pass.settled.has(id));
        await pass.outbox.reschedule(left, at, giveBack);
        return left.length;
    }
    /** Exponential backoff with jitter: base * 2^(attempts-1), capped, then a random 50-100 % of it. */
    backoffMs(attempts) {
        const { retryBaseMs, retryMaxMs } = this.deps.settings;
        const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
        return Math.round(ceiling * (0.5 + this.random() * 0.5));
    }
}
