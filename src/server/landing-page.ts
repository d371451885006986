import type { ApolloServerPlugin } from '@apollo/server';

/**
 * The development landing page: GET /graphql from a browser serves GraphiQL, bundled from npm
 * (@graphql-yoga/render-graphiql inlines its scripts, styles, editor workers and icons into the one HTML answer), so
 * it works with no network at all: no CDN, no web fonts, nothing outside this server. Apollo's own development page
 * (the embedded Sandbox) loads from Apollo's CDN and is blank offline.
 *
 * Production keeps Apollo's behaviour (app.ts): no landing page while introspection is off, Apollo's production
 * page when GRAPHQL_INTROSPECTION=true turns it on.
 */

/** What the page opens with on a first visit: a sandbox shipment (a number the simulators always know). */
export const LANDING_PAGE_DEFAULT_QUERY = `# Run it with the play button (or Ctrl-Enter).
# The schema and its descriptions: the docs pane.
# In sandbox mode this Carrier B number is delivered.
query DeliveredShipment {
  shipment(carrier: CARRIER_B, trackingNumber: "223456789010") {
    id
    status { status nativeText }
    deliveredAt { instant }
  }
}
`;

export function offlineLandingPagePlugin(): ApolloServerPlugin {
  let html: Promise<string> | null = null;
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          // Apollo asks for the page at start; as a function it is called per visit instead, so the bundled GraphiQL
          // (about 9 MB of JavaScript) is loaded and rendered on the first visit only, never at start or in production.
          return {
            html: () =>
              (html ??= import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) =>
                renderGraphiQL({
                  title: 'carrier-subgraph',
                  endpoint: '/graphql',
                  // graphql-ws on /graphql, as every client's subscriptions (src/server/graphql-ws.ts).
                  subscriptionsProtocol: 'WS',
                  defaultQuery: LANDING_PAGE_DEFAULT_QUERY,
                  schemaDescription: true,
                }),
              )),
          };
        },
      };
    },
  };
}
