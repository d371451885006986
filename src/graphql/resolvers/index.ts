import type { Resolvers } from '../../generated/graphql.js';
import { Query } from './Query.js';
import { Shipment } from './Shipment.js';
import { TrackOutcome, TrackingFailure } from './TrackOutcome.js';
import { scalarResolvers } from './scalars.js';

/** One file per type; merged here. */
export const resolvers: Resolvers = {
  ...scalarResolvers,
  Query,
  Shipment,
  TrackOutcome,
  TrackingFailure,
};
