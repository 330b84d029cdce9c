-- 008: each player's reminder preferences: time zone, quiet hours in it, and
-- direct messages for turn notices and reminders (opt-in).
CREATE TABLE user_prefs (
    user_id          INTEGER PRIMARY KEY,
    time_zone        TEXT    NOT NULL DEFAULT 'UTC',
    quiet_from       INTEGER CHECK (quiet_from BETWEEN 0 AND 23),
    quiet_to         INTEGER CHECK (quiet_to BETWEEN 0 AND 23),
    direct_messages  INTEGER NOT NULL DEFAULT 0
);

-- The record of each finished game: one row per seat with its place and score,
-- written in the same transaction as the game's last move; `finished_at` on the service's
-- clock (seconds since the epoch). The game itself (its log) stays, so its board at any step
-- can be rebuilt (/vj replay).
CREATE TABLE results (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction      TEXT    NOT NULL CHECK (faction IN ('D', 'B', 'V')),
    user_id      INTEGER NOT NULL,
    place        INTEGER NOT NULL CHECK (place BETWEEN 1 AND 3),
    score        INTEGER NOT NULL,
    finished_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, faction)
) WITHOUT ROWID;

CREATE INDEX results_user ON results (user_id, finished_at);
CREATE INDEX results_finished ON results (finished_at);
