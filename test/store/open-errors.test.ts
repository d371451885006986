import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/store.js';

describe('openStore errors', () => {
  it('an unreachable PostgreSQL fails with a message that names the server but not the password', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const error = await openStore({ databaseUrl: 'postgres://app:s3cret@127.0.0.1:1/carrier' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const text = `${String(error)} ${JSON.stringify(error)} ${String((error as Error).cause ?? '')}`;
    expect(text).toContain('postgres://app:***@127.0.0.1:1/carrier');
    expect(text).not.toContain('s3cret');
  });

  it('a malformed DATABASE_URL fails without echoing it', async () => {
    const error = await openStore({ databaseUrl: 'postgres://app:s3cret@host:notaport/db' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain('s3cret');
  });
});
