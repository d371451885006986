import { Rng } from '../core/prng.js';
import type { SandboxContext } from '../context.js';
import type { PlanStep } from '../data/plan.js';
import { buildShipment, round1, type SandboxShipment } from '../data/shipment.js';
import { type Place, US_PLACES, WORLD_PLACES } from '../data/places.js';
import type { ParsedShipRequest, ShipParty } from './express-ship-request.js';
import type { GroupAShipment } from './numbers.js';

/**
 * The express simulator's ledger of created shipments (one per sandbox, keyed by its context): what `POST /shipments`
 * created, so that the waybill tracks on express `/tracking` and on unified `/track/shipments` from creation
 * (numbers.ts asks `createdExpressShipment` first), cancellation marks it, proof of
 * delivery exists once its plan reaches delivery, and uploads are recorded. sandbox/README.md "Express shipping".
 */

export interface CreatedExpressShipment {
  waybill: string;
  createdAt: Date;
  request: ParsedShipRequest;
  /** What tracking shows: its plan starts at creation (LABEL_CREATED at `createdAt`, then pickup, transit, delivery). */
  tracked: GroupAShipment;
  dispatchConfirmationNumber: string | null;
  /** The creation answer as sent, documents included. */
  answer: Record<string, unknown>;
  cancelledAt: Date | null;
  cancelReason: string | null;
}

export interface UploadedImage {
  waybill: string;
  typeCode: string;
  imageFormat: string;
  bytes: number;
  at: Date;
}

export interface UploadedInvoice {
  /** Null when uploaded before creation. */
  waybill: string | null;
  plannedShippingDate: string | null;
  account: string;
  invoiceNumber: string;
  invoiceDate: string;
  lineItems: number;
  /** Each line as received, so a test can check what the caller sent. */
  lines: UploadedInvoiceLine[];
  withDocument: boolean;
  at: Date;
}

export interface UploadedInvoiceLine {
  description: string;
  price: number;
  priceCurrency: string | null;
  quantity: unknown;
  commodityCodes: unknown;
  manufacturerCountry: string | null;
}

export interface ExpressLedger {
  shipments: Map<string, CreatedExpressShipment>;
  images: UploadedImage[];
  invoices: UploadedInvoice[];
  nextWaybill(): string;
  nextDispatchConfirmation(shipDate: string): string;
}

const ledgers = new WeakMap<SandboxContext, ExpressLedger>();

export function expressLedger(ctx: SandboxContext): ExpressLedger {
  let ledger = ledgers.get(ctx);
  if (!ledger) {
    ledger = newLedger(ctx);
    ledgers.set(ctx, ledger);
  }
  return ledger;
}

interface SavedExpressLedger {
  next: number;
  dispatches: number;
  shipments: CreatedExpressShipment[];
  images: UploadedImage[];
  invoices: UploadedInvoice[];
}

function newLedger(ctx: SandboxContext): ExpressLedger {
  // Created waybills: 10 digits starting `6`, from a seeded start; never ending `404` (unknown) or `77` (a tracking
  // warning), so a created number behaves as created only.
  let next = 6_000_000_000 + Rng.of(ctx.seed, 'express-created-waybills').int(10_000_000, 90_000_000) * 10;
  let dispatches = 0;
  const shipments = new Map<string, CreatedExpressShipment>();
  const images: UploadedImage[] = [];
  const invoices: UploadedInvoice[] = [];
  // Restarted on a saved state (sandbox/core/state.ts): the sequences go on and created shipments are still tracked
  // and cancellable. The creation answers' documents are not kept (nothing reads them back).
  const saved = ctx.state?.attach<SavedExpressLedger>('groupAExpressShipments', () => ({
    next,
    dispatches,
    shipments: [...shipments.values()].map((s) => ({ ...s, answer: {} })),
    images,
    invoices,
  }));
  if (saved) {
    next = saved.next;
    dispatches = saved.dispatches;
    for (const shipment of saved.shipments) shipments.set(shipment.waybill, shipment);
    images.push(...saved.images);
    invoices.push(...saved.invoices);
  }
  return {
    shipments,
    images,
    invoices,
    nextWaybill() {
      let waybill: string;
      do {
        next += 1;
        waybill = String(next);
      } while (waybill.endsWith('404') || waybill.endsWith('77'));
      return waybill;
    },
    nextDispatchConfirmation(shipDate) {
      dispatches += 1;
      return `PRG${shipDate.replace(/-/g, '').slice(2)}${String(dispatches).padStart(6, '0')}`;
    },
  };
}

