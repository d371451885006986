import { formatShipmentId } from '../../../domain/ids.js';
import { pushDedupKey } from '../../../domain/status-change.js';
import { carrierTimeFromIso } from '../../../domain/time.js';
import { mapUnifiedAddress } from '../unified/mapping.js';
import { unifiedStatusReading } from '../unified/units.js';
/**
 * One pushed shipment -> one status change. The status is read with the unified units table ("the same shape as the
 * pull status object"); the seed: "the tuple of `id`, `status.timestamp` and `status.statusCode` identifies a
 * notification", so that tuple is the dedup key.
 */
export function mapPushedShipment(wire) {
    const division = wire.service ?? null;
    const address = mapUnifiedAddress(wire.status.location?.address);
    return {
        shipmentId: formatShipmentId({ carrier: 'GROUP_A', division, trackingNumber: wire.id, carrierUniqueId: null }),
        carrier: 'GROUP_A',
        division,
        trackingNumber: wire.id,
        status: unifiedStatusReading(wire.status.statusCode, wire.status.status),
        time: carrierTimeFromIso(wire.status.timestamp),
        description: wire.status.description ?? null,
        location: address ? { id: null, type: null, description: null, address } : null,
        source: 'PUSH',
        dedupKey: pushDedupKey(wire.id, wire.status.timestamp, wire.status.statusCode),
        references: [],
    };
}
