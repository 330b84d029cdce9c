-- 012: consent over seats and pace.
-- `seat_holds`: a seat an AI took over from a person at their request (or once the game's
-- reminders gave up on them) is held for that person, who alone may take it back with
-- `/vj join`. A row counts only while an AI holds the seat; `/vj ai` rewrites it.
CREATE TABLE seat_holds (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction  TEXT    NOT NULL CHECK (faction IN ('D', 'B', 'V')),
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, faction)
) WITHOUT ROWID;

-- A running game's pace made stricter waits for every seated person's agreement: the
-- proposal and who has agreed (a JSON list of user ids), kept with the pace over restarts.
ALTER TABLE paces ADD COLUMN proposed_seconds INTEGER CHECK (proposed_seconds > 0);
ALTER TABLE paces ADD COLUMN proposed_deadline TEXT
    CHECK (proposed_deadline IS NULL OR proposed_deadline IN ('nothing', 'pass'));
ALTER TABLE paces ADD COLUMN agreed TEXT;

-- The server (guild) of each channel or thread a game was opened in: a player's history is
-- listed per server. Channel ids are unique across servers and never move.
CREATE TABLE channel_servers (
    channel_id  TEXT PRIMARY KEY,
    guild_id    TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX channel_servers_guild ON channel_servers (guild_id);
