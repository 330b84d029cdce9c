-- 007: reminders as jobs. One row per game waiting for a player: who, since when,
-- how many reminders went out for this wait (stage), when the next is due, and a claim lease
-- (like the outbox's) so several processes send each reminder once. Times are seconds since
-- the epoch on the service's clock. A move replaces the row in its own transaction; a game
-- that ends loses it. `paces`: a game's reminder interval and deadline, when not the defaults.
CREATE TABLE jobs (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version        INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    stage          INTEGER NOT NULL DEFAULT 0,
    since          REAL    NOT NULL,
    due_at         REAL    NOT NULL,
    claimed_until  REAL    NOT NULL DEFAULT 0
);

CREATE INDEX jobs_due ON jobs (due_at);

CREATE TABLE paces (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seconds  INTEGER NOT NULL CHECK (seconds > 0),
    deadline TEXT    NOT NULL DEFAULT 'nothing' CHECK (deadline IN ('nothing', 'pass'))
);
