// The framework's ceiling, in its own process: a bare Hono app on @hono/node-server answering the
// same small JSON body as /healthz with the same security headers (passed as JSON in argv[3]), set on
// every response with setHeader (the app writes them in one list with the status line instead, which costs less).
// What the app adds beyond this is its own middleware.
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";

const headers = JSON.parse(process.argv[3] ?? "[]");
const app = new Hono();
app.get("/", (c) => c.json({ status: "ok" }));
const listener = getRequestListener(app.fetch);
const server = http.createServer((req, res) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  listener(req, res);
});
server.listen(Number(process.argv[2]), "127.0.0.1", () => console.log("listening"));
