import { randomBytes } from 'node:crypto';
import type { SandboxClock } from './clock.js';

/**
 * Bearer tokens of an OAuth client-credentials simulator. Expiry follows the wall clock; `revokeAll()` makes every
 * issued token invalid so the next business call answers 401 (the seed: "When a call returns 401, mint a new token
 * and retry once").
 */
export class TokenStore {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly wallClock: SandboxClock,
    private readonly lifetimeSec: number,
  ) {
    if (!(lifetimeSec > 0)) throw new Error(`tokenLifetimeSec must be positive, got ${lifetimeSec}`);
  }

  get lifetime(): number {
    return this.lifetimeSec;
  }

  issue(): string {
    const token = randomBytes(24).toString('base64url');
    this.expiries.set(token, this.wallClock.now().getTime() + this.lifetimeSec * 1000);
    return token;
  }

  /** 'valid', 'expired' or 'unknown' for the value of an `Authorization` header. */
  check(authorization: string | undefined): 'valid' | 'expired' | 'unknown' {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token) return 'unknown';
    const expiresAt = this.expiries.get(token);
    if (expiresAt === undefined) return 'unknown';
    if (expiresAt <= this.wallClock.now().getTime()) {
      this.expiries.delete(token);
      return 'expired';
    }
    return 'valid';
  }

  revokeAll(): void {
    this.expiries.clear();
  }
}
