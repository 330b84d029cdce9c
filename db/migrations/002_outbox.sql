-- 002: the outbox: announcements a stored change still owes the channel.
-- Written in the same transaction as the change; deleted once delivered, so it stays small.
CREATE TABLE outbox (
    game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version          INTEGER NOT NULL,  -- the game's version the change produced
    channel_id       TEXT    NOT NULL,
    text             TEXT    NOT NULL,
    mentions         TEXT    NOT NULL DEFAULT '[]',  -- user ids to ping, JSON
    board            INTEGER NOT NULL DEFAULT 0,     -- attach the board picture
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;

CREATE INDEX outbox_due ON outbox (next_attempt_at);
