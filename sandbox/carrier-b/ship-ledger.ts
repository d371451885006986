import type { SandboxContext } from '../context.js';
import { Rng, uuidFrom } from '../core/prng.js';
import type { PlanStep } from '../data/plan.js';
import type { Place } from '../data/places.js';
import { buildShipment, round1, type SandboxShipment } from '../data/shipment.js';
import type { CarrierBCandidate, CarrierCode } from './numbers.js';

/**
 * What the Carrier B sandbox created (shipments, return tags), one ledger per sandbox instance (keyed by its context).
 * Conventions (also in sandbox/README.md, "Carrier B shipping"):
 * - created numbers are 12 digits: `67` + 10 digits on the express network (`CBXE`), `57` + 10 digits on the ground
 *   network (`CBXG`), counted from 1 per sandbox; the master number is the first piece's number;
 * - a created number tracks from creation: label created at once; express then moves along a delivered plan; ground
 *   stays "label created" until the end-of-day close, then moves; a cancellation freezes it where it was;
 * - every piece carries the request's customer references; the reference lookup finds a shipment by any of them.
 */
export interface LedgerPiece {
  sequence: number;
  trackingNumber: string;
  weightKg: number;
  cod: { amount: number; currency: string } | null;
  references: Array<{ customerReferenceType: string; value: string }>;
}

export interface LedgerParty {
  personName: string;
  companyName: string | null;
  streetLines: string[];
  city: string;
  stateOrProvinceCode: string | null;
  postalCode: string | null;
  countryCode: string;
}

export interface LedgerEntry {
  kind: 'SHIPMENT' | 'TAG';
  masterTrackingNumber: string;
  accountNumber: string;
  serviceType: string;
  serviceName: string;
  carrierCode: CarrierCode;
  shipDatestamp: string;
  createdAt: Date;
  shipper: LedgerParty;
  recipient: LedgerParty;
  pieces: LedgerPiece[];
  /** Set by a cancellation (shipment or tag). */
  cancelledAt: Date | null;
  /** Set by the end-of-day close that tendered this ground shipment. */
  closedAt: Date | null;
  /** Return tags: the outbound shipment they return (`returnAssociationDetail.trackingNumber`). */
  returnOf: string | null;
  /** Label as asked: `labelSpecification.imageType` and `labelResponseOptions`. */
  labelFormat: 'PDF' | 'PNG';
  labelResponse: 'LABEL' | 'URL_ONLY';
  codCollectionType: string | null;
  /** The creation's alerts, repeated by the results of an asynchronous job. */
  alerts: unknown[];
  /** The generated story the tracking answers follow (places, timings). */
  base: SandboxShipment;
}

export interface StoredDocument {
  bytes: Buffer;
  contentType: string;
}

interface SavedCarrierBLedger {
  counters: Record<CarrierCode, number>;
  entries: LedgerEntry[];
  ids: number;
}

export class CarrierBLedger {
  private readonly byNumber = new Map<string, LedgerEntry>();
  private readonly entries: LedgerEntry[] = [];
  private readonly documents = new Map<string, StoredDocument>();
  private readonly jobs = new Map<string, { entry: LedgerEntry; polls: number }>();
  private readonly counters: Record<CarrierCode, number> = { CBXE: 0, CBXG: 0 };
  private ids: Rng;

  constructor(private readonly ctx: SandboxContext) {
    this.ids = Rng.of(ctx.seed, 'carrierB', 'ledger-ids');
    // Restarted on a saved state (sandbox/core/state.ts): the counters go on, and what was created is still found.
    // Async jobs and stored documents are not kept (a job asked about after a restart is unknown, as a carrier's
    // expired job would be).
    const saved = ctx.state?.attach<SavedCarrierBLedger>('carrierBShipments', () => ({
      counters: this.counters,
      entries: this.entries,
      ids: this.ids.saved(),
    }));
    if (saved) {
      Object.assign(this.counters, saved.counters);
      for (const entry of saved.entries) {
        this.entries.push(entry);
        for (const piece of entry.pieces) this.byNumber.set(piece.trackingNumber, entry);
      }
      this.ids = Rng.resume(saved.ids);
    }
  }

  /** The next `count` tracking numbers of a network. */
  allocate(carrierCode: CarrierCode, count: number): string[] {
    const prefix = carrierCode === 'CBXE' ? '67' : '57';
    return Array.from({ length: count }, () => `${prefix}${String(++this.counters[carrierCode]).padStart(10, '0')}`);
  }

  add(entry: Omit<LedgerEntry, 'base' | 'cancelledAt' | 'closedAt'>): LedgerEntry {
    const orderReference = entry.pieces[0]?.references.find((r) => r.customerReferenceType === 'CUSTOMER_REFERENCE')?.value;
    const generated = buildShipment(this.ctx.seed, this.ctx.epoch, {
      key: `carrierB:created:${entry.masterTrackingNumber}`,
      network: entry.carrierCode === 'CBXE' ? 'carrierB-express' : 'carrierB-ground',
      scenario: 'delivered',
      ...(orderReference ? { orderReference } : {}),
    });
    const full: LedgerEntry = { ...entry, cancelledAt: null, closedAt: null, base: fitted(generated, entry) };
    this.entries.push(full);
    for (const piece of full.pieces) this.byNumber.set(piece.trackingNumber, full);
    return full;
  }

  find(trackingNumber: string): LedgerEntry | undefined {
    return this.byNumber.get(trackingNumber);
  }

