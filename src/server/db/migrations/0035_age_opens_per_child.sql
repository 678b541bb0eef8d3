-- An age rule now opens for each child on that child's own birthday; it used to open for all of a memory's children
-- when the first of them reached the age. Each (memory, child) still waiting moves to the child's own birthday, at the
-- start of that day in the account's time zone (a date plus whole years lands a 29 February birthday on 28 February in
-- common years, as everywhere else). What has opened stays open: a row already unlocked, a (memory, child) with a
-- recorded unlock, and a row whose instant under the rule before has already come (the unlock job records it as it
-- would have). A video not processed yet has no instant; the app stores its child's own when processing ends.
UPDATE "memory_unlock_instants" i
SET "opens_at" = (c.birthdate + make_interval(years => m.unlock_age))::timestamp
  AT TIME ZONE coalesce((SELECT p.time_zone FROM profiles p WHERE p.id = i.user_id), 'UTC')
FROM "memories" m, "children" c
WHERE m.id = i.memory_id AND c.id = i.child_id
  AND m.unlock_type = 'age' AND m.unlock_age IS NOT NULL
  AND i.unlocked_at IS NULL AND i.opens_at IS NOT NULL AND i.opens_at > now()
  AND NOT EXISTS (SELECT 1 FROM "memory_unlocks" u WHERE u.memory_id = i.memory_id AND u.child_id = i.child_id);
