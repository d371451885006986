import { readAlerts } from './mapping.js';
import { carrierDocument } from './ship-answer.js';
import { callCarrierB, transactionIdOf } from './ship-call.js';
import { endOfDayAnswerSchema } from './tender-wire.js';
export const CARRIER_B_END_OF_DAY_PATH = '/ship/v1/endofday/';
/**
 * Carrier B ground end-of-day close (seed 001: "ground label created -> end-of-day close operation -> tendered; close
 * produces the end-of-day manifest; ground labels are not tendered until then"). The carrier closes every open ground
 * shipment of the account (SB11); the labels it names as closed are the ones tendered, whatever we expected.
 */
export class CarrierBEndOfDayConnector {
    options;
    upstream = 'carrier-b';
    carrier = 'CARRIER_B';
    division = null;
    kind = 'END_OF_DAY';
    constructor(options) {
        this.options = options;
    }
    async tender(accountNumber, _labels, date) {
        const body = {
            accountNumber: { value: accountNumber },
            closeReqType: 'GCCLOSE',
            groundServiceCategory: 'GROUND',
            closeDate: date,
            closeDocumentSpecification: { closeDocumentTypes: ['MANIFEST'], docType: 'PDF' },
        };
        const { answer } = await callCarrierB(this.options.client, this.options.config.locale, {
            operation: 'end-of-day',
            method: 'POST',
            path: CARRIER_B_END_OF_DAY_PATH,
            json: body,
            schema: endOfDayAnswerSchema,
            // A close changes the carrier's state (it tenders labels): sent once, like every call that acts.
            idempotent: false,
        });
        const documents = [];
        for (const doc of answer.output.closeDocuments ?? []) {
            const document = await carrierDocument(doc, null, this.options.client);
            documents.push({ ...document, kind: 'END_OF_DAY_MANIFEST' });
        }
        return {
            kind: 'END_OF_DAY',
            tenderedTrackingNumbers: [...answer.output.closedTrackingNumbers],
            documents,
            warnings: readAlerts(answer.output.alerts),
            transactionId: transactionIdOf(answer),
        };
    }
}
