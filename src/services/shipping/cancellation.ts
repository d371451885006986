/**
 * Cancelling a label (Carrier B, express) or a return tag (issue 9 items 4 and 6): idempotent by key and by state
 * (a CANCELLED label answers its stored cancellation to any key without a call), one cancellation of a label at a time.
 * A cancellation whose answer was lost (timeout, reset, 5xx after sending) is UNKNOWN, visible on the label, its key
 * held from expiring; it is settled by asking the carrier again (a client's retry, with any key, or the label worker:
 * cancel-settling.ts), whose "already cancelled" settles the label CANCELLED (DESIGN.md "Shipping").
 */
import { outcomeUnknown } from '../../carriers/types.js';
import { InputError, UpstreamError } from '../../domain/errors.js';
import type { CancelResult, Label } from '../../domain/shipping.js';
import { LabelCancellationStore, type PendingCancellation } from '../../store/label-cancellations.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import type { StoredLabel } from '../../store/shipping-store.js';
import { AfterPurchase, named } from './after-purchase.js';
import { KEY_FIELD, type KeyScope } from './idempotency.js';
import { handleOf, publicLabel, recordLabelEvent } from './label-records.js';
import { requestHash } from './purchase-key.js';

/** Another request holds this label's cancellation (internal: answered as the stored result or an InputError). */
class CancellationBusy extends Error {}

/** Until when a key of an unsettled cancellation lives: held until the cancellation is settled. */
const HELD = new Date('9999-12-31T00:00:00.000Z');

/** Carrier answers that refuse the cancellation itself (it did not act): they settle an uncertain one as REFUSED. */
const REFUSALS = new Set(['UPSTREAM_BAD_REQUEST', 'UPSTREAM_NOT_FOUND']);

type Cancelled = { label: Label; result: CancelResult };

const scopeOf = (label: StoredLabel): KeyScope => (label.kind === 'RETURN' ? 'cancelReturn' : 'cancelShipment');
const lockScopeOf = (scope: KeyScope): string => `${scope}.label`;

export class Cancellations extends AfterPurchase {
  async cancelShipment(input: { labelId: string; reason: string | null; idempotencyKey: string }): Promise<Cancelled> {
    return this.cancel('cancelShipment', input.labelId, input.idempotencyKey, input.reason, { labelId: input.labelId, reason: input.reason });
  }

  async cancelReturn(input: { labelId: string; idempotencyKey: string }): Promise<Cancelled> {
    return this.cancel('cancelReturn', input.labelId, input.idempotencyKey, null, { labelId: input.labelId });
  }

  /**
   * One more attempt of an unsettled cancellation (a client's retry or the label worker), claimed by the caller: the
   * carrier's answer settles it (its "already cancelled" as CANCELLED); a lost answer leaves it UNKNOWN.
   */
  async resend(pending: PendingCancellation): Promise<Cancelled> {
    const label = await this.mustLabel(pending.labelId, 'input.labelId');
    const scope = scopeOf(label);
    const call = this.prepare(label, pending.reason);
    let result: CancelResult;
    try {
      result = await call();
    } catch (err) {
      if (err instanceof UpstreamError && REFUSALS.has(err.code)) {
        // The carrier refused the repeat: it had not cancelled (it answers "already cancelled" when it had).
        await this.record(label.id, scope, pending.key, { cancelled: false, message: err.message, warnings: [] });
      } else {
        await this.stillUnknown(label.id, pending.attempts, pending.deadlineAt);
      }
      throw err;
    }
    return this.record(label.id, scope, pending.key, result);
  }