  /** Shipments and tags carrying this customer reference on any piece, oldest first. */
  withReference(type: string, value: string): LedgerEntry[] {
    return this.entries.filter((e) => e.pieces.some((p) => p.references.some((r) => r.customerReferenceType === type && r.value === value)));
  }

  /** Open ground shipments of the account shipped on or before `closeDate` (what an end-of-day close tenders). */
  openGround(accountNumber: string, closeDate: string): LedgerEntry[] {
    return this.entries.filter(
      (e) => e.kind === 'SHIPMENT' && e.carrierCode === 'CBXG' && e.accountNumber === accountNumber && !e.cancelledAt && !e.closedAt && e.shipDatestamp <= closeDate,
    );
  }

  /** Return tags linked to an outbound number. */
  tagsOf(outbound: string): LedgerEntry[] {
    return this.entries.filter((e) => e.kind === 'TAG' && e.returnOf === outbound);
  }

  /** An asynchronous creation: the shipment exists; its documents are answered by the results operation later. */
  startJob(entry: LedgerEntry): string {
    const jobId = uuidFrom(this.ids);
    this.jobs.set(jobId, { entry, polls: 0 });
    return jobId;
  }

  /** One poll of a job: the entry and how many polls (this one included) it has had; undefined for an unknown job. */
  pollJob(jobId: string): { entry: LedgerEntry; polls: number } | undefined {
    const job = this.jobs.get(jobId);
    if (job) job.polls += 1;
    return job;
  }

  /** Keeps a document for a `url` answer; returns its unguessable id. */
  storeDocument(document: StoredDocument): string {
    const id = uuidFrom(this.ids).replace(/-/g, '');
    this.documents.set(id, document);
    return id;
  }

  document(id: string): StoredDocument | undefined {
    return this.documents.get(id);
  }

  /** The tracking candidates of a created number at `now`; null when the ledger does not know it. */
  candidates(trackingNumber: string, now: Date): CarrierBCandidate[] | null {
    const entry = this.byNumber.get(trackingNumber);
    if (!entry) return null;
    if (entry.createdAt.getTime() > now.getTime()) return [];
    const shipment: SandboxShipment = { ...entry.base, steps: stepsOf(entry) };
    const day = Math.floor(entry.createdAt.getTime() / 86_400_000);
    return [
      {
        trackingNumber,
        carrierCode: entry.carrierCode,
        trackingNumberUniqueId: `${day}~${trackingNumber}~${entry.carrierCode}`,
        shipment,
        malformed: false,
        service: { type: entry.serviceType, shortDescription: entry.serviceName },
      },
    ];
  }
}

const ledgers = new WeakMap<SandboxContext, CarrierBLedger>();

/** The ledger of one sandbox instance (module-level, keyed by the instance's context). */
export function ledgerOf(ctx: SandboxContext): CarrierBLedger {
  let ledger = ledgers.get(ctx);
  if (!ledger) {
    ledger = new CarrierBLedger(ctx);
    ledgers.set(ctx, ledger);
  }
  return ledger;
}

/**
 * The plan as it stands: label created at creation; express moves on from there; ground waits for the close and moves
 * on from it; a cancellation keeps only what happened before it.
 */
function stepsOf(entry: LedgerEntry): PlanStep[] {
  const [first, ...rest] = entry.base.steps;
  if (!first) return [];
  const created = entry.createdAt.getTime();
  const startOfRest = entry.carrierCode === 'CBXG' || entry.kind === 'TAG' ? entry.closedAt?.getTime() ?? null : created;
  const steps: PlanStep[] = [{ ...first, at: new Date(created) }];
  if (startOfRest !== null) {
    for (const step of rest) steps.push({ ...step, at: new Date(step.at.getTime() - first.at.getTime() + startOfRest) });
  }
  return entry.cancelledAt ? steps.filter((s) => s.at.getTime() <= entry.cancelledAt!.getTime()) : steps;
}

/** The generated story with the request's places, names and pieces, so tracking shows what was shipped. */
function fitted(generated: SandboxShipment, entry: Omit<LedgerEntry, 'base' | 'cancelledAt' | 'closedAt'>): SandboxShipment {
  const origin = placeOf(entry.shipper, generated.origin);
  const destination = placeOf(entry.recipient, generated.destination);
  const [givenName = entry.recipient.personName, ...family] = entry.recipient.personName.split(' ');
  return {
    ...generated,
    origin,
    destination,
    sender: {
      organizationName: entry.shipper.companyName ?? entry.shipper.personName,
      contactName: entry.shipper.personName,
      streetAddress: entry.shipper.streetLines[0] ?? '',
    },
    receiver: { givenName, familyName: family.join(' ') || givenName, streetAddress: entry.recipient.streetLines[0] ?? '' },
    pieces: entry.pieces.map((p, i) => ({ number: i + 1, weightKg: p.weightKg, lengthCm: 30, widthCm: 20, heightCm: 10 })),
    totalWeightKg: round1(entry.pieces.reduce((sum, p) => sum + p.weightKg, 0)),
    steps: generated.steps.map((step) => ({
      ...step,
      place: step.place === generated.origin ? origin : step.place === generated.destination ? destination : step.place,
    })),
  };
}

/** A place from an address; the generated place's zone when in the same country (the sandbox knows no other), else UTC. */
function placeOf(party: LedgerParty, generated: Place): Place {
  return {
    city: party.city,
    region: party.stateOrProvinceCode ?? '',
    postalCode: party.postalCode ?? '',
    countryCode: party.countryCode,
    utcOffsetMinutes: generated.countryCode === party.countryCode ? generated.utcOffsetMinutes : 0,
    facility: generated.facility,
  };
}
