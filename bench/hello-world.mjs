/**
 * The load benchmark's yardstick (issue 12 item 5): a bare Apollo Server 5 on express 5 answering `{ hello }`, with
 * nothing of ours in front. Every figure of `BENCH=load` is printed as a ratio to this server's req/s on the same
 * machine at the same moment, so a busy machine moves both sides. Plain JavaScript, run by plain `node`, in its own
 * process with NODE_ENV=production (Apollo's production defaults: no landing page, no introspection).
 * Listens on 127.0.0.1 and a free port (PORT or 0), prints `HELLO_WORLD_URL=<url>`, stops on SIGTERM or SIGINT.
 */
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';

const server = new ApolloServer({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });
await server.start();
const app = express();
app.use('/graphql', express.json(), expressMiddleware(server));
const listener = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`HELLO_WORLD_URL=http://127.0.0.1:${listener.address().port}/graphql`);
});

async function stop() {
  listener.close();
  await server.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
