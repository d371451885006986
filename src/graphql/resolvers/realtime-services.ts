import { GraphQLError } from 'graphql';
import type { StatusFeed } from '../../services/realtime/status-feed.js';
import type { StatusLog } from '../../store/status-log.js';
import type { GraphQLContext } from '../context.js';

/** The status log and feed exist only on a server with a store (always, under startServer). */
export function realtimeServices(ctx: GraphQLContext): { statusLog: StatusLog; statusFeed: StatusFeed } {
  const { statusLog, statusFeed } = ctx.services;
  if (!statusLog || !statusFeed) {
    throw new GraphQLError('status changes need a store; this server was built without one', {
      extensions: { code: 'STATUS_LOG_NOT_CONFIGURED' },
    });
  }
  return { statusLog, statusFeed };
}
