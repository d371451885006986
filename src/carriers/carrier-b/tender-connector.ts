import { z } from 'zod';
import type { LabelHandle, TenderResult } from '../../domain/shipping.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { TenderingConnector } from '../types.js';
import { readAlerts } from './mapping.js';
import { carrierDocument } from './ship-answer.js';
import { callCarrierB, transactionIdOf } from './ship-call.js';
import { endOfDayAnswerSchema, type WireEndOfDayRequest } from './tender-wire.js';

export const CARRIER_B_END_OF_DAY_PATH = '/ship/v1/endofday/';

/**
 * Carrier B ground end-of-day close (seed 001: "ground label created -> end-of-day close operation -> tendered; close
 * produces the end-of-day manifest; ground labels are not tendered until then"). The carrier closes every open ground
 * shipment of the account (SB11); the labels it names as closed are the ones tendered, whatever we expected. A 2xx
 * answer that names none (no `closedTrackingNumbers`) has closed all the same: the service tenders what it asked (CX2).
 */
export class CarrierBEndOfDayConnector implements TenderingConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly kind = 'END_OF_DAY' as const;

  constructor(private readonly options: { client: UpstreamClient; config: CarrierBConfig }) {}

  async tender(accountNumber: string, _labels: readonly LabelHandle[], date: string): Promise<TenderResult> {
    const body: WireEndOfDayRequest = {
      accountNumber: { value: accountNumber },
      closeReqType: 'GCCLOSE',
      groundServiceCategory: 'GROUND',
      closeDate: date,
      closeDocumentSpecification: { closeDocumentTypes: ['MANIFEST'], docType: 'PDF' },
    };
    // Any 2xx body is taken (the close has acted): read below as far as it follows our assumption, kept as received.
    const { answer: received } = await callCarrierB(this.options.client, this.options.config.locale, {
      operation: 'end-of-day',
      method: 'POST',
      path: CARRIER_B_END_OF_DAY_PATH,
      json: body,
      schema: z.unknown(),
      // A close changes the carrier's state (it tenders labels): sent once, like every call that acts.
      idempotent: false,
    });
    const parsed = endOfDayAnswerSchema.safeParse(received);
    const answer = parsed.success ? parsed.data : { transactionId: null, output: null };
    const documents = [];
    const warnings = readAlerts(answer.output?.alerts);
    for (const doc of answer.output?.closeDocuments ?? []) {
      try {
        const document = await carrierDocument(doc, null, this.options.client);
        documents.push({ ...document, kind: 'END_OF_DAY_MANIFEST' as const });
      } catch (err) {
        // The close stands; the manifest it named is missing (the carrier's answer is kept for support).
        warnings.push({ code: 'DOCUMENT_NOT_STORED', message: `END_OF_DAY_MANIFEST document could not be read: ${err instanceof Error ? err.message : String(err)}`, type: 'WARNING' });
      }
    }
    const closed = answer.output?.closedTrackingNumbers;
    return {
      kind: 'END_OF_DAY',
      tenderedTrackingNumbers: closed ? [...closed] : null,
      documents,
      warnings,
      transactionId: transactionIdOf(answer),
      carrierAnswer: received,
    };
  }
}
