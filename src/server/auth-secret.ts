import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** AUTH_SECRET when set; otherwise one generated once and kept in DATA_DIR, so sessions survive restarts. */
export function resolveAuthSecret(options: { configured?: string; dataDir: string }) {
  if (options.configured) return { secret: options.configured, source: "AUTH_SECRET" };
  const file = path.join(options.dataDir, "auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return { secret: fs.readFileSync(file, "utf8").trim(), source: file };
}
