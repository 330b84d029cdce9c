-- The SQLite schema as migrations 001 to 015 leave it, for a new file (db/schema.py).
-- Written by db.schema.write_sqlite_schema(); never edited by hand.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id  TEXT    NOT NULL,
    seed        INTEGER NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seats       TEXT    NOT NULL DEFAULT '{}',
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    version     INTEGER NOT NULL DEFAULT 0,
    creator     INTEGER NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, secret TEXT NOT NULL DEFAULT '', dealt_from INTEGER NOT NULL DEFAULT 0, kind TEXT NOT NULL DEFAULT 'vijayanagara'
    CHECK (length(kind) BETWEEN 1 AND 32), commitment_names_game INTEGER NOT NULL DEFAULT 1
    CHECK (commitment_names_game IN (0, 1)));
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    action      TEXT    NOT NULL,
    faction     TEXT,
    user_id     INTEGER,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE snapshots (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    state       TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER actions_append_only BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TABLE outbox (
    game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version          INTEGER NOT NULL,  -- the game's version the change produced
    channel_id       TEXT    NOT NULL,
    text             TEXT    NOT NULL,
    mentions         TEXT    NOT NULL DEFAULT '[]',  -- user ids to ping, JSON
    board            INTEGER NOT NULL DEFAULT 0,     -- attach the board picture
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), edit INTEGER NOT NULL DEFAULT 0, close_text TEXT, claimed_until TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
CREATE INDEX outbox_due ON outbox (next_attempt_at);
CREATE TABLE decks (
    hash        TEXT    PRIMARY KEY,
    text        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
CREATE TABLE server_settings (
    guild_id    TEXT    PRIMARY KEY,
    organisers  TEXT    NOT NULL DEFAULT 'anyone'
                CHECK (organisers IN ('anyone', 'role', 'managers')),
    role_id     INTEGER,
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (organisers != 'role' OR role_id IS NOT NULL)
) WITHOUT ROWID;
CREATE TABLE turn_messages (
    game_id          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turn_version     INTEGER NOT NULL,
    body             TEXT    NOT NULL,
    message_id       TEXT,
    message_version  INTEGER
, newest_id TEXT);
CREATE TABLE jobs (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version        INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    stage          INTEGER NOT NULL DEFAULT 0,
    since          REAL    NOT NULL,
    due_at         REAL    NOT NULL,
    claimed_until  REAL    NOT NULL DEFAULT 0
);
CREATE INDEX jobs_due ON jobs (due_at);
CREATE TABLE paces (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seconds  INTEGER NOT NULL CHECK (seconds > 0),
    deadline TEXT    NOT NULL DEFAULT 'nothing' CHECK (deadline IN ('nothing', 'pass'))
, ai_seconds REAL CHECK (ai_seconds IS NULL OR ai_seconds > 0), proposed_seconds INTEGER CHECK (proposed_seconds > 0), proposed_deadline TEXT
    CHECK (proposed_deadline IS NULL OR proposed_deadline IN ('nothing', 'pass')), agreed TEXT);
CREATE TABLE user_prefs (
    user_id          INTEGER PRIMARY KEY,
    time_zone        TEXT    NOT NULL DEFAULT 'UTC',
    quiet_from       INTEGER CHECK (quiet_from BETWEEN 0 AND 23),
    quiet_to         INTEGER CHECK (quiet_to BETWEEN 0 AND 23),
    direct_messages  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE log_lines (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL CHECK (n >= 0),
    line     TEXT    NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
CREATE TABLE channel_servers (
    channel_id  TEXT PRIMARY KEY,
    guild_id    TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX channel_servers_guild ON channel_servers (guild_id);
CREATE TABLE "results" (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction      TEXT    NOT NULL CHECK (length(faction) BETWEEN 1 AND 32),
    user_id      INTEGER NOT NULL,
    place        INTEGER NOT NULL CHECK (place >= 1),
    score        INTEGER NOT NULL,
    finished_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, faction)
) WITHOUT ROWID;
CREATE INDEX results_user ON results (user_id, finished_at);
CREATE INDEX results_finished ON results (finished_at);
CREATE TABLE "seat_holds" (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    faction  TEXT    NOT NULL CHECK (length(faction) BETWEEN 1 AND 32),
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, faction)
) WITHOUT ROWID;
