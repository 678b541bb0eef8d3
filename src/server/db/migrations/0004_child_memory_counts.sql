-- Memories per child (spec 001 §3 "Child memory count"): every child of a user with the number of
-- narrations and quick notes assigned to it. Videos join this count when the video issue lands.
CREATE VIEW child_memory_counts AS
SELECT c.id AS child_id, c.user_id, count(nc.narration_id)::int AS total
FROM children c
LEFT JOIN narration_children nc ON nc.child_id = c.id
GROUP BY c.id, c.user_id;
