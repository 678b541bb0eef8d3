import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export function createDatabase(options: { url: string; max?: number; onError?: (error: Error) => void }) {
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 20 });
  // An idle connection dropped by the server (a restart, or Ctrl-C reaching the embedded
  // PostgreSQL first) must not crash the process; the pool opens a new one when needed.
  pool.on("error", (error) => options.onError?.(error));
  const db = drizzle(pool, { schema });
  return { db, pool };
}

export type Database = ReturnType<typeof createDatabase>["db"];
