/**
 * Bearer tokens for the tests of @authenticated / @requiresScopes: a key pair made with jose, its public JWKS (served
 * from a file by the tests), tokens signed with it (or with a key outside the set), and one graphql-ws operation.
 */
import { SignJWT, exportJWK, generateKeyPair, type JSONWebKeySet } from 'jose';
import WebSocket from 'ws';
import { OPT_OUT_PHRASE } from '../../src/platform/auth-config.js';

export interface TestKeys {
  jwks: JSONWebKeySet;
  issuer: string;
  audience: string;
  /** A token with `scope` (space-separated), or `scp` (an array) with `scp: true`; expiresIn in seconds (negative: expired). */
  token(scope: string, options?: { expiresIn?: number; scp?: boolean }): Promise<string>;
  /** A well-formed token signed by a key that is not in the set (same key id). */
  foreignToken(scope: string): Promise<string>;
}

export async function testKeys(): Promise<TestKeys> {
  const issuer = 'https://idp.test.example/';
  const audience = 'carrier-subgraph';
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const foreign = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const sign = (key: CryptoKey, scope: string, options: { expiresIn?: number; scp?: boolean } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(options.scp ? { scp: scope.split(' ') } : { scope })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject('test-user')
      .setIssuedAt(now - 120)
      .setExpirationTime(now + (options.expiresIn ?? 300))
      .sign(key);
  };
  return {
    jwks: { keys: [jwk] },
    issuer,
    audience,
    token: (scope, options) => sign(privateKey, scope, options),
    foreignToken: (scope) => sign(foreign.privateKey, scope),
  };
}

export interface WsAnswer {
  data?: any;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

/** One operation over graphql-ws (graphql-transport-ws): connection_init with `payload`, then the operation's answer. */
export async function wsOperation(
  origin: string,
  payload: Record<string, unknown>,
  query: string,
  variables?: Record<string, unknown>,
  /** Headers of the upgrade request. */
  headers: Record<string, string> = {},
): Promise<WsAnswer> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
  try {
    await new Promise<void>((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return await new Promise<WsAnswer>((resolve, reject) => {
      let answer: WsAnswer = {};
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; payload?: unknown };
        if (message.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
        if (message.type === 'next') answer = message.payload as WsAnswer;
        if (message.type === 'error') resolve({ errors: message.payload as WsAnswer['errors'] });
        if (message.type === 'complete') resolve(answer);
      });
      socket.once('close', (code) => reject(new Error(`closed: ${code}`)));
      socket.send(JSON.stringify({ type: 'connection_init', payload }));
    });
  } finally {
    socket.close();
  }
}

/**
 * Both production safeguards waived (no router secret, directives left to the router), for the tests of production
 * behaviour that is not about access: they call the subgraph directly, as no router and no client token would.
 */
export const SAFEGUARDS_WAIVED: Record<string, string> = {
  ROUTER_SHARED_SECRET_DISABLED: OPT_OUT_PHRASE,
  AUTH_DIRECTIVES_DISABLED: OPT_OUT_PHRASE,
};
