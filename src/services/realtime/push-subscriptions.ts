import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CarrierInterface } from '../../domain/carrier.js';
import { InputError, NotFoundError, UpstreamError } from '../../domain/errors.js';
import type { PushSubscription, PushSubscriptionCoverage, PushSubscriptionScope, PushSubscriptionState } from '../../domain/push.js';
import { checkOptionalText, checkText } from '../../domain/text-bounds.js';
import type { Logger } from '../../platform/logger.js';
import type { Store } from '../../store/store.js';
import { throwInputErrors } from '../../domain/input-errors.js';

/** What the lifecycle needs from the carrier (the pushing module's client). */
export interface PushCarrierClient {
  create(request: {
    type: 'trackingNumber' | 'customerAccount';
    value: string;
    service: string | null;
    callbackUrl: string;
  }): Promise<{ id: string; status: string }>;
  verify(carrierSubscriptionId: string, validationSecret: string): Promise<{ status: 'active' | 'pending-approval' }>;
  delete(carrierSubscriptionId: string): Promise<void>;
}

/** A push subscription to make, as a client or a purchase's follow names it; `validate` checks it. */
export interface NewPushSubscription {
  scope: PushSubscriptionScope;
  subject: string;
  division?: string | null;
}

export interface PushSubscriptionServiceOptions {
  store: Store;
  /** Null when push is not configured: every call then fails with UPSTREAM_NOT_CONFIGURED (`notConfigured`). */
  client: PushCarrierClient | null;
  /** Our webhook's public URL, given to the carrier as the callback (known once the server listens). */
  callbackUrl: () => string;
  divisions: readonly string[];
  logger: Logger;
  /** The refusal when no client is configured: its message names what to set, `upstream` the pushing interface. */
  notConfigured?: { message: string; upstream: CarrierInterface };
  /** How long `create` waits for the confirmation call to be verified before answering; default 3000 ms. */
  confirmationWaitMs?: number;
  /**
   * How long a secret found valid is trusted without asking the store again (default 5000 ms): a subscription
   * deleted on another replica stops being accepted here within this time.
   */
  secretCacheMs?: number;
}


interface SubscriptionRow {
  id: string;
  scope: PushSubscriptionScope;
  subject: string;
  division: string | null;
  state: PushSubscriptionState;
  carrier_subscription_id: string | null;
  created_at: Date | string;
  activated_at: Date | string | null;
}

