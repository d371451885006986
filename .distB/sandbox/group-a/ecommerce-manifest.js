import { isRecord, readJson } from '../core/http.js';
import { renderLabelDocument } from '../core/label-document.js';
import { problem } from './problem.js';
/** The seed: "POST `/shipping/v4/manifest` | `manifests[].carrierPackageIds[]` | driver's summary manifest". */
export const ECOMMERCE_MANIFEST_PATH = '/shipping/v4/manifest';
/**
 * The manifest (SE4): `{ pickup, manifests: [ { carrierPackageIds: [...] } ] }`. Each listed package must be a label
 * of this account not manifested yet; otherwise the whole request is refused with a 400 problem naming the ids
 * (nothing is manifested). Each manifest answers its id, its packages and the driver's summary manifest as a real PDF.
 */
export function ecommerceManifestRoute(ctx, bearer, ledger) {
    return { method: 'POST', path: ECOMMERCE_MANIFEST_PATH, kind: 'business', acts: true, guards: [bearer], handle: (req) => manifest(ctx, req, ledger) };
}
async function manifest(ctx, req, ledger) {
    const json = readJson(req);
    if (!json.ok)
        return problem(req, 400, json.reason);
    const body = json.value;
    if (!isRecord(body))
        return problem(req, 400, 'The request body must be a JSON object.');
    const pickup = body['pickup'];
    if (pickup !== ctx.credentials.groupAEcommerce.pickupAccount)
        return problem(req, 400, 'pickup must be this account\'s pickup.');
    const manifests = body['manifests'];
    if (!Array.isArray(manifests) || manifests.length === 0)
        return problem(req, 400, 'manifests must list at least one manifest.');
    const groups = [];
    for (const [i, entry] of manifests.entries()) {
        const ids = isRecord(entry) ? entry['carrierPackageIds'] : undefined;
        if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && id.trim() !== '')) {
            return problem(req, 400, `manifests[${i}].carrierPackageIds must list at least one carrier package id.`);
        }
        groups.push(ids);
    }
    const now = ctx.clock.now();
    const outcome = ledger.manifest(pickup, groups, now);
    if (!outcome.ok) {
        const parts = [
            outcome.unknown.length > 0 ? `unknown carrierPackageIds: ${outcome.unknown.join(', ')}` : null,
            outcome.alreadyManifested.length > 0 ? `already manifested: ${outcome.alreadyManifested.join(', ')}` : null,
            outcome.otherAccount.length > 0 ? `not packages of this pickup: ${outcome.otherAccount.join(', ')}` : null,
        ].filter((p) => p !== null);
        return problem(req, 400, `Nothing was manifested; ${parts.join('; ')}.`);
    }
    const rendered = await Promise.all(outcome.manifests.map(async (m) => ({
        manifestId: m.manifestId,
        carrierPackageIds: m.packages.map((p) => p.carrierPackageId),
        format: 'PDF',
        manifestData: (await renderLabelDocument({
            format: 'PDF',
            title: `DRIVER'S SUMMARY MANIFEST ${m.manifestId}`,
            trackingNumber: null,
            lines: [
                `Pickup ${pickup} - ${now.toISOString()}`,
                `Packages: ${m.packages.length}`,
                ...m.packages.map((p) => `${p.carrierPackageId}  ${p.trackingId}  ${p.orderedProductId}  ${p.destination.postalCode ?? ''} ${p.destination.country}`),
            ],
        })).toString('base64'),
    })));
    return { status: 200, json: { timestamp: now.toISOString(), pickup, manifests: rendered } };
}
