import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { InputError, NotFoundError, UpstreamError } from '../../domain/errors.js';
import { checkOptionalText, checkText } from '../../domain/text-bounds.js';
const COLUMNS = 'id, scope, subject, division, state, carrier_subscription_id, created_at, activated_at';
function iso(value) {
    return (value instanceof Date ? value : new Date(value)).toISOString();
}
function toSubscription(row) {
    return {
        id: row.id,
        scope: row.scope,
        subject: row.subject,
        division: row.division,
        state: row.state,
        carrierSubscriptionId: row.carrier_subscription_id,
        createdAt: iso(row.created_at),
        activatedAt: row.activated_at === null ? null : iso(row.activated_at),
    };
}
/** The secret is kept and compared only as its SHA-256: equal-length buffers for timingSafeEqual, nothing to leak. */
export function secretDigest(secret) {
    return createHash('sha256').update(secret, 'utf8').digest();
}
/**
 * Group A push subscription lifecycle (seed 000): "subscriber creates a subscription" -> the service "immediately
 * calls the subscriber's webhook with a confirmation carrying a validation secret" -> "subscriber verifies the
 * secret" -> activation. "A subscription by customer account requires business approval by the carrier before it
 * works." Subscriptions live in the store, so every replica knows them and the webhook of any replica can check a
 * secret.
 */
