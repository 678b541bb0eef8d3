// The baselines, in their own process: a bare node:http server answering a small JSON body, and
// taking `PATCH /upload?file=…&offset=…` bodies straight into a file (the ceiling for uploads over HTTP),
// with the same 1 MiB write buffer as the app's tus PATCH.
import fs from "node:fs";
import http from "node:http";
import { pipeline } from "node:stream/promises";

const body = JSON.stringify({ status: "ok" });
const server = http.createServer((req, res) => {
  if (req.method === "PATCH") {
    const url = new URL(req.url ?? "/", "http://localhost");
    const offset = Number(url.searchParams.get("offset"));
    const target = fs.createWriteStream(url.searchParams.get("file") ?? "", { flags: offset === 0 ? "w" : "r+", start: offset, highWaterMark: 1024 * 1024 });
    pipeline(req, target).then(() => res.writeHead(204).end(), () => res.writeHead(500).end());
    return;
  }
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.argv[2]), "127.0.0.1", () => console.log("listening"));
