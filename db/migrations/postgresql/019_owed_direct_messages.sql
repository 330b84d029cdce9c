-- 019: a "Your turn" direct message owed after a failed send (as ../019_owed_direct_messages.sql).
CREATE TABLE owed_directs (
    game_id        BIGINT           NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id        BIGINT           NOT NULL,
    version        BIGINT           NOT NULL,
    text           TEXT             NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    attempts       INTEGER          NOT NULL DEFAULT 1,
    due_at         DOUBLE PRECISION NOT NULL,
    claimed_until  DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX owed_directs_due ON owed_directs (due_at);
