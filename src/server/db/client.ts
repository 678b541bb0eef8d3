import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export function createDatabase(options: { url: string; max?: number }) {
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 20 });
  const db = drizzle(pool, { schema });
  return { db, pool };
}

export type Database = ReturnType<typeof createDatabase>["db"];
