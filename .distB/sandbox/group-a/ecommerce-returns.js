import { isRecord } from '../core/http.js';
import { renderLabelDocument } from '../core/label-document.js';
import { labelLines, readLabelBody } from './ecommerce-label-request.js';
import { problem } from './problem.js';
/** Assumption SE6: the seed lists return labels among interface C's operations and shows no path. */
export const ECOMMERCE_RETURN_LABEL_PATH = '/returns/v4/label';
/**
 * Return labels (SE6): the label request's vocabulary with the customer as `shipperAddress`, the merchant as
 * `returnAddress`, and `outboundCarrierPackageId` naming a package this account created; the answer links the return
 * to it. The return package is in the ledger and tracks like a label.
 */
export function ecommerceReturnsRoute(ctx, bearer, ledger) {
    return { method: 'POST', path: ECOMMERCE_RETURN_LABEL_PATH, kind: 'business', acts: true, guards: [bearer], handle: (req) => createReturn(ctx, req, ledger) };
}
async function createReturn(ctx, req, ledger) {
    const parsed = readLabelBody(ctx, req, 'return');
    if (!parsed.ok)
        return problem(req, 400, parsed.detail);
    const body = parsed.value;
    const raw = JSON.parse(req.body.toString('utf8'));
    const outboundId = isRecord(raw) ? raw['outboundCarrierPackageId'] : undefined;
    if (typeof outboundId !== 'string' || outboundId.trim() === '')
        return problem(req, 400, 'outboundCarrierPackageId is required.');
    const outbound = ledger.byCarrierPackage(outboundId);
    if (!outbound || outbound.kind !== 'OUTBOUND' || outbound.pickup !== body.pickup) {
        return problem(req, 400, `outboundCarrierPackageId ${outboundId} is not a package of this account.`);
    }
    const reason = isRecord(raw) ? raw['returnReason'] : undefined;
    if (reason !== undefined && (typeof reason !== 'string' || reason.length > 100))
        return problem(req, 400, 'returnReason is a text of at most 100 characters.');
    if (ledger.hasPackageId(body.packageId)) {
        return problem(req, 400, `packageDetail.packageId ${body.packageId} was already used for a label of this account.`);
    }
    const created = ledger.create({
        kind: 'RETURN',
        packageId: body.packageId,
        pickup: body.pickup,
        distributionCenter: body.distributionCenter,
        orderedProductId: body.orderedProductId,
        destination: { city: body.to.city, state: body.to.state, postalCode: body.to.postalCode, country: body.to.country },
        createdAt: ctx.clock.now(),
        outboundCarrierPackageId: outbound.carrierPackageId,
    });
    const label = await renderLabelDocument({
        format: body.format,
        title: 'Group A e-commerce - RETURN LABEL',
        trackingNumber: created.trackingId,
        lines: labelLines(body, created),
    });
    return {
        status: 200,
        json: {
            timestamp: ctx.clock.now().toISOString(),
            labels: [
                {
                    packageId: created.packageId,
                    carrierPackageId: created.carrierPackageId,
                    trackingId: created.trackingId,
                    outboundCarrierPackageId: outbound.carrierPackageId,
                    format: body.format,
                    labelData: label.toString('base64'),
                },
            ],
        },
    };
}
