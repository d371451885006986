import { InputError } from '../../domain/errors.js';
import { fetchedDocument, insertDocument } from '../../store/shipping-documents.js';
import { AfterPurchase, named } from './after-purchase.js';
import { handleOf } from './label-records.js';
const FETCHABLE = ['PROOF_OF_DELIVERY', 'SHIPMENT_IMAGE', 'BILL_OF_LADING', 'FREIGHT_BILLING_DOCUMENT'];
export class ShippingDocuments extends AfterPurchase {
    /** Fetched from the carrier once and stored; a later ask (any replica) answers the stored one without a call. */
    async fetchDocument(input) {
        const label = await this.mustLabel(input.labelId, 'input.labelId');
        if (!label.trackingNumber || (label.state !== 'PURCHASED' && label.state !== 'CANCELLED')) {
            throw new InputError('input.labelId', `is ${label.state}; documents are fetched for purchased labels`);
        }
        if (!FETCHABLE.includes(input.kind))
            throw new InputError('input.kind', `${input.kind} is not fetched on demand (it comes with the label)`);
        const kind = input.kind;
        const connector = this.deps.documents.find((c) => c.carrier === label.carrier && c.division === label.division && c.fetchable.includes(kind));
        if (!connector)
            throw new InputError('input.kind', `${named(label.carrier, label.division)} offers no ${input.kind} document`);
        const fetchedAs = `${input.kind}:${input.format}`;
        const stored = await fetchedDocument(this.deps.store, label.id, fetchedAs);
        if (stored)
            return stored;
        const fetched = await connector.fetch(handleOf(label), kind, input.format);
        const document = await insertDocument(this.deps.store, {
            labelId: label.id,
            tenderId: null,
            kind: fetched.kind,
            nativeType: fetched.nativeType,
            format: fetched.format,
            contentType: fetched.contentType,
            content: fetched.content,
            pieceTrackingNumber: null,
            fetchedAs,
        }, this.deps.now());
        await this.deps.records.announce(label.id);
        return document;
    }
    async uploadShipmentImage(input) {
        const label = await this.mustLabel(input.labelId, 'input.labelId');
        const connector = this.deps.documents.find((c) => c.carrier === label.carrier && c.division === label.division && c.uploadImage);
        if (!connector?.uploadImage)
            throw new InputError('input.labelId', `${named(label.carrier, label.division)} does not take shipment images`);
        if (!label.trackingNumber || label.state !== 'PURCHASED')
            throw new InputError('input.labelId', `is ${label.state}; images go to purchased labels`);
        return connector.uploadImage(label.trackingNumber, { format: input.format, content: input.content, typeCode: input.typeCode });
    }
    async uploadCommercialInvoice(input) {
        const base = {
            invoiceNumber: input.invoiceNumber,
            invoiceDate: input.invoiceDate,
            document: input.document,
            lines: input.lines,
        };
        if (input.labelId !== null) {
            const label = await this.mustLabel(input.labelId, 'input.labelId');
            const connector = this.deps.documents.find((c) => c.carrier === label.carrier && c.division === label.division && c.uploadInvoice);
            if (!connector?.uploadInvoice)
                throw new InputError('input.labelId', `${named(label.carrier, label.division)} does not take invoice data`);
            if (!label.trackingNumber || label.state !== 'PURCHASED')
                throw new InputError('input.labelId', `is ${label.state}; invoices go to purchased labels`);
            return connector.uploadInvoice({ ...base, trackingNumber: label.trackingNumber, accountNumber: label.accountNumber, plannedShipDate: input.plannedShipDate ?? label.request.shipDate });
        }
        const takers = this.deps.documents.filter((c) => c.uploadInvoice);
        const connector = takers[0];
        if (!connector?.uploadInvoice)
            throw new InputError('input.labelId', 'no carrier configured here takes invoice data');
        if (takers.length > 1)
            throw new InputError('input.labelId', 'is required: several carriers take invoice data, name the label');
        if (!input.plannedShipDate)
            throw new InputError('input.plannedShipDate', 'is required before the shipment exists');
        const shipping = this.deps.shippingFor(connector.carrier, connector.division);
        const accountNumber = input.accountNumber ?? shipping?.defaultAccountNumber ?? null;
        if (!accountNumber)
            throw new InputError('input.accountNumber', 'is required: no default account is configured');
        if (shipping && !shipping.accountNumbers.includes(accountNumber))
            throw new InputError('input.accountNumber', `is not an account configured for ${named(connector.carrier, connector.division)}`);
        return connector.uploadInvoice({ ...base, trackingNumber: null, accountNumber, plannedShipDate: input.plannedShipDate });
    }
}
