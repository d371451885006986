import type { Logger } from '../platform/logger.js';
import type { TrackingService } from '../services/tracking.js';
import type { TrackingLoaders } from './loaders.js';

/** Per-request context: services are shared, loaders are new for every request (their cache lives one request). */
export interface GraphQLContext {
  services: { tracking: TrackingService };
  loaders: TrackingLoaders;
  logger: Logger;
}
