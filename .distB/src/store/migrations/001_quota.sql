-- Shared call quotas (Group A unified tracking: 1 call / 5 s, 250 calls / UTC day per application), one row per
-- quota key, so that every replica counts against the same budget. Written only by StoreQuotaCounter, whose single
-- upsert checks and updates a row atomically.
CREATE TABLE quota_counters (
  key             text PRIMARY KEY,
  -- the last call this key was granted; only moves forward
  last_granted_at timestamptz NOT NULL,
  -- the UTC day that day_count counts; a grant on a later day restarts the count at 1
  day             date NOT NULL,
  day_count       integer NOT NULL CHECK (day_count > 0)
);
