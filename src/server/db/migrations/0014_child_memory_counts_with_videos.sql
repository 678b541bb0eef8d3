-- Memories per child now count every kind: narrations and quick notes, and videos.
CREATE OR REPLACE VIEW child_memory_counts AS
SELECT c.id AS child_id, c.user_id,
       ((SELECT count(*) FROM narration_children nc WHERE nc.child_id = c.id)
        + (SELECT count(*) FROM video_children vc WHERE vc.child_id = c.id))::int AS total
FROM children c;
