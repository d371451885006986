import type { StatusFeed } from '../../services/realtime/status-feed.js';
import type { StatusLog } from '../../store/status-log.js';
import type { GraphQLContext } from '../context.js';
import { notAvailable } from '../errors.js';

/** The status log and feed exist only on a server with a store (always, under startServer). */
export function realtimeServices(ctx: GraphQLContext): { statusLog: StatusLog; statusFeed: StatusFeed } {
  const { statusLog, statusFeed } = ctx.services;
  if (!statusLog || !statusFeed) {
    throw notAvailable('status changes need a store; this server was built without one', 'STATUS_LOG_NOT_CONFIGURED');
  }
  return { statusLog, statusFeed };
}
