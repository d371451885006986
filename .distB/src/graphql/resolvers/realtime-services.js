import { GraphQLError } from 'graphql';
/** The status log and feed exist only on a server with a store (always, under startServer). */
export function realtimeServices(ctx) {
    const { statusLog, statusFeed } = ctx.services;
    if (!statusLog || !statusFeed) {
        throw new GraphQLError('status changes need a store; this server was built without one', {
            extensions: { code: 'STATUS_LOG_NOT_CONFIGURED' },
        });
    }
    return { statusLog, statusFeed };
}
