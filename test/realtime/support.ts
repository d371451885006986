/** A started subgraph for the real-time tests, and a graphql-ws subscriber over a real WebSocket. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { StatusChangeInput } from '../../src/domain/status-change.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';
import { StatusLog } from '../../src/store/status-log.js';

export interface RealtimeServer {
  server: StartedServer;
  wsUrl: string;
  log: StatusLog;
  /** Appends through this server's store, as the webhook or a watcher would. */
  append(input: StatusChangeInput): Promise<string>;
  close(): Promise<void>;
}

/** Starts the subgraph in process (sandbox on, watchers off) on the embedded store, or on PostgreSQL when given. */
export async function startRealtimeServer(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<RealtimeServer> {
  // A copy of the run's migrated PGlite template (no initdb or migrations per start), unless the store is PostgreSQL.
  const dataDir = options.databaseUrl ? await mkdtemp(join(tmpdir(), 'carrier-realtime-')) : (await migratedDataDir('carrier-realtime-', 'db')).root;
  const loaded = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SANDBOX: 'on',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(dataDir, 'db'),
    WATCHERS_ENABLED: 'false',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const server = await startServer({ config: loaded.config, logger: createLogger('silent') });
  const log = new StatusLog(server.store);
  return {
    server,
    wsUrl: server.url.replace(/^http/, 'ws'),
    log,
    async append(input) {
      const recorded = await server.store.transaction((tx) => log.append(tx, input));
      if (!recorded) throw new Error(`duplicate: ${input.dedupKey}`);
      return recorded.cursor;
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface GraphQLErrorShape {
  message: string;
  extensions?: Record<string, unknown>;
}

export interface ReceivedChange {
  cursor: string;
  trackingNumber: string;
  carrier: string;
  status: { status: string };
  source: string;
  references: Array<{ type: string; value: string; scope: string | null }>;
}

/** One subscription's record: what arrived, the errors, and whether it completed. */
export interface Subscription {
  received: ReceivedChange[];
  errors: GraphQLErrorShape[];
  completed: boolean;
  stop(): void;
}

export const SUBSCRIPTION = /* GraphQL */ `
  subscription Changes($filter: StatusChangeFilter!, $cursor: String) {
    shipmentStatusChanged(filter: $filter, cursor: $cursor) {
      cursor trackingNumber carrier source status { status } references { type value scope }
    }
  }
`;

export function wsClient(url: string): Client {
  return createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
}

export function subscribe(client: Client, variables: { filter: Record<string, unknown>; cursor?: string | null }): Subscription {
  const sub: Subscription = {
    received: [],
    errors: [],
    completed: false,
    stop: () => undefined,
  };
  sub.stop = client.subscribe<{ shipmentStatusChanged: ReceivedChange }>(
    { query: SUBSCRIPTION, variables },
    {
      next: (result) => {
        if (result.errors) sub.errors.push(...(result.errors as GraphQLErrorShape[]));
        if (result.data) sub.received.push(result.data.shipmentStatusChanged);
      },
      error: (error) => {
        if (Array.isArray(error)) sub.errors.push(...(error as GraphQLErrorShape[]));
        else sub.errors.push({ message: error instanceof Error ? error.message : String(error) });
      },
      complete: () => {
        sub.completed = true;
      },
    },
  );
  return sub;
}
