import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { RememberingRouter } from "./remembering-router";

/** Routes shaped like the app's: fixed and parameter segments at the same place, middleware on prefixes. */
const ROUTES: Array<[string, string]> = [
  ["ALL", "*"],
  ["ALL", "/api/*"],
  ["GET", "/api/memories"],
  ["GET", "/api/memories/child-counts"],
  ["PATCH", "/api/memories/:id"],
  ["GET", "/api/memories/:id/transcript"],
  ["GET", "/family/:token"],
  ["GET", "/family/assets/:file"],
  ["ALL", "/api/*"],
];

function routers() {
  const remembering = new RememberingRouter<string>();
  const tree = new TrieRouter<string>();
  for (const [index, [method, path]] of ROUTES.entries()) {
    remembering.add(method, path, `${index} ${method} ${path}`);
    tree.add(method, path, `${index} ${method} ${path}`);
  }
  return { remembering, tree };
}

describe("the app's router", () => {
  it("matches every request as Hono's tree router does, the first time and again, each path with its own parameters", () => {
    const { remembering, tree } = routers();
    const requests: Array<[string, string]> = [
      ["GET", "/api/memories"],
      ["GET", "/api/memories/child-counts"],
      ["GET", "/api/memories/8f0c1d2e-0000-4000-8000-000000000001/transcript"],
      ["GET", "/api/memories/8f0c1d2e-0000-4000-8000-000000000002/transcript"],
      ["PATCH", "/api/memories/8f0c1d2e-0000-4000-8000-000000000001"],
      ["POST", "/api/memories"],
      ["GET", "/family/abc"],
      ["GET", "/family/assets/child.css"],
      ["GET", "/nowhere"],
    ];
    for (const round of [1, 2]) {
      for (const [method, path] of requests) expect([round, method, path, remembering.match(method, path)]).toEqual([round, method, path, tree.match(method, path)]);
    }
    const idOf = (path: string) => (remembering.match("GET", path)[0].find(([handler]) => handler.includes(":id/transcript"))?.[1] as Record<string, string>).id;
    expect([idOf("/api/memories/one/transcript"), idOf("/api/memories/two/transcript"), idOf("/api/memories/one/transcript")]).toEqual(["one", "two", "one"]);
  });

  it("forgets what it remembered when a route is added", () => {
    const { remembering } = routers();
    expect(remembering.match("GET", "/api/late")[0].map(([handler]) => handler)).toEqual(["0 ALL *", "1 ALL /api/*", "8 ALL /api/*"]);
    remembering.add("GET", "/api/late", "late");
    expect(remembering.match("GET", "/api/late")[0].map(([handler]) => handler)).toContain("late");
  });
});
