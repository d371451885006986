-- Counters kept as rows change, so that /metrics and analyticsOutbox read a handful of rows instead of counting the
-- analytics outbox and the webhook inbox at every scrape (a scan of a million rows per scrape, on every replica).
-- Statement-level triggers add each statement's net change in the same transaction as the change itself, so a count
-- is exact at every commit. Each backend adds to its own shard (pg_backend_pid() % 8): concurrent writers on
-- PostgreSQL rarely wait for one another on a counter row; a reader sums the shards.
CREATE TABLE row_counters (
  name  text NOT NULL,
  shard smallint NOT NULL,
  value bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (name, shard)
);

-- analytics_outbox:<state> counts rows by state; analytics_outbox:written counts every row ever written (never
-- lowered by retention, it backs a Prometheus counter).
CREATE FUNCTION count_outbox_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counters (name, shard, value)
      SELECT name, pg_backend_pid() % 8, n FROM (
        SELECT 'analytics_outbox:' || state AS name, count(*) AS n FROM new_rows GROUP BY state
        UNION ALL SELECT 'analytics_outbox:written', count(*) FROM new_rows) c
      WHERE n <> 0
      ON CONFLICT (name, shard) DO UPDATE SET value = row_counters.value + excluded.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO row_counters (name, shard, value)
      SELECT 'analytics_outbox:' || state, pg_backend_pid() % 8, sum(d) FROM (
        SELECT state, -1 AS d FROM old_rows UNION ALL SELECT state, 1 FROM new_rows) c
      GROUP BY state HAVING sum(d) <> 0
      ON CONFLICT (name, shard) DO UPDATE SET value = row_counters.value + excluded.value;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counters (name, shard, value)
      SELECT 'analytics_outbox:' || state, pg_backend_pid() % 8, -count(*) FROM old_rows GROUP BY state
      ON CONFLICT (name, shard) DO UPDATE SET value = row_counters.value + excluded.value;
  ELSE -- TRUNCATE
    DELETE FROM row_counters WHERE name LIKE 'analytics_outbox:%' AND name <> 'analytics_outbox:written';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_outbox_count_insert AFTER INSERT ON analytics_outbox
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_outbox_rows();
CREATE TRIGGER analytics_outbox_count_update AFTER UPDATE ON analytics_outbox
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_outbox_rows();
CREATE TRIGGER analytics_outbox_count_delete AFTER DELETE ON analytics_outbox
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_outbox_rows();
CREATE TRIGGER analytics_outbox_count_truncate AFTER TRUNCATE ON analytics_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION count_outbox_rows();

-- webhook_inbox:pending counts calls stored but not processed (processed_at IS NULL).
CREATE FUNCTION count_inbox_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows WHERE processed_at IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT (SELECT count(*) FROM new_rows WHERE processed_at IS NULL) - (SELECT count(*) FROM old_rows WHERE processed_at IS NULL) INTO delta;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO delta FROM old_rows WHERE processed_at IS NULL;
  ELSE -- TRUNCATE
    DELETE FROM row_counters WHERE name = 'webhook_inbox:pending';
    RETURN NULL;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO row_counters (name, shard, value) VALUES ('webhook_inbox:pending', pg_backend_pid() % 8, delta)
      ON CONFLICT (name, shard) DO UPDATE SET value = row_counters.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_inbox_count_insert AFTER INSERT ON webhook_inbox
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inbox_rows();
CREATE TRIGGER webhook_inbox_count_update AFTER UPDATE ON webhook_inbox
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inbox_rows();
CREATE TRIGGER webhook_inbox_count_delete AFTER DELETE ON webhook_inbox
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inbox_rows();
CREATE TRIGGER webhook_inbox_count_truncate AFTER TRUNCATE ON webhook_inbox
  FOR EACH STATEMENT EXECUTE FUNCTION count_inbox_rows();

-- What the rows held when this migration ran (counted once, here).
INSERT INTO row_counters (name, shard, value)
  SELECT 'analytics_outbox:' || state, 0, count(*) FROM analytics_outbox GROUP BY state;
INSERT INTO row_counters (name, shard, value) SELECT 'analytics_outbox:written', 0, count(*) FROM analytics_outbox;
INSERT INTO row_counters (name, shard, value) SELECT 'webhook_inbox:pending', 0, count(*) FROM webhook_inbox WHERE processed_at IS NULL;

-- The oldest waiting row is the first by id among those waiting: one step down a partial index, never an aggregate
-- over every waiting row (ids follow the order rows were written).
CREATE INDEX analytics_outbox_pending ON analytics_outbox (id) WHERE state = 'PENDING';

-- When a row was set aside as a dead letter (retention counts a dead letter's age from here; rows set aside before
-- this migration count from when they were written).
ALTER TABLE analytics_outbox ADD COLUMN dead_at timestamptz;
