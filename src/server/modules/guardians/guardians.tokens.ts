import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe. Only its sha256 is stored. */
export function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as we issue it (43 base64url characters); anything else is unknown without a database read. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
