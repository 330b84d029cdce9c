-- 013: more than one game (as ../013_game_kinds.sql): each game row names its kind, every
-- game stored before being Vijayanagara; a result's seat is any game's seat name, any place.
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'vijayanagara'
    CHECK (length(kind) BETWEEN 1 AND 32);
ALTER TABLE results DROP CONSTRAINT results_faction_check;
ALTER TABLE results DROP CONSTRAINT results_place_check;
ALTER TABLE results ADD CONSTRAINT results_faction_check
    CHECK (length(faction) BETWEEN 1 AND 32);
ALTER TABLE results ADD CONSTRAINT results_place_check CHECK (place >= 1);
