import { UpstreamError } from '../../domain/errors.js';
import { formatShipmentId } from '../../domain/ids.js';
import type { Money } from '../../domain/money.js';
import type {
  AvailableDocument,
  CarrierWarning,
  Delay,
  DeliveryWindow,
  Location,
  Measure,
  Party,
  PartyAddress,
  ProofOfDelivery,
  Shipment,
  TrackingEvent,
} from '../../domain/shipment.js';
import { carrierTimeFromIso, sortKeyOf, type CarrierTime } from '../../domain/time.js';
import { isNotFoundCode, readCarrierBStatus, readDelayStatus } from './units.js';
import {
  alertSchema,
  weightEntrySchema,
  type WireAddress,
  type WireScanEvent,
  type WireTrackResult,
} from './wire.js';

/** What a track result is read with, beyond itself. */
export interface TrackResultContext {
  /** The number the answer filed this result under (`completeTrackResults[].trackingNumber`). */
  trackingNumber: string;
  /** Whether `includeDetailedScans` was sent; without it the seed gives "latest status only", so events are null. */
  detailedScans: boolean;
  /** `output.alerts[]` of the call: soft failures reach the client on every shipment of that call. */
  warnings: CarrierWarning[];
}

/** Carrier B track result -> unified Shipment. Masked or absent members stay null; nothing is invented. */
export function mapTrackResult(result: WireTrackResult, ctx: TrackResultContext): Shipment {
  const info = result.trackingNumberInfo;
  const latest = result.latestStatusDetail;
  const trackingNumber = nonEmpty(info?.trackingNumber) ?? ctx.trackingNumber;
  const carrierUniqueId = nonEmpty(info?.trackingNumberUniqueId);
  const scans = mapScanEvents(result.scanEvents ?? []);
  const events = ctx.detailedScans ? scans : null;
  // The seed: "`dateAndTimes[]` typed list ... select by type", never by position.
  const dates = datesByType(result);
  const deliveredAt = carrierTimeFromIso(dates.get('ACTUAL_DELIVERY'));
  const status = readCarrierBStatus([latest?.derivedCode, latest?.code], latest?.statusByLocale ?? latest?.description);
  const newestScan = scans[0] ?? null;
  const delivery = result.deliveryDetails;
  const documents = mapDocuments(result);

  return {
    id: formatShipmentId({ carrier: 'CARRIER_B', division: null, trackingNumber, carrierUniqueId }),
    carrier: 'CARRIER_B',
    division: null,
    source: 'carrier-b',
    trackingNumber,
    carrierUniqueId,
    carrierCode: nonEmpty(info?.carrierCode),
    status,
    statusTime: newestScan?.time ?? (status.status === 'DELIVERED' ? deliveredAt : null),
    statusDescription: latest?.description ?? latest?.statusByLocale ?? null,
    statusLocation: location(null, null, latest?.scanLocation),
    service: result.serviceDetail
      ? {
          code: result.serviceDetail.type ?? null,
          name: result.serviceDetail.description ?? result.serviceDetail.shortDescription ?? null,
        }
      : null,
    origin: null,
    destination: party(delivery?.actualDeliveryAddress),
    shipper: null,
    recipient: party(result.recipientInformation?.address),
    pickedUpAt: carrierTimeFromIso(dates.get('ACTUAL_PICKUP')),
    shippedAt: carrierTimeFromIso(dates.get('SHIP')),
    deliveredAt,
    estimatedDelivery: deliveryWindow(result),
    delay: delay(result),
    isReturn: carrierBIsReturn(result, status, scans),
    pieceCount: wholeNumber(result.packageDetails?.count),
    totalWeight: totalWeight(result),
    pieces: [],
    events,
    proofOfDelivery: proofOfDelivery(result, deliveredAt, documents),
    references: [],
    documentsAvailable: documents,
    declaredValue: money(result.packageDetails?.declaredValue),
    deliveryAttempts: wholeNumber(delivery?.deliveryAttempts),
    serviceUrl: null,
    rerouteUrl: null,
    warnings: ctx.warnings,
  };
}

