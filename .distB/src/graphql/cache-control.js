import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
/**
 * Every GraphQL answer over HTTP says `cache-control: no-store`: answers carry live tracking data, and the schema
 * declares no `@cacheControl` hints, so none may be stored by a proxy or the router's entity cache. That is what
 * Apollo's default cache-control plugin sends here too, but it gets there by calculating a policy for every resolved
 * field (a hook around each resolver, per request), which was measurable CPU on every request (issue 12). With hints
 * added to the schema one day, drop these two plugins to let Apollo calculate them again. docs/assumptions.md RQ3.
 */
export function noStorePlugins() {
    return [
        ApolloServerPluginCacheControlDisabled(),
        {
            async requestDidStart() {
                return {
                    async willSendResponse({ response }) {
                        if (!response.http.headers.has('cache-control'))
                            response.http.headers.set('cache-control', 'no-store');
                    },
                };
            },
        },
    ];
}
