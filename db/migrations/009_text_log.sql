-- 009: the game's text log out of the states: one row per line, written in the
-- same transaction as the move that wrote it (an undo rewrites the lines it takes back).
-- Games stored before keep their log inside their snapshots until the bot first loads them
-- and moves it here (bot/service.py, state_of).
CREATE TABLE log_lines (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL CHECK (n >= 0),
    line     TEXT    NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
