-- 018: the order each step was sent in (as ../018_actions_know_their_order.sql).
ALTER TABLE actions ADD COLUMN move BIGINT;
