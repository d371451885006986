import { InputError, UpstreamError } from '../../../domain/errors.js';
import { mapExpressWarnings } from './mapping.js';
import { DEFAULT_COD_SERVICE_CODE, looksLikeExpressProduct } from './rating-units.js';
import { checkExpressShipment } from './ship-check.js';
import { mapExpressCreatedShipment } from './ship-mapping.js';
import { expressShipmentRequest } from './ship-request.js';
import { CANCEL_PATH, LOOKUP_QUERY, SHIPMENTS_PATH } from './ship-units.js';
import { expressCancelAnswer, expressShipmentAnswer, expressShipmentLookupAnswer } from './ship-wire.js';
const UPSTREAM = 'group-a/express';
/**
 * Group A express shipping (seed 000, interface B): `POST /shipments` (label, invoice, waybill and QR documents; a pickup
 * booked in the same call; per-piece numbers; charges; `warnings[]`), the reference lookup (SX5) and the cancellation
 * (SX6). Every call goes through the express client, so it counts against the test environment's 500 a day.
 */
export class ExpressShippingConnector {
    upstream = UPSTREAM;
    carrier = 'GROUP_A';
    division = 'express';
    defaultAccountNumber;
    accountNumbers;
    client;
    codServiceCode;
    constructor(options) {
        this.client = options.client;
        this.accountNumbers = options.config.accountNumbers;
        this.defaultAccountNumber = options.config.accountNumbers[0] ?? '';
        this.codServiceCode = options.config.codServiceCode || DEFAULT_COD_SERVICE_CODE;
    }
    /** Product codes are the carrier's; one shaped like none is surely not offered, any other the carrier decides. */
    offersService(serviceCode) {
        return looksLikeExpressProduct(serviceCode) ? null : false;
    }
    check(request) {
        return checkExpressShipment(request, this.accountNumbers);
    }
    /**
     * Sent ONCE (`idempotent: false`): a lost answer is reconciled by the purchase reference written into
     * `customerReferences[]`, never bought again.
     */
    async create(request) {
        const refused = this.check(request)[0];
        // The service refuses first; a caller that skipped `check` still sends nothing the carrier would refuse.
        if (refused)
            throw refused;
        const body = expressShipmentRequest(request, { accountNumber: this.accountOf(request), codServiceCode: this.codServiceCode });
        const answer = await this.client.call({
            operation: 'ship',
            method: 'POST',
            path: SHIPMENTS_PATH,
            json: body,
            schema: expressShipmentAnswer,
            idempotent: false,
        });
        return { kind: 'CREATED', shipment: mapExpressCreatedShipment(answer, request) };
    }
    /**
     * SX5: GET `/shipments?customerReference=<purchase reference>`. One or more shipments: FOUND (the oldest, should
     * there be several); none: NOT_CREATED; a failed lookup: INCONCLUSIVE (try later). Never creates.
     */
    async reconcile(request, _sentAt) {
        try {
            const answer = await this.client.call({
                operation: 'ship-lookup',
                method: 'GET',
                path: SHIPMENTS_PATH,
                query: { [LOOKUP_QUERY]: request.purchaseReference },
                schema: expressShipmentLookupAnswer,
            });
            const found = answer.shipments[0];
            if (!found)
                return { kind: 'NOT_CREATED' };
            const shipment = mapExpressCreatedShipment(found, request);
            shipment.warnings.push(...mapExpressWarnings(answer.warnings ?? []));
            return { kind: 'FOUND', shipment };
        }
        catch (error) {
            if (!(error instanceof UpstreamError))
                throw error;
            // A 404 may equally be a wrong path (XR3's reasoning): no proof that nothing was created.
            return { kind: 'INCONCLUSIVE', reason: `${error.code}: ${error.message}` };
        }
    }
    /** SX6: POST `/shipments/cancel` with the seed's body (`shipmentTrackingNumber`, `reason`). Safe to send twice (SX7). */
    async cancel(label, reason) {
        const answer = await this.client.call({
            operation: 'ship-cancel',
            method: 'POST',
            path: CANCEL_PATH,
            json: { shipmentTrackingNumber: label.trackingNumber, reason: reason ?? 'Cancelled by the shipper' },
            schema: expressCancelAnswer,
            // A second cancellation answers the first one's result (SX7), so a retry after a 500/503 buys nothing.
            idempotent: true,
        });
        return {
            cancelled: answer.status.toLowerCase() === 'cancelled',
            message: answer.message ?? null,
            warnings: mapExpressWarnings(answer.warnings ?? []),
        };
    }
    accountOf(request) {
        const account = request.accountNumber ?? this.defaultAccountNumber;
        if (!this.accountNumbers.includes(account))
            throw new InputError('input.accountNumber', 'is not one of the configured express accounts');
        return account;
    }
}
