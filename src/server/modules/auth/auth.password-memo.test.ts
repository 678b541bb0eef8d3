import { describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import { createMemoizedPasswordHashing, type PasswordHashing } from "./auth.password-memo";

/** A stand-in for scrypt that counts its calls: hash 'h:<password>:<n>', a match when the hash names the password. */
function countingHashing() {
  const calls = { hash: 0, verify: 0 };
  const real: PasswordHashing = {
    hash: async (password) => `h:${password}:${++calls.hash}`,
    verify: async ({ hash, password }) => (calls.verify++, hash.startsWith(`h:${password}:`)),
  };
  return { real, calls };
}

describe("memoized password hashing (tests only)", () => {
  it("hashes a password once and answers the check of its own hash without hashing again", async () => {
    const { real, calls } = countingHashing();
    const memo = createMemoizedPasswordHashing(real);
    const first = await memo.hash("correct-horse-1");
    expect(await memo.hash("correct-horse-1")).toBe(first);
    expect(await memo.verify({ hash: first, password: "correct-horse-1" })).toBe(true);
    expect(calls).toEqual({ hash: 1, verify: 0 });
  });

  it("checks a wrong password or another hash with the real comparison, and a wrong password stays wrong", async () => {
    const { real, calls } = countingHashing();
    const memo = createMemoizedPasswordHashing(real);
    const hash = await memo.hash("correct-horse-1");
    expect(await memo.verify({ hash, password: "wrong-password" })).toBe(false);
    expect(await memo.verify({ hash, password: "wrong-password" })).toBe(false);
    expect(await memo.verify({ hash: "h:other-password:9", password: "other-password" })).toBe(true);
    expect(calls.verify).toBe(2);
    expect(await memo.hash("another-password")).not.toBe(hash);
  });

  it("with better-auth's scrypt, a hash it made verifies and a wrong password does not", async () => {
    const memo = createMemoizedPasswordHashing();
    const hash = await memo.hash("correct-horse-1");
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await memo.verify({ hash, password: "correct-horse-2" })).toBe(false);
    expect(await memo.verify({ hash, password: "correct-horse-1" })).toBe(true);
  });

  it("is refused in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production", PASSWORD_HASH_MEMO: "on" })).toThrow(/PASSWORD_HASH_MEMO/);
    expect(parseConfig({ NODE_ENV: "test", PASSWORD_HASH_MEMO: "on" }).passwordHashMemo).toBe(true);
    expect(parseConfig({ NODE_ENV: "test" }).passwordHashMemo).toBe(false);
  });
});
