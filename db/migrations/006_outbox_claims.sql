-- 006: an owed announcement is claimed by the process delivering it, for a lease: no other
-- process takes it until the lease runs out, so a process that dies mid-delivery leaves it to
-- be claimed again. '' = not claimed.
ALTER TABLE outbox ADD COLUMN claimed_until TEXT NOT NULL DEFAULT '';
