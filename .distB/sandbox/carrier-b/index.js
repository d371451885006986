import { transactionIds } from '../context.js';
import { TokenStore } from '../core/tokens.js';
import { carrierBError, carrierBErrorCode } from './errors.js';
import { carrierBBearerGuard, carrierBTokenRoute } from './oauth.js';
import { postalValidateRoute } from './postal.js';
import { rateQuotesRoute } from './rates.js';
import { referenceNumbersRoute } from './reference.js';
import { trackingNumbersRoute } from './track.js';
import { trackingDocumentsRoute } from './documents.js';
import { endOfDayRoutes } from './endofday.js';
import { shipRoutes } from './ship.js';
import { tagRoutes } from './tag.js';
import { addressResolveRoute } from './address.js';
import { notificationsRoute } from './notifications.js';
import { pickupRoutes } from './pickup.js';
/** Carrier B (seed 001): OAuth token, tracking by number (at most 30) and by customer reference, rate quotes, postal validation. */
export function carrierBSimulator(ctx, stats, faults) {
    const tokens = new TokenStore(ctx.wallClock, ctx.tokenLifetimeSec);
    const nextTransactionId = transactionIds(ctx.seed, 'carrierB');
    const guards = [carrierBBearerGuard(tokens, nextTransactionId)];
    return {
        tokens,
        spec: {
            name: 'carrierB',
            stats,
            faults,
            logger: ctx.logger,
            routes: [
                carrierBTokenRoute(ctx.credentials.carrierB, tokens, stats, nextTransactionId),
                trackingNumbersRoute(ctx, guards, nextTransactionId),
                referenceNumbersRoute(ctx, guards, nextTransactionId),
                rateQuotesRoute(ctx, guards, nextTransactionId),
                postalValidateRoute(guards, nextTransactionId),
                // Shipping (issue 9): creation, results, validate, cancel, label downloads; return tags; end-of-day; documents.
                ...shipRoutes(ctx, guards, nextTransactionId),
                ...tagRoutes(ctx, guards, nextTransactionId),
                ...endOfDayRoutes(ctx, guards, nextTransactionId),
                trackingDocumentsRoute(ctx, guards, nextTransactionId),
                // Issue 10: address resolution, email notifications, pickups.
                addressResolveRoute(guards, nextTransactionId),
                notificationsRoute(ctx, guards, nextTransactionId),
                ...pickupRoutes(ctx, guards, nextTransactionId),
            ],
            renderError: (_req, status, detail) => carrierBError(nextTransactionId(), status, carrierBErrorCode(status), detail),
        },
    };
}
