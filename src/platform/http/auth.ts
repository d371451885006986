import { z } from 'zod';
import type { UpstreamCaller } from './call-spec.js';

/**
 * How a call proves who we are. `version` identifies the credential used, so that on a 401 only the first of many
 * concurrent failures re-mints (the others see a newer version and simply retry).
 */
export interface AuthHeaders {
  headers: Record<string, string>;
  version: number;
}

export interface AuthStrategy {
  headers(): Promise<AuthHeaders>;
  /** Called once per call after a 401; resolves true when retrying with fresh credentials can help. */
  onUnauthorized(usedVersion: number): Promise<boolean>;
}

export const noAuth: AuthStrategy = {
  headers: async () => ({ headers: {}, version: 0 }),
  onUnauthorized: async () => false,
};

/** Group A unified tracking: "send header `Carrier-API-Key: <CONSUMER_KEY>` on every call; no token exchange". */
export function staticHeaderAuth(header: string, value: string): AuthStrategy {
  return {
    headers: async () => ({ headers: { [header.toLowerCase()]: value }, version: 0 }),
    onUnauthorized: async () => false,
  };
}

/** Group A express: "base64 of `<USERNAME>:<PASSWORD>` on the first request, without waiting for a 401 challenge". */
export function basicAuth(username: string, password: string): AuthStrategy {
  const value = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  return {
    headers: async () => ({ headers: { authorization: value }, version: 0 }),
    onUnauthorized: async () => false,
  };
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  token_type: z.string().optional(),
  scope: z.string().optional(),
});

export interface OAuthOptions {
  tokenPath: string;
  clientId: string;
  clientSecret: string;
  /** Re-mint this long before expiry (capped at 10% of the lifetime). */
  refreshMarginMs?: number;
  now?: () => number;
  onMint?: () => void;
}

interface Token {
  value: string;
  expiresAt: number;
  refreshAt: number;
  version: number;
}

/**
 * OAuth 2.0 client credentials (Carrier B: "valid for 3600 seconds ... re-minted before that elapses"; Group A
 * e-commerce: "cache the token and re-mint it before expiry"). At most one mint is in flight at a time.
 */
export class OAuthClientCredentials implements AuthStrategy {
  private token: Token | null = null;
  private minting: Promise<Token> | null = null;
  private version = 0;
  private readonly now: () => number;

  constructor(
    private readonly client: UpstreamCaller,
    private readonly options: OAuthOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async headers(): Promise<AuthHeaders> {
    const token = await this.current();
    return { headers: { authorization: `Bearer ${token.value}` }, version: token.version };
  }

  async onUnauthorized(usedVersion: number): Promise<boolean> {
    // Only the first 401 for a token throws it away; later ones for the same token find a newer one already minted.
    if (this.token && this.token.version === usedVersion) this.token = null;
    await this.current();
    return true;
  }

  private async current(): Promise<Token> {
    const token = this.token;
    if (token && this.now() < token.refreshAt) return token;
    this.minting ??= this.mint().finally(() => {
      this.minting = null;
    });
    try {
      return await this.minting;
    } catch (error) {
      // An early re-mint that fails must not throw away a token that is still valid.
      if (token && this.token === token && this.now() < token.expiresAt) return token;
      throw error;
    }
  }

  private async mint(): Promise<Token> {
    const answer = await this.client.call({
      operation: 'token',
      method: 'POST',
      path: this.options.tokenPath,
      form: { grant_type: 'client_credentials', client_id: this.options.clientId, client_secret: this.options.clientSecret },
      schema: tokenAnswer,
      auth: false,
      idempotent: true,
    });
    this.options.onMint?.();
    const lifetimeMs = answer.expires_in * 1000;
    const margin = Math.min(this.options.refreshMarginMs ?? 60_000, lifetimeMs * 0.1);
    const issuedAt = this.now();
    this.version += 1;
    this.token = {
      value: answer.access_token,
      expiresAt: issuedAt + lifetimeMs,
      refreshAt: issuedAt + lifetimeMs - margin,
      version: this.version,
    };
    return this.token;
  }
}