  /** The connector call cancelling this label (refused on `input.labelId` when its carrier offers none). */
  private prepare(label: StoredLabel, reason: string | null): () => Promise<CancelResult> {
    if (label.kind === 'RETURN') {
      const connector = this.deps.returns.find((c) => c.carrier === label.carrier && c.division === label.division);
      if (!connector?.cancelReturn) throw new InputError('input.labelId', `${named(label.carrier, label.division)} offers no cancellation of returns`);
      const returnId = label.carrierReturnId;
      if (!returnId) throw new InputError('input.labelId', 'the carrier gave this return no id to cancel it by');
      const cancel = connector.cancelReturn.bind(connector);
      return () => cancel(returnId, label.accountNumber);
    }
    const connector = this.deps.shippingFor(label.carrier, label.division);
    if (!connector?.cancel) throw new InputError('input.labelId', `${named(label.carrier, label.division)} offers no cancellation`);
    const cancel = connector.cancel.bind(connector);
    return () => cancel(handleOf(label), reason);
  }

  /**
   * A cancellation: a CANCELLED label answers its stored cancellation (no call, whatever the key); a replayed key
   * answers what its first call stored; an unsettled one is asked again; otherwise only a PURCHASED label is
   * cancelled, with one carrier call.
   */
  private async cancel(scope: KeyScope, labelId: string, key: string, reason: string | null, hashed: unknown): Promise<Cancelled> {
    const label = await this.mustLabel(labelId, 'input.labelId');
    const kind = scope === 'cancelReturn' ? 'RETURN' : 'OUTBOUND';
    if (label.kind !== kind) {
      throw new InputError('input.labelId', kind === 'RETURN' ? 'is not a return label' : 'is a return label: cancel it with cancelReturn');
    }
    if (label.state === 'CANCELLED' && label.cancellation) return this.replayed(scope, label);
    const hash = requestHash(scope, hashed);
    const now = this.deps.now();
    const known = await this.keyStore.findKey(scope, key, now);
    if (known) return this.cancelReplay(scope, known, hash);
    if (label.cancellationState === 'UNKNOWN' || label.cancellationState === 'SENT') return this.settleNow(labelId, scope);
    if (label.state !== 'PURCHASED') throw new InputError('input.labelId', `is ${label.state}; only a PURCHASED label can be cancelled`);
    const call = this.prepare(label, reason);
    // One cancellation of a label at a time, whatever the keys: a row per label taken with the key, in one transaction
    // (the same ON CONFLICT as keys). Both are held from expiring until the cancellation is settled; the label is
    // SENT until the carrier answers (past the lease, its sender is presumed dead and the worker asks again).
    const lockScope = lockScopeOf(scope);
    const { leaseMs, jobDeadlineMs } = this.deps.settings();
    const first = await this.deps.store
      .transaction(async (tx) => {
        const replay = await this.deps.keys.claim(tx, scope, key, hash, labelId, now);
        if (replay) return replay;
        const keys = new IdempotencyKeyStore(tx);
        const busy = await keys.claimKey({ scope: lockScope, key: labelId, hash: '-', resourceId: labelId, now, expiresAt: HELD });
        // Thrown inside the transaction so this call's key is not kept either.
        if (busy) throw new CancellationBusy();
        await keys.setKeyExpiry(scope, key, HELD);
        const leaseUntil = new Date(now.getTime() + leaseMs);
        // Pursued for a deadline after the lease, so a dead sender's cancellation is always asked again at least once.
        const deadlineAt = new Date(leaseUntil.getTime() + jobDeadlineMs);
        await new LabelCancellationStore(tx).markSent(labelId, { key, reason, now, leaseUntil, deadlineAt });
        return null;
      })
      .catch(async (err: unknown) => {
        if (!(err instanceof CancellationBusy)) throw err;
        return { busy: true as const };
      });
    if (first && typeof first === 'object') return this.settleNow(labelId, scope);
    if (first) return this.cancelReplay(scope, { hash, resourceId: first }, hash);
    await this.deps.records.announce(labelId);
    let result: CancelResult;
    try {
      result = await call();
    } catch (err) {
      if (outcomeUnknown(err)) {
        await this.stillUnknown(labelId, 1, new Date(now.getTime() + leaseMs + jobDeadlineMs));
      } else {
        // Refused before the carrier acted (its refusal, credentials, quota): nothing to settle, the keys are freed.
        await new LabelCancellationStore(this.deps.store).clear(labelId, this.deps.now());
        await this.keyStore.releaseKey(scope, key);
        await this.keyStore.releaseKey(lockScope, labelId);
      }
      throw err;
    }
    return this.record(labelId, scope, key, result);
  }

