import autocannon from "autocannon";
import { startAppServer } from "./bench-server";
import { seedMemories } from "./bench-memories";
import { signedInCookie } from "./bench-user";
const app = await startAppServer();
try {
  const cookie = await signedInCookie(app.baseUrl);
  await seedMemories({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, cookie, count: 1000 });
  for (let i = 0; i < 2; i++) {
    const before = app.cpuSeconds();
    const r = await autocannon({ url: `${app.baseUrl}/api/memories`, connections: 20, duration: 8, headers: { cookie } });
    const after = app.cpuSeconds();
    console.log("req/s", r.requests.average, "p99", r.latency.p99, "app µs", ((after.app - before.app) * 1e6 / r.requests.total).toFixed(0), "db µs", ((after.database - before.database) * 1e6 / r.requests.total).toFixed(0));
  }
} finally { await app.stop(); }
