-- 016: what a stored move showed one seat alone (as ../016_seat_notes.sql).
CREATE TABLE seat_notes (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction  TEXT    NOT NULL CHECK (length(faction) BETWEEN 1 AND 32),
    n        BIGINT  NOT NULL CHECK (n >= 1),
    line     TEXT    NOT NULL CHECK (length(line) BETWEEN 1 AND 500),
    PRIMARY KEY (game_id, faction, n)
);
