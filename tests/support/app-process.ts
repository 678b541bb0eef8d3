import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";

export async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export type AppProcess = Awaited<ReturnType<typeof startAppProcess>>;

/**
 * The server as `npm start` runs it (`src/server/main.ts` in its own process), on `port` or a free
 * one, waiting until /readyz answers 200. No built web app is needed for the API. `kill()` ends it
 * with any signal; `exited` resolves with its exit code.
 */
export async function startAppProcess(options: { env: Record<string, string>; port?: number; appUrl?: string }) {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), APP_URL: options.appUrl ?? baseUrl, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  // tsx compiles the server on start: on a busy 2-core machine that alone can take half a minute.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output.join("")}`);
    if (await isReady(baseUrl)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not become ready:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    port,
    baseUrl,
    output,
    child,
    exited,
    kill: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export const isReady = (baseUrl: string) => fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);

/** Milliseconds until `check` holds, polling every 100 ms; throws after `ms`. */
export async function timeUntil(check: () => Promise<boolean>, ms: number, what: string) {
  const startedAt = Date.now();
  while (!(await check())) {
    if (Date.now() - startedAt > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - startedAt;
}