/** The created shipment a waybill names, as tracking shows it; undefined when the ledger has none. */
export function createdExpressShipment(ctx: SandboxContext, waybill: string): GroupAShipment | undefined {
  return expressLedger(ctx).shipments.get(waybill)?.tracked;
}

/** A place of the request's address: its offset from the planned date (origin) or a known place of the country. */
function placeOf(party: ShipParty, offsetMinutes: number | null): Place {
  const known = [...WORLD_PLACES, ...US_PLACES].find((p) => p.countryCode === party.countryCode);
  const letters = party.cityName.normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase();
  return {
    city: party.cityName,
    region: party.provinceCode ?? '',
    postalCode: party.postalCode ?? '',
    countryCode: party.countryCode,
    utcOffsetMinutes: offsetMinutes ?? known?.utcOffsetMinutes ?? 0,
    facility: letters.length >= 3 ? letters.slice(0, 3) : `${party.countryCode}X`,
  };
}

/**
 * The tracked shipment of a creation: the seeded story of a delivered express shipment (hub, scan gaps), laid out
 * so that its first step (LABEL_CREATED) is the creation instant and every later step is still to come; the parties,
 * pieces and order reference are the request's.
 */
export function trackedShipmentOf(ctx: SandboxContext, waybill: string, request: ParsedShipRequest, createdAt: Date): GroupAShipment {
  const key = `groupA:express:created:${waybill}`;
  const base = buildShipment(ctx.seed, ctx.epoch, { key, network: 'groupA-express', scenario: 'delivered' });
  const origin = placeOf(request.shipper, request.offsetMinutes);
  const destination = placeOf(request.receiver, null);
  const shift = createdAt.getTime() - (base.steps[0] as PlanStep).at.getTime();
  const placeFor = (place: Place) => (place === base.origin ? origin : place === base.destination ? destination : place);
  const [given = request.receiver.fullName, ...family] = request.receiver.fullName.split(/\s+/);
  const pieces = request.packages.map((p, i) => ({
    number: i + 1,
    weightKg: p.weightKg,
    lengthCm: p.lengthCm ?? 0,
    widthCm: p.widthCm ?? 0,
    heightCm: p.heightCm ?? 0,
  }));
  const shipment: SandboxShipment = {
    ...base,
    origin,
    destination,
    sender: { organizationName: request.shipper.companyName ?? request.shipper.fullName, contactName: request.shipper.fullName, streetAddress: request.shipper.addressLine1 },
    receiver: { givenName: given, familyName: family.join(' '), streetAddress: request.receiver.addressLine1 },
    pieces,
    totalWeightKg: round1(pieces.reduce((sum, p) => sum + p.weightKg, 0)),
    // The order id is the first customer reference (SX3).
    orderReference: request.references[0] ?? base.orderReference,
    steps: base.steps.map((step) => ({ ...step, at: new Date(step.at.getTime() + shift), place: placeFor(step.place) })),
  };
  const rng = Rng.of(ctx.seed, key, 'piece-ids');
  return { id: waybill, service: 'express', shipment, pieceIds: pieces.map(() => `JD01${rng.digits(16)}`) };
}

/** What tests and demos read of the ledger (Sandbox.expressShipping): created shipments and recorded uploads. */
export interface ExpressShippingControl {
  /** Every shipment `POST /shipments` created, oldest first. */
  shipments(): Array<{ waybill: string; createdAt: Date; references: string[]; pieceNumbers: string[]; dispatchConfirmationNumber: string | null; cancelledAt: Date | null }>;
  /** What `PATCH /shipments/{n}/upload-image` received, per image. */
  images(): UploadedImage[];
  /** What `POST /upload-invoice-data` received, per call. */
  invoices(): UploadedInvoice[];
}

export function expressShippingControl(ctx: SandboxContext): ExpressShippingControl {
  return {
    shipments: () =>
      [...expressLedger(ctx).shipments.values()].map((e) => ({
        waybill: e.waybill,
        createdAt: e.createdAt,
        references: [...e.request.references],
        pieceNumbers: [...e.tracked.pieceIds],
        dispatchConfirmationNumber: e.dispatchConfirmationNumber,
        cancelledAt: e.cancelledAt,
      })),
    images: () => [...expressLedger(ctx).images],
    invoices: () => [...expressLedger(ctx).invoices],
  };
}
