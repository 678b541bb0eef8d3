import { randomUUID } from "node:crypto";
import type { MemoryFileRole } from "../../src/shared/memories";
import { memories, memoryChildren, memoryFiles } from "../../src/server/modules/memories/memories.table";
import { TEST_ORIGIN, type TestApp } from "./test-app";

/** Saves a quick note through the real route (multipart, as the record form sends it); `data` overrides the fields. */
export function postNote(t: TestApp, cookie: string, data: Record<string, unknown>) {
  const form = new FormData();
  form.set("data", JSON.stringify({ kind: "note", title: "For later", notes: "", unlockType: "now", ...data }));
  return t.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
}

type MemorySeed = Omit<typeof memories.$inferInsert, "id" | "userId"> & {
  /** Stored files by role (only their place: bucket and key). */
  files?: Array<{ role: MemoryFileRole; bucket: string; key: string }>;
  childIds?: string[];
};

/**
 * Memories written straight to their tables, past the routes (states the routes take long to reach: a video
 * processed or failed, old created times), each with its files and children. Returns each one's id and title,
 * in the order given.
 */
export async function insertMemories(db: TestApp["db"], userId: string, seeds: MemorySeed[]) {
  const rows = seeds.map(({ files = [], childIds = [], ...memory }) => ({ memory: { ...memory, id: randomUUID(), userId }, files, childIds }));
  if (rows.length === 0) return [];
  await db.insert(memories).values(rows.map((row) => row.memory));
  const files = rows.flatMap((row) => row.files.map((file) => ({ ...file, memoryId: row.memory.id })));
  if (files.length > 0) await db.insert(memoryFiles).values(files);
  const links = rows.flatMap((row) => row.childIds.map((childId) => ({ memoryId: row.memory.id, childId })));
  if (links.length > 0) await db.insert(memoryChildren).values(links);
  return rows.map((row) => ({ id: row.memory.id, title: row.memory.title }));
}
