/**
 * Sandbox labels a person (and a scanner) would accept: the express label prints as its big "TRACKING #" the waybill
 * the API answers as `trackingNumber` (the piece id is a line below it), and its QR code decodes (with its quiet zone)
 * to the waybill and the piece, on the label PDF and on the separate QR document; every label's Code 128 barcode
 * decodes to the tracking number the API answers (Carrier B, express, e-commerce). Bought over real HTTP from the
 * server, the documents read back as the API serves them (base64); QR codes read with jsqr, barcodes with the Code 128
 * reader of test/support/label-codes.ts (none is installed from npm).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { decodeCode128, decodeQr, pdfImages, pdfText, pngImage, qrQuietZoneModules } from '../support/label-codes.js';
import { CREATE_SHIPMENT, carrierBShipment, ecommerceShipment, expressShipment } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ withEcommerceShipping: true });
});
afterAll(async () => {
  await e2e?.close();
});

const WITH_BYTES = CREATE_SHIPMENT.replace('documents { id kind format contentType size url urlExpiresAt }', 'documents { id kind format contentType base64 }');

async function buyExpress(key: string) {
  return buy(expressShipment(key));
}

async function buy(input: Record<string, unknown>) {
  const answer = await e2e.gql(WITH_BYTES, { input });
  expect(answer.errors).toBeUndefined();
  expect(answer.data.createShipment.userErrors).toEqual([]);
  return answer.data.createShipment.purchase.label as {
    id: string;
    trackingNumber: string;
    pieces: Array<{ trackingNumber: string }>;
    documents: Array<{ kind: string; contentType: string; base64: string }>;
  };
}

describe('sandbox express labels', () => {
  it("the express label's TRACKING # is the waybill the API returns, and its QR code decodes to the waybill and piece", async () => {
    const label = await buyExpress('label-codes-express-1');
    const pdf = label.documents.find((d) => d.kind === 'LABEL' && d.contentType === 'application/pdf');
    expect(pdf, JSON.stringify(label.documents.map((d) => d.kind))).toBeDefined();
    const bytes = Buffer.from(pdf!.base64, 'base64');
    const text = await pdfText(bytes);
    expect(text).toContain(`TRACKING #: ${label.trackingNumber}`);
    const piece = label.pieces[0]!.trackingNumber;
    expect(piece).not.toBe(label.trackingNumber);
    const images = await pdfImages(bytes);
    const decoded = images.map(decodeQr).filter((d) => d !== null);
    expect(Math.max(...images.map(qrQuietZoneModules))).toBeGreaterThanOrEqual(4);
    expect(decoded).toEqual([`${label.trackingNumber}/${piece}`]);
  });

  it('the express QR document (PNG) has a quiet zone of four modules and decodes to the waybill and piece', async () => {
    const label = await buyExpress('label-codes-express-2');
    const qr = label.documents.find((d) => d.kind === 'QR_CODE');
    expect(qr, JSON.stringify(label.documents.map((d) => d.kind))).toBeDefined();
    const image = pngImage(Buffer.from(qr!.base64, 'base64'));
    expect(qrQuietZoneModules(image)).toBeGreaterThanOrEqual(4);
    expect(decodeQr(image)).toBe(`${label.trackingNumber}/${label.pieces[0]!.trackingNumber}`);
  });
});

describe('every sandbox label barcode', () => {
  for (const [name, input] of [
    ['Carrier B', () => carrierBShipment('label-codes-b-1')],
    ['Group A express', () => expressShipment('label-codes-express-3')],
    ['Group A e-commerce', () => ecommerceShipment('label-codes-ecom-1')],
  ] as const) {
    it(`the ${name} label's Code 128 barcode decodes to the tracking number the API returns`, async () => {
      const label = await buy(input());
      const pdfs = label.documents.filter((d) => d.kind === 'LABEL' && d.contentType === 'application/pdf');
      expect(pdfs.length, JSON.stringify(label.documents.map((d) => `${d.kind} ${d.contentType}`))).toBeGreaterThan(0);
      for (const pdf of pdfs) {
        const decoded = (await pdfImages(Buffer.from(pdf.base64, 'base64'))).map(decodeCode128).filter((d) => d !== null);
        expect(decoded).toEqual([label.trackingNumber]);
      }
    });
  }
});

describe('every sandbox return label barcode', () => {
  const CREATE_RETURN = `mutation($input: CreateReturnInput!) { createReturn(input: $input) {
    purchase { label { kind trackingNumber documents { kind contentType base64 } } } userErrors { field code message } } }`;

  // A Carrier B return tag has no document: the courier brings the label when collecting.
  for (const [name, outbound] of [['Group A e-commerce return', () => ecommerceShipment('label-codes-ecom-outbound')]] as const) {
    it(`the ${name}'s Code 128 barcode decodes to the tracking number the API returns`, async () => {
      const sent = await buy(outbound());
      const answer = await e2e.gql(CREATE_RETURN, { input: { outboundLabelId: sent.id, idempotencyKey: `${name.replaceAll(" ", "-")}-return` } });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.createReturn.userErrors).toEqual([]);
      const label = answer.data.createReturn.purchase.label as { kind: string; trackingNumber: string; documents: Array<{ kind: string; contentType: string; base64: string }> };
      const pdfs = label.documents.filter((d) => d.contentType === 'application/pdf');
      expect(pdfs.length, JSON.stringify(label.documents.map((d) => `${d.kind} ${d.contentType}`))).toBeGreaterThan(0);
      for (const pdf of pdfs) {
        const decoded = (await pdfImages(Buffer.from(pdf.base64, 'base64'))).map(decodeCode128).filter((d) => d !== null);
        expect(decoded).toEqual([label.trackingNumber]);
      }
    });
  }
});

