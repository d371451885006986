import { renderLabelDocument } from '../core/label-document.js';
import { isRecord, readJson, type SandboxRequest, type SandboxResponse } from '../core/http.js';
import type { Guard, Route } from '../core/simulator.js';
import type { SandboxContext } from '../context.js';
import { shipmentProgress } from '../data/shipment.js';
import { localDateTime } from '../data/time.js';
import { readAccount } from './express-rating-request.js';
import { expressLedger } from './express-ship-ledger.js';
import { type GroupAShipment, resolveGroupA } from './numbers.js';
import { problem } from './problem.js';

/**
 * Express document routes under one prefix (seed 000, Endpoints B; docs/assumptions.md SX10-SX13):
 * GET `/shipments/{n}/proof-of-delivery` (only once delivered, else 404), GET `/shipments/{n}/get-image` (waybill,
 * and customs papers for a cross-border shipment), PATCH `/shipments/{n}/upload-image` and POST `/upload-invoice-data`
 * (before or after creation). Documents are real PDF/PNG files; uploads are recorded in the ledger.
 */
export function expressDocumentRoutes(ctx: SandboxContext, prefix: string, guards: readonly Guard[]): Route[] {
  const at = (suffix: string) => new RegExp(`^${prefix.replace(/\//g, '\\/')}\\/shipments\\/([^/]+)\\/${suffix}$`);
  return [
    {
      method: 'GET',
      path: at('proof-of-delivery'),
      name: `GET ${prefix}/shipments/{n}/proof-of-delivery`,
      kind: 'business',
      guards,
      handle: (req) => proofOfDelivery(ctx, req, waybillOf(req)),
    },
    { method: 'GET', path: at('get-image'), name: `GET ${prefix}/shipments/{n}/get-image`, kind: 'business', guards, handle: (req) => getImage(ctx, req, waybillOf(req)) },
    {
      method: 'PATCH',
      path: at('upload-image'),
      name: `PATCH ${prefix}/shipments/{n}/upload-image`,
      kind: 'business',
      guards,
      handle: (req) => uploadImage(ctx, req, waybillOf(req)),
    },
    { method: 'POST', path: `${prefix}/upload-invoice-data`, kind: 'business', guards, handle: (req) => uploadInvoice(ctx, req) },
  ];
}

function waybillOf(req: SandboxRequest): string {
  return decodeURIComponent(req.path.split('/').at(-2) ?? '');
}

/** `imageFormat` query: PDF by default, PNG on request; anything else is refused. */
function formatOf(req: SandboxRequest): 'PDF' | 'PNG' | null {
  const asked = (req.query.get('imageFormat') ?? 'PDF').toUpperCase();
  return asked === 'PDF' || asked === 'PNG' ? asked : null;
}

function expressShipment(ctx: SandboxContext, waybill: string, now: Date): GroupAShipment | undefined {
  return resolveGroupA(ctx, waybill, now).find((s) => s.service === 'express');
}

async function proofOfDelivery(ctx: SandboxContext, req: SandboxRequest, waybill: string): Promise<SandboxResponse> {
  const format = formatOf(req);
  if (!format) return problem(req, 400, 'imageFormat must be PDF or PNG.');
  const now = ctx.clock.now();
  const found = expressShipment(ctx, waybill, now);
  if (!found) return problem(req, 404, `No shipment with waybill ${waybill} was found.`);
  const progress = shipmentProgress(found.shipment, now);
  // SX10: the electronic proof of delivery exists once the shipment is delivered, not before.
  if (!progress.deliveredAt) return problem(req, 404, `Shipment ${waybill} is not delivered yet: no proof of delivery exists.`);
  const { destination, receiver } = found.shipment;
  const content = await renderLabelDocument({
    format,
    title: 'GROUP A EXPRESS - PROOF OF DELIVERY',
    trackingNumber: waybill,
    lines: [
      `DELIVERED: ${localDateTime(progress.deliveredAt, destination.utcOffsetMinutes)} (local)`,
      `SIGNED BY: ${receiver.givenName.charAt(0)}. ${receiver.familyName}`,
      `AT: ${destination.city} ${destination.postalCode} ${destination.countryCode}`,
    ],
  });
  return { status: 200, json: { shipmentTrackingNumber: waybill, documents: [{ typeCode: 'POD', imageFormat: format, content: content.toString('base64') }] } };
}

