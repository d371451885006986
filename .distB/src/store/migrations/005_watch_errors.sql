-- Why a watch's last poll failed, for the client (ShipmentWatch.lastError): the stable error code, its message and
-- when. Cleared by the next successful poll; `failures` already counts consecutive failures for the backoff.
ALTER TABLE shipment_watches ADD COLUMN last_error_code text;
ALTER TABLE shipment_watches ADD COLUMN last_error_message text;
ALTER TABLE shipment_watches ADD COLUMN last_error_at timestamptz;
