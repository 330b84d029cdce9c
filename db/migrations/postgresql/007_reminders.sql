-- 007: reminders as jobs (as ../007_reminders.sql).
CREATE TABLE jobs (
    game_id        BIGINT           PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version        BIGINT           NOT NULL,
    user_id        BIGINT           NOT NULL,
    stage          INTEGER          NOT NULL DEFAULT 0,
    since          DOUBLE PRECISION NOT NULL,
    due_at         DOUBLE PRECISION NOT NULL,
    claimed_until  DOUBLE PRECISION NOT NULL DEFAULT 0
);

CREATE INDEX jobs_due ON jobs (due_at);

CREATE TABLE paces (
    game_id  BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seconds  INTEGER NOT NULL CHECK (seconds > 0),
    deadline TEXT    NOT NULL DEFAULT 'nothing' CHECK (deadline IN ('nothing', 'pass'))
);
