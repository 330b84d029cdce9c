-- 003: the per-game secret that deals every chance outcome (dice, card draws), kept only here:
-- never exported before the game is over, never shown. '' marks a game stored before chance
-- entries, which its seed still deals. dealt_from: the log entries up to it came with an
-- imported game (another secret dealt them).
ALTER TABLE games ADD COLUMN secret TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN dealt_from INTEGER NOT NULL DEFAULT 0;