  /**
   * A request for a label whose cancellation is unsettled: answers the settled result, asks the carrier again when
   * the answer was lost (or its sender's lease passed), or says another request is cancelling it.
   */
  private async settleNow(labelId: string, scope: KeyScope): Promise<Cancelled> {
    const now = this.deps.now();
    const claimed = await new LabelCancellationStore(this.deps.store).claim(labelId, now, new Date(now.getTime() + this.deps.settings().leaseMs));
    if (claimed) return this.resend(claimed);
    const current = await this.mustLabel(labelId, 'input.labelId');
    if (current.state === 'CANCELLED' && current.cancellation) return this.replayed(scope, current);
    throw new InputError('input.labelId', 'is being cancelled by another request; retry later');
  }

  /** The answer was lost again: UNKNOWN, asked again after a backoff while its deadline lasts. */
  private async stillUnknown(labelId: string, attempts: number, deadlineAt: Date | null): Promise<void> {
    const { retryBaseMs, retryMaxMs } = this.deps.settings();
    const now = this.deps.now();
    const next = new Date(now.getTime() + Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1)));
    await new LabelCancellationStore(this.deps.store).markUnknown(labelId, deadlineAt && next > deadlineAt ? null : next, now);
    await this.deps.records.announce(labelId);
  }

  /**
   * The carrier answered: the label CANCELLED (cancelled, or "already cancelled") or still PURCHASED (refused), with
   * the answer kept; the key back to its normal lifetime (a replay answers this), the label's row freed when refused.
   */
  private async record(labelId: string, scope: KeyScope, key: string | null, result: CancelResult): Promise<Cancelled> {
    const at = this.deps.now();
    const expiresAt = new Date(at.getTime() + this.deps.settings().idempotencyTtlHours * 3_600_000);
    const written = await this.deps.store.transaction(async (tx) => {
      const written = await new LabelCancellationStore(tx).settle(labelId, result, at);
      if (written && result.cancelled) await recordLabelEvent(tx, labelId, 'CANCELLED', at);
      const keys = new IdempotencyKeyStore(tx);
      if (key) await keys.setKeyExpiry(scope, key, expiresAt);
      if (result.cancelled) await keys.setKeyExpiry(lockScopeOf(scope), labelId, expiresAt);
      else await keys.releaseKey(lockScopeOf(scope), labelId);
      return written;
    });
    if (written) await this.deps.records.announce(labelId);
    const after = await this.mustLabel(labelId, 'input.labelId');
    // Settled by another request first: its answer is the label's.
    return { label: publicLabel(after), result: written ? result : (after.cancellation ?? result) };
  }

  private replayed(scope: KeyScope, label: StoredLabel): Cancelled {
    this.deps.metrics.replays.inc({ scope });
    return { label: publicLabel(label), result: label.cancellation! };
  }

  private async cancelReplay(scope: KeyScope, known: { hash: string; resourceId: string }, hash: string): Promise<Cancelled> {
    if (known.hash !== hash) throw new InputError(KEY_FIELD, `was used with another input (${scope}); send a new key for a new request`);
    const label = await this.mustLabel(known.resourceId, 'input.labelId');
    // A retry of a cancellation whose answer was lost asks the carrier again: its answer settles it.
    if (label.cancellationState === 'UNKNOWN' || label.cancellationState === 'SENT') return this.settleNow(label.id, scope);
    if (!label.cancellation) throw new InputError(KEY_FIELD, 'names a cancellation still in progress; retry with the same key later');
    return this.replayed(scope, label);
  }
}
