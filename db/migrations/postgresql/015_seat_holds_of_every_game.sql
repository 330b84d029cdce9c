-- 015: a seat the computer holds for someone is any game's seat (as
-- ../015_seat_holds_of_every_game.sql).
ALTER TABLE seat_holds DROP CONSTRAINT seat_holds_faction_check;
ALTER TABLE seat_holds ADD CONSTRAINT seat_holds_faction_check
    CHECK (length(faction) BETWEEN 1 AND 32);
