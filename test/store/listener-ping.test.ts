/**
 * The PostgreSQL LISTEN connection is pinged (a cheap query) at an interval, 30 s in production, because TCP keepalive
 * does not notice every silent drop. Here at 50 ms: the listening session's last statement becomes the ping.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresListener } from '../../src/store/postgres-listener.js';
import { createPostgresTestDatabase } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import pg from 'pg';

const silent = { info: () => undefined, warn: () => undefined };
let listener: PostgresListener | undefined;
let admin: pg.Client | undefined;

afterEach(async () => {
  await listener?.close();
  await admin?.end();
});

describe('the LISTEN connection ping', () => {
  it('the listening session runs SELECT 1 every ping interval once it listens', async () => {
    const url = await createPostgresTestDatabase();
    const applicationName = `listen-ping-${process.pid}`;
    listener = new PostgresListener({ connectionString: url, application_name: applicationName }, silent, 50);
    await listener.listen('ping_test', () => undefined);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const lastStatement = async () =>
      (await admin!.query<{ query: string }>('SELECT query FROM pg_stat_activity WHERE application_name = $1', [applicationName])).rows[0]?.query;
    await waitFor(async () => (await lastStatement()) === 'SELECT 1', { timeoutMs: 10_000 });
    expect(await lastStatement()).toBe('SELECT 1');
  });
});
