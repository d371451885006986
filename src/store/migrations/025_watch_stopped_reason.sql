-- Why a watch stopped polling (ShipmentWatch.stoppedReason): TERMINAL_STATUS (its shipment reached one), UNWATCHED (a
-- client asked) or NOT_FOUND (the carrier did not know the number after WATCH_NOT_FOUND_GIVE_UP_POLLS polls in a row:
-- a number it no longer knows is not polled for ever). Null while active. Watches stopped before this migration are
-- read from what they last saw.
ALTER TABLE shipment_watches ADD COLUMN stopped_reason text;
UPDATE shipment_watches
   SET stopped_reason = CASE WHEN last_status IN ('DELIVERED', 'RETURNED', 'CANCELLED') THEN 'TERMINAL_STATUS' ELSE 'UNWATCHED' END
 WHERE NOT active;
