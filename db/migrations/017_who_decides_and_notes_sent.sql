-- 017: an owed announcement names apart the people it asks to decide now (its `Next:` line;
-- JSON ids, a subset of `mentions`), so a retry tells them as the first attempt would; and
-- each line kept for a seat knows the version of the move that showed it and whether its
-- player was sent it privately yet (`sent`), so a retried announcement sends it once. Rows
-- from before count as sent (their move's first delivery sent them).
ALTER TABLE outbox ADD COLUMN deciding TEXT NOT NULL DEFAULT '[]';
ALTER TABLE seat_notes ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seat_notes ADD COLUMN sent INTEGER NOT NULL DEFAULT 1;
