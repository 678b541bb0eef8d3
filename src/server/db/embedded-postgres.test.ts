import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-embedded-"));
fs.chmodSync(root, 0o755);
const dir = path.join(root, "postgres");
const port = 45_000 + Math.floor(Math.random() * 5000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function countRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const result = await client.query("SELECT count(*)::int AS n FROM kept");
  await client.end();
  return result.rows[0].n as number;
}

describe("the embedded PostgreSQL", () => {
  it("initialises once and keeps its data across a clean stop and start", async () => {
    const first = await startEmbeddedPostgres({ dir, port });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query("CREATE TABLE kept (id int); INSERT INTO kept VALUES (1)");
    await client.end();
    await first.stop();
    expect(fs.existsSync(path.join(dir, "postmaster.pid"))).toBe(false);

    const second = await startEmbeddedPostgres({ dir, port });
    expect(await countRows(second.url)).toBe(1);
    await second.stop();
  });

  it("recovers from a postmaster.pid naming a process that is gone", async () => {
    fs.writeFileSync(path.join(dir, "postmaster.pid"), `999999\n${dir}\n`);
    const database = await startEmbeddedPostgres({ dir, port });
    expect(await countRows(database.url)).toBe(1);
    await database.stop();
  });

  it("stops an orphaned server left running by a killed process, then starts", async () => {
    const holder = spawn(process.execPath, ["--import", "tsx", "tests/support/hold-embedded-postgres.ts", dir, String(port)], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => holder.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("started") && resolve()));
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.on("exit", resolve));
    expect(fs.existsSync(path.join(dir, "postmaster.pid"))).toBe(true);

    const database = await startEmbeddedPostgres({ dir, port });
    expect(await countRows(database.url)).toBe(1);
    await database.stop();
  });
});
