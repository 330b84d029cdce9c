-- 005: one public message per faction turn, kept up to date.
-- An outbox entry either posts a new message or edits the game's turn message; a new one may
-- first close the previous turn message (its final text, without buttons).
ALTER TABLE outbox ADD COLUMN edit INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN close_text TEXT;

-- The game's current turn message: the text it carries so far (without its Next line), the
-- version of the announcement that opened the turn, and the Discord message posted for it
-- (message_version = turn_version once the opening announcement went out).
CREATE TABLE turn_messages (
    game_id          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turn_version     INTEGER NOT NULL,
    body             TEXT    NOT NULL,
    message_id       TEXT,
    message_version  INTEGER
);