/**
 * Whether the shipment is a return movement (assumption B6). The seed names `returnDetail` among a track result's
 * members and `derivedCode` returned (`RS`, B1) as a terminal state: either is a return. A result with a latest status
 * and neither is not one; without a latest status the carrier said nothing, so null.
 */
function carrierBIsReturn(result: WireTrackResult, status: Shipment['status'], scans: readonly TrackingEvent[]): boolean | null {
  const detail = result.returnDetail;
  const hasReturnDetail = typeof detail === 'object' && detail !== null && Object.keys(detail).length > 0;
  if (hasReturnDetail || status.status === 'RETURNED' || scans.some((scan) => scan.status.status === 'RETURNED')) return true;
  return result.latestStatusDetail ? false : null;
}

/** `scanEvents[]` -> events newest first; `date` is "ISO 8601 with offset", so each time is an instant. */
export function mapScanEvents(scans: readonly WireScanEvent[]): TrackingEvent[] {
  const events = scans.map((scan) => ({
    time: carrierTimeFromIso(scan.date),
    status: readCarrierBStatus([scan.eventType, scan.derivedStatusCode], scan.eventDescription ?? scan.derivedStatus),
    description: scan.eventDescription ?? scan.derivedStatus ?? null,
    exceptionCode: nonEmpty(scan.exceptionCode),
    exceptionDescription: nonEmpty(scan.exceptionDescription),
    location: location(scan.locationId, scan.locationType, scan.scanLocation),
    nativeEventType: nonEmpty(scan.eventType),
    pieceIds: [],
    signedBy: null,
    remark: null,
    nextSteps: null,
  }));
  // Stable sort: scans the carrier gives in the same instant keep their order.
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => sortKeyOf(b.event.time) - sortKeyOf(a.event.time) || a.index - b.index)
    .map(({ event }) => event);
}

/** A track result with `error` set: "a failing number has `error` set inside its own `trackResults[]` entry". */
export function trackResultError(error: { code?: string | null; message?: string | null }, trackingNumber: string): UpstreamError {
  const carrierCode = error.code ?? null;
  return new UpstreamError(`carrier-b track ${trackingNumber}: ${error.message ?? carrierCode ?? 'the carrier reported an error'}`, {
    code: isNotFoundCode(carrierCode) ? 'UPSTREAM_NOT_FOUND' : 'UPSTREAM_BAD_REQUEST',
    upstream: 'carrier-b',
    carrierCode,
    operation: 'track',
    httpStatus: 200,
  });
}

/** `output.alerts[]` -> warnings. An alert we cannot read is still passed on, never dropped. */
export function readAlerts(alerts: readonly unknown[] | null | undefined): CarrierWarning[] {
  return (alerts ?? []).map((alert) => {
    if (typeof alert === 'string') return { code: null, message: alert, type: null };
    const parsed = alertSchema.safeParse(alert);
    if (!parsed.success) return { code: null, message: JSON.stringify(alert) ?? 'alert', type: null };
    const { code, message, alertType } = parsed.data;
    return { code: code ?? null, message: message ?? code ?? 'alert', type: alertType ?? null };
  });
}

/** `dateAndTimes[]` by type, read once per result; the first entry of a type wins, as a search by type would find it. */
function datesByType(result: WireTrackResult): Map<string, string | null | undefined> {
  const dates = new Map<string, string | null | undefined>();
  for (const item of result.dateAndTimes ?? []) if (item.type && !dates.has(item.type)) dates.set(item.type, item.dateTime);
  return dates;
}

function address(wire: WireAddress | null | undefined): PartyAddress | null {
  if (!wire) return null;
  const mapped: PartyAddress = {
    policy: null,
    streetLines: wire.streetLines && wire.streetLines.length > 0 ? [...wire.streetLines] : null,
    locality: nonEmpty(wire.city),
    region: nonEmpty(wire.stateOrProvinceCode),
    postalCode: nonEmpty(wire.postalCode),
    countryCode: nonEmpty(wire.countryCode),
  };
  const anyMember = [mapped.streetLines, mapped.locality, mapped.region, mapped.postalCode, mapped.countryCode].some((v) => v !== null);
  return anyMember ? mapped : null;
}