export class PushSubscriptionService {
    options;
    store;
    logger;
    /** Digests (hex) of secrets found valid, and until when they are trusted without asking the store. */
    validDigests = new Map();
    constructor(options) {
        this.options = options;
        this.store = options.store;
        this.logger = options.logger;
    }
    get configured() {
        return this.options.client !== null;
    }
    /**
     * Input is checked before any upstream call or write; problems are InputErrors naming `input.<field>`. The subject
     * is a tracking number or a customer account by scope, the division a division (src/domain/text-bounds.ts).
     */
    validate(raw) {
        const subject = checkText(raw.subject, 'input.subject', raw.scope === 'CUSTOMER_ACCOUNT' ? 'customerAccount' : 'trackingNumber');
        const division = checkOptionalText(raw.division, 'input.division', 'division');
        if (division !== null && !this.options.divisions.includes(division)) {
            throw new InputError('input.division', `unknown Group A division "${division}"; expected one of ${this.options.divisions.join(', ')}`);
        }
        return { scope: raw.scope, subject, division };
    }
    async create(raw) {
        const input = this.validate(raw);
        const client = this.requireClient('push create subscription');
        const id = `push_${randomUUID()}`;
        // Stored first, so the confirmation call (which may overtake the creation answer) finds the row.
        await this.store.query(`INSERT INTO push_subscriptions (id, scope, subject, division, state) VALUES ($1, $2, $3, $4, 'CREATED')`, [id, input.scope, input.subject, input.division]);
        let answer;
        try {
            answer = await client.create({
                type: input.scope === 'TRACKING_NUMBER' ? 'trackingNumber' : 'customerAccount',
                value: input.subject,
                service: input.division,
                callbackUrl: this.options.callbackUrl(),
            });
        }
        catch (error) {
            // Nothing was created at the carrier: leave no row behind.
            await this.store.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
            throw error;
        }
        await this.store.query('UPDATE push_subscriptions SET carrier_subscription_id = $2 WHERE id = $1', [id, answer.id]);
        this.logger.info({ pushSubscription: id, scope: input.scope, carrierStatus: answer.status }, 'push subscription created');
        return this.waitForConfirmation(id, this.options.confirmationWaitMs ?? 3_000);
    }
    async list(state) {
        const { rows } = state
            ? await this.store.query(`SELECT ${COLUMNS} FROM push_subscriptions WHERE state = $1 ORDER BY created_at, id`, [state])
            : await this.store.query(`SELECT ${COLUMNS} FROM push_subscriptions ORDER BY created_at, id`);
        return rows.map(toSubscription);
    }
    /**
     * One page of `list`, in the same order: up to `limit` subscriptions after the one with id `afterId` (from the
     * start when null); null when that subscription does not exist. Rows are never deleted (DELETED is a state), so a
     * cursor stays valid.
     */
    async listPage(state, afterId, limit) {
        if (afterId !== null && !(await this.get(afterId)))
            return null;
        const { rows } = await this.store.query(`SELECT ${COLUMNS} FROM push_subscriptions
       WHERE ($1::text IS NULL OR state = $1)
         AND ($2::text IS NULL OR (created_at, id) > (SELECT created_at, id FROM push_subscriptions WHERE id = $2))
       ORDER BY created_at, id LIMIT $3`, [state, afterId, limit]);
        return rows.map(toSubscription);
    }
    async get(id) {
        const { rows } = await this.store.query(`SELECT ${COLUMNS} FROM push_subscriptions WHERE id = $1`, [id]);
        return rows[0] ? toSubscription(rows[0]) : null;
    }
    /** Deletes at the carrier, then here; deleting a deleted subscription answers it unchanged. */
    async delete(rawId, field = 'id') {
        // Bounded and printable before the store sees it (a NUL would fail the query itself: an internal error).
        const id = checkText(rawId, field, 'id');
        const existing = await this.get(id);
        if (!existing)
            throw new NotFoundError(field, `no push subscription with id "${id}"`);
        if (existing.state === 'DELETED')
            return existing;
        if (existing.carrierSubscriptionId) {
            const client = this.requireClient('push delete subscription');
            try {
                await client.delete(existing.carrierSubscriptionId);
            }
            catch (error) {
                // Already gone at the carrier: the goal is reached.
                if (!(error instanceof UpstreamError && error.code === 'UPSTREAM_NOT_FOUND'))
                    throw error;
            }
        }
        const { rows } = await this.store.query(`UPDATE push_subscriptions SET state = 'DELETED', deleted_at = now(), secret_sha256 = NULL WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
        this.forgetDigests();
        return toSubscription(rows[0]);
    }
    /**
     * The carrier's confirmation call: verify its secret with the carrier, keep the secret's digest, and move on to
     * ACTIVE (by tracking number) or PENDING_APPROVAL (by customer account). The creation answer may still be on its
     * way, so an unknown carrier id is looked up again for a short while.
     */
    async confirm(carrierSubscriptionId, validationSecret, waitMs = 5_000) {
        const row = await this.findByCarrierId(carrierSubscriptionId, waitMs);
        if (!row || row.state !== 'CREATED') {
            this.logger.warn({ carrierSubscriptionId, known: row !== null }, 'push confirmation for no subscription awaiting one; ignored');
            return null;
        }
        const client = this.requireClient('push verify subscription');
        const answer = await client.verify(carrierSubscriptionId, validationSecret);
        const state = answer.status === 'active' ? 'ACTIVE' : 'PENDING_APPROVAL';
        const { rows } = await this.store.query(`UPDATE push_subscriptions SET state = $2, secret_sha256 = $3,
         activated_at = CASE WHEN $2 = 'ACTIVE' THEN now() ELSE activated_at END
       WHERE id = $1 AND state = 'CREATED' RETURNING ${COLUMNS}`, [row.id, state, secretDigest(validationSecret).toString('hex')]);
        this.forgetDigests();
        this.logger.info({ pushSubscription: row.id, state }, 'push subscription verified');
        return rows[0] ? toSubscription(rows[0]) : null;
    }
    /**
     * Whether a confirmation for this carrier id can be for us: some subscription is still CREATED with that carrier id,
     * or with none yet and created in the last 10 minutes (its creation answer has not arrived: the confirmation may
     * overtake it; a row a crash left without one does not keep the door open). Lets the webhook refuse
     * unsolicited confirmations (they carry no secret) before storing anything.
     */
    async awaitsConfirmation(carrierSubscriptionId) {
        const { rows } = await this.store.query(`SELECT 1 FROM push_subscriptions
       WHERE state = 'CREATED'
         AND (carrier_subscription_id = $1 OR (carrier_subscription_id IS NULL AND created_at > now() - interval '10 minutes'))
       LIMIT 1`, [carrierSubscriptionId]);
        return rows.length > 0;
    }
    /** Assumption P4: the carrier's approval call (carrying the secret) activates a customer-account subscription. */
    async approve(carrierSubscriptionId, presentedSecret) {
        const row = await this.findByCarrierId(carrierSubscriptionId, 0);
        if (!row)
            return 'unknown';
        const { rows } = await this.store.query('SELECT secret_sha256 FROM push_subscriptions WHERE id = $1', [row.id]);
        const stored = rows[0]?.secret_sha256;
        if (!stored || presentedSecret === undefined || !timingSafeEqual(Buffer.from(stored, 'hex'), secretDigest(presentedSecret))) {
            return 'unauthorized';
        }
        await this.store.query(`UPDATE push_subscriptions SET state = 'ACTIVE', activated_at = now() WHERE id = $1 AND state = 'PENDING_APPROVAL'`, [row.id]);
        this.logger.info({ pushSubscription: row.id }, 'push subscription approved by the carrier');
        return 'approved';
    }
    /**
     * Seed: "Authenticity is checked through the validation secret exchanged at activation". The presented secret is
     * hashed (SHA-256) and looked up among the live subscriptions' digests (indexed), then compared with
     * timingSafeEqual: the lookup's timing depends only on the digest, which tells nothing about any stored secret.
     * Nothing is cached for a miss, so a subscription verified a moment ago on any replica is accepted at once; a hit is
     * trusted for `secretCacheMs`, so a subscription deleted elsewhere stops being accepted within that time.
     */
    async isValidSecret(presented) {
        if (presented === undefined || presented.length === 0 || presented.length > 512)
            return false;
        const digest = secretDigest(presented);
        const hex = digest.toString('hex');
        const now = Date.now();
        if ((this.validDigests.get(hex) ?? 0) > now)
            return true;
        const { rows } = await this.store.query(`SELECT secret_sha256 FROM push_subscriptions WHERE secret_sha256 = $1 AND state IN ('ACTIVE', 'PENDING_APPROVAL') LIMIT 1`, [hex]);
        const stored = rows[0]?.secret_sha256;
        const valid = stored !== undefined && timingSafeEqual(Buffer.from(stored, 'hex'), digest);
        if (valid) {
            if (this.validDigests.size >= 10_000)
                this.validDigests.clear();
            this.validDigests.set(hex, now + (this.options.secretCacheMs ?? 5_000));
        }
        else {
            this.validDigests.delete(hex);
        }
        return valid;
    }
    forgetDigests() {
        this.validDigests.clear();
    }
    async findByCarrierId(carrierSubscriptionId, waitMs) {
        const deadline = Date.now() + waitMs;
        for (;;) {
            const { rows } = await this.store.query(`SELECT ${COLUMNS} FROM push_subscriptions WHERE carrier_subscription_id = $1`, [carrierSubscriptionId]);
            if (rows[0])
                return rows[0];
            if (Date.now() >= deadline)
                return null;
            await sleep(50);
        }
    }
    async waitForConfirmation(id, waitMs) {
        const deadline = Date.now() + waitMs;
        for (;;) {
            const current = await this.get(id);
            if (!current)
                throw new Error(`push subscription ${id} vanished`);
            if (current.state !== 'CREATED' || Date.now() >= deadline)
                return current;
            await sleep(50);
        }
    }
    requireClient(operation) {
        if (!this.options.client) {
            throw new UpstreamError('Group A push is not configured (set GROUP_A_TRACK_BASE_URL or GROUP_A_PUSH_BASE_URL)', {
                code: 'UPSTREAM_NOT_CONFIGURED',
                upstream: 'group-a/tracking',
                operation,
            });
        }
        return this.options.client;
    }
}
