import { renderLabelDocument } from '../core/label-document.js';
import { labelLines, readLabelBody } from './ecommerce-label-request.js';
import { problem } from './problem.js';
/** Assumption SE1: "Paths for label creation ... not shown"; `?format=PDF|PNG`. */
export const ECOMMERCE_LABEL_PATH = '/shipping/v4/label';
/**
 * Label creation (seed 000 Resources C; SE1-SE3): validates the body (packageId at most 30 characters: the seed's limit,
 * enforced here too), refuses a packageId this account used before (SE3), records the package in the ledger (it tracks
 * at once by packageId and carrierPackageId) and answers its three ids with a real PDF or PNG label. It acts, so
 * `loseNextAnswer` can lose its answer after the package exists.
 */
export function ecommerceLabelRoute(ctx, bearer, ledger) {
    return { method: 'POST', path: ECOMMERCE_LABEL_PATH, kind: 'business', acts: true, guards: [bearer], handle: (req) => createLabel(ctx, req, ledger) };
}
async function createLabel(ctx, req, ledger) {
    const parsed = readLabelBody(ctx, req, 'label');
    if (!parsed.ok)
        return problem(req, 400, parsed.detail);
    const body = parsed.value;
    if (ledger.hasPackageId(body.packageId)) {
        return problem(req, 400, `packageDetail.packageId ${body.packageId} was already used for a label of this account.`);
    }
    const created = ledger.create({
        kind: 'OUTBOUND',
        packageId: body.packageId,
        pickup: body.pickup,
        distributionCenter: body.distributionCenter,
        orderedProductId: body.orderedProductId,
        destination: { city: body.to.city, state: body.to.state, postalCode: body.to.postalCode, country: body.to.country },
        createdAt: ctx.clock.now(),
        outboundCarrierPackageId: null,
    });
    const label = await renderLabelDocument({
        format: body.format,
        title: 'Group A e-commerce - SHIPPING LABEL',
        trackingNumber: created.trackingId,
        lines: labelLines(body, created),
    });
    return {
        status: 200,
        json: {
            timestamp: ctx.clock.now().toISOString(),
            pickup: body.pickup,
            distributionCenter: body.distributionCenter,
            orderedProductId: body.orderedProductId,
            labels: [
                {
                    packageId: created.packageId,
                    carrierPackageId: created.carrierPackageId,
                    trackingId: created.trackingId,
                    format: body.format,
                    labelData: label.toString('base64'),
                },
            ],
        },
    };
}
