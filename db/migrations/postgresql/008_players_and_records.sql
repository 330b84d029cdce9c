-- 008: each player's reminder preferences and the records of finished games (as
-- ../008_players_and_records.sql).
CREATE TABLE user_prefs (
    user_id          BIGINT  PRIMARY KEY,
    time_zone        TEXT    NOT NULL DEFAULT 'UTC',
    quiet_from       INTEGER CHECK (quiet_from BETWEEN 0 AND 23),
    quiet_to         INTEGER CHECK (quiet_to BETWEEN 0 AND 23),
    direct_messages  BOOLEAN NOT NULL DEFAULT FALSE
);

-- The record of each finished game.
CREATE TABLE results (
    game_id      BIGINT           NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction      TEXT             NOT NULL CHECK (faction IN ('D', 'B', 'V')),
    user_id      BIGINT           NOT NULL,
    place        INTEGER          NOT NULL CHECK (place BETWEEN 1 AND 3),
    score        INTEGER          NOT NULL,
    finished_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, faction)
);

CREATE INDEX results_user ON results (user_id, finished_at);
CREATE INDEX results_finished ON results (finished_at);
