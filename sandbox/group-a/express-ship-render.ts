import { qrCodePng, renderLabelDocument } from '../core/label-document.js';
import type { ParsedRateRequest } from './express-rating-request.js';
import { rateAnswer } from './express-rating-products.js';
import type { ParsedShipRequest } from './express-ship-request.js';
import type { GroupAShipment } from './numbers.js';

/**
 * The seed's "Express shipment-creation answer": `url`, `shipmentTrackingNumber`, `dispatchConfirmationNumber` and
 * `cancelPickupUrl` when a pickup was booked, `trackingUrl`, `onDemandDeliveryURL`, `packages[]` (per-piece numbers,
 * a QR code each), `documents[]` (labels, waybill document, invoice when customs are declared; real PDF/PNG files),
 * `shipmentDetails[]`, `shipmentCharges[]` (the same prices `/rates` quotes for the product, BILLC first) and
 * `warnings[]` (sandbox/README.md "Express shipping").
 */

/** Names of the breakdown codes the sandbox prices (the rate simulator's lines). */
const CHARGE_NAMES: Readonly<Record<string, string>> = {
  SPRQT: 'EXPRESS WORLDWIDE',
  FF: 'FUEL SURCHARGE',
  OO: 'REMOTE AREA DELIVERY',
  KB: 'CASH ON DELIVERY',
  STDIS: 'DISCOUNT',
  STTXA: 'TAX',
};

export type Priced =
  | { ok: true; charges: unknown[]; volumetricWeight: number; warnings: string[] }
  | { ok: false; detail: string };

/** Prices the creation as `/rates` quotes the product on this lane; a product the lane lacks is refused. */
export function priceShipment(seed: string, request: ParsedShipRequest): Priced {
  const asRate: ParsedRateRequest = {
    shipper: { countryCode: request.shipper.countryCode, postalCode: request.shipper.postalCode, cityName: request.shipper.cityName },
    receiver: { countryCode: request.receiver.countryCode, postalCode: request.receiver.postalCode, cityName: request.receiver.cityName },
    account: request.account,
    productCodes: [request.productCode],
    cod: request.cod,
    shipDate: request.shipDate,
    readyTime: request.readyTime,
    offsetMinutes: request.offsetMinutes,
    crossBorder: request.crossBorder,
    packages: request.packages.map((p) => ({ weightKg: p.weightKg, volumeCm3: p.volumeCm3 })),
  };
  const quoted = rateAnswer(seed, asRate);
  const product = quoted.products[0] as
    | {
        totalPrice: Array<{ currencyType: string; priceCurrency: string; price: number }>;
        totalPriceBreakdown: Array<{ currencyType: string; priceBreakdown: Array<{ typeCode: string; price: number }> }>;
        weight: { volumetric: number };
      }
    | undefined;
  if (!product) {
    return { ok: false, detail: `productCode ${request.productCode} is not available from ${request.shipper.countryCode} to ${request.receiver.countryCode}.` };
  }
  const charges = product.totalPrice.map((view) => ({
    currencyType: view.currencyType,
    priceCurrency: view.priceCurrency,
    price: view.price,
    serviceBreakdown: (product.totalPriceBreakdown.find((b) => b.currencyType === view.currencyType)?.priceBreakdown ?? []).map((line) => ({
      name: CHARGE_NAMES[line.typeCode] ?? line.typeCode,
      price: line.price,
      typeCode: line.typeCode,
    })),
  }));
  return { ok: true, charges, volumetricWeight: product.weight.volumetric, warnings: quoted.warnings ?? [] };
}

/**
 * `warnings[]` of a creation (sandbox/README.md): the rate simulator's remote-area warning, and one per package sent
 * without dimensions (its volumetric weight could not be checked).
 */
export function creationWarnings(request: ParsedShipRequest, priced: { warnings: string[] }): string[] {
  const missing = request.packages.flatMap((p, i) =>
    p.volumeCm3 === null ? [`Package ${i + 1} has no dimensions: its volumetric weight was not checked and may be charged after audit.`] : [],
  );
  return [...priced.warnings, ...missing];
}

function partyLines(label: string, p: ParsedShipRequest['shipper']): string[] {
  return [
    `${label}: ${p.companyName ? `${p.companyName}, ` : ''}${p.fullName}`,
    `  ${p.addressLine1}`,
    `  ${p.postalCode ?? ''} ${p.cityName} ${p.provinceCode ?? ''} ${p.countryCode}`.replace(/\s+/g, ' '),
  ];
}

export interface RenderInput {
  origin: string;
  requestUrl: string;
  waybill: string;
  tracked: GroupAShipment;
  request: ParsedShipRequest;
  dispatchConfirmationNumber: string | null;
  charges: unknown[];
  volumetricWeight: number;
  warnings: string[];
}

