import pg from "pg";

/** Gives the signed-in bench user 2 children and `count` memories (half narrations with a photo, half quick notes). */
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
       FROM generate_series(1, $2) AS i RETURNING id`,
      [userId, input.count],
    );
    await client.query(
      "INSERT INTO narration_children (narration_id, child_id) SELECT n, c FROM unnest($1::uuid[]) AS n, unnest($2::uuid[]) AS c",
      [rows.map((row) => row.id), kids.map((kid) => kid.id)],
    );
    await client.query("ANALYZE narrations; ANALYZE narration_children");
  } finally {
    await client.end();
  }
}
