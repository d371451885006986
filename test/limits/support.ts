import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface WsAnswer {
  data?: unknown;
  errors?: Array<{ message: string; extensions?: Record<string, any> }>;
}

/** A graphql-ws client on `url` (http(s) or ws(s)) that never retries, so a refusal is seen as it happened. */
export function wsClient(url: string, connectionParams?: Record<string, unknown>, headers?: Record<string, string>): Client {
  const wsUrl = url.replace(/^http/, 'ws');
  class WithHeaders extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, headers ? { headers } : {});
    }
  }
  return createClient({
    url: wsUrl,
    webSocketImpl: headers ? WithHeaders : WebSocket,
    retryAttempts: 0,
    lazy: true,
    ...(connectionParams ? { connectionParams } : {}),
  });
}

/**
 * Runs one operation over graphql-ws to its end: the first result, or the errors of an `error` message. A socket closed
 * by the server rejects with its close event's code and reason.
 */
export function wsExecute(client: Client, query: string, variables?: Record<string, unknown>): Promise<WsAnswer> {
  return new Promise((resolve, reject) => {
    let answer: WsAnswer | null = null;
    client.subscribe(
      { query, ...(variables ? { variables } : {}) },
      {
        next: (result) => {
          answer ??= result as WsAnswer;
        },
        error: (error) => {
          if (Array.isArray(error)) resolve({ errors: error as WsAnswer['errors'] });
          else if (error && typeof error === 'object' && 'code' in error) reject(new WsClosed((error as CloseEvent).code, (error as CloseEvent).reason));
          else reject(error as Error);
        },
        complete: () => resolve(answer ?? {}),
      },
    );
  });
}

export class WsClosed extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`WebSocket closed ${code} ${reason}`);
  }
}

/** A raw graphql-transport-ws socket, for what the client library would not send (no init, oversized messages). */
export async function rawSocket(url: string): Promise<{ socket: WebSocket; closed: Promise<{ code: number; reason: string }>; messages: unknown[] }> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), 'graphql-transport-ws');
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed, messages };
}
