-- 014: a game's commitment names the game (as ../014_commitments_name_the_game.sql).
ALTER TABLE games ADD COLUMN commitment_names_game BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE games SET commitment_names_game = FALSE
    WHERE secret <> '' AND dealt_from = 0 AND status <> 'lobby';
