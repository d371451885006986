import type { ShipmentStatusChangeResolvers } from '../../generated/graphql.js';

/** The parent is the domain StatusChange (codegen mapper); its fields are the schema's, named alike. */
export const ShipmentStatusChange: ShipmentStatusChangeResolvers = {
  cursor: (change) => change.cursor,
  shipmentId: (change) => change.shipmentId,
  status: (change) => change.status,
  time: (change) => change.time,
  location: (change) => change.location,
  source: (change) => change.source,
  references: (change) => change.references,
  recordedAt: (change) => change.recordedAt,
};
