-- 013: more than one game. Each game row names its kind (the rules' game id); every game
-- stored before is a Vijayanagara game. Seats stay a JSON object keyed by seat name (the
-- seat names of Vijayanagara are its faction letters, so existing rows already are), and a
-- result's seat is any game's seat name with any place, so the record is rebuilt without
-- Vijayanagara's three letters and three places.
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'vijayanagara'
    CHECK (length(kind) BETWEEN 1 AND 32);

CREATE TABLE results_by_seat (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction      TEXT    NOT NULL CHECK (length(faction) BETWEEN 1 AND 32),
    user_id      INTEGER NOT NULL,
    place        INTEGER NOT NULL CHECK (place >= 1),
    score        INTEGER NOT NULL,
    finished_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, faction)
) WITHOUT ROWID;
INSERT INTO results_by_seat (game_id, faction, user_id, place, score, finished_at)
    SELECT game_id, faction, user_id, place, score, finished_at FROM results;
DROP TABLE results;
ALTER TABLE results_by_seat RENAME TO results;
CREATE INDEX results_user ON results (user_id, finished_at);
CREATE INDEX results_finished ON results (finished_at);
