import { z } from 'zod';
/**
 * The dark store's health object, the only published resource (seed 002 A, "Health object"): `status` (`ok` when
 * healthy), `db` (`connected` when the database link is up), `uptime` (seconds since start), `timestamp` (ISO 8601
 * UTC) and `memory.rss` (resident memory with a unit suffix). Members the seed does not list are allowed and ignored.
 * An answer without one of these is UPSTREAM_CONTRACT (the client's rule), never read as "healthy".
 */
export const healthAnswerSchema = z.looseObject({
    status: z.string().min(1).max(100),
    db: z.string().min(1).max(100),
    uptime: z.number().finite().nonnegative(),
    // "ISO 8601 UTC". Kept as given and never used to age a reading (our read time is), so any date-time is accepted;
    // text that is no date at all is a broken answer. Stricter, a store's format change would read as an outage.
    timestamp: z
        .string()
        .max(100)
        .refine((value) => !Number.isNaN(Date.parse(value)), 'not a date-time'),
    memory: z.looseObject({ rss: z.string().min(1).max(100) }),
});
