import { randomBytes } from 'node:crypto';
/**
 * Bearer tokens of an OAuth client-credentials simulator. Expiry follows the wall clock; `revokeAll()` makes every
 * issued token invalid so the next business call answers 401 (the seed: "When a call returns 401, mint a new token
 * and retry once").
 */
export class TokenStore {
    wallClock;
    lifetimeSec;
    expiries = new Map();
    constructor(wallClock, lifetimeSec) {
        this.wallClock = wallClock;
        this.lifetimeSec = lifetimeSec;
        if (!(lifetimeSec > 0))
            throw new Error(`tokenLifetimeSec must be positive, got ${lifetimeSec}`);
    }
    get lifetime() {
        return this.lifetimeSec;
    }
    issue() {
        const token = randomBytes(24).toString('base64url');
        this.expiries.set(token, this.wallClock.now().getTime() + this.lifetimeSec * 1000);
        return token;
    }
    /** 'valid', 'expired' or 'unknown' for the value of an `Authorization` header. */
    check(authorization) {
        const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
        const token = match?.[1];
        if (!token)
            return 'unknown';
        const expiresAt = this.expiries.get(token);
        if (expiresAt === undefined)
            return 'unknown';
        if (expiresAt <= this.wallClock.now().getTime()) {
            this.expiries.delete(token);
            return 'expired';
        }
        return 'valid';
    }
    revokeAll() {
        this.expiries.clear();
    }
}
