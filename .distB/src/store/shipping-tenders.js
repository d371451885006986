import { documentsOfTender } from './shipping-documents.js';
export class TenderStore {
    db;
    constructor(db) {
        this.db = db;
    }
    async insertTender(tender) {
        await this.db.query(`INSERT INTO tenders (id, kind, carrier, division, account_number, date, label_ids, warnings, transaction_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10)`, [
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
        ]);
    }
    async tender(id) {
        const { rows } = await this.db.query('SELECT id, kind, carrier, division, account_number, date, label_ids, warnings, created_at FROM tenders WHERE id = $1', [id]);
        const row = rows[0];
        if (!row)
            return null;
        return {
            id: row.id,
            kind: row.kind,
            carrier: row.carrier,
            division: row.division,
            accountNumber: row.account_number,
            date: row.date,
            labelIds: row.label_ids,
            documents: await documentsOfTender(this.db, row.id),
            warnings: row.warnings,
            createdAt: row.created_at,
        };
    }
}
