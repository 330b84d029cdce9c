-- 008: each player's reminder preferences (as ../008_user_prefs.sql).
CREATE TABLE user_prefs (
    user_id          BIGINT  PRIMARY KEY,
    time_zone        TEXT    NOT NULL DEFAULT 'UTC',
    quiet_from       INTEGER CHECK (quiet_from BETWEEN 0 AND 23),
    quiet_to         INTEGER CHECK (quiet_to BETWEEN 0 AND 23),
    direct_messages  BOOLEAN NOT NULL DEFAULT FALSE
);
