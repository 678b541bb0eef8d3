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
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO narrations (user_id, title, notes, duration_seconds, image_path, audio_path, unlock_type, unlock_age, created_at)
       SELECT $1, 'Memory ' || i, 'Notes for memory ' || i, 60, CASE WHEN i % 2 = 0 THEN $1 || '/' || i || '.jpg' END, $1 || '/' || i || '.webm',
              CASE WHEN i % 3 = 0 THEN 'age' ELSE 'now' END, CASE WHEN i % 3 = 0 THEN 18 END, now() - make_interval(mins => i)
       FROM generate_series(1, $2) AS i WHERE i % 5 <> 0 RETURNING id`,
      [userId, input.count],
    );
    const { rows: clips } = await client.query<{ id: string }>(
      `INSERT INTO videos (user_id, title, notes, upload_id, file_path, thumbnail_path, duration_seconds, processing_status, processing_progress,
                           unlock_type, unlock_age, created_at)
       SELECT $1, 'Video ' || i, 'Notes for video ' || i, 'bench-' || i, $1 || '/' || i || '.mp4', $1 || '/' || i || '-thumbnail.jpg', 95.5, 'completed', 100,
              CASE WHEN i % 3 = 0 THEN 'age' ELSE 'now' END, CASE WHEN i % 3 = 0 THEN 18 END, now() - make_interval(mins => i)
       FROM generate_series(1, $2) AS i WHERE i % 5 = 0 RETURNING id`,
      [userId, input.count],
    );
    const kidIds = kids.map((kid) => kid.id);
    await client.query("INSERT INTO narration_children (narration_id, child_id) SELECT n, c FROM unnest($1::uuid[]) AS n, unnest($2::uuid[]) AS c", [rows.map((row) => row.id), kidIds]);
    await client.query("INSERT INTO video_children (video_id, child_id) SELECT v, c FROM unnest($1::uuid[]) AS v, unnest($2::uuid[]) AS c", [clips.map((row) => row.id), kidIds]);
    // What autovacuum does to tables a dad filled over months: statistics, and the visibility map
    // that lets the children of each card come from the link tables' primary keys alone.
    for (const table of ["narrations", "narration_children", "videos", "video_children"]) await client.query(`VACUUM ANALYZE ${table}`);
  } finally {
    await client.end();
  }
}
