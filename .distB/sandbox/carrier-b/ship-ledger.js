import { Rng, uuidFrom } from '../core/prng.js';
import { buildShipment, round1 } from '../data/shipment.js';
export class CarrierBLedger {
    ctx;
    byNumber = new Map();
    entries = [];
    documents = new Map();
    jobs = new Map();
    counters = { CBXE: 0, CBXG: 0 };
    ids;
    constructor(ctx) {
        this.ctx = ctx;
        this.ids = Rng.of(ctx.seed, 'carrierB', 'ledger-ids');
    }
    /** The next `count` tracking numbers of a network. */
    allocate(carrierCode, count) {
        const prefix = carrierCode === 'CBXE' ? '67' : '57';
        return Array.from({ length: count }, () => `${prefix}${String(++this.counters[carrierCode]).padStart(10, '0')}`);
    }
    add(entry) {
        const orderReference = entry.pieces[0]?.references.find((r) => r.customerReferenceType === 'CUSTOMER_REFERENCE')?.value;
        const generated = buildShipment(this.ctx.seed, this.ctx.epoch, {
            key: `carrierB:created:${entry.masterTrackingNumber}`,
            network: entry.carrierCode === 'CBXE' ? 'carrierB-express' : 'carrierB-ground',
            scenario: 'delivered',
            ...(orderReference ? { orderReference } : {}),
        });
        const full = { ...entry, cancelledAt: null, closedAt: null, base: fitted(generated, entry) };
        this.entries.push(full);
        for (const piece of full.pieces)
            this.byNumber.set(piece.trackingNumber, full);
        return full;
    }
    find(trackingNumber) {
        return this.byNumber.get(trackingNumber);
    }
    /** Shipments and tags carrying this customer reference on any piece, oldest first. */
    withReference(type, value) {
        return this.entries.filter((e) => e.pieces.some((p) => p.references.some((r) => r.customerReferenceType === type && r.value === value)));
    }
    /** Open ground shipments of the account shipped on or before `closeDate` (what an end-of-day close tenders). */
    openGround(accountNumber, closeDate) {
        return this.entries.filter((e) => e.kind === 'SHIPMENT' && e.carrierCode === 'CBXG' && e.accountNumber === accountNumber && !e.cancelledAt && !e.closedAt && e.shipDatestamp <= closeDate);
    }
    /** Return tags linked to an outbound number. */
    tagsOf(outbound) {
        return this.entries.filter((e) => e.kind === 'TAG' && e.returnOf === outbound);
    }
    /** An asynchronous creation: the shipment exists; its documents are answered by the results operation later. */
    startJob(entry) {
        const jobId = uuidFrom(this.ids);
        this.jobs.set(jobId, { entry, polls: 0 });
        return jobId;
    }
    /** One poll of a job: the entry and how many polls (this one included) it has had; undefined for an unknown job. */
    pollJob(jobId) {
        const job = this.jobs.get(jobId);
        if (job)
            job.polls += 1;
        return job;
    }
    /** Keeps a document for a `url` answer; returns its unguessable id. */
    storeDocument(document) {
        const id = uuidFrom(this.ids).replace(/-/g, '');
        this.documents.set(id, document);
        return id;
    }
    document(id) {
        return this.documents.get(id);
    }
    /** The tracking candidates of a created number at `now`; null when the ledger does not know it. */
    candidates(trackingNumber, now) {
        const entry = this.byNumber.get(trackingNumber);
        if (!entry)
            return null;
        if (entry.createdAt.getTime() > now.getTime())
            return [];
        const shipment = { ...entry.base, steps: stepsOf(entry) };
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
const ledgers = new WeakMap();
/** The ledger of one sandbox instance (module-level, keyed by the instance's context). */
export function ledgerOf(ctx) {
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
function stepsOf(entry) {
    const [first, ...rest] = entry.base.steps;
    if (!first)
        return [];
    const created = entry.createdAt.getTime();
    const startOfRest = entry.carrierCode === 'CBXG' || entry.kind === 'TAG' ? entry.closedAt?.getTime() ?? null : created;
    const steps = [{ ...first, at: new Date(created) }];
    if (startOfRest !== null) {
        for (const step of rest)
            steps.push({ ...step, at: new Date(step.at.getTime() - first.at.getTime() + startOfRest) });
    }
    return entry.cancelledAt ? steps.filter((s) => s.at.getTime() <= entry.cancelledAt.getTime()) : steps;
}
/** The generated story with the request's places, names and pieces, so tracking shows what was shipped. */
function fitted(generated, entry) {
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
function placeOf(party, generated) {
    return {
        city: party.city,
        region: party.stateOrProvinceCode ?? '',
        postalCode: party.postalCode ?? '',
        countryCode: party.countryCode,
        utcOffsetMinutes: generated.countryCode === party.countryCode ? generated.utcOffsetMinutes : 0,
        facility: generated.facility,
    };
}
