// `npm run bench`: measures the server under load with autocannon and prints req/s, p50/p99
// latency and each figure's ratio to a bare node:http baseline measured in the same run.
import autocannon from "autocannon";
import { startAppServer, startBaselineServer } from "./bench-server";
import { seedMemories } from "./bench-memories";
import { signedInCookie } from "./bench-user";

type Result = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const result = await autocannon({ url, connections: 20, duration: Number(process.env.BENCH_SECONDS ?? 8), headers });
  const non2xx = result.non2xx;
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + non2xx };
}

function print(results: Result[], baseline: Result) {
  console.log("\n| target | req/s | p50 ms | p99 ms | vs node:http | errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const ratio = (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
    console.log(`| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${ratio} | ${r.errors} |`);
  }
}

const baselineServer = await startBaselineServer();
const app = await startAppServer();
try {
  const cookie = await signedInCookie(app.baseUrl);
  const baseline = await measure("node:http baseline", `${baselineServer.baseUrl}/`);
  const health = await measure("GET /healthz", `${app.baseUrl}/healthz`);
  const me = await measure("GET /api/me (signed in, database)", `${app.baseUrl}/api/me`, { cookie });
  await seedMemories({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, cookie, count: 1000 });
  const memories = await measure("GET /api/memories (dashboard list, 1,000 memories)", `${app.baseUrl}/api/memories`, { cookie });
  print([baseline, health, me, memories], baseline);
} finally {
  await app.stop();
  await baselineServer.stop();
}
