/**
 * Issue 9 items 4, 6 and 7 (GraphQL side) over real HTTP: validate creates nothing; cancel once, a second cancel
 * answers the same without a call; a return tag linked to its outbound label, cancelled by its own mutation; a
 * tracking document fetched once and stored; an image and invoice data uploaded to express.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { carrierBShipment, createShipment, expressShipment, LABEL_FIELDS } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  // Labels are a few KB: a small inline limit shows `base64` refusing what `url` still serves.
  e2e = await startE2E({ env: { DOCUMENT_INLINE_MAX_BYTES: '1000' } });
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

const carrierB = (route: string) => e2e.sandbox.stats.carrierB.calls[route] ?? 0;

async function buy(input: Record<string, unknown>) {
  const answer = await createShipment(e2e, input);
  expect(answer.errors).toBeUndefined();
  expect(answer.data.createShipment.userErrors, JSON.stringify(answer.data.createShipment.userErrors)).toEqual([]);
  return answer.data.createShipment.purchase.label;
}

describe('validateShipment', () => {
  it("answers the carrier's verdict and alerts, and creates nothing", async () => {
    const { idempotencyKey: _unused, ...input } = carrierBShipment('unused');
    const countLabels = async () => (await e2e.gql(`{ labels(first: 500) { edges { node { id } } } }`)).data.labels.edges.length;
    const before = await countLabels();
    const answer = await e2e.gql(
      `mutation($input: ValidateShipmentInput!) { validateShipment(input: $input) { validation { valid alerts { code message type } } userErrors { field code } } }`,
      { input },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.validateShipment.userErrors).toEqual([]);
    expect(answer.data.validateShipment.validation.valid).toBe(true);
    expect(carrierB('POST /ship/v1/shipments/packages/validate')).toBe(1);
    expect(carrierB('POST /ship/v1/shipments')).toBe(0);
    expect(await countLabels()).toBe(before);
  });
});

describe('cancelShipment', () => {
  const CANCEL = `mutation($input: CancelShipmentInput!) { cancelShipment(input: $input) { cancellation { cancelled message label { id state cancelledAt } } userErrors { field code message carrierCode } warnings { message } } }`;

  it('cancels a purchased label once: CANCELLED; a second cancel (any key) answers the same result without a carrier call', async () => {
    const label = await buy(carrierBShipment('cancel-me-1'));
    const first = await e2e.gql(CANCEL, { input: { labelId: label.id, reason: 'order cancelled', idempotencyKey: 'cancel-1' } });
    expect(first.errors).toBeUndefined();
    expect(first.data.cancelShipment.userErrors).toEqual([]);
    expect(first.data.cancelShipment.cancellation).toMatchObject({ cancelled: true, label: { id: label.id, state: 'CANCELLED' } });
    expect(first.data.cancelShipment.cancellation.label.cancelledAt).toEqual(expect.any(String));
    expect(carrierB('PUT /ship/v1/shipments/cancel')).toBe(1);
    for (const key of ['cancel-1', 'cancel-2']) {
      const again = await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: key } });
      expect(again.data.cancelShipment.cancellation).toMatchObject({ cancelled: true, label: { id: label.id, state: 'CANCELLED' } });
    }
    expect(carrierB('PUT /ship/v1/shipments/cancel')).toBe(1);
  });

  it('a cancelled label cannot be tendered: the close naming it is refused at input.labelIds.0 before any call', async () => {
    const label = await buy(carrierBShipment('cancel-then-close'));
    await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-before-close' } });
    e2e.sandbox.resetStats();
    const close = await e2e.gql(
      `mutation($input: TenderLabelsInput!) { tenderLabels(input: $input) { tender { id } userErrors { field code message } } }`,
      { input: { carrier: 'CARRIER_B', labelIds: [label.id], idempotencyKey: 'close-cancelled' } },
    );
    expect(close.data.tenderLabels.tender).toBeNull();
    expect(close.data.tenderLabels.userErrors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'labelIds', '0'] })]);
    expect(e2e.businessCallsButTracking()).toBe(0);
  });

  it('cancelling a label id that does not exist is a NOT_FOUND user error at input.labelId', async () => {
    const answer = await e2e.gql(CANCEL, { input: { labelId: 'Label:00000000-0000-4000-8000-0000000000ff', idempotencyKey: 'cancel-x' } });
    expect(answer.data.cancelShipment.cancellation).toBeNull();
    expect(answer.data.cancelShipment.userErrors).toEqual([expect.objectContaining({ code: 'NOT_FOUND', field: ['input', 'labelId'] })]);
    expect(e2e.businessCallsButTracking()).toBe(0);
  });
});

describe('returns', () => {
  it('a Carrier B return tag is a RETURN label linked to its outbound label, cancelled by cancelReturn', async () => {
    const outbound = await buy(carrierBShipment('outbound-for-return-1'));
    const created = await e2e.gql(
      `mutation($input: CreateReturnInput!) { createReturn(input: $input) { purchase { replay label { ${LABEL_FIELDS} returnOf { id } } } userErrors { field code message } } }`,
      { input: { outboundLabelId: outbound.id, idempotencyKey: 'return-1', reason: 'wrong size' } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createReturn.userErrors).toEqual([]);
    const returned = created.data.createReturn.purchase.label;
    expect(returned).toMatchObject({ kind: 'RETURN', state: 'PURCHASED', carrier: 'CARRIER_B', returnOf: { id: outbound.id } });
    expect(carrierB('POST /ship/v1/shipments/tag')).toBe(1);

    const cancelled = await e2e.gql(
      `mutation($input: CancelReturnInput!) { cancelReturn(input: $input) { cancellation { cancelled label { id state } } userErrors { field code message } } }`,
      { input: { labelId: returned.id, idempotencyKey: 'return-cancel-1' } },
    );
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data.cancelReturn.userErrors).toEqual([]);
    expect(cancelled.data.cancelReturn.cancellation).toMatchObject({ cancelled: true, label: { id: returned.id, state: 'CANCELLED' } });
    expect(carrierB('PUT /ship/v1/shipments/tag/cancel/{shipmentid}')).toBe(1);
  });
});

describe('documents fetched and uploaded', () => {
  const FETCH = `mutation($input: FetchShipmentDocumentInput!) { fetchShipmentDocument(input: $input) { document { id kind format contentType size url } userErrors { field code message } } }`;

  it("a ground label's bill of lading is fetched once, stored, served as a PDF; a second ask answers the same document without a call", async () => {
    const label = await buy(carrierBShipment('bol-1'));
    const first = await e2e.gql(FETCH, { input: { labelId: label.id, kind: 'BILL_OF_LADING' } });
    expect(first.errors).toBeUndefined();
    expect(first.data.fetchShipmentDocument.userErrors).toEqual([]);
    const document = first.data.fetchShipmentDocument.document;
    expect(document).toMatchObject({ kind: 'BILL_OF_LADING', contentType: 'application/pdf' });
    const served = await fetch(document.url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const again = await e2e.gql(FETCH, { input: { labelId: label.id, kind: 'BILL_OF_LADING' } });
    expect(again.data.fetchShipmentDocument.document.id).toBe(document.id);
    expect(carrierB('POST /track/v1/trackingdocuments')).toBe(1);
  });

  it('a document larger than DOCUMENT_INLINE_MAX_BYTES answers base64 null with DOCUMENT_TOO_LARGE on that field; its url serves it', async () => {
    const label = await buy(carrierBShipment('too-large-1'));
    const answer = await e2e.gql(`query($id: ID!) { label(id: $id) { documents { kind size url base64 } } }`, { id: label.id });
    const document = answer.data.label.documents[0];
    expect(document.size).toBeGreaterThan(1000);
    expect(document.base64).toBeNull();
    expect(answer.errors).toEqual([expect.objectContaining({ path: ['label', 'documents', 0, 'base64'], extensions: expect.objectContaining({ code: 'DOCUMENT_TOO_LARGE' }) })]);
    expect((await fetch(document.url)).status).toBe(200);
  });

  it('an image is uploaded to a purchased express shipment (PATCH upload-image)', async () => {
    const label = await buy(expressShipment('image-1'));
    const answer = await e2e.gql(
      `mutation($input: UploadShipmentImageInput!) { uploadShipmentImage(input: $input) { label { id } userErrors { field code message } } }`,
      { input: { labelId: label.id, format: 'PDF', contentBase64: Buffer.from('%PDF-1.7 signed invoice').toString('base64'), typeCode: 'INV' } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.uploadShipmentImage).toEqual({ label: { id: label.id }, userErrors: [] });
    const patches = Object.entries(e2e.sandbox.stats.groupAExpress.calls).filter(([route]) => route.startsWith('PATCH'));
    expect(patches.map(([, n]) => n)).toEqual([1]);
  });

  it('commercial invoice data is uploaded before creation (planned ship date, no label)', async () => {
    const uploadedBefore = e2e.sandbox.expressShipping.invoices().length;
    const today = new Date().toISOString().slice(0, 10);
    const answer = await e2e.gql(
      `mutation($input: UploadCommercialInvoiceInput!) { uploadCommercialInvoice(input: $input) { invoiceUpload { invoiceNumber label { id } } userErrors { field code message } } }`,
      {
        input: {
          plannedShipDate: today,
          invoiceNumber: 'INV-2001',
          invoiceDate: today,
          lines: [{ description: 'Cotton shirts', quantity: 2, value: { amount: '120.00', currency: 'USD' }, hsCode: '610910', countryOfOrigin: 'IN' }],
        },
      },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.uploadCommercialInvoice).toEqual({ invoiceUpload: { invoiceNumber: 'INV-2001', label: null }, userErrors: [] });
    // The carrier received exactly one upload, with no waybill (before creation) and the invoice's fields.
    const uploadCalls = Object.entries(e2e.sandbox.stats.groupAExpress.calls).filter(([route]) => route.endsWith('/upload-invoice-data'));
    expect(uploadCalls.map(([, n]) => n)).toEqual([1]);
    const uploads = e2e.sandbox.expressShipping.invoices().slice(uploadedBefore);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      waybill: null,
      plannedShippingDate: today,
      account: e2e.sandbox.credentials.groupAExpress.accountNumber,
      invoiceNumber: 'INV-2001',
      invoiceDate: today,
      lineItems: 1,
      withDocument: false,
    });
    expect(uploads[0]!.lines).toEqual([
      {
        description: 'Cotton shirts',
        price: 120,
        priceCurrency: 'USD',
        quantity: { value: 2, unitOfMeasurement: 'PCS' },
        commodityCodes: [{ typeCode: 'outbound', value: '610910' }],
        manufacturerCountry: 'IN',
      },
    ]);
  });
});

describe('labels', () => {
  it('pages through every label exactly once, newest first, `first` at a time, and keeps its filter', async () => {
    const bought: string[] = [];
    for (const key of ['page-1', 'page-2', 'page-3']) bought.push((await buy(carrierBShipment(key, { orderId: 'ORDER-PAGED' }))).id);
    const all = (await e2e.gql(`{ labels(first: 500) { edges { node { id } } } }`)).data.labels.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(all.slice(0, 3)).toEqual([...bought].reverse());
    const paged: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = (await e2e.gql(`query($after: String) { labels(first: 2, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } }`, { after })).data.labels;
      paged.push(...page.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(paged).toEqual(all);
    const filtered = await e2e.gql(`{ labels(filter: { orderId: "ORDER-PAGED", carrier: CARRIER_B }, first: 10) { edges { node { orderId } } } }`);
    expect(filtered.data.labels.edges.map((e: { node: { orderId: string } }) => e.node.orderId)).toEqual(['ORDER-PAGED', 'ORDER-PAGED', 'ORDER-PAGED']);
  });
});
