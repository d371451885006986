import { isRecord, readJson, type SandboxRequest, type SandboxResponse } from '../core/http.js';
import type { Guard, Route } from '../core/simulator.js';
import type { SandboxContext } from '../context.js';
import { readAccount } from './express-rating-request.js';
import { expressLedger } from './express-ship-ledger.js';
import { problem } from './problem.js';

/**
 * Express pickups under one prefix (seed 000: the pickup answer; methods, paths and bodies "not shown": assumption
 * PX3): POST `/pickups` (books: `acts: true`), PATCH `/pickups/{n}` (the whole pickup again; same numbers, new ready
 * time) and DELETE `/shipment-pickups/{n}?reason=` (the `cancelPickupUrl` form). A ledger keeps every pickup, and a
 * pickup booked inside a shipment creation (its `dispatchConfirmationNumber`) can be updated and cancelled the same way.
 * Ready at or after the 17:00 cut-off, or on a weekend, the pickup moves to the next business day at 09:00 (warning).
 * Postal codes ending `11` are not served for pickup (as PX2): 400.
 */

const PLANNED = /^(\d{4}-\d{2}-\d{2})T((?:[01]\d|2[0-3]):[0-5]\d):[0-5]\d GMT[+-](?:0\d|1[0-4]):[0-5]\d$/;
const CLOSE_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const CUTOFF = '17:00';
const FIRST_PICKUP = '09:00';

/** A pickup as the sandbox holds it: its dispatch confirmation numbers and the waybills the booking named. */
export interface PickupEntry {
  numbers: string[];
  readyByTime: string | null;
  nextPickupDate: string;
  trackingNumbers: string[];
  cancelledAt: Date | null;
  cancelReason: string | null;
}

const ledgers = new WeakMap<SandboxContext, Map<string, PickupEntry>>();

function pickupLedger(ctx: SandboxContext): Map<string, PickupEntry> {
  let ledger = ledgers.get(ctx);
  if (!ledger) {
    const created = new Map<string, PickupEntry>();
    // One entry may answer to several numbers: saved once, found again under each of them after a restart.
    const saved = ctx.state?.attach('groupAExpressPickups', () => [...new Set(created.values())]);
    for (const entry of saved ?? []) for (const n of entry.numbers) created.set(n, entry);
    ledger = created;
    ledgers.set(ctx, ledger);
  }
  return ledger;
}

/** The pickup a number names: booked here, or booked inside a shipment creation (adopted on first use). */
function findPickup(ctx: SandboxContext, number: string): PickupEntry | undefined {
  const ledger = pickupLedger(ctx);
  const known = ledger.get(number);
  if (known) return known;
  const shipment = [...expressLedger(ctx).shipments.values()].find((s) => s.dispatchConfirmationNumber === number);
  if (!shipment) return undefined;
  const entry: PickupEntry = {
    numbers: [number],
    readyByTime: null,
    nextPickupDate: shipment.request.shipDate,
    trackingNumbers: [shipment.waybill],
    cancelledAt: shipment.cancelledAt,
    cancelReason: shipment.cancelReason,
  };
  ledger.set(number, entry);
  return entry;
}

export function expressPickupRoutes(ctx: SandboxContext, prefix: string, guards: readonly Guard[]): Route[] {
  const escaped = prefix.replace(/\//g, '\\/');
  const numberOf = (req: SandboxRequest) => decodeURIComponent(req.path.slice(req.path.lastIndexOf('/') + 1));
  return [
    { method: 'POST', path: `${prefix}/pickups`, kind: 'business', guards, acts: true, handle: (req) => create(ctx, req) },
    {
      method: 'PATCH',
      path: new RegExp(`^${escaped}\\/pickups\\/([^/]+)$`),
      name: `PATCH ${prefix}/pickups/{n}`,
      kind: 'business',
      guards,
      handle: (req) => update(ctx, req, numberOf(req)),
    },
    {
      method: 'DELETE',
      path: new RegExp(`^${escaped}\\/shipment-pickups\\/([^/]+)$`),
      name: `DELETE ${prefix}/shipment-pickups/{n}`,
      kind: 'business',
      guards,
      handle: (req) => cancel(ctx, req, numberOf(req)),
    },
  ];
}

type Read = { ok: true; value: { date: string; ready: string; trackingNumbers: string[][] } } | { ok: false; detail: string };

function readPickup(body: unknown): Read {
  if (!isRecord(body)) return { ok: false, detail: 'The request body must be a JSON object.' };
  const planned = typeof body['plannedPickupDateAndTime'] === 'string' ? PLANNED.exec(body['plannedPickupDateAndTime']) : null;
  if (!planned) return { ok: false, detail: 'plannedPickupDateAndTime must be shaped YYYY-MM-DDTHH:MM:SS GMT+HH:MM.' };
  const closeTime = body['closeTime'];
  if (typeof closeTime !== 'string' || !CLOSE_TIME.test(closeTime)) return { ok: false, detail: 'closeTime must be shaped HH:MM.' };
  if (closeTime <= planned[2]!) return { ok: false, detail: 'closeTime must be after the ready time.' };
  if (typeof body['location'] !== 'string' || body['location'].trim() === '') return { ok: false, detail: 'location is required.' };
  const account = readAccount(body);
  if (!account.ok) return { ok: false, detail: account.detail };
  const details = isRecord(body['customerDetails']) ? body['customerDetails'] : {};
  const shipper = isRecord(details['shipperDetails']) ? details['shipperDetails'] : {};
  const postal = isRecord(shipper['postalAddress']) ? shipper['postalAddress'] : {};
  const contact = isRecord(shipper['contactInformation']) ? shipper['contactInformation'] : {};
  for (const member of ['addressLine1', 'cityName', 'countryCode'] as const) {
    if (typeof postal[member] !== 'string' || postal[member].trim() === '') return { ok: false, detail: `customerDetails.shipperDetails.postalAddress.${member} is required.` };
  }
  if (typeof contact['fullName'] !== 'string' || contact['fullName'].trim() === '') return { ok: false, detail: 'customerDetails.shipperDetails.contactInformation.fullName is required.' };
  const postalCode = typeof postal['postalCode'] === 'string' ? postal['postalCode'] : '';
  if (postalCode.endsWith('11')) return { ok: false, detail: `Pickup is not offered at postal code ${postalCode}.` };
  const shipments = body['shipmentDetails'];
  if (!Array.isArray(shipments) || shipments.length === 0) return { ok: false, detail: 'shipmentDetails[] is required.' };
  const trackingNumbers: string[][] = [];
  for (const [i, s] of shipments.entries()) {
    const numbers = isRecord(s) ? s['shipmentTrackingNumbers'] : null;
    if (!Array.isArray(numbers) || numbers.length === 0 || !numbers.every((n) => typeof n === 'string' && n.trim() !== '')) {
      return { ok: false, detail: `shipmentDetails[${i}].shipmentTrackingNumbers must list at least one waybill.` };
    }
    trackingNumbers.push(numbers as string[]);
  }
  return { ok: true, value: { date: planned[1]!, ready: planned[2]!, trackingNumbers } };
}

/** The next Monday-to-Friday date after a YYYY-MM-DD date. */
function nextBusinessDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/** When the driver comes: the ready date and time, unless after the cut-off or on a weekend. */
function schedule(date: string, ready: string): { nextPickupDate: string; readyByTime: string; warnings: string[] } {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6 || ready >= CUTOFF) {
    const next = nextBusinessDay(date);
    return { nextPickupDate: next, readyByTime: FIRST_PICKUP, warnings: [`Ready after the ${CUTOFF} cut-off or on a weekend: the pickup is scheduled for ${next}.`] };
  }
  return { nextPickupDate: date, readyByTime: ready, warnings: [] };
}

