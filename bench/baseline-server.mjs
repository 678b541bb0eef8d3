// The baseline: a bare node:http server answering a small JSON body, in its own process.
import http from "node:http";

const body = JSON.stringify({ status: "ok" });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.argv[2]), "127.0.0.1", () => console.log("listening"));
