-- 016: what a stored move showed one seat alone while another seat played (a chit drawn for
-- it as a game turn began), kept for that seat's player until they next look at their hand.
-- Written in the same transaction as the move; read and removed by the hand; at most a few
-- dozen lines a seat (the store keeps the latest, db/store.py SEAT_NOTES_KEPT).
CREATE TABLE seat_notes (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction  TEXT    NOT NULL CHECK (length(faction) BETWEEN 1 AND 32),
    n        INTEGER NOT NULL CHECK (n >= 1),
    line     TEXT    NOT NULL CHECK (length(line) BETWEEN 1 AND 500),
    PRIMARY KEY (game_id, faction, n)
) WITHOUT ROWID;