export async function renderCreationAnswer(input: RenderInput): Promise<Record<string, unknown>> {
  const { request, waybill, tracked } = input;
  const base64 = (bytes: Buffer) => bytes.toString('base64');
  const head = [...partyLines('FROM', request.shipper), ...partyLines('TO', request.receiver), `PRODUCT: ${request.productCode}   ACCOUNT: ${request.account}`];
  const documents: Array<Record<string, unknown>> = [];
  if (request.documents.includes('label')) {
    for (const [i, piece] of request.packages.entries()) {
      const content = await renderLabelDocument({
        format: request.format,
        title: `GROUP A EXPRESS - ${request.productCode} - PIECE ${i + 1}/${request.packages.length}`,
        // The waybill is what the API answers as the tracking number, so it is the big number and the barcode; the
        // piece id is a line, and the QR code carries both (as the QR document does).
        trackingNumber: waybill,
        ...(tracked.pieceIds[i] ? { qrCode: `${waybill}/${tracked.pieceIds[i]}` } : {}),
        lines: [`PIECE ID ${tracked.pieceIds[i] ?? waybill}`, ...head, `WEIGHT: ${piece.weightKg} KG`, ...request.references.map((r) => `REF: ${r}`)],
      });
      documents.push({ imageFormat: request.format, content: base64(content), typeCode: 'label', packageReferenceNumber: i + 1 });
    }
  }
  if (request.documents.includes('waybill-doc')) {
    const content = await renderLabelDocument({ format: 'PDF', title: 'GROUP A EXPRESS - WAYBILL DOCUMENT', trackingNumber: waybill, lines: head });
    documents.push({ imageFormat: 'PDF', content: base64(content), typeCode: 'waybill-doc' });
  }
  if (request.documents.includes('invoice') && request.crossBorder) {
    const declared = request.declaredValue ? `${request.declaredValue.value} ${request.declaredValue.currency}` : '';
    const content = await renderLabelDocument({
      format: 'PDF',
      title: 'COMMERCIAL INVOICE',
      trackingNumber: waybill,
      lines: [...head, `DECLARED VALUE: ${declared}`],
    });
    documents.push({ imageFormat: 'PDF', content: base64(content), typeCode: 'invoice' });
  }
  const wantsQr = request.documents.includes('qr-code');
  const packages = [];
  for (const [i, piece] of request.packages.entries()) {
    const trackingNumber = tracked.pieceIds[i] as string;
    packages.push({
      referenceNumber: i + 1,
      trackingNumber,
      volumetricWeight: piece.volumeCm3 === null ? 0 : Math.round((piece.volumeCm3 / 5000) * 1000) / 1000,
      ...(wantsQr ? { documents: [{ imageFormat: 'PNG', content: base64(await qrCodePng(`${waybill}/${trackingNumber}`)), typeCode: 'qr-code' }] } : {}),
    });
  }
  const { origin: from, destination: to } = tracked.shipment;
  const answer: Record<string, unknown> = {
    url: input.requestUrl,
    shipmentTrackingNumber: waybill,
    // The seed's forms: "`{express_url}/expressapi/shipments/{shipmentTrackingNumber}/tracking`" and
    // "`{express_url}/expressapi/shipment-pickups/{dispatchConfirmationNumber}`".
    ...(input.dispatchConfirmationNumber
      ? {
          dispatchConfirmationNumber: input.dispatchConfirmationNumber,
          cancelPickupUrl: `${input.origin}/expressapi/shipment-pickups/${input.dispatchConfirmationNumber}`,
        }
      : {}),
    trackingUrl: `${input.origin}/expressapi/shipments/${waybill}/tracking`,
    onDemandDeliveryURL: `${input.origin}/expressapi/on-demand-delivery?shipmentTrackingNumber=${waybill}`,
    packages,
    documents,
    shipmentDetails: [
      {
        volumetricWeight: input.volumetricWeight,
        billingCode: request.crossBorder ? 'IMP' : 'DOM',
        serviceContentCode: request.crossBorder ? 'WPX' : 'DOM',
        packagesCount: request.packages.length,
        originServiceArea: { facilityCode: `${from.facility}HUB`, serviceAreaCode: from.facility, outboundSortCode: `${from.facility}-O1` },
        destinationServiceArea: { facilityCode: `${to.facility}HUB`, serviceAreaCode: to.facility, inboundSortCode: `${to.facility}-I2` },
        carrierRoutingCode: `${to.countryCode}${(to.postalCode || '0').replace(/\W/g, '')}+${request.productCode}`,
        carrierRoutingDataId: `2L${to.countryCode}${(to.postalCode || '0').replace(/\W/g, '')}`,
      },
    ],
    shipmentCharges: input.charges,
  };
  if (input.warnings.length > 0) answer['warnings'] = input.warnings;
  return answer;
}
