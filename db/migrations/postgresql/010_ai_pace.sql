-- 010: the pace of a game's AI seats, the twin of migrations/010_ai_pace.sql.
ALTER TABLE paces
    ADD COLUMN ai_seconds DOUBLE PRECISION CHECK (ai_seconds IS NULL OR ai_seconds > 0);
