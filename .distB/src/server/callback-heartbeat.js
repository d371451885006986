/**
 * Share of the router's heartbeat interval at which we send heartbeats. A router (Hive Gateway's http-callback
 * transport, for one) ends a subscription with TIMEOUT_ERROR when nothing reached its callback within exactly the
 * interval it asked for; Apollo's plugin sends heartbeats at exactly that interval, so timer drift and transit time
 * alone ended every subscription after one interval. Half leaves half an interval of margin for both.
 */
export const HEARTBEAT_SHARE = 0.5;
/**
 * Wraps Apollo's subscription-callback plugin so that heartbeats leave margin: the interval the router asks for in
 * `extensions.subscription` (either spelling) is replaced by HEARTBEAT_SHARE of it before the plugin reads it. 0 (the
 * router disabled heartbeats) and an absent interval (the plugin's own 5 s default) are left alone.
 */
export function callbackHeartbeatWithMargin(inner) {
    return {
        ...inner,
        async requestDidStart(requestContext) {
            const subscription = requestContext.request.extensions?.subscription;
            if (subscription && typeof subscription === 'object') {
                const asked = subscription.heartbeatIntervalMs ?? subscription.heartbeat_interval_ms;
                if (typeof asked === 'number' && Number.isFinite(asked) && asked > 0) {
                    subscription.heartbeatIntervalMs = Math.max(1, Math.floor(asked * HEARTBEAT_SHARE));
                }
            }
            return inner.requestDidStart?.(requestContext);
        },
    };
}