function answer(entry: PickupEntry, warnings: string[]): unknown {
  return {
    dispatchConfirmationNumbers: entry.numbers,
    readyByTime: entry.readyByTime,
    nextPickupDate: entry.nextPickupDate,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function create(ctx: SandboxContext, req: SandboxRequest): SandboxResponse {
  const body = readJson(req);
  if (!body.ok) return problem(req, 400, body.reason);
  const read = readPickup(body.value);
  if (!read.ok) return problem(req, 400, read.detail);
  const when = schedule(read.value.date, read.value.ready);
  // One dispatch confirmation per shipmentDetails[] entry, drawn from the same sequence as shipment-booked pickups.
  const numbers = read.value.trackingNumbers.map(() => expressLedger(ctx).nextDispatchConfirmation(when.nextPickupDate));
  const entry: PickupEntry = {
    numbers,
    readyByTime: when.readyByTime,
    nextPickupDate: when.nextPickupDate,
    trackingNumbers: read.value.trackingNumbers.flat(),
    cancelledAt: null,
    cancelReason: null,
  };
  for (const n of numbers) pickupLedger(ctx).set(n, entry);
  return { status: 201, json: answer(entry, when.warnings) };
}

function update(ctx: SandboxContext, req: SandboxRequest, number: string): SandboxResponse {
  const entry = findPickup(ctx, number);
  if (!entry) return problem(req, 404, `No pickup ${number} was booked with these credentials.`);
  if (entry.cancelledAt) return problem(req, 400, `Pickup ${number} was cancelled and can no longer be changed.`);
  const body = readJson(req);
  if (!body.ok) return problem(req, 400, body.reason);
  const read = readPickup(body.value);
  if (!read.ok) return problem(req, 400, read.detail);
  const when = schedule(read.value.date, read.value.ready);
  entry.readyByTime = when.readyByTime;
  entry.nextPickupDate = when.nextPickupDate;
  entry.trackingNumbers = read.value.trackingNumbers.flat();
  return { status: 200, json: answer(entry, when.warnings) };
}

function cancel(ctx: SandboxContext, req: SandboxRequest, number: string): SandboxResponse {
  const reason = req.query.get('reason')?.trim() ?? '';
  if (reason === '') return problem(req, 400, 'The query parameter reason is required.');
  const entry = findPickup(ctx, number);
  if (!entry) return problem(req, 404, `No pickup ${number} was booked with these credentials.`);
  if (entry.cancelledAt) {
    return {
      status: 200,
      json: {
        dispatchConfirmationNumber: number,
        status: 'cancelled',
        message: `Pickup ${number} was cancelled.`,
        warnings: [`Pickup ${number} was already cancelled at ${entry.cancelledAt.toISOString()}; nothing changed.`],
      },
    };
  }
  entry.cancelledAt = ctx.clock.now();
  entry.cancelReason = reason;
  return { status: 200, json: { dispatchConfirmationNumber: number, status: 'cancelled', message: `Pickup ${number} was cancelled.` } };
}

/** What tests may read: the pickups the sandbox holds (each once, under its first number). */
export function expressPickups(ctx: SandboxContext): Array<Readonly<PickupEntry>> {
  return [...new Set(pickupLedger(ctx).values())];
}
