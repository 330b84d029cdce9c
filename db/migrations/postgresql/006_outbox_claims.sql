-- 006: an owed announcement is claimed for a lease (as ../006_outbox_claims.sql).
-- NULL = not claimed.
ALTER TABLE outbox ADD COLUMN claimed_until TIMESTAMPTZ;
