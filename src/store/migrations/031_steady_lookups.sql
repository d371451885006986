-- Lookups whose cost must not grow with the tables (docs/benchmarks.md "Figures at scale").

-- The GIN indexes take each new row into their tree at once instead of into a "pending list" that every search reads
-- from end to end until a vacuum merges it: PGlite never vacuums, so the list grew up to gin_pending_list_limit (4 MB)
-- and statusChanges by reference read all of it (161 pages at 1M status rows, 4-5 ms a query instead of 0.2 ms); on
-- PostgreSQL it lasted until autovacuum came by. What the lists hold now is merged here.
ALTER INDEX status_changes_references SET (fastupdate = off);
SELECT gin_clean_pending_list('status_changes_references'::regclass);
ALTER INDEX labels_reference_values SET (fastupdate = off);
SELECT gin_clean_pending_list('labels_reference_values'::regclass);

-- The label worker's claim of labels whose follow is missing goes in (updated_at, id) order: with the id in the index
-- the claim reads its first rows, where it sorted every unfollowed label first (1-1.5 s on PGlite at 100k of them).
DROP INDEX labels_unfollowed;
CREATE INDEX labels_unfollowed ON labels (updated_at, id) WHERE state = 'PURCHASED' AND followed_at IS NULL;
