-- 003: the per-game secret that deals every chance outcome (as ../003_game_secret.sql).
ALTER TABLE games ADD COLUMN secret TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN dealt_from BIGINT NOT NULL DEFAULT 0;
