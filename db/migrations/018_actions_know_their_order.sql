-- 018: each step knows the order it was sent in (`move`: the seq of that order's first
-- step), so `undo` takes back a whole order. Rows from before have none: each is an order of
-- its own.
ALTER TABLE actions ADD COLUMN move INTEGER;
