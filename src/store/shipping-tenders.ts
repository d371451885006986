/**
 * The `tenders` table (migration 009): manifests and end-of-day closes, with their documents (shipping-documents.ts).
 */
import type { Carrier } from '../domain/carrier.js';
import type { CarrierWarning } from '../domain/shipment.js';
import type { Tender, TenderKind, TenderOutcome } from '../domain/shipping.js';
import { documentsOfTender } from './shipping-documents.js';
import type { Queryable } from './store.js';

export class TenderStore {
  constructor(private readonly db: Queryable) {}

  async insertTender(tender: {
    id: string;
    kind: TenderKind;
    carrier: Carrier;
    division: string | null;
    accountNumber: string;
    date: string;
    /** Default TENDERED; UNKNOWN when the request was sent and its answer lost. */
    outcome?: TenderOutcome;
    labelIds: string[];
    warnings: CarrierWarning[];
    transactionId: string | null;
    now: Date;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO tenders (id, kind, carrier, division, account_number, date, label_ids, warnings, transaction_id, created_at, outcome)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11)`,
      [
        tender.id,
        tender.kind,
        tender.carrier,
        tender.division,
        tender.accountNumber,
        tender.date,
        JSON.stringify(tender.labelIds),
        JSON.stringify(tender.warnings),
        tender.transactionId,
        tender.now,
        tender.outcome ?? 'TENDERED',
      ],
    );
  }

  async tender(id: string): Promise<Tender | null> {
    const { rows } = await this.db.query<{
      id: string;
      kind: TenderKind;
      carrier: Carrier;
      division: string | null;
      account_number: string;
      date: string;
      outcome: TenderOutcome;
      label_ids: string[];
      warnings: CarrierWarning[];
      created_at: Date;
    }>('SELECT id, kind, carrier, division, account_number, date, outcome, label_ids, warnings, created_at FROM tenders WHERE id = $1', [id]);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      carrier: row.carrier,
      division: row.division,
      accountNumber: row.account_number,
      date: row.date,
      outcome: row.outcome,
      labelIds: row.label_ids,
      documents: await documentsOfTender(this.db, row.id),
      warnings: row.warnings,
      createdAt: row.created_at,
    };
  }
}
