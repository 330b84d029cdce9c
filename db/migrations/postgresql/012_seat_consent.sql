-- 012: consent over seats and pace (as ../012_seat_consent.sql).
CREATE TABLE seat_holds (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction  TEXT   NOT NULL CHECK (faction IN ('D', 'B', 'V')),
    user_id  BIGINT NOT NULL,
    PRIMARY KEY (game_id, faction)
);

ALTER TABLE paces ADD COLUMN proposed_seconds INTEGER CHECK (proposed_seconds > 0);
ALTER TABLE paces ADD COLUMN proposed_deadline TEXT
    CHECK (proposed_deadline IS NULL OR proposed_deadline IN ('nothing', 'pass'));
ALTER TABLE paces ADD COLUMN agreed TEXT;

CREATE TABLE channel_servers (
    channel_id  TEXT PRIMARY KEY,
    guild_id    TEXT NOT NULL
);

CREATE INDEX channel_servers_guild ON channel_servers (guild_id);
