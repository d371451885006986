/**
 * The storage layer's public face: one `Store` over embedded PGlite (the default, a directory or memory) or a
 * PostgreSQL server (DATABASE_URL). Both run the same SQL and the same migrations, so the rest of the code never
 * branches on the backend.
 */
import { applyMigrations } from './migrations.js';
import { openPgliteStore } from './pglite-store.js';
import { redactDatabaseUrl } from './redact.js';
const silentLogger = { info: () => undefined, warn: () => undefined };
/** Opens the configured backend and applies pending migrations before handing it out. */
export async function openStore(opts) {
    const logger = opts.logger ?? silentLogger;
    const internal = opts.databaseUrl
        ? // pg is loaded only when PostgreSQL is configured: the embedded default never needs it (SU3).
            await (await import('./postgres-store.js')).openPostgresStore(opts.databaseUrl, logger)
        : await openPgliteStore(opts.dataDir ?? 'memory://', logger);
    try {
        await applyMigrations(internal, logger);
    }
    catch (err) {
        await internal.close();
        throw err;
    }
    logger.info(internal.kind === 'postgres'
        ? { store: 'postgres', database: redactDatabaseUrl(opts.databaseUrl ?? '') }
        : { store: 'pglite', dataDir: opts.dataDir ?? 'memory://' }, 'store opened');
    return internal;
}
