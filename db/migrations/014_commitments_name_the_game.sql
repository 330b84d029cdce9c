-- 014: a game's commitment names the game. A game dealt from its first log entry posted the
-- secret's SHA-256 alone before this; from now on every commitment is the SHA-256 of
-- "<game id>|<first dealt entry>|" and the secret (rules.dealing), as a game whose first
-- entries came from elsewhere already posted. `commitment_names_game` is 0 for the games that
-- posted the secret's hash alone (they began to deal from their start, and started), so the
-- bot shows them the commitment it posted.
ALTER TABLE games ADD COLUMN commitment_names_game INTEGER NOT NULL DEFAULT 1
    CHECK (commitment_names_game IN (0, 1));
UPDATE games SET commitment_names_game = 0
    WHERE secret <> '' AND dealt_from = 0 AND status <> 'lobby';
