-- 004: custom deck files stored once, by the hash of their text (a game's options name the
-- hash; no state or snapshot carries the file), and each server's choice of who may create,
-- import and abort games.
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
