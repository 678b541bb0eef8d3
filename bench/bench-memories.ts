import pg from "pg";

/**
 * Gives the signed-in bench user 2 children and `count` memories, interleaved in time: every fifth a
 * finished video with a thumbnail, the rest half narrations with a photo, half quick notes.
 */
export async function seedMemories(input: { baseUrl: string; databaseUrl: string; cookie: string; count: number }) {
  const me = (await (await fetch(`${input.baseUrl}/api/me`, { headers: { cookie: input.cookie } })).json()) as { user: { id: string } };
  const userId = me.user.id;
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  try {
    const { rows: kids } = await client.query<{ id: string }>(
      "INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02'), ($1, 'Leo', '2017-09-10') RETURNING id",
      [userId],
    );
    const { rows } = await client.query<{ id: string; i: number }>(
      `INSERT INTO memories (user_id, kind, title, notes, duration_seconds, upload_id, processing_status, processing_progress, unlock_type, unlock_age, created_at)
       SELECT $1, CASE WHEN i % 5 = 0 THEN 'video' WHEN i % 2 = 0 THEN 'narration' ELSE 'note' END,
              CASE WHEN i % 5 = 0 THEN 'Video ' ELSE 'Memory ' END || i, CASE WHEN i % 5 = 0 THEN 'Notes for video ' ELSE 'Notes for memory ' END || i,
              CASE WHEN i % 5 = 0 THEN 95.5 ELSE 60 END, CASE WHEN i % 5 = 0 THEN 'bench-' || i END, CASE WHEN i % 5 = 0 THEN 'completed' END, CASE WHEN i % 5 = 0 THEN 100 END,
              CASE WHEN i % 3 = 0 THEN 'age' ELSE 'now' END, CASE WHEN i % 3 = 0 THEN 18 END, now() - make_interval(mins => i)
       FROM generate_series(1, $2) AS i RETURNING id, (regexp_match(title, '[0-9]+$'))[1]::int AS i`,
      [userId, input.count],
    );
    await client.query(
      `INSERT INTO memory_files (memory_id, role, bucket, key)
       SELECT m.id, f.role, f.bucket, $1 || '/' || m.i || f.suffix
       FROM unnest($2::uuid[], $3::int[]) AS m(id, i)
       JOIN (VALUES ('playable_video', 'videos', '.mp4', 0), ('thumbnail', 'videos', '-thumbnail.jpg', 0), ('voice', 'audio', '.webm', 1), ('photo', 'images', '.jpg', 2)) AS f(role, bucket, suffix, kind)
         ON (f.kind = 0 AND m.i % 5 = 0) OR (f.kind = 1 AND m.i % 5 <> 0) OR (f.kind = 2 AND m.i % 5 <> 0 AND m.i % 2 = 0)`,
      [userId, rows.map((row) => row.id), rows.map((row) => row.i)],
    );
    const kidIds = kids.map((kid) => kid.id);
    await client.query("INSERT INTO memory_children (memory_id, child_id) SELECT m, c FROM unnest($1::uuid[]) AS m, unnest($2::uuid[]) AS c", [rows.map((row) => row.id), kidIds]);
    // What autovacuum does to tables a dad filled over months: statistics, and the visibility map
    // that lets the children of each card come from the link table's primary key alone.
    for (const table of ["memories", "memory_children", "memory_files"]) await client.query(`VACUUM ANALYZE ${table}`);
  } finally {
    await client.end();
  }
}
