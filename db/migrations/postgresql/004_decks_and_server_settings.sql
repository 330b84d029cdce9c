-- 004: custom deck files by hash, and each server's organisers setting
-- (as ../004_decks_and_server_settings.sql).
CREATE TABLE decks (
    hash        TEXT    PRIMARY KEY,
    text        TEXT    NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE server_settings (
    guild_id    TEXT    PRIMARY KEY,
    organisers  TEXT    NOT NULL DEFAULT 'anyone'
                CHECK (organisers IN ('anyone', 'role', 'managers')),
    role_id     BIGINT,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
    CHECK (organisers != 'role' OR role_id IS NOT NULL)
);
