-- 019: a "Your turn" direct message Discord failed to deliver (a passing failure, not the
-- person's closed DMs), owed to its person until it goes out, the game moves past the decision
-- it announced (`version`, the version that announcement was stored at), or its tries run out
-- (`attempts`: the failed sends so far). At most one a game owes a person: a newer one
-- replaces it. Times are seconds since the epoch on the service's clock; claimed with a lease
-- (like the reminders' jobs) so several processes send each once. `text` is the message as
-- first sent: the announcement's public `Next:` line, no seat's secret.
CREATE TABLE owed_directs (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    version        INTEGER NOT NULL,
    text           TEXT    NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    attempts       INTEGER NOT NULL DEFAULT 1,
    due_at         REAL    NOT NULL,
    claimed_until  REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

CREATE INDEX owed_directs_due ON owed_directs (due_at);