const COLUMNS = 'id, scope, subject, division, state, carrier_subscription_id, created_at, activated_at';

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toSubscription(row: SubscriptionRow): PushSubscription {
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

/** A live subscription holding a presented secret: what a push carrying that secret may be about. */
export interface SecretHolder extends PushSubscriptionCoverage {
  id: string;
}

/** The secret is kept and compared only as its SHA-256: equal-length buffers for timingSafeEqual, nothing to leak. */
export function secretDigest(secret: string): Buffer {
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
  private readonly store: Store;
  private readonly logger: Logger;
  /** Digests (hex) of secrets found valid, their holders, and until when they are trusted without asking the store. */
  private readonly validDigests = new Map<string, { until: number; holders: SecretHolder[] }>();

  constructor(private readonly options: PushSubscriptionServiceOptions) {
    this.store = options.store;
    this.logger = options.logger;
  }

  get configured(): boolean {
    return this.options.client !== null;
  }

  /**
   * Input is checked before any upstream call or write; problems are InputErrors naming `input.<field>`. The subject
   * is a tracking number or a customer account by scope, the division a division (src/domain/text-bounds.ts).
   */
  validate(raw: NewPushSubscription): { scope: PushSubscriptionScope; subject: string; division: string | null } {
    // Both fields checked, every refusal in one answer.
    const refusals: InputError[] = [];
    const checked = <T>(check: () => T): T | undefined => {
      try {
        return check();
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        refusals.push(error);
        return undefined;
      }
    };
    const subject = checked(() => checkText(raw.subject, 'input.subject', raw.scope === 'CUSTOMER_ACCOUNT' ? 'customerAccount' : 'trackingNumber'));
    const division = checked(() => checkOptionalText(raw.division, 'input.division', 'division'));
    if (division != null && !this.options.divisions.includes(division)) {
      refusals.push(new InputError('input.division', `unknown division "${division}"; expected one of ${this.options.divisions.join(', ')}`));
    }
    throwInputErrors(refusals);
    return { scope: raw.scope, subject: subject!, division: division ?? null };
  }

  async create(raw: NewPushSubscription): Promise<PushSubscription> {
    const input = this.validate(raw);
    const client = this.requireClient('push create subscription');
    const id = `push_${randomUUID()}`;
    // Stored first, so the confirmation call (which may overtake the creation answer) finds the row.
    await this.store.query(
      `INSERT INTO push_subscriptions (id, scope, subject, division, state) VALUES ($1, $2, $3, $4, 'CREATED')`,
      [id, input.scope, input.subject, input.division],
    );
    let answer: { id: string; status: string };
    try {
      answer = await client.create({
        type: input.scope === 'TRACKING_NUMBER' ? 'trackingNumber' : 'customerAccount',
        value: input.subject,
        service: input.division,
        callbackUrl: this.options.callbackUrl(),
      });
    } catch (error) {
      // Nothing was created at the carrier: leave no row behind.
      await this.store.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
      throw error;
    }
    await this.store.query('UPDATE push_subscriptions SET carrier_subscription_id = $2 WHERE id = $1', [id, answer.id]);
    this.logger.info({ pushSubscription: id, scope: input.scope, carrierStatus: answer.status }, 'push subscription created');
    return this.waitForConfirmation(id, this.options.confirmationWaitMs ?? 3_000);
  }

  async list(state: PushSubscriptionState | null): Promise<PushSubscription[]> {
    const { rows } = state
      ? await this.store.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM push_subscriptions WHERE state = $1 ORDER BY created_at, id`, [state])
      : await this.store.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM push_subscriptions ORDER BY created_at, id`);
    return rows.map(toSubscription);
  }

  /**
   * One page of `list`, in the same order: up to `limit` subscriptions after the one with id `afterId` (from the
   * start when null); null when that subscription does not exist. Rows are never deleted (DELETED is a state), so a
   * cursor stays valid.
   */
  async listPage(state: PushSubscriptionState | null, afterId: string | null, limit: number): Promise<PushSubscription[] | null> {
    if (afterId !== null && !(await this.get(afterId))) return null;
    const { rows } = await this.store.query<SubscriptionRow>(
      `SELECT ${COLUMNS} FROM push_subscriptions
       WHERE ($1::text IS NULL OR state = $1)
         AND ($2::text IS NULL OR (created_at, id) > (SELECT created_at, id FROM push_subscriptions WHERE id = $2))
       ORDER BY created_at, id LIMIT $3`,
      [state, afterId, limit],
    );
    return rows.map(toSubscription);
  }

  async get(id: string): Promise<PushSubscription | null> {
    const { rows } = await this.store.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM push_subscriptions WHERE id = $1`, [id]);
    return rows[0] ? toSubscription(rows[0]) : null;
  }

  /** Deletes at the carrier, then here; deleting a deleted subscription answers it unchanged. */
  async delete(rawId: string, field = 'id'): Promise<PushSubscription> {
    // Bounded and printable before the store sees it (a NUL would fail the query itself: an internal error).
    const id = checkText(rawId, field, 'id');
    const existing = await this.get(id);
    if (!existing) throw new NotFoundError(field, `no push subscription with id "${id}"`);
    if (existing.state === 'DELETED') return existing;
    if (existing.carrierSubscriptionId) {
      const client = this.requireClient('push delete subscription');
      try {
        await client.delete(existing.carrierSubscriptionId);
      } catch (error) {
        // Already gone at the carrier: the goal is reached.
        if (!(error instanceof UpstreamError && error.code === 'UPSTREAM_NOT_FOUND')) throw error;
      }
    }
    const { rows } = await this.store.query<SubscriptionRow>(
      `UPDATE push_subscriptions SET state = 'DELETED', deleted_at = now(), secret_sha256 = NULL WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    this.forgetDigests();
    return toSubscription(rows[0]!);
  }

  /**
   * The carrier's confirmation call: verify its secret with the carrier, keep the secret's digest, and move on to
   * ACTIVE (by tracking number) or PENDING_APPROVAL (by customer account). The creation answer may still be on its
   * way, so an unknown carrier id is looked up again for a short while.
   */
  async confirm(carrierSubscriptionId: string, validationSecret: string, waitMs = 5_000): Promise<PushSubscription | null> {
    const row = await this.findByCarrierId(carrierSubscriptionId, waitMs);
    if (!row || row.state !== 'CREATED') {
      this.logger.warn({ carrierSubscriptionId, known: row !== null }, 'push confirmation for no subscription awaiting one; ignored');
      return null;
    }
    const client = this.requireClient('push verify subscription');
    const answer = await client.verify(carrierSubscriptionId, validationSecret);
    const state: PushSubscriptionState = answer.status === 'active' ? 'ACTIVE' : 'PENDING_APPROVAL';
    const { rows } = await this.store.query<SubscriptionRow>(
      `UPDATE push_subscriptions SET state = $2, secret_sha256 = $3,
         activated_at = CASE WHEN $2 = 'ACTIVE' THEN now() ELSE activated_at END
       WHERE id = $1 AND state = 'CREATED' RETURNING ${COLUMNS}`,
      [row.id, state, secretDigest(validationSecret).toString('hex')],
    );
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
  async awaitsConfirmation(carrierSubscriptionId: string): Promise<boolean> {
    const { rows } = await this.store.query(
      `SELECT 1 FROM push_subscriptions
       WHERE state = 'CREATED'
         AND (carrier_subscription_id = $1 OR (carrier_subscription_id IS NULL AND created_at > now() - interval '10 minutes'))
       LIMIT 1`,
      [carrierSubscriptionId],
    );
    return rows.length > 0;
  }

  /** Assumption P4: the carrier's approval call (carrying the secret) activates a customer-account subscription. */
  async approve(carrierSubscriptionId: string, presentedSecret: string | undefined): Promise<'approved' | 'unauthorized' | 'unknown'> {
    const row = await this.findByCarrierId(carrierSubscriptionId, 0);
    if (!row) return 'unknown';
    const { rows } = await this.store.query<{ secret_sha256: string | null }>(
      'SELECT secret_sha256 FROM push_subscriptions WHERE id = $1',
      [row.id],
    );
    const stored = rows[0]?.secret_sha256;
    if (!stored || presentedSecret === undefined || !timingSafeEqual(Buffer.from(stored, 'hex'), secretDigest(presentedSecret))) {
      return 'unauthorized';
    }
    await this.store.query(
      `UPDATE push_subscriptions SET state = 'ACTIVE', activated_at = now() WHERE id = $1 AND state = 'PENDING_APPROVAL'`,
      [row.id],
    );
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
  async isValidSecret(presented: string | undefined): Promise<boolean> {
    return (await this.holdersOfSecret(presented)).length > 0;
  }

  /**
   * The live subscriptions holding the presented secret (none: not a valid secret), by the same digest lookup as
   * `isValidSecret`: a push is matched to the subscription whose secret it carries, and is taken only for what that
   * subscription covers (the webhook sets the rest aside). The carrier issues one secret per subscription; should two
   * hold the same, a push may be about what either covers.
   */
  async holdersOfSecret(presented: string | undefined): Promise<SecretHolder[]> {
    if (presented === undefined || presented.length === 0 || presented.length > 512) return [];
    const digest = secretDigest(presented);
    const hex = digest.toString('hex');
    const now = Date.now();
    const cached = this.validDigests.get(hex);
    if (cached && cached.until > now) return cached.holders;
    const { rows } = await this.store.query<SubscriptionRow & { secret_sha256: string }>(
      `SELECT ${COLUMNS}, secret_sha256 FROM push_subscriptions
       WHERE secret_sha256 = $1 AND state IN ('ACTIVE', 'PENDING_APPROVAL') ORDER BY created_at, id LIMIT 10`,
      [hex],
    );
    const holders = rows
      .filter((row) => timingSafeEqual(Buffer.from(row.secret_sha256, 'hex'), digest))
      .map((row) => ({ id: row.id, scope: row.scope, subject: row.subject, division: row.division }));
    if (holders.length > 0) {
      if (this.validDigests.size >= 10_000) this.validDigests.clear();
      this.validDigests.set(hex, { until: now + (this.options.secretCacheMs ?? 5_000), holders });
    } else {
      this.validDigests.delete(hex);
    }
    return holders;
  }

  private forgetDigests(): void {
    this.validDigests.clear();
  }

  private async findByCarrierId(carrierSubscriptionId: string, waitMs: number): Promise<SubscriptionRow | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await this.store.query<SubscriptionRow>(
        `SELECT ${COLUMNS} FROM push_subscriptions WHERE carrier_subscription_id = $1`,
        [carrierSubscriptionId],
      );
      if (rows[0]) return rows[0];
      if (Date.now() >= deadline) return null;
      await sleep(50);
    }
  }

  private async waitForConfirmation(id: string, waitMs: number): Promise<PushSubscription> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const current = await this.get(id);
      if (!current) throw new Error(`push subscription ${id} vanished`);
      if (current.state !== 'CREATED' || Date.now() >= deadline) return current;
      await sleep(50);
    }
  }

  private requireClient(operation: string): PushCarrierClient {
    if (!this.options.client) {
      const refusal = this.options.notConfigured ?? { message: 'push is not configured', upstream: 'push' };
      throw new UpstreamError(refusal.message, {
        code: 'UPSTREAM_NOT_CONFIGURED',
        upstream: refusal.upstream,
        operation,
      });
    }
    return this.options.client;
  }
}
