-- 011: the game's newest public message, the twin of migrations/011_newest_message.sql.
ALTER TABLE turn_messages ADD COLUMN newest_id TEXT;
