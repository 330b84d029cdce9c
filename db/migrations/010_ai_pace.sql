-- 010: the pace of a game's AI seats: seconds between two of their steps, set by
-- `/vj ai pace:`; NULL: the default. Kept with the game, so a restart keeps it.
ALTER TABLE paces ADD COLUMN ai_seconds REAL CHECK (ai_seconds IS NULL OR ai_seconds > 0);
