-- Retention (src/services/retention): what the background job deletes, found through indexes so each batch is a few
-- index steps, and what a client is told about what went.

-- How far a purge went: `status_changes` holds the highest cursor deleted, so a cursor below it (a reader that would
-- miss deleted changes) is refused with CURSOR_EXPIRED instead of silently skipping them.
CREATE TABLE retention_marks (
  name  text PRIMARY KEY,
  value bigint NOT NULL
);

-- The status log is purged in cursor order up to the last change recorded before the window: found by time here.
CREATE INDEX status_changes_recorded ON status_changes (recorded_at);

-- Exported outbox rows by export time (and id: a purge continues after the last row it took, never walking again over
-- the index entries of rows it deleted, which stay until a vacuum: PGlite has no autovacuum).
CREATE INDEX analytics_outbox_exported ON analytics_outbox (exported_at, id) WHERE state = 'EXPORTED';

-- A document's bytes go after the window; the row (its label's record, kind, format, size, digest) stays, and says
-- when its bytes went.
ALTER TABLE documents ALTER COLUMN content DROP NOT NULL;
ALTER TABLE documents ADD COLUMN content_expired_at timestamptz;
CREATE INDEX documents_content_kept ON documents (created_at, id) WHERE content IS NOT NULL;

-- Finished pickups by their last change; a pickup some idempotency key still names is kept (a retry of that key
-- answers it).
CREATE INDEX pickups_finished ON pickups (updated_at) WHERE state IN ('FAILED', 'CANCELLED', 'SCHEDULED');
CREATE INDEX idempotency_keys_resource ON idempotency_keys (resource_id);

-- Stopped watches by their last poll.
CREATE INDEX shipment_watches_stopped ON shipment_watches ((coalesce(last_polled_at, created_at))) WHERE NOT active;
