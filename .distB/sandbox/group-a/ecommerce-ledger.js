import { Rng } from '../core/prng.js';
import { isoWithOffset } from '../data/time.js';
export class EcommerceLedger {
    byPackageId = new Map();
    byCarrierPackageId = new Map();
    rng;
    manifests = 0;
    constructor(seed) {
        this.rng = Rng.of(seed, 'groupAEcommerce', 'ledger');
    }
    /** Packages created so far (tests count them: a lost answer must not become a second label). */
    get size() {
        return this.byPackageId.size;
    }
    hasPackageId(packageId) {
        return this.byPackageId.has(packageId);
    }
    byPackage(packageId) {
        return this.byPackageId.get(packageId);
    }
    byCarrierPackage(carrierPackageId) {
        return this.byCarrierPackageId.get(carrierPackageId);
    }
    create(entry) {
        let digits;
        do {
            digits = `77${this.rng.digits(17)}1`;
        } while (this.byCarrierPackageId.has(`GM${digits}`));
        const created = { ...entry, carrierPackageId: `GM${digits}`, trackingId: `9261299${digits}`, manifestedAt: null, manifestId: null };
        this.byPackageId.set(created.packageId, created);
        this.byCarrierPackageId.set(created.carrierPackageId, created);
        return created;
    }
    /**
     * Tenders the listed packages, one manifest per group, all or none (SE4): an unknown id, one manifested before (or
     * listed twice) or one of another pickup account refuses the whole request, naming them.
     */
    manifest(pickup, groups, at) {
        const unknown = [];
        const alreadyManifested = [];
        const otherAccount = [];
        const seen = new Set();
        const found = groups.map((ids) => ids.flatMap((id) => {
            const entry = this.byCarrierPackageId.get(id);
            const repeated = seen.has(id);
            seen.add(id);
            if (!entry)
                unknown.push(id);
            else if (entry.pickup !== pickup)
                otherAccount.push(id);
            else if (entry.manifestedAt || repeated)
                alreadyManifested.push(id);
            else
                return [entry];
            return [];
        }));
        if (unknown.length + alreadyManifested.length + otherAccount.length > 0)
            return { ok: false, unknown, alreadyManifested, otherAccount };
        return {
            ok: true,
            manifests: found.map((packages) => {
                this.manifests += 1;
                const manifestId = `MAN${String(this.manifests).padStart(6, '0')}`;
                for (const entry of packages) {
                    entry.manifestedAt = at;
                    entry.manifestId = manifestId;
                }
                return { manifestId, packages };
            }),
        };
    }
}
/**
 * A created package on the tracking route (E2): its three ids and `LABEL_CREATED`, then `MANIFESTED` once a manifest
 * listed it; newest first, in UTC (the sandbox's distribution centers give no local offset for these two events).
 */
export function renderLedgerPackage(entry) {
    const at = (date) => isoWithOffset(date, 0);
    const events = [
        { date: at(entry.createdAt), eventCode: 'LABEL_CREATED', description: entry.kind === 'RETURN' ? 'Return label created' : 'Shipping label created', location: null },
        ...(entry.manifestedAt
            ? [{ date: at(entry.manifestedAt), eventCode: 'MANIFESTED', description: `Package manifested and tendered (${entry.manifestId})`, location: null }]
            : []),
    ];
    return { packageId: entry.packageId, carrierPackageId: entry.carrierPackageId, trackingId: entry.trackingId, events: events.toReversed() };
}
