/**
 * Cancelling a label (Carrier B, express) or a return tag (issue 9 items 4 and 6): idempotent by key and by state
 * (a CANCELLED label answers its stored cancellation to any key without a call), one cancellation of a label at a time.
 */
import { InputError } from '../../domain/errors.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import { AfterPurchase, named } from './after-purchase.js';
import { KEY_FIELD } from './idempotency.js';
import { handleOf, publicLabel } from './label-records.js';
import { requestHash } from './purchase-key.js';
/** Another request holds this label's cancellation (internal: answered as the stored result or an InputError). */
class CancellationBusy extends Error {
}
export class Cancellations extends AfterPurchase {
    async cancelShipment(input) {
        return this.cancel('cancelShipment', input.labelId, input.idempotencyKey, { labelId: input.labelId, reason: input.reason }, (label) => {
            const connector = this.deps.shippingFor(label.carrier, label.division);
            if (!connector?.cancel)
                throw new InputError('input.labelId', `${named(label.carrier, label.division)} offers no cancellation`);
            const cancel = connector.cancel.bind(connector);
            return () => cancel(handleOf(label), input.reason);
        });
    }
    async cancelReturn(input) {
        return this.cancel('cancelReturn', input.labelId, input.idempotencyKey, { labelId: input.labelId }, (label) => {
            const connector = this.deps.returns.find((c) => c.carrier === label.carrier && c.division === label.division);
            if (!connector?.cancelReturn)
                throw new InputError('input.labelId', `${named(label.carrier, label.division)} offers no cancellation of returns`);
            const returnId = label.carrierReturnId;
            if (!returnId)
                throw new InputError('input.labelId', 'the carrier gave this return no id to cancel it by');
            const cancel = connector.cancelReturn.bind(connector);
            return () => cancel(returnId, label.accountNumber);
        });
    }
    /**
     * A cancellation: a CANCELLED label answers its stored cancellation (no call, whatever the key); a replayed key
     * answers what its first call stored; otherwise only a PURCHASED label is cancelled, with one carrier call.
     */
    async cancel(scope, labelId, key, hashed, prepare) {
        const label = await this.mustLabel(labelId, 'input.labelId');
        const kind = scope === 'cancelReturn' ? 'RETURN' : 'OUTBOUND';
        if (label.kind !== kind) {
            throw new InputError('input.labelId', kind === 'RETURN' ? 'is not a return label' : 'is a return label: cancel it with cancelReturn');
        }
        if (label.state === 'CANCELLED' && label.cancellation) {
            this.deps.metrics.replays.inc({ scope });
            return { label: publicLabel(label), result: label.cancellation };
        }
        const hash = requestHash(scope, hashed);
        const now = this.deps.now();
        const known = await this.keyStore.findKey(scope, key, now);
        if (known)
            return this.cancelReplay(scope, known, hash);
        if (label.state !== 'PURCHASED')
            throw new InputError('input.labelId', `is ${label.state}; only a PURCHASED label can be cancelled`);
        const call = prepare(label);
        // One cancellation of a label at a time, whatever the keys: a row per label taken with the key, in one transaction
        // (the same ON CONFLICT as keys), kept once cancelled, released when the call failed or was refused.
        const lockScope = `${scope}.label`;
        const first = await this.deps.store.transaction(async (tx) => {
            const replay = await this.deps.keys.claim(tx, scope, key, hash, labelId, now);
            if (replay)
                return replay;
            const busy = await new IdempotencyKeyStore(tx).claimKey({ scope: lockScope, key: labelId, hash: '-', resourceId: labelId, now, expiresAt: new Date(now.getTime() + 24 * 3_600_000) });
            // Thrown inside the transaction so this call's key is not kept either.
            if (busy)
                throw new CancellationBusy();
            return null;
        }).catch(async (err) => {
            if (!(err instanceof CancellationBusy))
                throw err;
            const current = await this.mustLabel(labelId, 'input.labelId');
            if (current.state === 'CANCELLED' && current.cancellation) {
                this.deps.metrics.replays.inc({ scope });
                return { done: { label: publicLabel(current), result: current.cancellation } };
            }
            throw new InputError('input.labelId', 'is being cancelled by another request; retry later');
        });
        if (first && typeof first === 'object')
            return first.done;
        if (first)
            return this.cancelReplay(scope, { hash, resourceId: first }, hash);
        let result;
        try {
            result = await call();
        }
        catch (err) {
            await this.keyStore.releaseKey(scope, key);
            await this.keyStore.releaseKey(lockScope, labelId);
            throw err;
        }
        if (!result.cancelled)
            await this.keyStore.releaseKey(lockScope, labelId);
        const at = this.deps.now();
        // A refused cancellation (cancelled: false) is kept too, so a replay answers it; the label stays PURCHASED.
        await this.deps.records.update(labelId, { state: result.cancelled ? 'CANCELLED' : 'PURCHASED', cancelledAt: result.cancelled ? at : null, cancellation: result }, { states: ['PURCHASED'] }, at);
        const after = await this.mustLabel(labelId, 'input.labelId');
        return { label: publicLabel(after), result };
    }
    async cancelReplay(scope, known, hash) {
        if (known.hash !== hash)
            throw new InputError(KEY_FIELD, `was used with another input (${scope}); send a new key for a new request`);
        const label = await this.mustLabel(known.resourceId, 'input.labelId');
        if (!label.cancellation)
            throw new InputError(KEY_FIELD, 'names a cancellation still in progress; retry with the same key later');
        this.deps.metrics.replays.inc({ scope });
        return { label: publicLabel(label), result: label.cancellation };
    }
}
