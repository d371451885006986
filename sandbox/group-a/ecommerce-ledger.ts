import { Rng } from '../core/prng.js';
import type { SandboxState } from '../core/state.js';
import { isoWithOffset } from '../data/time.js';

/**
 * Packages the e-commerce simulator created (labels and return labels), so a created package TRACKS on the tracking
 * route by its `packageId` and by its `carrierPackageId` (E1), and a manifest can tender it once. Kept in memory for
 * the life of the sandbox. Ids follow the sandbox's e-commerce conventions (sandbox/README.md): carrier id `GM` + 20
 * digits starting `77`, tracking id `9261299` + the same digits (a created label never ends `404`).
 */
export interface LedgerPackage {
  kind: 'OUTBOUND' | 'RETURN';
  packageId: string;
  carrierPackageId: string;
  trackingId: string;
  pickup: string;
  distributionCenter: string;
  orderedProductId: string;
  /** Where the parcel goes (consignee; the return address for a return). */
  destination: { city: string; state: string | null; postalCode: string | null; country: string };
  createdAt: Date;
  manifestedAt: Date | null;
  manifestId: string | null;
  /** RETURN: the outbound package it returns. */
  outboundCarrierPackageId: string | null;
}

export type ManifestOutcome =
  | { ok: true; manifests: { manifestId: string; packages: LedgerPackage[] }[] }
  | { ok: false; unknown: string[]; alreadyManifested: string[]; otherAccount: string[] };

export class EcommerceLedger {
  private readonly byPackageId = new Map<string, LedgerPackage>();
  private readonly byCarrierPackageId = new Map<string, LedgerPackage>();
  private rng: Rng;
  private manifests = 0;

  constructor(seed: string, state?: SandboxState) {
    this.rng = Rng.of(seed, 'groupAEcommerce', 'ledger');
    // Restarted on a saved state (sandbox/core/state.ts): the id generator goes on (no id twice) and created packages
    // still track and can be manifested once.
    const saved = state?.attach<{ rng: number; manifests: number; packages: LedgerPackage[] }>('groupAEcommercePackages', () => ({
      rng: this.rng.saved(),
      manifests: this.manifests,
      packages: [...this.byPackageId.values()],
    }));
    if (saved) {
      this.rng = Rng.resume(saved.rng);
      this.manifests = saved.manifests;
      for (const entry of saved.packages) {
        this.byPackageId.set(entry.packageId, entry);
        this.byCarrierPackageId.set(entry.carrierPackageId, entry);
      }
    }
  }

  /** Packages created so far (tests count them: a lost answer must not become a second label). */
  get size(): number {
    return this.byPackageId.size;
  }

  hasPackageId(packageId: string): boolean {
    return this.byPackageId.has(packageId);
  }

  byPackage(packageId: string): LedgerPackage | undefined {
    return this.byPackageId.get(packageId);
  }

  byCarrierPackage(carrierPackageId: string): LedgerPackage | undefined {
    return this.byCarrierPackageId.get(carrierPackageId);
  }

  create(entry: Omit<LedgerPackage, 'carrierPackageId' | 'trackingId' | 'manifestedAt' | 'manifestId'>): LedgerPackage {
    let digits: string;
    do {
      digits = `77${this.rng.digits(17)}1`;
    } while (this.byCarrierPackageId.has(`GM${digits}`));
    const created: LedgerPackage = { ...entry, carrierPackageId: `GM${digits}`, trackingId: `9261299${digits}`, manifestedAt: null, manifestId: null };
    this.byPackageId.set(created.packageId, created);
    this.byCarrierPackageId.set(created.carrierPackageId, created);
    return created;
  }

  /**
   * Tenders the listed packages, one manifest per group, all or none (SE4): an unknown id, one manifested before (or
   * listed twice) or one of another pickup account refuses the whole request, naming them.
   */
  manifest(pickup: string, groups: readonly (readonly string[])[], at: Date): ManifestOutcome {
    const unknown: string[] = [];
    const alreadyManifested: string[] = [];
    const otherAccount: string[] = [];
    const seen = new Set<string>();
    const found: LedgerPackage[][] = groups.map((ids) =>
      ids.flatMap((id) => {
        const entry = this.byCarrierPackageId.get(id);
        const repeated = seen.has(id);
        seen.add(id);
        if (!entry) unknown.push(id);
        else if (entry.pickup !== pickup) otherAccount.push(id);
        else if (entry.manifestedAt || repeated) alreadyManifested.push(id);
        else return [entry];
        return [];
      }),
    );
    if (unknown.length + alreadyManifested.length + otherAccount.length > 0) return { ok: false, unknown, alreadyManifested, otherAccount };
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
export function renderLedgerPackage(entry: LedgerPackage): Record<string, unknown> {
  const at = (date: Date) => isoWithOffset(date, 0);
  const events = [
    { date: at(entry.createdAt), eventCode: 'LABEL_CREATED', description: entry.kind === 'RETURN' ? 'Return label created' : 'Shipping label created', location: null },
    ...(entry.manifestedAt
      ? [{ date: at(entry.manifestedAt), eventCode: 'MANIFESTED', description: `Package manifested and tendered (${entry.manifestId})`, location: null }]
      : []),
  ];
  return { packageId: entry.packageId, carrierPackageId: entry.carrierPackageId, trackingId: entry.trackingId, events: events.toReversed() };
}