function party(wire: WireAddress | null | undefined): Party | null {
  const mapped = address(wire);
  return mapped ? { name: null, organizationName: null, policy: null, address: mapped } : null;
}

function location(id: string | null | undefined, type: string | null | undefined, wire: WireAddress | null | undefined): Location | null {
  const mapped = address(wire);
  if (!mapped && !id && !type) return null;
  return { id: nonEmpty(id), type: nonEmpty(type), description: null, address: mapped };
}

function deliveryWindow(result: WireTrackResult): DeliveryWindow | null {
  const wire = result.estimatedDeliveryTimeWindow;
  const from = carrierTimeFromIso(wire?.window?.begins);
  const to = carrierTimeFromIso(wire?.window?.ends);
  if (!from && !to) return null;
  return { from, to, remark: wire?.type ?? null };
}

function delay(result: WireTrackResult): Delay | null {
  const wire = result.latestStatusDetail?.delayDetail;
  if (!wire) return null;
  const mapped: Delay = { status: readDelayStatus(wire.status), type: nonEmpty(wire.type), subType: nonEmpty(wire.subType) };
  return mapped.status || mapped.type || mapped.subType ? mapped : null;
}

function mapDocuments(result: WireTrackResult): AvailableDocument[] {
  // A loop, not flatMap with an array per image: this runs once per number (issue 12 item 2).
  const documents: AvailableDocument[] = [];
  for (const image of result.availableImages ?? []) if (image.type) documents.push({ type: image.type, size: image.size ?? null });
  return documents;
}

function proofOfDelivery(result: WireTrackResult, deliveredAt: CarrierTime | null, documents: AvailableDocument[]): ProofOfDelivery | null {
  const signedBy = nonEmpty(result.deliveryDetails?.signedByName);
  const receivedBy = nonEmpty(result.deliveryDetails?.receivedByName);
  const signedAvailable = result.availableImages
    ? documents.some((doc) => doc.type === 'SIGNATURE_PROOF_OF_DELIVERY')
    : null;
  if (!signedBy && !receivedBy && !signedAvailable) return null;
  return { time: deliveredAt, signedBy, receivedBy, documentUrl: null, signatureUrl: null, signedAvailable };
}

function money(wire: { currency?: string | null; value?: string | number | null } | null | undefined): Money | null {
  if (!wire || wire.value === null || wire.value === undefined || !wire.currency) return null;
  const amount = String(wire.value).trim();
  return amount !== '' && Number.isFinite(Number(amount)) ? { amount, currency: wire.currency } : null;
}

function totalWeight(result: WireTrackResult): Measure | null {
  for (const entry of result.packageDetails?.weightAndDimensions?.weight ?? []) {
    // The usual entry (a positive number and a unit) is read as it is; anything else goes through the schema, whose
    // answer for the usual entry would be the same (issue 12 item 2: a zod parse per number was most of this).
    const plain = plainWeight(entry);
    if (plain) return plain;
    const parsed = weightEntrySchema.safeParse(entry);
    const unit = parsed.success ? (parsed.data.units ?? parsed.data.unit) : undefined;
    if (parsed.success && unit) return { value: parsed.data.value, unit };
  }
  return null;
}

/**
 * A weight entry that weightEntrySchema accepts, read as it would read it: a value that is a number or a string (the
 * seed's sandbox sends `"26.9"`), taken through Number() as the schema's coercion does, finite and positive, and a
 * non-empty unit string. Any other value type goes to the schema.
 */
function plainWeight(entry: unknown): Measure | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { value: raw, units, unit } = entry as Record<string, unknown>;
  if (typeof raw !== 'number' && typeof raw !== 'string') return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) return null;
  if ((units !== undefined && (typeof units !== 'string' || units === '')) || (unit !== undefined && (typeof unit !== 'string' || unit === ''))) return null;
  const chosen = (units as string | undefined) ?? (unit as string | undefined);
  return chosen ? { value, unit: chosen } : null;
}

/** `count` and `deliveryAttempts` arrive as strings ("2"); anything not a whole number is absent, not zero. */
function wholeNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

function nonEmpty(value: string | null | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}
