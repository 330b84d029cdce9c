-- 017: who an owed announcement asks to decide; a kept line's move and whether it was sent
-- (as ../017_who_decides_and_notes_sent.sql).
ALTER TABLE outbox ADD COLUMN deciding TEXT NOT NULL DEFAULT '[]';
ALTER TABLE seat_notes ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seat_notes ADD COLUMN sent BOOLEAN NOT NULL DEFAULT TRUE;
