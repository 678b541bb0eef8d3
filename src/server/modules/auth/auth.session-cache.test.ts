import { describe, expect, it } from "vitest";
import { createSessionCache } from "./auth.session-cache";

const dad = (id: string) => ({ user: { id, email: `${id}@example.com`, emailVerified: true }, expiresAt: new Date(Date.now() + 3600_000) });

describe("session cache", () => {
  it("keeps a session for its few seconds, then looks it up again", () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 3000, now: () => now });
    cache.remember("token-a", dad("a"), cache.generation());
    expect(cache.find("token-a")?.user.id).toBe("a");
    now += 2999;
    expect(cache.find("token-a")).toBeDefined();
    now += 1;
    expect(cache.find("token-a")).toBeUndefined();
  });

  it("forgets one token, or every token of a user", () => {
    const cache = createSessionCache({ ttlMs: 3000 });
    cache.remember("a1", dad("a"), cache.generation());
    cache.remember("a2", dad("a"), cache.generation());
    cache.remember("b1", dad("b"), cache.generation());
    cache.forgetToken("b1");
    expect(cache.find("b1")).toBeUndefined();
    cache.forgetUser("a");
    expect([cache.find("a1"), cache.find("a2")]).toEqual([undefined, undefined]);
  });

  it("does not store a lookup that started before a session was forgotten (sign-out racing a request)", () => {
    const cache = createSessionCache({ ttlMs: 3000 });
    const startedAt = cache.generation();
    cache.forgetToken("a1"); // the sign-out commits while the lookup is in flight
    cache.remember("a1", dad("a"), startedAt);
    expect(cache.find("a1")).toBeUndefined();
  });

  it("stores nothing with a TTL of 0, and stays within its size", () => {
    const off = createSessionCache({ ttlMs: 0 });
    off.remember("a1", dad("a"), off.generation());
    expect(off.find("a1")).toBeUndefined();

    const small = createSessionCache({ ttlMs: 3000, maxEntries: 2 });
    for (const token of ["t1", "t2", "t3"]) small.remember(token, dad(token), small.generation());
    expect([small.find("t1"), small.find("t2")?.user.id, small.find("t3")?.user.id]).toEqual([undefined, "t2", "t3"]);
  });
});
