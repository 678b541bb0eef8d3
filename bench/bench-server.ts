import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { embeddedDatabaseUrl } from "../src/server/db/embedded-postgres";

export async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited during start:\n${output.join("")}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`not ready:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** CPU seconds used so far by a process and, separately, by everything it started (the embedded PostgreSQL). Linux /proc only. */
export function cpuSecondsOf(pid: number) {
  const ticks = 100; // USER_HZ on Linux
  const stat = (p: number) => {
    try {
      const text = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      return text.slice(text.lastIndexOf(")") + 2).split(" ");
    } catch {
      return null;
    }
  };
  const parentOf = new Map<number, number>();
  for (const entry of fs.existsSync("/proc") ? fs.readdirSync("/proc") : []) {
    const fields = /^\d+$/.test(entry) ? stat(Number(entry)) : null;
    if (fields) parentOf.set(Number(entry), Number(fields[1]));
  }
  const family = [pid];
  for (let i = 0; i < family.length; i++) for (const [child, parent] of parentOf) if (parent === family[i]) family.push(child);
  const used = (p: number) => {
    const fields = stat(p);
    return fields ? (Number(fields[11]) + Number(fields[12])) / ticks : 0;
  };
  return { app: used(pid), database: family.slice(1).reduce((sum, p) => sum + used(p), 0) };
}

/**
 * The real app (`dist/server/main.js`, what `npm start` runs; built first) in its own process with its own embedded PostgreSQL;
 * `env` adds to its environment (APP_ROLE=web, VIDEO_FFMPEG_THREADS, …). `joins` makes it another node of a running
 * app instead: the same database and DATA_DIR (its local storage and uploads), not built again, nothing of its own.
 */
export async function startAppServer(options: { env?: Record<string, string>; joins?: { dataDir: string; databaseUrl: string }; ownSession?: boolean } = {}) {
  const port = await freePort();
  const dataDir = options.joins?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "heydad-bench-"));
  fs.chmodSync(dataDir, 0o755);
  const output: string[] = [];
  const databasePort = await freePort();
  if (!options.joins) execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  const database = options.joins ? { DATABASE_URL: options.joins.databaseUrl } : { EMBEDDED_POSTGRES_PORT: String(databasePort) };
  const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : []), "dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...database, RATE_LIMIT: "off", APP_URL: `http://localhost:${port}`, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    // A process manager runs each node as its own unit (a systemd service, a container): its own session, which Linux's
    // per-session CPU share (autogroup) weighs as one. Left in the bench's session, two worker processes shared one
    // session's share of a busy machine between them, and two took as long as one.
    detached: options.ownSession ?? false,
  });
  // Out of the bench's session, the node no longer ends with it on Ctrl-C: it is ended when the bench exits.
  const endWithBench = () => child.kill("SIGTERM");
  if (options.ownSession) process.once("exit", endWithBench);
  child.stdout?.on("data", (c: Buffer) => output.push(c.toString()));
  child.stderr?.on("data", (c: Buffer) => output.push(c.toString()));
  const baseUrl = `http://localhost:${port}`;
  await waitFor(`${baseUrl}/readyz`, child, output);
  return {
    baseUrl,
    /** DATA_DIR of the server: local storage lives under storage/. */
    dataDir,
    databaseUrl: options.joins?.databaseUrl ?? embeddedDatabaseUrl(databasePort),
    pid: child.pid ?? 0,
    cpuSeconds: () => cpuSecondsOf(child.pid ?? 0),
    async stop() {
      process.off("exit", endWithBench);
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      if (!options.joins) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare baseline server in its own process: `script` under bench/, started with `args` after its port. */
export async function startBaselineServer(script = "baseline-server.mjs", args: string[] = []) {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [`bench/${script}`, String(port), ...args], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (c: Buffer) => output.push(c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(baseUrl, child, output);
  return { baseUrl, pid: child.pid ?? 0, stop: async () => void child.kill("SIGTERM") };
}
