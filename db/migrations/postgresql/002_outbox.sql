-- 002: the outbox: announcements a stored change still owes the channel (as ../002_outbox.sql).
CREATE TABLE outbox (
    game_id          BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version          BIGINT  NOT NULL,  -- the game's version the change produced
    channel_id       TEXT    NOT NULL,
    text             TEXT    NOT NULL,
    mentions         TEXT    NOT NULL DEFAULT '[]',  -- user ids to ping, JSON
    board            BOOLEAN NOT NULL DEFAULT FALSE, -- attach the board picture
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
    created_at       TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (game_id, version)
);

CREATE INDEX outbox_due ON outbox (next_attempt_at);
