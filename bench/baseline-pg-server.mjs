// The database baseline, in its own process: a bare node:http server with a pg pool of the app's size that
// answers each route with the statements the app's route runs (recorded by bench/bench-baselines.ts: the same
// SQL text, the same prepared-statement names, the same values), one JSON body per request. What the app adds
// around its queries is the difference between this and the app.
import http from "node:http";
import pg from "pg";

const { port, databaseUrl, poolMax, routes } = JSON.parse(process.argv[2]);
// Idle connections stay open: one closing mid-run would take its PostgreSQL process's CPU time out of the app's reading.
const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax, idleTimeoutMillis: 0 });

/** Each route is a list of steps; a step's statements run at once (as the app's Promise.all does), steps one after another. */
async function answer(steps) {
  const results = [];
  for (const step of steps) results.push(...(await Promise.all(step.map((statement) => pool.query(statement)))).map((result) => result.rows));
  return JSON.stringify(results);
}

const server = http.createServer((req, res) => {
  const steps = routes[req.url ?? ""];
  if (!steps) {
    res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    return;
  }
  answer(steps).then(
    (body) => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body),
    (error) => res.writeHead(500).end(String(error)),
  );
});
server.listen(port, "127.0.0.1", () => console.log("listening"));
