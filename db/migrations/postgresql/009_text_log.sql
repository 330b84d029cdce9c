-- 009: the game's text log out of the states.
-- The PostgreSQL twin of ../009_text_log.sql: the same table, columns and rules.
CREATE TABLE log_lines (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n        BIGINT  NOT NULL CHECK (n >= 0),
    line     TEXT    NOT NULL,
    PRIMARY KEY (game_id, n)
);
