-- 008: each player's reminder preferences (issue 13): time zone, quiet hours in it, and
-- direct messages for turn notices and reminders (opt-in).
CREATE TABLE user_prefs (
    user_id          INTEGER PRIMARY KEY,
    time_zone        TEXT    NOT NULL DEFAULT 'UTC',
    quiet_from       INTEGER CHECK (quiet_from BETWEEN 0 AND 23),
    quiet_to         INTEGER CHECK (quiet_to BETWEEN 0 AND 23),
    direct_messages  INTEGER NOT NULL DEFAULT 0
);
