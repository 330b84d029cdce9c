-- 011: the game's newest public message (a turn message, a seat notice, a reminder): the only
-- one that may carry buttons, so every new public message takes them off this one first.
-- NULL (rows from before): the turn message is the newest.
ALTER TABLE turn_messages ADD COLUMN newest_id TEXT;
