-- 005: one public message per faction turn, kept up to date (as ../005_turn_messages.sql).
ALTER TABLE outbox ADD COLUMN edit BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE outbox ADD COLUMN close_text TEXT;

CREATE TABLE turn_messages (
    game_id          BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turn_version     BIGINT NOT NULL,
    body             TEXT   NOT NULL,
    message_id       TEXT,
    message_version  BIGINT
);
