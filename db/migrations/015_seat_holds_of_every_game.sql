-- 015: a seat the computer holds for someone is any game's seat (013 opened the games table
-- and the records to every game; the holds of 012 still took only Vijayanagara's factions).
CREATE TABLE seat_holds_by_seat (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction  TEXT    NOT NULL CHECK (length(faction) BETWEEN 1 AND 32),
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, faction)
) WITHOUT ROWID;
INSERT INTO seat_holds_by_seat (game_id, faction, user_id)
    SELECT game_id, faction, user_id FROM seat_holds;
DROP TABLE seat_holds;
ALTER TABLE seat_holds_by_seat RENAME TO seat_holds;
