// Starts an embedded PostgreSQL and waits forever: the test kills this process with SIGKILL
// to leave an orphaned server and a postmaster.pid behind, like a crashed `npm start`.
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";

const [dir, port] = process.argv.slice(2);
await startEmbeddedPostgres({ dir, port: Number(port) });
console.log("started");
setInterval(() => {}, 1 << 30);