async function getImage(ctx: SandboxContext, req: SandboxRequest, waybill: string): Promise<SandboxResponse> {
  const format = formatOf(req);
  if (!format) return problem(req, 400, 'imageFormat must be PDF or PNG.');
  const found = expressShipment(ctx, waybill, ctx.clock.now());
  if (!found) return problem(req, 404, `No shipment with waybill ${waybill} was found.`);
  const { origin, destination, sender, receiver } = found.shipment;
  const lines = [
    `FROM: ${sender.organizationName}, ${origin.city} ${origin.countryCode}`,
    `TO: ${receiver.givenName} ${receiver.familyName}, ${destination.city} ${destination.countryCode}`,
    `PIECES: ${found.shipment.pieces.length}  WEIGHT: ${found.shipment.totalWeightKg} KG`,
  ];
  const documents = [
    { typeCode: 'waybill-doc', imageFormat: format, content: (await renderLabelDocument({ format, title: 'GROUP A EXPRESS - WAYBILL', trackingNumber: waybill, lines })).toString('base64') },
  ];
  if (origin.countryCode !== destination.countryCode) {
    const customs = await renderLabelDocument({ format, title: 'CUSTOMS DECLARATION', trackingNumber: waybill, lines });
    documents.push({ typeCode: 'customs-doc', imageFormat: format, content: customs.toString('base64') });
  }
  return { status: 200, json: { shipmentTrackingNumber: waybill, documents } };
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** SX12: `documentImages[]` of `typeCode`, `imageFormat`, base64 `content`; recorded per image. */
function uploadImage(ctx: SandboxContext, req: SandboxRequest, waybill: string): SandboxResponse {
  const body = readJson(req);
  if (!body.ok) return problem(req, 400, body.reason);
  const images = isRecord(body.value) ? body.value['documentImages'] : undefined;
  if (!Array.isArray(images) || images.length === 0) return problem(req, 400, 'documentImages[] is required.');
  const now = ctx.clock.now();
  if (!expressShipment(ctx, waybill, now)) return problem(req, 404, `No shipment with waybill ${waybill} was found.`);
  const read = [];
  for (const [i, image] of images.entries()) {
    const typeCode = isRecord(image) && typeof image['typeCode'] === 'string' ? image['typeCode'] : '';
    const imageFormat = isRecord(image) && typeof image['imageFormat'] === 'string' ? image['imageFormat'] : '';
    const content = isRecord(image) && typeof image['content'] === 'string' ? image['content'] : '';
    if (!typeCode) return problem(req, 400, `documentImages[${i}].typeCode is required.`);
    if (!imageFormat) return problem(req, 400, `documentImages[${i}].imageFormat is required.`);
    if (!BASE64.test(content)) return problem(req, 400, `documentImages[${i}].content must be base64.`);
    read.push({ waybill, typeCode, imageFormat: imageFormat.toUpperCase(), bytes: Buffer.from(content, 'base64').length, at: now });
  }
  expressLedger(ctx).images.push(...read);
  return { status: 200, json: { shipmentTrackingNumber: waybill } };
}

/**
 * SX13: paperless trade invoice data. After creation `shipmentTrackingNumber` names a known shipment; before it,
 * `plannedShippingDate` (YYYY-MM-DD) and the account say which shipment it will be. Recorded in the ledger.
 */
function uploadInvoice(ctx: SandboxContext, req: SandboxRequest): SandboxResponse {
  const body = readJson(req);
  if (!body.ok) return problem(req, 400, body.reason);
  if (!isRecord(body.value)) return problem(req, 400, 'The request body must be a JSON object.');
  const value = body.value;
  const account = readAccount(value);
  if (!account.ok) return problem(req, 400, account.detail);
  const waybill = typeof value['shipmentTrackingNumber'] === 'string' ? value['shipmentTrackingNumber'].trim() : '';
  const planned = typeof value['plannedShippingDate'] === 'string' ? value['plannedShippingDate'] : '';
  if (waybill === '' && !/^\d{4}-\d{2}-\d{2}$/.test(planned)) {
    return problem(req, 400, 'plannedShippingDate (YYYY-MM-DD) is required when shipmentTrackingNumber is absent.');
  }
  const now = ctx.clock.now();
  if (waybill !== '' && !expressShipment(ctx, waybill, now)) return problem(req, 404, `No shipment with waybill ${waybill} was found.`);
  const content = isRecord(value['content']) ? value['content'] : {};
  const invoice = isRecord(content['invoice']) ? content['invoice'] : {};
  const invoiceNumber = typeof invoice['number'] === 'string' ? invoice['number'].trim() : '';
  if (invoiceNumber === '') return problem(req, 400, 'content.invoice.number is required.');
  if (typeof invoice['date'] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(invoice['date'])) return problem(req, 400, 'content.invoice.date (YYYY-MM-DD) is required.');
  const lines = content['lineItems'];
  if (!Array.isArray(lines) || lines.length === 0) return problem(req, 400, 'content.lineItems[] is required.');
  for (const [i, line] of lines.entries()) {
    if (!isRecord(line) || typeof line['description'] !== 'string' || typeof line['price'] !== 'number' || !isRecord(line['quantity'])) {
      return problem(req, 400, `content.lineItems[${i}] needs a description, a price and a quantity.`);
    }
  }
  expressLedger(ctx).invoices.push({
    waybill: waybill || null,
    plannedShippingDate: planned || null,
    account: account.value,
    invoiceNumber,
    invoiceDate: invoice['date'],
    lineItems: lines.length,
    lines: lines.map((line: Record<string, unknown>) => ({
      description: line['description'] as string,
      price: line['price'] as number,
      priceCurrency: typeof line['priceCurrency'] === 'string' ? line['priceCurrency'] : null,
      quantity: line['quantity'],
      commodityCodes: line['commodityCodes'] ?? null,
      manufacturerCountry: typeof line['manufacturerCountry'] === 'string' ? line['manufacturerCountry'] : null,
    })),
    withDocument: Array.isArray(value['documentImages']) && value['documentImages'].length > 0,
    at: now,
  });
  return { status: 200, json: waybill ? { shipmentTrackingNumber: waybill } : {} };
}
